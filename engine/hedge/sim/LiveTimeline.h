// A timeline whose load and knobs are set while it runs (docs/user-guide.md, "Live view"): the live
// view's worlds, one per setup, advanced a bucket at a time. What the user does becomes load steps
// and changes at the current simulated time, and the whole session is kept as a timeline scenario
// that replays with the very same buckets (`recorded()`; `hedgesim timeline`).
//
// A scenario's own steps and changes (a file or preset being played) are handed to the
// worlds bucket by bucket, just before they are due; a load the user sets replaces the
// steps still to come. Not thread-safe: one thread owns it; `advance` may spread the worlds
// over threads, which changes nothing in the numbers (each world is its own).
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/TimelineResult.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hedge {

class TimelineWorld;

class LiveTimeline {
public:
    // `scenario.timeline` must be set and valid.
    explicit LiveTimeline(const Scenario& scenario);
    ~LiveTimeline();
    LiveTimeline(const LiveTimeline&) = delete;
    LiveTimeline& operator=(const LiveTimeline&) = delete;

    // A live session of a sweep scenario's setups: constant `load` from 0 s, open-ended (the
    // longest timeline a file may hold), buckets of `bucketMs`.
    static Scenario liveScenario(const Scenario& sweep, double load, double bucketMs = 1000.0);

    std::size_t worldCount() const { return m_worlds.size(); }
    const std::string& setupName(std::size_t world) const;
    double nowS() const { return m_nowS; }
    double bucketS() const { return m_bucketS; }
    double durationS() const;
    bool finished() const; // every world at its end or stopped by the safety cap
    std::optional<double> stoppedAtS(std::size_t world) const;

    // The load in force at the current time.
    double load() const;
    // From now on the load is `load`; the steps still to come are dropped.
    void setLoad(double load);
    // From now on the load follows `steps` (times from now, the first at 0); the steps still
    // to come are dropped. A spike is {now: base + N, +M s: base}; a profile its steps.
    void followLoad(const std::vector<LoadStep>& stepsFromNow);
    // `change` at the current time (its `atS` is ignored; its `setup` names the world, empty
    // for every world), after the changes already made at this time.
    void addChange(TimelineChange change);
    // The worlds go on past the timeline's end, open-ended (the longest timeline a file may
    // hold), at the load and knobs in force.
    void continueOpenEnded();

    // Simulates the next bucket of every world on up to `threads` threads. One entry per
    // world; empty for a world that has ended.
    std::vector<std::optional<TimelineBucket>> advance(int threads = 1);

    // The session so far as a timeline scenario: the setups as they started, the steps and
    // changes that took effect before now, and now as its duration.
    Scenario recorded() const;

private:
    struct World;
    void feed(World& world) const;

    Scenario m_scenario;
    double m_bucketS = 1.0;
    double m_nowS = 0.0;
    std::vector<LoadStep> m_steps;         // in time order; those before now are history
    std::vector<TimelineChange> m_changes; // in time order
    std::vector<std::unique_ptr<World>> m_worlds;
};

} // namespace hedge
