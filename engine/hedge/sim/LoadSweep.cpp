#include <hedge/sim/LoadSweep.h>

#include <hedge/sim/CallDrawTable.h>
#include <hedge/sim/PooledPoint.h>
#include <hedge/sim/Simulation.h>
#include <hedge/sim/SweepPoints.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>

namespace hedge {

namespace {

// Points load by load (the scenario's order within a load), so every curve and every column
// of a map grows from the left at the same pace while a sweep runs.
std::vector<std::size_t> schedule(const std::vector<SweepPoint>& points)
{
    std::vector<std::size_t> order(points.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&points](std::size_t a, std::size_t b) {
        return points[a].load < points[b].load;
    });
    return order;
}

// The tables of draws a sweep shares between its points (CallDrawTable.h): one per key that
// at least two of its jobs use, drawn by the first of them to start and freed when the last
// is done. A table costs as much as a point drawing for itself, so one used once is not made.
class SharedDrawTables {
public:
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    // Tables live while their load's points run (the schedule goes load by load), one per
    // replicate: share only while those stay under this many bytes.
    static constexpr std::size_t kMaxBytesAtOnce = std::size_t{256} << 20;

    SharedDrawTables(const std::vector<PointSpec>& jobs, int replicates)
        : m_tableOf(jobs.size(), kNone)
    {
        if (jobs.empty() || CallDrawTable::kBytesPerCall * std::size_t(jobs.front().calls) *
                                    std::size_t(replicates) > kMaxBytesAtOnce)
            return;
        std::map<CallDrawTable::Key, std::vector<std::size_t>> users;
        for (std::size_t j = 0; j < jobs.size(); ++j)
            users[CallDrawTable::Key::of(jobs[j])].push_back(j);
        std::size_t shared = 0;
        for (const auto& [key, jobsOfKey] : users)
            shared += jobsOfKey.size() > 1;
        m_tables = std::make_unique<Table[]>(shared);
        std::size_t t = 0;
        for (const auto& [key, jobsOfKey] : users) {
            if (jobsOfKey.size() < 2)
                continue;
            m_tables[t].key = key;
            m_tables[t].users = jobsOfKey.size();
            for (const std::size_t j : jobsOfKey)
                m_tableOf[j] = t;
            ++t;
        }
    }

    // The table of job `job`'s key, drawn now if no other job has drawn it; null: none.
    const CallDrawTable* acquire(std::size_t job)
    {
        const std::size_t t = m_tableOf[job];
        if (t == kNone)
            return nullptr;
        Table& table = m_tables[t];
        std::call_once(table.drawn, [&table] {
            table.draws = std::make_unique<const CallDrawTable>(table.key);
        });
        return table.draws.get();
    }

    // Job `job` is done with its table.
    void release(std::size_t job)
    {
        const std::size_t t = m_tableOf[job];
        if (t == kNone)
            return;
        const std::lock_guard lock(m_mutex);
        if (--m_tables[t].users == 0)
            m_tables[t].draws.reset();
    }

private:
    struct Table {
        CallDrawTable::Key key;
        std::once_flag drawn;
        std::unique_ptr<const CallDrawTable> draws;
        std::size_t users = 0; // jobs not done with it yet
    };
    std::vector<std::size_t> m_tableOf; // per job: its table, or kNone
    std::unique_ptr<Table[]> m_tables;
    std::mutex m_mutex;
};

} // namespace

LoadSweep::LoadSweep(Scenario scenario, int threads, Shard shard) : m_scenario(std::move(scenario))
{
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    m_threads = threads > 0 ? threads : cores;
    m_shardPoints = pointsOfShard(m_scenario, shard);
}

std::size_t LoadSweep::totalPointCount() const
{
    return sweepPoints(m_scenario).size();
}

std::vector<std::size_t> LoadSweep::pointsOfShard(const Scenario& scenario, Shard shard)
{
    if (shard.count < 1 || shard.index < 1 || shard.index > shard.count)
        throw std::invalid_argument("shard " + std::to_string(shard.index) + "/" +
                                    std::to_string(shard.count) + " does not exist");
    const std::vector<std::size_t> order = schedule(sweepPoints(scenario));
    std::vector<std::size_t> mine;
    for (std::size_t position = 0; position < order.size(); ++position)
        if (position % static_cast<std::size_t>(shard.count) ==
            static_cast<std::size_t>(shard.index - 1))
            mine.push_back(order[position]);
    return mine;
}

