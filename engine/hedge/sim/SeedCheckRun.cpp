#include <hedge/sim/SeedCheckRun.h>

#include <hedge/sim/ParallelFor.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

namespace hedge {

namespace {

// Load steps from each candidate to the nearest candidate of its curve with the other verdict;
// the largest int where the curve has one verdict only.
std::vector<int> stepsToChange(const std::vector<SeedCheckCandidate>& candidates)
{
    const int none = std::numeric_limits<int>::max();
    std::vector<int> steps(candidates.size(), none);
    std::vector<std::size_t> byCurve(candidates.size());
    std::iota(byCurve.begin(), byCurve.end(), std::size_t{0});
    std::stable_sort(byCurve.begin(), byCurve.end(), [&](std::size_t a, std::size_t b) {
        return std::tie(candidates[a].curve, candidates[a].load) <
               std::tie(candidates[b].curve, candidates[b].load);
    });
    for (std::size_t begin = 0; begin < byCurve.size();) {
        std::size_t end = begin;
        while (end < byCurve.size() &&
               candidates[byCurve[end]].curve == candidates[byCurve[begin]].curve)
            ++end;
        // Within one curve, by load: a point's distance to the nearest other verdict.
        for (std::size_t i = begin; i < end; ++i)
            for (std::size_t j = begin; j < end; ++j)
                if (candidates[byCurve[i]].collapsed != candidates[byCurve[j]].collapsed) {
                    const int d = static_cast<int>(i > j ? i - j : j - i) - 1;
                    steps[byCurve[i]] = std::min(steps[byCurve[i]], d);
                }
        begin = end;
    }
    return steps;
}

} // namespace

std::vector<std::size_t> seedCheckOrder(const std::vector<SeedCheckCandidate>& candidates)
{
    const std::vector<int> steps = stepsToChange(candidates);
    std::vector<std::size_t> order(candidates.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const SeedCheckCandidate& x = candidates[a];
        const SeedCheckCandidate& y = candidates[b];
        return std::make_tuple(steps[a], -x.utilisation, x.load) <
               std::make_tuple(steps[b], -y.utilisation, y.load);
    });
    return order;
}

std::int64_t runSeedCheck(const std::vector<PointSpec>& specs, int extraRuns,
                          std::int64_t budgetCalls, int threads, const SeedCheckSink& onChecked,
                          std::stop_token stop)
{
    const auto runs = static_cast<std::size_t>(std::max(0, extraRuns));
    std::int64_t spent = 0;
    for (std::size_t index = 0; index < specs.size() && runs > 0; ++index) {
        if (stop.stop_requested() || spent >= budgetCalls)
            break;
        std::atomic<int> collapsed{0};
        std::atomic<std::int64_t> calls{0};
        // One point's re-runs over the threads; the next point waits for them (the budget is
        // counted point by point, so which points are checked does not depend on the threads).
        parallelFor(runs, threads, stop, [&](std::size_t r) {
            PointSpec spec = specs[index];
            spec.replicate = static_cast<int>(r) + 1;
            spec.draws = nullptr;
            const PointResult result = simulatePoint(spec, stop);
            if (result.collapsed)
                collapsed.fetch_add(1, std::memory_order_relaxed);
            calls.fetch_add(result.simulatedCalls > 0 ? result.simulatedCalls : spec.calls,
                            std::memory_order_relaxed);
        });
        if (stop.stop_requested())
            break; // a point cut short is not a result
        spent += calls.load();
        if (onChecked)
            onChecked(index,
                      SeedCheck{.runs = static_cast<int>(runs), .collapsedRuns = collapsed.load()});
    }
    return spent;
}

} // namespace hedge
