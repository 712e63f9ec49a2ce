#include "LessonRuns.h"

#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/TimelineWorld.h>

#include <stdexcept>
#include <utility>

namespace hedge {

const LessonRuns::Ran* LessonRuns::find(const Scenario& scenario) const
{
    for (const Ran& ran : m_runs)
        if (ran.scenario == scenario)
            return &ran;
    return nullptr;
}

LessonRun LessonRuns::of(const Scenario& scenario, int threads, std::stop_token stop)
{
    if (const Ran* ran = find(scenario))
        return ran->run();
    Ran ran{scenario, {}, {}};
    if (scenario.timeline) {
        TimelineOutcome outcome = runTimeline(scenario, threads, stop);
        if (outcome.cancelled)
            throw std::runtime_error("a lesson step's timeline was cancelled");
        ran.worlds = std::move(outcome.worlds);
    } else {
        LoadSweep::Outcome outcome = LoadSweep(scenario, threads).run({}, stop);
        if (outcome.cancelled)
            throw std::runtime_error("a lesson step's sweep was cancelled");
        ran.points = std::move(outcome.points);
    }
    m_runs.push_back(std::move(ran));
    return m_runs.back().run();
}

bool LessonRuns::runAll(const Lesson& lesson, int threads, std::stop_token stop)
{
    try {
        for (const LessonStep& step : lesson.steps)
            of(step.scenario, threads, stop);
    } catch (const std::runtime_error&) {
        if (stop.stop_requested())
            return false;
        throw;
    }
    return true;
}

const std::vector<PointResult>* LessonRuns::pointsOf(const Scenario& scenario) const
{
    const Ran* ran = find(scenario);
    return ran && !scenario.timeline ? &ran->points : nullptr;
}

const std::vector<WorldResult>* LessonRuns::worldsOf(const Scenario& scenario) const
{
    const Ran* ran = find(scenario);
    return ran && scenario.timeline ? &ran->worlds : nullptr;
}

LessonRun LessonRuns::runOf(const Scenario& scenario) const
{
    if (const Ran* ran = find(scenario))
        return ran->run();
    return LessonRun(m_none);
}

std::size_t LessonRuns::distinctRuns(const Lesson& lesson)
{
    std::vector<const Scenario*> seen;
    for (const LessonStep& step : lesson.steps) {
        bool again = false;
        for (const Scenario* s : seen)
            again = again || *s == step.scenario;
        if (!again)
            seen.push_back(&step.scenario);
    }
    return seen.size();
}

std::size_t LessonRuns::runsOf(const Lesson& lesson) const
{
    std::size_t ran = 0;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        bool earlier = false;
        for (std::size_t j = 0; j < i; ++j)
            earlier = earlier || lesson.steps[j].scenario == lesson.steps[i].scenario;
        if (!earlier && find(lesson.steps[i].scenario))
            ++ran;
    }
    return ran;
}

const Scenario* LessonRuns::nextToRun(const Lesson& lesson) const
{
    for (const LessonStep& step : lesson.steps)
        if (!find(step.scenario))
            return &step.scenario;
    return nullptr;
}

void LessonRuns::adopt(LessonRuns&& other)
{
    for (Ran& ran : other.m_runs)
        if (!find(ran.scenario))
            m_runs.push_back(std::move(ran));
    other.m_runs.clear();
}

} // namespace hedge
