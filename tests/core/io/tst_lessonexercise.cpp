// An exercise step (docs/lessons.md, "Exercises") as the file gives it: the setup the student
// edits, the task, the goal written as conditions ("p99_ms@0.6 < 60", "not collapsed@0.85"),
// the hints and the search; the errors that name the field; the goal judged on a run whose edited
// setup was renamed by the edit; the advisor's question the goal asks. No simulation: the run is
// a few points written here.
#include <hedge/advise/ExerciseSolution.h>
#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>

#include "LessonJson.h"

#include <QTest>

using namespace hedge;

namespace {

constexpr const char* kNoBudget = "hedge, no budget / client";

// One exercise step on the collapse preset at 60 % and 85 %; `exercise` is the exercise's object.
std::string exerciseLesson(const std::string& exercise)
{
    return test::lessonOnPreset(
        "collapse",
        "\"callout\": {\"setup\": \"hedge, no budget / client\", \"load\": 0.6, \"figure\": "
        "\"p99_ms\", \"text\": \"p99 {p99_ms}\"}, \"exercise\": " +
            exercise);
}

const std::string kGoal = "\"setup\": \"hedge, no budget / client\", \"task\": \"Find a delay.\", "
                          "\"search\": [{\"knob\": \"hedge.delay_ms\", \"from\": 10, \"to\": 80, "
                          "\"steps\": 4, \"log\": true}], ";

std::string exerciseWithGoal(const std::string& goal)
{
    return exerciseLesson("{" + kGoal + "\"goal\": [" + goal + "]}");
}

PointResult point(const std::string& setup, double load, double p99, double rpc, bool collapsed)
{
    PointResult p;
    p.setup = setup;
    p.load = load;
    p.p99Ms = p99;
    p.requestsPerCall = rpc;
    p.collapsed = collapsed;
    return p;
}

} // namespace

class TestLessonExercise : public QObject {
    Q_OBJECT

private slots:
    void readsAnExercise()
    {
        const Lesson lesson = parseLessonJson(exerciseLesson(
            "{" + kGoal +
            "\"goal\": [\"p99_ms@0.6 < 60\", \"requests_per_call@0.85 <= 1.1\", "
            "\"not collapsed@0.85\", {\"figure\": \"p99_ms\", \"load\": 0.85, \"below\": 400}], "
            "\"hints\": [\"Look at {p99_ms@no hedge / client}.\", \"Later.\"], "
            "\"solution_runs\": 2}"));
        const LessonStep& step = lesson.steps[0];
        QVERIFY(step.exercise);
        const LessonExercise& e = *step.exercise;
        QCOMPARE(e.setup, kNoBudget);
        QCOMPARE(step.scenario.setups[e.setupIndex].name, kNoBudget);
        QCOMPARE(e.goal.size(), 4u);
        QCOMPARE(e.goal[0].subject.figure, "p99_ms");
        QCOMPARE(e.goal[0].subject.setup, kNoBudget);
        QCOMPARE(e.goal[0].subject.load, 0.6);
        QVERIFY(e.goal[0].test == LessonCondition::Test::Below);
        QCOMPARE(*e.goal[0].bound, 60.0);
        QVERIFY(!e.goal[0].orEqual);
        QVERIFY(e.goal[1].orEqual);
        QCOMPARE(e.goal[1].subject.load, 0.85);
        QVERIFY(e.goal[2].test == LessonCondition::Test::Is);
        QCOMPARE(e.goal[2].is, false);
        QCOMPARE(e.goal[2].subject.figure, "collapsed");
        QCOMPARE(e.goal[3].subject.setup, kNoBudget); // an object's setup defaults to the edited one
        QCOMPARE(e.hints.size(), 2u);
        QCOMPARE(e.search.size(), 1u);
        QCOMPARE(e.search[0].field, "hedge.delay_ms");
        QCOMPARE(e.solutionRuns, 2);
        QCOMPARE(e.line, 1); // the whole lesson is one line here
        QCOMPARE(lessonConditionText(e.goal[1]),
                 "requests_per_call of \"hedge, no budget / client\" at 85 % at most 1.10");
        // As the student reads it, about their own setting.
        QCOMPARE(exerciseConditionText(e, e.goal[0]), "p99 at 60 % below 60 ms");
        QCOMPARE(exerciseConditionText(e, e.goal[1]), "requests per call at 85 % at most 1.10");
        QCOMPARE(exerciseConditionText(e, e.goal[2]), "not collapsed at 85 %");
    }

