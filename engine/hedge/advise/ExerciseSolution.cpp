#include <hedge/advise/ExerciseSolution.h>

#include <hedge/advise/Advisor.h>
#include <hedge/io/LessonFigure.h>
#include <hedge/sim/LoadSweep.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hedge {

namespace {

bool goalSameLoad(double a, double b)
{
    return std::fabs(a - b) < 1e-9;
}

bool goalIsLatency(const std::string& figure)
{
    return figure == "p50_ms" || figure == "p99_ms" || figure == "p999_ms";
}

AdviceObjective goalObjectiveOf(const std::string& figure)
{
    if (figure == "p50_ms")
        return AdviceObjective::P50;
    return figure == "p999_ms" ? AdviceObjective::P999 : AdviceObjective::P99;
}

// The tightest of two upper bounds (none: unbounded).
std::optional<double> tighterBound(std::optional<double> a, double b)
{
    return a ? std::min(*a, b) : b;
}

// A condition of the goal that bounds its own setup's figure from above by a number.
bool goalUpperBoundOn(const LessonCondition& c, const std::string& setup, const char* figure)
{
    return c.subject.setup == setup && c.subject.figure == figure &&
           c.test == LessonCondition::Test::Below && c.bound;
}

// "p99", "requests per call": a figure's key as words.
std::string goalFigureWords(const std::string& figure)
{
    if (figure == "p999_ms")
        return "p99.9";
    std::string words = figure.ends_with("_ms") && figure.starts_with("p")
                            ? figure.substr(0, figure.size() - 3)
                            : figure;
    std::replace(words.begin(), words.end(), '_', ' ');
    return words;
}

std::string goalPointWords(const LessonExercise& exercise, const LessonFigureRef& ref)
{
    std::string words = goalFigureWords(ref.figure);
    if (ref.setup != exercise.setup)
        words += " of \"" + ref.setup + "\"";
    return words + " at " + formatLessonFigure("load", ref.load);
}

} // namespace

std::string exerciseConditionText(const LessonExercise& exercise, const LessonCondition& c)
{
    if (c.test == LessonCondition::Test::Is) {
        LessonFigureRef ref = c.subject;
        ref.figure = "collapsed";
        return std::string(c.is ? "" : "not ") + goalPointWords(exercise, ref);
    }
    const bool below = c.test == LessonCondition::Test::Below;
    std::string text = goalPointWords(exercise, c.subject) + " " +
                       (below ? (c.orEqual ? "at most " : "below ")
                              : (c.orEqual ? "at least " : "above "));
    if (!c.boundRef)
        return text + formatLessonFigure(c.subject.figure, c.bound);
    char times[32];
    std::snprintf(times, sizeof times, "%g × ", c.times);
    return text + (c.times == 1.0 ? std::string() : std::string(times)) +
           goalPointWords(exercise, *c.boundRef);
}

std::vector<LessonConditionOutcome> evaluateExerciseGoal(const LessonExercise& exercise,
                                                         const LessonRun& run)
{
    LessonStep goalOnly;
    goalOnly.conditions = exercise.goal;
    return evaluateLessonConditions(goalOnly, run);
}

bool allHold(const std::vector<LessonConditionOutcome>& outcomes)
{
    return std::all_of(outcomes.begin(), outcomes.end(),
                       [](const LessonConditionOutcome& o) { return o.holds; });
}

std::vector<PointResult> exerciseRunPoints(const LessonStep& step, const Scenario& edited,
                                           std::vector<PointResult> points)
{
    if (!step.exercise || step.exercise->setupIndex >= edited.setups.size())
        return points;
    const std::string& now = edited.setups[step.exercise->setupIndex].name;
    const std::string& asStepNamesIt = step.exercise->setup;
    if (now == asStepNamesIt)
        return points;
    for (PointResult& p : points) {
        if (p.setup == asStepNamesIt)
            p.setup.clear(); // another setup that took the name: not the one the goal is about
        else if (p.setup == now)
            p.setup = asStepNamesIt;
    }
    return points;
}

