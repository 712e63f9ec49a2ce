#include <hedge/sim/LoadSweep.h>

#include <hedge/sim/ParallelFor.h>
#include <hedge/sim/PooledPoint.h>
#include <hedge/sim/SharedDrawTables.h>
#include <hedge/sim/Simulation.h>
#include <hedge/sim/SweepPoints.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <string>

namespace hedge {

namespace {

// Points load by load (the scenario's order within a load; a two-knob grid's points row by
// row), so every curve and every column of a map grows from the left at the same pace while a
// sweep runs.
std::vector<std::size_t> schedule(const std::vector<SweepPoint>& points)
{
    std::vector<std::size_t> order(points.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&points](std::size_t a, std::size_t b) {
        return points[a].load < points[b].load;
    });
    return order;
}

// Per job, the earlier job that runs the same simulation (runsTheSameSimulation), or
// `none`: such a twin is not run, its result is the earlier one's under its own name.
std::vector<std::size_t> twinsOf(const std::vector<PointSpec>& jobs, std::size_t none)
{
    std::vector<std::size_t> twin(jobs.size(), none);
    // Only jobs of one load and replicate can be twins: compare within those.
    std::map<std::pair<double, int>, std::vector<std::size_t>> runsOf;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        std::vector<std::size_t>& runs = runsOf[{jobs[j].load, jobs[j].replicate}];
        const auto same = std::find_if(runs.begin(), runs.end(), [&](std::size_t k) {
            return runsTheSameSimulation(jobs[k], jobs[j]);
        });
        if (same != runs.end())
            twin[j] = *same;
        else
            runs.push_back(j);
    }
    return twin;
}

// Where each of the shard's points lands in the outcome (results order), by point index.
std::vector<std::size_t> slotsOf(std::size_t pointCount, std::vector<std::size_t> shardPoints)
{
    std::vector<std::size_t> slot(pointCount, 0);
    std::sort(shardPoints.begin(), shardPoints.end());
    for (std::size_t i = 0; i < shardPoints.size(); ++i)
        slot[shardPoints[i]] = i;
    return slot;
}

// One job per (shard point, replicate), a point's replicates one after the other.
std::vector<PointSpec> jobSpecs(const Scenario& scenario, const std::vector<SweepPoint>& points,
                                const std::vector<std::size_t>& shardPoints, int replicates,
                                bool stopCollapsedEarly)
{
    const auto perPoint = static_cast<std::size_t>(replicates);
    std::vector<PointSpec> specs(shardPoints.size() * perPoint);
    for (std::size_t job = 0; job < specs.size(); ++job) {
        const SweepPoint& sweepPoint = points[shardPoints[job / perPoint]];
        specs[job] = PointSpec{.service = sweepPoint.service,
                               .setup = sweepPoint.setup,
                               .load = pointLoad(scenario, sweepPoint),
                               .seed = scenario.seed,
                               .replicate = static_cast<int>(job % perPoint),
                               .calls = scenario.calls,
                               .warmupFraction = scenario.warmupFraction,
                               .stopCollapsedEarly = stopCollapsedEarly};
    }
    return specs;
}

// Which jobs run, and for each job that runs, the twins it reports for.
struct TwinPlan {
    std::vector<bool> runs;
    std::vector<std::vector<std::size_t>> twinsRunBy;
};

TwinPlan planTwins(const std::vector<PointSpec>& specs)
{
    constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    const std::vector<std::size_t> twin = twinsOf(specs, kNone);
    TwinPlan plan{std::vector<bool>(specs.size()),
                  std::vector<std::vector<std::size_t>>(specs.size())};
    for (std::size_t job = 0; job < specs.size(); ++job) {
        plan.runs[job] = twin[job] == kNone;
        if (!plan.runs[job])
            plan.twinsRunBy[twin[job]].push_back(job);
    }
    return plan;
}

} // namespace

LoadSweep::LoadSweep(Scenario scenario, int threads, Shard shard) : m_scenario(std::move(scenario))
{
    m_threads = workerThreads(threads);
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
    const std::vector<std::size_t> slot = slotsOf(points.size(), m_shardPoints);
    Outcome outcome;
    outcome.points.resize(total);
    // The replicates of a point being gathered; a point's pool lives from its first finished
    // replicate to its last, and jobs go point by point, so only a few are open at once.
    std::vector<std::unique_ptr<PooledPoint>> pools(replicates > 1 ? total : 0);

    // A point's replicates go one after the other, over all the threads. Results land in
    // results order whatever the schedule.
    const std::vector<PointSpec> specs = jobSpecs(m_scenario, points, m_shardPoints, replicates, m_stopCollapsedEarly);
    const TwinPlan twins = planTwins(specs);
    const std::vector<bool>& runs = twins.runs;
    const std::vector<std::vector<std::size_t>>& twinsRunBy = twins.twinsRunBy;
    SharedDrawTables draws(specs, runs, replicates);

    // Each thread keeps the latencies of the point it runs (its calls', and its parts' when the
    // service fans out) in vectors reused point after point.
    struct Latencies {
        std::vector<double> calls, parts;
    };
    std::mutex reportMutex;
    // A job's run is in (`latencies`: its measured calls'): pool it, and report the point once
    // all its replicates are. Under reportMutex.
    const auto report = [&](std::size_t job, PointResult point, const Latencies& latencies) {
        const std::size_t index = m_shardPoints[job / static_cast<std::size_t>(replicates)];
        const SweepPoint& sweepPoint = points[index];
        point.knobValue = sweepPoint.knobValue;
        point.againstValue = sweepPoint.againstValue;
        const std::size_t at = slot[index];
        if (replicates > 1) {
            auto& pool = pools[at];
            if (!pool)
                pool = std::make_unique<PooledPoint>(replicates, measuredPerReplicate);
            if (!pool->add(specs[job].replicate, point, latencies.calls, latencies.parts))
                return;
            point = pool->result();
            point.knobValue = sweepPoint.knobValue;
            point.againstValue = sweepPoint.againstValue;
            pool.reset();
        }
        outcome.points[at] = std::move(point);
        if (onPoint)
            onPoint(index, outcome.points[at]);
    };
    parallelForEach<Latencies>(jobs, m_threads, stop, [&](std::size_t job, Latencies& latencies) {
        if (!runs[job])
            return; // its twin's run reports it
        PointSpec spec = specs[job];
        spec.draws = draws.acquire(job);
        const PointResult point = simulatePoint(spec, stop, {}, nullptr, &latencies.calls,
                                                spec.service.fansOut() ? &latencies.parts : nullptr);
        draws.release(job);
        if (stop.stop_requested())
            return; // a point cut short is not a result
        const std::lock_guard lock(reportMutex);
        report(job, point, latencies);
        for (const std::size_t other : twinsRunBy[job]) {
            PointResult copy = point;
            copy.setup = specs[other].setup.name;
            copy.cancellation = specs[other].setup.cancellation;
            report(other, std::move(copy), latencies);
        }
    });
    outcome.cancelled = stop.stop_requested();
    return outcome;
}

} // namespace hedge
