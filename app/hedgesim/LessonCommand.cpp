#include "LessonCommand.h"

#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/TimelineWorld.h>

#include <deque>
#include <ostream>
#include <stdexcept>
#include <utility>

namespace hedge::cli {

namespace {

// Steps that load the same scenario (one preset, the same knobs) share one run: the figures are
// the same, a sweep and a timeline being deterministic (docs/model.md, "Random numbers").
class StepRuns {
public:
    explicit StepRuns(int threads) : m_threads(threads) {}
    // The step's sweep, or its timeline played to its end (as the Live view plays it).
    LessonRun of(const Scenario& scenario)
    {
        for (const Ran& ran : m_runs)
            if (ran.scenario == scenario)
                return ran.run();
        Ran ran{scenario, {}, {}};
        if (scenario.timeline) {
            TimelineOutcome outcome = runTimeline(scenario, m_threads);
            if (outcome.cancelled)
                throw std::runtime_error("a lesson step's timeline was cancelled");
            ran.worlds = std::move(outcome.worlds);
        } else {
            LoadSweep::Outcome outcome = LoadSweep(scenario, m_threads).run();
            if (outcome.cancelled)
                throw std::runtime_error("a lesson step's sweep was cancelled");
            ran.points = std::move(outcome.points);
        }
        m_runs.push_back(std::move(ran));
        return m_runs.back().run();
    }

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
    int m_threads;
    std::deque<Ran> m_runs; // a LessonRun refers to its results: they stay where they are
};

void printText(const Streams& s, const char* label, const LessonText& text, const LessonRun& run)
{
    if (text.empty())
        return;
    s.out << "  " << label << ": " << fillLessonText(text, run).value_or("(a point is missing)")
          << "\n";
}

// One lesson's steps; false when a condition does not hold.
bool checkLesson(const std::string& file, const Lesson& lesson, StepRuns& runs, const Streams& s)
{
    s.out << file << ": " << lesson.title << " (" << lesson.steps.size() << " steps)\n";
    bool allHold = true;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps[i];
        const LessonRun points = runs.of(step.scenario);
        s.out << "step " << i + 1 << " of " << lesson.steps.size() << ": " << step.title << "\n";
        printText(s, "callout", step.callout, points);
        printText(s, "question", step.question, points);
        printText(s, "answer", step.answer, points);
        for (const LessonConditionOutcome& outcome : evaluateLessonConditions(step, points)) {
            s.out << "  " << (outcome.holds ? "holds: " : "FAILS: ") << outcome.description << "\n";
            if (!outcome.holds)
                s.err << file << ": steps[" << i << "]: condition fails: " << outcome.description
                      << "\n";
            allHold = allHold && outcome.holds;
        }
    }
    s.out << std::flush;
    return allHold;
}

} // namespace

int runLessonCheck(const CommandLine& cl, const Streams& s)
{
    std::vector<Lesson> lessons;
    for (const std::string& file : cl.parts) {
        try {
            lessons.push_back(readLessonFile(file));
        } catch (const ScenarioError& e) {
            throw InvalidInput(e.what());
        }
    }
    StepRuns runs(cl.threads);
    bool allHold = true;
    for (std::size_t i = 0; i < lessons.size(); ++i)
        allHold = checkLesson(cl.parts[i], lessons[i], runs, s) && allHold;
    return allHold ? kExitOk : kExitInternal;
}

} // namespace hedge::cli
