// An exercise step against runs (docs/lessons.md, "Exercises"): its goal judged on a run of the
// student's setting, the advisor's question the goal asks (the goal's loads held, its latency
// the objective, its requests per call and its collapses the limits), and a solution the advisor
// finds, proved on the step's own run. `hedgesim lesson check` and the explorer's lesson pane
// read an exercise the same way.
#pragma once

#include <hedge/advise/AdviceAnswer.h>
#include <hedge/advise/AdviceQuestion.h>
#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>

#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace hedge {

// Each condition of the goal on `run`, in the file's order; the run's points name the edited
// setup as the step does (exerciseRunPoints).
std::vector<LessonConditionOutcome> evaluateExerciseGoal(const LessonExercise& exercise,
                                                         const LessonRun& run);
bool allHold(const std::vector<LessonConditionOutcome>& outcomes);

// A condition of the goal as the student reads it, about their own setting: "p99 at 30 % below
// 100 ms", "requests per call at 85 % at most 1.10", "not collapsed at 70 %"; another setup's
// point is named ("p99 of "no hedge / client" at 30 %").
std::string exerciseConditionText(const LessonExercise& exercise, const LessonCondition& condition);

// A run of the student's scenario `edited` (the step's, with the exercise's setup changed and
// perhaps renamed by the edit) read as the step's: the edited setup's points carry the name the
// step gives it, so that the goal, the callout and the hints name it.
std::vector<PointResult> exerciseRunPoints(const LessonStep& step, const Scenario& edited,
                                           std::vector<PointResult> points);

// The question the goal asks of the advisor: the world and the stack are the step's scenario and
// the exercise's setup, the knobs the exercise's search; held loads are the loads the goal names
// of its setup, the target the load of its first latency condition (its figure the objective:
// p50, p99 or p99.9; none: the lowest held load and the p99); a requests-per-call bound at the
// target limits the target, one at another load every held load; failed and rejected calls are
// limited only when the goal limits them; exercise.solutionRuns full-length runs a load.
AdviceQuestion exerciseQuestion(const LessonStep& step);

// The exercise's setup with the solution's values, named as the explorer's editor names it after
// the edit (a name that follows its policy follows it; the user's own name stays).
Setup exerciseSolutionSetup(const LessonStep& step, const Setup& advised);

// The step's scenario with `setup` in the exercise's place.
Scenario exerciseScenarioWith(const LessonStep& step, const Setup& setup);

struct ExerciseSolution {
    AdviceAnswer answer;
    std::optional<Setup> setup;                // the advised setting, when the advisor found one
    std::vector<LessonConditionOutcome> goal;  // the goal on the step's run with it
    bool solved = false;                       // found, and every condition of the goal holds
    // Why not: the advisor's closest miss, or the condition the advised setting does not meet.
    std::string whyNot;
};

// Runs the advisor on exerciseQuestion(step), then the step's scenario with the advised setting;
// blocks. `threads` as LoadSweep's.
ExerciseSolution solveExercise(const LessonStep& step, int threads, std::stop_token stop = {});

} // namespace hedge
