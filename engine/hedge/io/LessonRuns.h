// The runs of a lesson's steps (docs/lessons.md, "Checking a lesson"): each step's scenario run
// headless, a sweep's points or a timeline played to its end, as `hedgesim lesson check` runs
// them. Steps that load the same scenario (one preset, the same knobs) share one run: the
// figures are the same, a sweep and a timeline being deterministic (docs/model.md, "Random
// numbers"). `hedgesim lesson check`, `hedgesim lesson export` and the explorer's File → Export
// Lesson… (on the window's runner) read their figures from it.
#pragma once

#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>
#include <hedge/sim/PointResult.h>
#include <hedge/sim/TimelineResult.h>

#include <deque>
#include <stop_token>
#include <vector>

namespace hedge {

class LessonRuns {
public:
    // The step's sweep, or its timeline played to its end (as the Live view plays it), run now
    // unless a step before it had the same scenario. Throws std::runtime_error when `stop` is
    // requested before the run ends.
    LessonRun of(const Scenario& scenario, int threads = 0, std::stop_token stop = {});
    // Runs every step of `lesson` (what of() would run); false when stopped first.
    bool runAll(const Lesson& lesson, int threads = 0, std::stop_token stop = {});

    // A scenario run already; nullptr when it has not been.
    const std::vector<PointResult>* pointsOf(const Scenario& scenario) const;
    const std::vector<WorldResult>* worldsOf(const Scenario& scenario) const;
    // The run of a scenario run already (an empty sweep when it has not been).
    LessonRun runOf(const Scenario& scenario) const;
    // How many distinct scenarios `lesson`'s steps run, and how many of them this has run.
    static std::size_t distinctRuns(const Lesson& lesson);
    std::size_t runsOf(const Lesson& lesson) const;
    // The first step scenario of `lesson` not run yet; nullptr when every one has been.
    const Scenario* nextToRun(const Lesson& lesson) const;
    // Takes `other`'s runs of scenarios this has not run (a run made elsewhere: a worker's).
    void adopt(LessonRuns&& other);
    void clear() { m_runs.clear(); }

private:
    struct Ran {
        Scenario scenario;
        std::vector<PointResult> points;
        std::vector<WorldResult> worlds;
        LessonRun run() const
        {
            return scenario.timeline ? LessonRun::ofWorlds(worlds) : LessonRun(points);
        }
    };
    const Ran* find(const Scenario& scenario) const;
    std::deque<Ran> m_runs; // a LessonRun refers to its results: they stay where they are
    std::vector<PointResult> m_none;
};

} // namespace hedge
