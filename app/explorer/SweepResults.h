// The results of the working scenario's sweep, kept across edits: a cache keyed by what each
// point simulates (PointIdentity: the setup's policy, the service, seed, calls, replicates,
// warm-up and the load; not the setup's name nor the other setups, since the engine keys its
// random numbers by seed, load and replicate). An edit therefore re-runs only the points it
// changed. The sweep's passes (coarse, then full) and its preview frames read and fill it.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/PointIdentity.h>
#include <hedge/sim/PointResult.h>

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace hedge {

class SweepResults {
public:
    // The points to run for a pass or a frame: a rectangle of policies × loads.
    struct Missing {
        Scenario sub;                    // the unique policies × loads to run
        std::vector<PointIdentity> keys; // sub's point index → its identity
        int count = 0;                   // distinct points missing
    };

    void setScenario(const Scenario& scenario) { m_scenario = scenario; }
    const Scenario& scenario() const { return m_scenario; }
    void setCoarseCalls(std::int64_t calls) { m_coarseCalls = calls; }
    std::int64_t coarseCalls() const { return m_coarseCalls; }
    bool needsCoarsePass() const;
    // Calls per point of a run's first pass: the coarse one if it has one.
    std::int64_t firstPassCalls() const;

    PointIdentity key(const Setup& setup, double load, std::int64_t calls) const;
    // The result of a pass for the point (the full one preferred), if any.
    const PointResult* passResult(const Setup& setup, double load) const;
    const PointResult* cached(const PointIdentity& key) const;
    bool contains(const PointIdentity& key) const { return m_cache.contains(key); }
    // Keeps a computed point (the cache is bounded).
    void store(const PointIdentity& key, const PointResult& point);
    std::size_t size() const { return m_cache.size(); }
    // Points stored since construction.
    int storedPoints() const { return m_stored; }

    // The points a pass of `calls` calls still has to run; `coarse`: not those with a result
    // of the full pass either.
    Missing missing(std::int64_t calls, bool coarse) const;
    // The points with neither a result of a pass nor one of `calls` calls (a preview frame).
    Missing missingBesidePasses(std::int64_t calls) const;
    // Every point at the full call count.
    bool isComplete() const;

private:
    template <class Have> Missing missingWhere(std::int64_t calls, Have have) const;

    Scenario m_scenario;
    std::int64_t m_coarseCalls = 0;
    std::unordered_map<PointIdentity, PointResult, PointIdentity::Hash> m_cache;
    int m_stored = 0;
};

} // namespace hedge