LoadSweep::Outcome LoadSweep::run(const OnPoint& onPoint, std::stop_token stop) const
{
    const std::vector<SweepPoint> points = sweepPoints(m_scenario);
    const std::size_t total = m_shardPoints.size();
    const int replicates = std::max(1, m_scenario.replicates);
    const std::size_t jobs = total * static_cast<std::size_t>(replicates);
    const auto warmupCalls = static_cast<std::int64_t>(
        std::floor(double(m_scenario.calls) * m_scenario.warmupFraction + 1e-9));
    const std::int64_t measuredPerReplicate =
        std::max<std::int64_t>(0, m_scenario.calls - warmupCalls);
    // Where each of the shard's points lands in the outcome: results order.
    std::vector<std::size_t> slot(points.size(), 0);
    {
        std::vector<std::size_t> sorted = m_shardPoints;
        std::sort(sorted.begin(), sorted.end());
        for (std::size_t i = 0; i < sorted.size(); ++i)
            slot[sorted[i]] = i;
    }
    Outcome outcome;
    outcome.points.resize(total);
    // The replicates of a point being gathered; a point's pool lives from its first finished
    // replicate to its last, and jobs go point by point, so only a few are open at once.
    std::vector<std::unique_ptr<PooledPoint>> pools(replicates > 1 ? total : 0);

    // A point's replicates go one after the other, over all the threads. Results land in
    // results order whatever the schedule.
    std::vector<PointSpec> specs(jobs);
    for (std::size_t job = 0; job < jobs; ++job) {
        const SweepPoint& sweepPoint =
            points[m_shardPoints[job / static_cast<std::size_t>(replicates)]];
        specs[job] = PointSpec{.service = sweepPoint.service,
                               .setup = sweepPoint.setup,
                               .load = m_scenario.loads[sweepPoint.load],
                               .seed = m_scenario.seed,
                               .replicate = static_cast<int>(job % std::size_t(replicates)),
                               .calls = m_scenario.calls,
                               .warmupFraction = m_scenario.warmupFraction};
    }
    SharedDrawTables draws(specs, replicates);

    std::atomic<std::size_t> next{0};
    std::mutex reportMutex;
    const auto work = [&] {
        std::vector<double> latencies; // this thread's points' latencies, one after the other
        for (;;) {
            const std::size_t job = next.fetch_add(1);
            if (job >= jobs || stop.stop_requested())
                return;
            const std::size_t index = m_shardPoints[job / static_cast<std::size_t>(replicates)];
            const int replicate = specs[job].replicate;
            const SweepPoint& sweepPoint = points[index];
            PointSpec spec = specs[job];
            spec.draws = draws.acquire(job);
            PointResult point =
                simulatePoint(spec, stop, {}, nullptr, &latencies);
            draws.release(job);
            if (stop.stop_requested())
                return; // a point cut short is not a result
            point.knobValue = sweepPoint.knobValue;
            const std::size_t at = slot[index];
            const std::lock_guard lock(reportMutex);
            if (replicates > 1) {
                auto& pool = pools[at];
                if (!pool)
                    pool = std::make_unique<PooledPoint>(replicates, measuredPerReplicate);
                if (!pool->add(replicate, point, latencies))
                    continue;
                point = pool->result();
                point.knobValue = sweepPoint.knobValue;
                pool.reset();
            }
            outcome.points[at] = std::move(point);
            if (onPoint)
                onPoint(index, outcome.points[at]);
        }
    };

    const int threads =
        static_cast<int>(std::min<std::size_t>(m_threads, std::max<std::size_t>(jobs, 1)));
    std::vector<std::jthread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();       // the calling thread works too
    pool.clear(); // joins
    outcome.cancelled = stop.stop_requested();
    return outcome;
}

} // namespace hedge