    void lessonCheckNamesTheLine()
    {
        std::string json = exerciseWithGoal("\"not collapsed@0.85\"");
        json.insert(json.find("\"exercise\""), "\n\n");
        QCOMPARE(parseLessonJson(json).steps[0].exercise->line, 3);
    }

    void errorsNameTheField_data()
    {
        QTest::addColumn<QString>("exercise");
        QTest::addColumn<QString>("expected");
        QTest::newRow("condition text") << QString::fromStdString(exerciseWithGoal("\"p99_ms@0.6 << 60\""))
                                        << "steps[0].exercise.goal[0]: \"p99_ms@0.6 << 60\": \"< 60\" is not a number";
        QTest::newRow("load not run") << QString::fromStdString(exerciseWithGoal("\"p99_ms@0.65 < 60\""))
                                      << "steps[0].exercise.goal[0]: 0.65 is not a load of the step";
        QTest::newRow("not with a number") << QString::fromStdString(exerciseWithGoal("\"not p99_ms@0.6 < 60\""))
                                           << "steps[0].exercise.goal[0]: \"not p99_ms@0.6 < 60\": \"not\" goes";
        QTest::newRow("yes-no compared") << QString::fromStdString(exerciseWithGoal("\"collapsed@0.6 < 1\""))
                                         << "steps[0].exercise.goal[0]: \"collapsed@0.6 < 1\": \"collapsed\" is yes or no";
        QTest::newRow("empty goal") << QString::fromStdString(exerciseWithGoal(""))
                                    << "steps[0].exercise.goal: empty: a goal has at least one condition";
        QTest::newRow("unknown setup")
            << QString::fromStdString(exerciseLesson(
                   "{\"setup\": \"nope\", \"task\": \"T\", \"goal\": [\"not collapsed@0.85\"]}"))
            << "steps[0].exercise.setup: \"nope\" is not a setup of the step";
        QTest::newRow("no task")
            << QString::fromStdString(exerciseLesson(
                   "{\"setup\": \"hedge, no budget / client\", \"goal\": [\"not collapsed@0.85\"]}"))
            << "steps[0].exercise.task: missing";
        QTest::newRow("typed number in the task")
            << QString::fromStdString(exerciseLesson(
                   "{\"setup\": \"hedge, no budget / client\", \"task\": \"Below 60 ms\", "
                   "\"goal\": [\"not collapsed@0.85\"]}"))
            << "steps[0].exercise.task: \"60\" has a typed number";
        QTest::newRow("another family's knob")
            << QString::fromStdString(exerciseLesson(
                   "{\"setup\": \"hedge, no budget / client\", \"task\": \"T\", "
                   "\"goal\": [\"not collapsed@0.85\"], \"search\": [{\"knob\": "
                   "\"grpc.hedging_delay_ms\", \"from\": 10, \"to\": 80}]}"))
            << "steps[0].exercise.search: the advisor cannot search it: search "
               "grpc.hedging_delay_ms: not a knob of";
        QTest::newRow("unknown key")
            << QString::fromStdString(exerciseLesson(
                   "{\"setup\": \"hedge, no budget / client\", \"task\": \"T\", "
                   "\"goal\": [\"not collapsed@0.85\"], \"answer\": 1}"))
            << "steps[0].exercise.answer: unknown field";
    }

    void errorsNameTheField()
    {
        QFETCH(QString, exercise);
        QFETCH(QString, expected);
        test::verifyLessonError(exercise.toStdString(), expected);
    }