AdviceQuestion exerciseQuestion(const LessonStep& step)
{
    const LessonExercise& exercise = *step.exercise;
    AdviceQuestion q;
    q.world = step.scenario;
    q.stack = step.scenario.setups.at(exercise.setupIndex);
    q.search = exercise.search;
    q.limits.maxRequestsPerCallAtTarget.reset();
    q.limits.maxFailedFraction.reset();
    q.limits.collapseRuns = exercise.solutionRuns;
    q.heldLoads.clear();
    std::optional<double> target;
    for (const LessonCondition& c : exercise.goal) {
        if (c.subject.setup != exercise.setup)
            continue;
        q.heldLoads.push_back(c.subject.load);
        if (!target && goalIsLatency(c.subject.figure) && c.test == LessonCondition::Test::Below) {
            target = c.subject.load;
            q.objective = goalObjectiveOf(c.subject.figure);
        }
    }
    std::sort(q.heldLoads.begin(), q.heldLoads.end());
    q.heldLoads.erase(std::unique(q.heldLoads.begin(), q.heldLoads.end(), goalSameLoad),
                      q.heldLoads.end());
    if (q.heldLoads.empty()) // a goal only about other setups: the step's loads
        q.heldLoads = step.scenario.loads;
    q.targetLoad = target.value_or(q.heldLoads.front());
    for (const LessonCondition& c : exercise.goal) {
        if (goalUpperBoundOn(c, exercise.setup, "requests_per_call")) {
            if (goalSameLoad(c.subject.load, q.targetLoad))
                q.limits.maxRequestsPerCallAtTarget =
                    tighterBound(q.limits.maxRequestsPerCallAtTarget, *c.bound);
            else // the advisor's second limit holds at every load: the tightest asked elsewhere
                q.limits.maxRequestsPerCall = tighterBound(q.limits.maxRequestsPerCall, *c.bound);
        }
        if (goalUpperBoundOn(c, exercise.setup, "failed_fraction") ||
            goalUpperBoundOn(c, exercise.setup, "rejected_fraction"))
            q.limits.maxFailedFraction = tighterBound(q.limits.maxFailedFraction, *c.bound);
    }
    return q;
}

Setup exerciseSolutionSetup(const LessonStep& step, const Setup& advised)
{
    const Setup& original = step.scenario.setups.at(step.exercise->setupIndex);
    Setup setup = advised;
    setup.name = original.nameFollowsPolicy() ? advised.generatedName() : original.name;
    return setup;
}

Scenario exerciseScenarioWith(const LessonStep& step, const Setup& setup)
{
    Scenario scenario = step.scenario;
    scenario.setups.at(step.exercise->setupIndex) = setup;
    return scenario;
}

ExerciseSolution solveExercise(const LessonStep& step, int threads, std::stop_token stop)
{
    ExerciseSolution solution;
    const AdviceQuestion question = exerciseQuestion(step);
    solution.answer = Advisor(question, threads).run({}, stop);
    const AdviceCandidate* advised = solution.answer.advisedCandidate();
    if (!advised) {
        const auto& closest = solution.answer.closest;
        solution.whyNot = "the advisor found no setting that keeps the goal's limits";
        if (closest && solution.answer.candidates[*closest].rejection)
            solution.whyNot += " (closest: " + solution.answer.candidates[*closest].label + ", " +
                               solution.answer.candidates[*closest].rejection->text + ")";
        return solution;
    }
    solution.setup = exerciseSolutionSetup(step, advised->setup);
    const Scenario scenario = exerciseScenarioWith(step, *solution.setup);
    const LoadSweep::Outcome outcome = LoadSweep(scenario, threads).run({}, stop);
    const std::vector<PointResult> points = exerciseRunPoints(step, scenario, outcome.points);
    solution.goal = evaluateExerciseGoal(*step.exercise, LessonRun(points));
    solution.solved = !outcome.cancelled && allHold(solution.goal);
    for (const LessonConditionOutcome& o : solution.goal)
        if (!o.holds && solution.whyNot.empty())
            solution.whyNot = "the advisor's best setting (" + advised->label +
                              ") does not meet the goal: " + o.description;
    return solution;
}

} // namespace hedge
