// The results of a sweep of the working scenario, kept across edits: a cache keyed by what each
// point simulates (PointIdentity: the setup's policy, the service, seed, calls, replicates,
// warm-up and the load; not the setup's name nor the other setups, since the engine keys its
// random numbers by seed, load and replicate). An edit therefore re-runs only the points it
// changed. The sweep's passes (coarse, then full) and its preview frames read and fill it.
//
// Which of the scenario's points a sweep shows is its configuration: the curves show every
// (setup, load), a map its baseline and cells (SweepPoints.h), each cell a setup on its own
// service.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/PointIdentity.h>
#include <hedge/sim/PointResult.h>
#include <hedge/sim/SweepPoints.h>

#include <cstdint>
#include <functional>
#include <stop_token>
#include <unordered_map>
#include <vector>

namespace hedge {

class SweepResults {
public:
    // Runs one service's missing points: a rectangle of policies × loads.
    struct Batch {
        Scenario sub;                    // the unique policies × loads to run
        std::vector<PointIdentity> keys; // sub's point index → its identity
    };
    // The points to run for a pass or a frame.
    struct Missing {
        std::vector<Batch> batches; // one a service
        int count = 0;              // distinct points missing
    };
    using PointSink = std::function<void(const PointIdentity&, const PointResult&)>;

    // The scenario and the points of it that the sweep shows, in the order shown.
    void setScenario(const Scenario& scenario, std::vector<SweepPoint> points);
    const Scenario& scenario() const { return m_scenario; }
    const std::vector<SweepPoint>& points() const { return m_points; }
    double loadOf(const SweepPoint& point) const { return pointLoad(m_scenario, point); }
    void setCoarseCalls(std::int64_t calls) { m_coarseCalls = calls; }
    std::int64_t coarseCalls() const { return m_coarseCalls; }
    bool needsCoarsePass() const;
    // Calls per point of a run's first pass: the coarse one if it has one.
    std::int64_t firstPassCalls() const;

    PointIdentity key(const SweepPoint& point, std::int64_t calls) const;
    // The result of a pass for the point (the full one preferred), if any.
    const PointResult* passResult(const SweepPoint& point) const;
    const PointResult* cached(const PointIdentity& key) const;
    bool contains(const PointIdentity& key) const { return m_cache.contains(key); }
    // Keeps a computed point (the cache is bounded).
    void store(const PointIdentity& key, const PointResult& point);
    std::size_t size() const { return m_cache.size(); }
    // Points stored since construction.
    int storedPoints() const { return m_stored; }

    // The seed check of a point run once (docs/replicates.md, "Seed check"), keyed by the
    // point's full-pass identity: its verdicts over its own run and its re-runs.
    const SeedCheck* seedCheck(const PointIdentity& key) const;
    void storeSeedCheck(const PointIdentity& key, const SeedCheck& check);
    std::size_t seedCheckCount() const { return m_seedChecks.size(); }
    // The points a seed check of `extraRuns` re-runs should take, most at risk first
    // (seedCheckOrder): those with a full-pass result and no check of that size, once each
    // (twins are one point). `collapsed`: the verdict of each one's own run.
    struct SeedCheckPlan {
        std::vector<PointSpec> specs;
        std::vector<PointIdentity> keys;
        std::vector<bool> collapsed;
    };
    SeedCheckPlan seedCheckPlan(int extraRuns) const;

    // The points a pass of `calls` calls still has to run; `coarse`: not those with a result
    // of the full pass either.
    Missing missing(std::int64_t calls, bool coarse) const;
    // The points with neither a result of a pass nor one of `calls` calls (a preview frame).
    Missing missingBesidePasses(std::int64_t calls) const;
    // Every point at the full call count.
    bool isComplete() const;

    // Runs the batches one after another on `threads` threads (0: all cores); each finished
    // point goes to `sink` with its identity, on a worker thread.
    static void run(const std::vector<Batch>& batches, int threads, const PointSink& sink,
                    std::stop_token stop);

private:
    template <class Have> Missing missingWhere(std::int64_t calls, Have have) const;

    Scenario m_scenario;
    std::vector<SweepPoint> m_points;
    std::int64_t m_coarseCalls = 0;
    std::unordered_map<PointIdentity, PointResult, PointIdentity::Hash> m_cache;
    std::unordered_map<PointIdentity, SeedCheck, PointIdentity::Hash> m_seedChecks;
    int m_stored = 0;
};

} // namespace hedge
