// Nearest-rank percentiles of a set of latencies (docs/model.md, "Metrics": the smallest sample x
// with at least q of the samples ≤ x), for drivers that measure calls outside the simulation.
#pragma once

#include <optional>
#include <vector>

namespace hedge {

struct LatencySummary {
    std::optional<double> p50Ms, p99Ms, p999Ms, meanMs, maxMs; // empty without samples

    // Sorts `samples`.
    static LatencySummary of(std::vector<double>& samples);
    // The nearest-rank q-quantile of sorted samples (q in (0, 1]); they must not be empty.
    static double nearestRank(const std::vector<double>& sorted, double q);
};

} // namespace hedge
