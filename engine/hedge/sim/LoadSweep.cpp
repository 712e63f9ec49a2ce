#include <hedge/sim/LoadSweep.h>

#include <hedge/sim/PooledPoint.h>
#include <hedge/sim/Simulation.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <mutex>
#include <thread>

namespace hedge {

LoadSweep::LoadSweep(Scenario scenario, int threads) : m_scenario(std::move(scenario))
{
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    m_threads = threads > 0 ? threads : cores;
}

std::size_t LoadSweep::pointCount() const
{
    return m_scenario.setups.size() * m_scenario.loads.size();
}

LoadSweep::Outcome LoadSweep::run(const OnPoint& onPoint, std::stop_token stop) const
{
    const std::size_t loads = m_scenario.loads.size();
    const std::size_t total = pointCount();
    const int replicates = std::max(1, m_scenario.replicates);
    const std::size_t jobs = total * static_cast<std::size_t>(replicates);
    const auto warmupCalls = static_cast<std::int64_t>(
        std::floor(double(m_scenario.calls) * m_scenario.warmupFraction + 1e-9));
    const std::int64_t measuredPerReplicate =
        std::max<std::int64_t>(0, m_scenario.calls - warmupCalls);
    Outcome outcome;
    outcome.points.resize(total);
    // The replicates of a point being gathered; a point's pool lives from its first finished
    // replicate to its last, and jobs go point by point, so only a few are open at once.
    std::vector<std::unique_ptr<PooledPoint>> pools(replicates > 1 ? total : 0);

    // Points are handed out load by load, so every curve grows from the left at the same
    // pace while a sweep runs; a point's replicates go one after the other, over all the
    // threads. Results land in scenario order whatever the schedule.
    std::atomic<std::size_t> next{0};
    std::mutex reportMutex;
    const auto work = [&] {
        std::vector<double> latencies;
        for (;;) {
            const std::size_t job = next.fetch_add(1);
            if (job >= jobs || stop.stop_requested())
                return;
            const std::size_t order = job / static_cast<std::size_t>(replicates);
            const int replicate = static_cast<int>(job % static_cast<std::size_t>(replicates));
            const std::size_t load = order / m_scenario.setups.size();
            const std::size_t setup = order % m_scenario.setups.size();
            const PointSpec spec{.service = m_scenario.service,
                                 .setup = m_scenario.setups[setup],
                                 .load = m_scenario.loads[load],
                                 .seed = m_scenario.seed,
                                 .replicate = replicate,
                                 .calls = m_scenario.calls,
                                 .warmupFraction = m_scenario.warmupFraction};
            PointResult point =
                simulatePoint(spec, stop, {}, nullptr, replicates > 1 ? &latencies : nullptr);
            if (stop.stop_requested())
                return; // a point cut short is not a result
            const std::size_t index = setup * loads + load;
            const std::lock_guard lock(reportMutex);
            if (replicates > 1) {
                auto& pool = pools[index];
                if (!pool)
                    pool = std::make_unique<PooledPoint>(replicates, measuredPerReplicate);
                if (!pool->add(replicate, point, latencies))
                    continue;
                point = pool->result();
                pool.reset();
            }
            outcome.points[index] = std::move(point);
            if (onPoint)
                onPoint(index, outcome.points[index]);
        }
    };

    const int threads =
        static_cast<int>(std::min<std::size_t>(m_threads, std::max<std::size_t>(jobs, 1)));
    std::vector<std::jthread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work(); // the calling thread works too
    pool.clear(); // joins
    outcome.cancelled = stop.stop_requested();
    return outcome;
}

} // namespace hedge
