#include "LessonCommand.h"

#include <hedge/advise/ExerciseSolution.h>
#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>
#include <hedge/io/LessonFigure.h>
#include <hedge/io/LessonRuns.h>

#include <ostream>

namespace hedge::cli {

namespace {

void printText(const Streams& s, const char* label, const LessonText& text, const LessonRun& run)
{
    if (text.empty())
        return;
    s.out << "  " << label << ": " << fillLessonText(text, run).value_or("(a point is missing)")
          << "\n";
}

// The figures of the advised setting at each load the question holds ("p99 31 ms at 70 %, 1.03
// requests per call, no collapse in 3 runs").
void printAdvisedFigures(const Streams& s, const AdviceQuestion& question,
                         const AdviceCandidate& advised)
{
    for (std::size_t i = 0; i < advised.figures.size() && i < question.heldLoads.size(); ++i) {
        const PointResult& p = advised.figures[i];
        s.out << "    at " << formatLessonFigure("load", question.heldLoads[i]) << ": p99 "
              << formatLessonFigure("p99_ms", lessonFigureValue(p, "p99_ms")) << ", "
              << formatLessonFigure("requests_per_call", lessonFigureValue(p, "requests_per_call"))
              << " requests per call, collapsed in "
              << formatLessonFigure("collapsed_runs", lessonFigureValue(p, "collapsed_runs"))
              << " of " << formatLessonFigure("replicates", lessonFigureValue(p, "replicates"))
              << " runs\n";
    }
}

// An exercise (docs/lessons.md, "Exercises"): its starting state must not meet the goal, and the
// advisor must find a setting that does. False when either fails; the error names FILE:LINE.
bool checkExercise(const std::string& file, std::size_t index, const LessonStep& step,
                   const LessonRun& start, int threads, const Streams& s)
{
    const LessonExercise& exercise = *step.exercise;
    const std::string where = file + ":" + std::to_string(exercise.line) + ": steps[" +
                              std::to_string(index) + "].exercise: ";
    printText(s, "exercise", exercise.task, start);
    const std::vector<LessonConditionOutcome> atStart = evaluateExerciseGoal(exercise, start);
    for (const LessonConditionOutcome& outcome : atStart)
        s.out << "    start " << (outcome.holds ? "holds: " : "misses: ") << outcome.description
              << "\n";
    bool ok = true;
    if (allHold(atStart)) {
        s.err << where << "already solved: the starting state meets every condition of the goal\n";
        ok = false;
    }
    const ExerciseSolution solution = solveExercise(step, threads);
    if (const AdviceCandidate* advised = solution.answer.advisedCandidate()) {
        s.out << "  solution: " << advised->label << "\n";
        printAdvisedFigures(s, exerciseQuestion(step), *advised);
    }
    for (const LessonConditionOutcome& outcome : solution.goal)
        s.out << "    solution " << (outcome.holds ? "holds: " : "misses: ")
              << outcome.description << "\n";
    if (!solution.solved) {
        s.err << where << "unsolvable: " << solution.whyNot << "\n";
        ok = false;
    }
    return ok;
}

// One lesson's steps; false when a condition does not hold.
bool checkLesson(const std::string& file, const Lesson& lesson, LessonRuns& runs, int threads,
                 const Streams& s)
{
    s.out << file << ": " << lesson.title << " (" << lesson.steps.size() << " steps)\n";
    bool allHold = true;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps[i];
        const LessonRun points = runs.of(step.scenario, threads);
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
        if (step.exercise)
            allHold = checkExercise(file, i, step, points, threads, s) && allHold;
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
    LessonRuns runs;
    bool allHold = true;
    for (std::size_t i = 0; i < lessons.size(); ++i)
        allHold = checkLesson(cl.parts[i], lessons[i], runs, cl.threads, s) && allHold;
    return allHold ? kExitOk : kExitInternal;
}

} // namespace hedge::cli
