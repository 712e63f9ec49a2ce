// Gathers the replicates of one (setup, load) point and pools them
// (docs/replicates.md): the figures over all replicates' measured calls together,
// the spread of each figure across replicates, and how many replicates collapsed.
#pragma once

#include <hedge/sim/LatencyPool.h>
#include <hedge/sim/PointResult.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace hedge {

class PooledPoint {
public:
    // `measuredPerReplicate`: an upper bound of one replicate's measured calls.
    PooledPoint(int replicates, std::int64_t measuredPerReplicate);

    // Replicate `replicate` (0-based) finished with `run`; `latencies` are its measured
    // calls' latencies (`partLatencies` its parts' that answered, when the service fans out:
    // docs/fanout.md, "Metrics"). Returns true when every replicate is in. Replicates may come
    // in any order: the result is the same.
    bool add(int replicate, const PointResult& run, const std::vector<double>& latencies,
             const std::vector<double>& partLatencies = {});

    // The pooled point, once every replicate is in. Call once.
    PointResult result();

    bool latenciesExact() const { return m_latencies.exact(); }

private:
    std::vector<PointResult> m_runs;
    std::vector<double> m_latencySums; // per replicate, summed in the run's own order
    std::vector<bool> m_arrived;
    int m_count = 0;
    LatencyPool m_latencies;
    std::optional<LatencyPool> m_partLatencies; // from the first replicate with parts
    PartFigures pooledParts(std::int64_t measuredCalls);
};

} // namespace hedge
