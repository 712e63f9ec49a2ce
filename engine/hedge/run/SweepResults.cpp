#include <hedge/run/SweepResults.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/SeedCheckRun.h>

#include <algorithm>
#include <unordered_set>
#include <utility>

namespace hedge {

namespace {

// Bounds the cache: a long session of edits would otherwise grow it without end.
constexpr std::size_t kMaxCachedPoints = 50000;

// The missing points of one service.
struct ServiceGroup {
    const ServiceConfig* service;
    std::vector<const Setup*> setups; // one of each policy, in the order shown
    std::unordered_set<PointIdentity, PointIdentity::Hash> policies; // at one load
    std::vector<double> loads; // with a missing point: the scenario's, or a two-knob grid's one
};

} // namespace

void SweepResults::setScenario(const Scenario& scenario, std::vector<SweepPoint> points)
{
    m_scenario = scenario;
    m_points = std::move(points);
}

bool SweepResults::needsCoarsePass() const
{
    return m_coarseCalls > 0 && m_scenario.calls > m_coarseCalls;
}

std::int64_t SweepResults::firstPassCalls() const
{
    return needsCoarsePass() ? m_coarseCalls : m_scenario.calls;
}

PointIdentity SweepResults::key(const SweepPoint& point, std::int64_t calls) const
{
    return PointIdentity::of(m_scenario, point.setup, point.service, loadOf(point), calls);
}

const PointResult* SweepResults::passResult(const SweepPoint& point) const
{
    if (const PointResult* full = cached(key(point, m_scenario.calls)))
        return full;
    return needsCoarsePass() ? cached(key(point, m_coarseCalls)) : nullptr;
}

const PointResult* SweepResults::cached(const PointIdentity& key) const
{
    const auto it = m_cache.find(key);
    return it == m_cache.end() ? nullptr : &it->second;
}

void SweepResults::store(const PointIdentity& key, const PointResult& point)
{
    if (m_cache.size() >= kMaxCachedPoints)
        m_cache.clear();
    m_cache.insert_or_assign(key, point);
    ++m_stored;
}

const SeedCheck* SweepResults::seedCheck(const PointIdentity& key) const
{
    const auto it = m_seedChecks.find(key);
    return it == m_seedChecks.end() ? nullptr : &it->second;
}

void SweepResults::storeSeedCheck(const PointIdentity& key, const SeedCheck& check)
{
    if (m_seedChecks.size() >= kMaxCachedPoints)
        m_seedChecks.clear();
    m_seedChecks.insert_or_assign(key, check);
}

SweepResults::SeedCheckPlan SweepResults::seedCheckPlan(int extraRuns) const
{
    // A curve is one block of loads.size() points in the points' order (setupPoints).
    const std::size_t block = std::max<std::size_t>(1, m_scenario.loads.size());
    std::vector<SeedCheckCandidate> candidates;
    SeedCheckPlan found;
    std::unordered_set<PointIdentity, PointIdentity::Hash> seen;
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const PointIdentity k = key(m_points[i], m_scenario.calls);
        const PointResult* run = cached(k);
        const SeedCheck* done = seedCheck(k);
        if (!run || (done && done->runs == extraRuns + 1) || !seen.insert(k).second)
            continue;
        candidates.push_back({i / block, loadOf(m_points[i]), run->collapsed, run->utilisation});
        found.specs.push_back(k.spec());
        found.keys.push_back(k);
        found.collapsed.push_back(run->collapsed);
    }
    SeedCheckPlan plan;
    for (const std::size_t i : seedCheckOrder(candidates)) {
        plan.specs.push_back(found.specs[i]);
        plan.keys.push_back(found.keys[i]);
        plan.collapsed.push_back(found.collapsed[i]);
    }
    return plan;
}

SweepResults::Missing SweepResults::missing(std::int64_t calls, bool coarse) const
{
    return missingWhere(calls, [this, calls, coarse](const SweepPoint& p) {
        // The coarse pass is only for points that have no full-size result yet.
        return contains(key(p, calls)) || (coarse && contains(key(p, m_scenario.calls)));
    });
}

SweepResults::Missing SweepResults::missingBesidePasses(std::int64_t calls) const
{
    return missingWhere(calls, [this, calls](const SweepPoint& p) {
        return passResult(p) != nullptr || contains(key(p, calls));
    });
}

template <class Have>
SweepResults::Missing SweepResults::missingWhere(std::int64_t calls, Have have) const
{
    // Per service, the rectangle of (policies with a missing point) × (loads with a missing
    // point): usually exact (an edit changes whole setups or whole loads); a few extra points
    // at worst. The curves have one service; a map of a service knob one a value.
    std::vector<ServiceGroup> groups;
    std::unordered_set<PointIdentity, PointIdentity::Hash> missingKeys;
    for (const SweepPoint& p : m_points) {
        if (have(p))
            continue;
        missingKeys.insert(key(p, calls));
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&p](const ServiceGroup& g) { return *g.service == p.service; });
        if (group == groups.end())
            group = groups.insert(groups.end(), {&p.service, {}, {}, {}});
        if (std::find(group->loads.begin(), group->loads.end(), loadOf(p)) == group->loads.end())
            group->loads.push_back(loadOf(p));
        // Setups that are one point at one load are one at every load: run one of them.
        const double anyLoad = m_scenario.loads.front();
        if (group->policies
                .insert(PointIdentity::of(m_scenario, p.setup, p.service, anyLoad, calls))
                .second)
            group->setups.push_back(&p.setup);
    }
    Missing m;
    m.count = static_cast<int>(missingKeys.size());
    for (const ServiceGroup& group : groups) {
        Batch batch;
        Scenario& sub = batch.sub;
        sub.seed = m_scenario.seed;
        sub.calls = calls;
        sub.replicates = m_scenario.replicates;
        sub.warmupFraction = m_scenario.warmupFraction;
        sub.service = *group.service;
        // The scenario's loads in its order, then a two-knob grid's load if it is another.
        sub.loads.clear();
        for (double load : m_scenario.loads)
            if (std::find(group.loads.begin(), group.loads.end(), load) != group.loads.end())
                sub.loads.push_back(load);
        for (double load : group.loads)
            if (std::find(sub.loads.begin(), sub.loads.end(), load) == sub.loads.end())
                sub.loads.push_back(load);
        sub.setups.clear();
        for (const Setup* setup : group.setups) {
            Setup s = *setup;
            // Appended, not "p" + string: g++ 12 -O3 warns falsely (-Wrestrict, GCC bug 105651).
            s.name = std::string(1, 'p').append(std::to_string(sub.setups.size()));
            sub.setups.push_back(std::move(s));
        }
        for (const Setup& s : sub.setups)
            for (double load : sub.loads)
                batch.keys.push_back(PointIdentity::of(sub, s, load, calls));
        m.batches.push_back(std::move(batch));
    }
    return m;
}

bool SweepResults::isComplete() const
{
    if (m_points.empty())
        return false;
    for (const SweepPoint& p : m_points)
        if (!contains(key(p, m_scenario.calls)))
            return false;
    return true;
}

void SweepResults::run(const std::vector<Batch>& batches, int threads, const PointSink& sink,
                       std::stop_token stop)
{
    for (const Batch& batch : batches) {
        if (stop.stop_requested())
            return;
        LoadSweep(batch.sub, threads)
            .run([&](std::size_t index,
                     const PointResult& point) { sink(batch.keys[index], point); },
                 stop);
    }
}

} // namespace hedge
