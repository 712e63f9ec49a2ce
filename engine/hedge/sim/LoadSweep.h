// Runs every (setup, load) point of a scenario on a pool of threads, each point as many
// replicates as the scenario asks, pooled (PooledPoint). Results do not depend on the number
// of threads nor on which other points are run: each run's random numbers are keyed by the
// seed, the load and the replicate (common random numbers across setups).
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/PointResult.h>

#include <cstddef>
#include <functional>
#include <stop_token>
#include <vector>

namespace hedge {

class LoadSweep {
public:
    // Called once per finished point (all its replicates pooled), from a worker thread,
    // never concurrently with itself. `index` is the point's place in scenario order:
    // setup * loads.size() + load.
    using OnPoint = std::function<void(std::size_t index, const PointResult& point)>;

    struct Outcome {
        std::vector<PointResult> points; // scenario order; complete unless cancelled
        bool cancelled = false;
    };

    explicit LoadSweep(Scenario scenario, int threads = 0 /* 0: all cores */);

    std::size_t pointCount() const;
    // Blocks until every point is done or `stop` is requested (then returns within one
    // check interval of each running point: a few milliseconds).
    Outcome run(const OnPoint& onPoint = {}, std::stop_token stop = {}) const;

    const Scenario& scenario() const { return m_scenario; }

private:
    Scenario m_scenario;
    int m_threads;
};

} // namespace hedge
