// The seed check of a sweep whose points run once (docs/replicates.md, "Seed check"): which
// points first, and their re-runs on other seeds, verdicts only.
//
// A point run once says "healthy" or "collapsed" from one seed; near the collapse threshold
// another seed may say the other. The check re-runs a point as replicates 1..extraRuns of the
// same spec (full length; the replicate is keyed into the random streams, so each is an
// independent run and replicate 0 is the point's own run) and keeps how many collapsed. Its
// cost is bounded: points go in order of how much their verdict is at risk, and the check
// stops once it has simulated a budget of calls.
#pragma once

#include <hedge/sim/PointResult.h>
#include <hedge/sim/Simulation.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stop_token>
#include <vector>

namespace hedge {

// What the order needs of a point's one run.
struct SeedCheckCandidate {
    std::size_t curve = 0; // points of one curve: one setup on one service, several loads
    double load = 0.0;
    bool collapsed = false;
    double utilisation = 0.0;
};

// The candidates' indices, most at risk first: by the number of load steps to the nearest
// point of the same curve with the other verdict (where the curve changes verdict: 0 on
// either side of the change), a curve that never changes after every curve that does; then
// by utilisation, highest first; then by load, lowest first; then in the given order.
std::vector<std::size_t> seedCheckOrder(const std::vector<SeedCheckCandidate>& candidates);

// Runs replicates 1..extraRuns of each of `specs` (replicate 0 each: its replicate field is
// ignored), spec after spec, a spec's replicates over `threads` threads (0: all cores). After
// each spec, `onChecked(index, extra)` hears its re-runs' verdicts (extra.runs = extraRuns).
// Stops before the next spec once `budgetCalls` calls have been simulated (each re-run's own
// count: a run stopped early because it is certainly collapsed costs less), or when `stop` is
// requested (a spec cut short is not reported). Returns the calls simulated.
using SeedCheckSink = std::function<void(std::size_t index, const SeedCheck& extra)>;
std::int64_t runSeedCheck(const std::vector<PointSpec>& specs, int extraRuns,
                          std::int64_t budgetCalls, int threads, const SeedCheckSink& onChecked,
                          std::stop_token stop = {});

} // namespace hedge
