// Runs every point of a scenario (each (setup, load), then the grid's baseline and cells:
// SweepPoints.h) on a pool of threads, each point as many replicates as the scenario asks,
// pooled (PooledPoint). Results do not depend on the number of threads nor on which other
// points are run: each run's random numbers are keyed by the seed, the load and the
// replicate (common random numbers across setups and grid cells). A sweep may run one
// shard of the points only, for runs spread over machines.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/PointResult.h>

#include <cstddef>
#include <functional>
#include <stop_token>
#include <vector>

namespace hedge {

// The `index`-th (1-based) of `count` disjoint parts of a sweep's points.
struct Shard {
    int index = 1;
    int count = 1;

    bool operator==(const Shard&) const = default;
};

class LoadSweep {
public:
    // Called once per finished point (all its replicates pooled), from a worker thread,
    // never concurrently with itself. `index` is the point's place in results order
    // (setup * loads.size() + load for the scenario's own setups; grid points follow).
    using OnPoint = std::function<void(std::size_t index, const PointResult& point)>;

    struct Outcome {
        std::vector<PointResult> points; // the shard's points in results order; complete
                                         // unless cancelled
        bool cancelled = false;
    };

    explicit LoadSweep(Scenario scenario, int threads = 0 /* 0: all cores */, Shard shard = {});

    // Points of the whole scenario, and the results-order indices of this sweep's shard.
    std::size_t totalPointCount() const;
    std::size_t pointCount() const { return m_shardPoints.size(); }
    const std::vector<std::size_t>& shardPoints() const { return m_shardPoints; }

    // Blocks until every point is done or `stop` is requested (then returns within one
    // check interval of each running point: a few milliseconds).
    Outcome run(const OnPoint& onPoint = {}, std::stop_token stop = {}) const;

    const Scenario& scenario() const { return m_scenario; }

    // Whether a point stops once its collapse is proved (PointSpec::stopCollapsedEarly,
    // docs/model.md, "Stopping early"); on unless turned off here.
    void setStopCollapsedEarly(bool on) { m_stopCollapsedEarly = on; }

    // The results-order indices of `shard`'s points among `scenario`'s. Shards are dealt
    // round-robin from the schedule (load by load), so they differ in size by at most one
    // point and each holds a mix of light and heavy loads.
    static std::vector<std::size_t> pointsOfShard(const Scenario& scenario, Shard shard);

private:
    Scenario m_scenario;
    int m_threads;
    bool m_stopCollapsedEarly = true;
    std::vector<std::size_t> m_shardPoints; // in schedule order
};

} // namespace hedge