    void anExerciseIsASweepStep()
    {
        test::verifyLessonError(
            test::lessonOnPreset("metastable",
                                 "\"callout\": {\"setup\": \"hedge, default budget / client\", "
                                 "\"at_s\": 60, \"figure\": \"p99_ms\", \"text\": \"{p99_ms}\"}, "
                                 "\"exercise\": {\"setup\": \"hedge, default budget / client\", "
                                 "\"task\": \"T\", \"goal\": [\"not collapsed@60\"]}"),
            "steps[0].exercise: an exercise is a sweep step's");
    }

    // The student's edit renamed the setup ("hedge, budget 5 % / client"): the goal still reads
    // its points, and another setup is not taken for it.
    void judgesTheGoalOnTheEditedSetup()
    {
        const LessonStep step = parseLessonJson(exerciseWithGoal(
                                                    "\"p99_ms@0.6 < 60\", "
                                                    "\"requests_per_call@0.85 <= 1.1\", "
                                                    "\"not collapsed@0.85\""))
                                    .steps[0];
        Scenario edited = step.scenario;
        edited.setups[step.exercise->setupIndex].name = "hedge, budget 5 % / client";
        const std::vector<PointResult> run{
            point("hedge, budget 5 % / client", 0.6, 45.0, 1.03, false),
            point("hedge, budget 5 % / client", 0.85, 900.0, 1.1, false),
            point(kNoBudget, 0.85, 90.0, 2.0, true), // not the edited setup's
        };
        const std::vector<PointResult> asStep = exerciseRunPoints(step, edited, run);
        const auto outcomes = evaluateExerciseGoal(*step.exercise, LessonRun(asStep));
        QCOMPARE(outcomes.size(), 3u);
        QVERIFY2(outcomes[0].holds, outcomes[0].description.c_str());
        QCOMPARE(outcomes[0].figure, "45 ms");
        QVERIFY2(outcomes[1].holds, outcomes[1].description.c_str()); // 1.1 <= 1.1
        QVERIFY2(outcomes[2].holds, outcomes[2].description.c_str());
        QVERIFY(allHold(outcomes));
        // Unmapped, the goal reads the other setup's collapse at 85 %.
        QVERIFY(!allHold(evaluateExerciseGoal(*step.exercise, LessonRun(run))));
    }

    // The goal's loads are held, its first latency condition's load the target, its requests per
    // call the limits (at the target, and elsewhere at every held load).
    void theGoalIsTheAdvisorsQuestion()
    {
        const LessonStep step = parseLessonJson(exerciseWithGoal(
                                                    "\"not collapsed@0.85\", "
                                                    "\"p99_ms@0.6 < 60\", "
                                                    "\"requests_per_call@0.6 <= 1.05\", "
                                                    "\"requests_per_call@0.85 < 1.2\""))
                                    .steps[0];
        const AdviceQuestion q = exerciseQuestion(step);
        QCOMPARE(q.heldLoads, (std::vector<double>{0.6, 0.85}));
        QCOMPARE(q.targetLoad, 0.6);
        QVERIFY(q.objective == AdviceObjective::P99);
        QCOMPARE(q.limits.maxRequestsPerCallAtTarget, std::optional<double>(1.05));
        QCOMPARE(q.limits.maxRequestsPerCall, std::optional<double>(1.2));
        QVERIFY(!q.limits.maxFailedFraction);
        QCOMPARE(q.limits.collapseRuns, 3);
        QCOMPARE(q.stack.name, kNoBudget);
        QCOMPARE(q.search.size(), 1u);
        QVERIFY(!adviceQuestionError(q));
    }

    void aStepMayRunFewerCalls()
    {
        std::string json = exerciseWithGoal("\"not collapsed@0.85\"");
        json.replace(json.find("\"preset\": \"collapse\""), 20, "\"preset\": \"collapse\", \"calls\": 20000");
        QCOMPARE(parseLessonJson(json).steps[0].scenario.calls, 20000);
    }
};

QTEST_GUILESS_MAIN(TestLessonExercise)
#include "tst_lessonexercise.moc"
