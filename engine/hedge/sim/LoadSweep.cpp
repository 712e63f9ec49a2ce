#include <hedge/sim/LoadSweep.h>

#include <hedge/sim/Simulation.h>

#include <algorithm>
#include <atomic>
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
    Outcome outcome;
    outcome.points.resize(total);

    // Points are handed out load by load, so every curve grows from the left at the same
    // pace while a sweep runs; results land in scenario order whatever the schedule.
    std::atomic<std::size_t> next{0};
    std::mutex reportMutex;
    const auto work = [&] {
        for (;;) {
            const std::size_t job = next.fetch_add(1);
            if (job >= total || stop.stop_requested())
                return;
            const std::size_t load = job / m_scenario.setups.size();
            const std::size_t setup = job % m_scenario.setups.size();
            const PointSpec spec{.service = m_scenario.service,
                                 .setup = m_scenario.setups[setup],
                                 .load = m_scenario.loads[load],
                                 .seed = m_scenario.seed,
                                 .calls = m_scenario.calls,
                                 .warmupFraction = m_scenario.warmupFraction};
            PointResult point = simulatePoint(spec, stop);
            if (stop.stop_requested())
                return; // a point cut short is not a result
            const std::size_t index = setup * loads + load;
            outcome.points[index] = std::move(point);
            if (onPoint) {
                const std::lock_guard lock(reportMutex);
                onPoint(index, outcome.points[index]);
            }
        }
    };

    const int threads = static_cast<int>(std::min<std::size_t>(m_threads, std::max<std::size_t>(total, 1)));
    std::vector<std::jthread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work(); // the calling thread works too
    pool.clear(); // joins
    outcome.cancelled = stop.stop_requested();
    return outcome;
}

} // namespace hedge
