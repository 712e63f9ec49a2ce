// A lesson step on a timeline (docs/lessons.md, "Timeline steps"): moments instead of loads,
// the figures a bucket has, the moment the Live view plays to, the errors that name the field,
// and texts and conditions judged on a few buckets written here (no simulation).
#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>
#include <hedge/io/LessonFigure.h>

#include <QTest>

#include "LessonJson.h"

using namespace hedge;

namespace {

constexpr const char* kNoBudget = "hedge, no budget / client";
constexpr const char* kNoHedge = "no hedge / client";

// One step of the metastable preset (a timeline: 570 s in buckets of 1 s); `step` is spliced
// into the step's object.
std::string lessonWith(const std::string& step)
{
    return test::lessonOnPreset("metastable", step);
}

const std::string kCallout =
    "\"callout\": {\"setup\": \"hedge, no budget / client\", \"at_s\": 90, \"figure\": "
    "\"p99_ms\", \"text\": \"{p99_ms} at {load}, {backlog_ms@@60} before, "
    "{p99_ms@no hedge / client} without\"}";

TimelineBucket bucket(double tS, double load, std::optional<double> p99, double backlogMs,
                      bool collapsed)
{
    TimelineBucket b;
    b.tS = tS;
    b.load = load;
    b.p99Ms = p99;
    b.backlogMs = backlogMs;
    b.collapsed = collapsed;
    b.arrivals = 400;
    b.callsEnded = 380;
    b.hedges = 396;
    b.failed = 19;
    b.requestsPerCall = 1.99;
    return b;
}

std::vector<WorldResult> worlds()
{
    return {
        WorldResult{kNoHedge,
                    {},
                    false,
                    {bucket(60, 0.4, 140.0, 0, false), bucket(90, 0.8, 186.0, 0, false)}},
        WorldResult{kNoBudget,
                    {},
                    false,
                    {bucket(60, 0.4, 30.0, 0, false), bucket(90, 0.8, 11322.0, 17980.0, true)}}};
}

} // namespace

class TestTimelineLesson : public QObject {
    Q_OBJECT

private slots:
    void readsMoments()
    {
        const Lesson lesson = parseLessonJson(lessonWith(
            kCallout + ", \"conditions\": [{\"figure\": \"collapsed\", \"is\": true}, "
                       "{\"at_s\": 120, \"figure\": \"backlog_ms\", \"above\": {\"at_s\": 90}}]"));
        const LessonStep& step = lesson.steps.front();
        QVERIFY(step.scenario.timeline);
        QCOMPARE(step.anchor.atS, std::optional(90.0));
        QCOMPARE(step.anchor.setup, std::string(kNoBudget));
        QCOMPARE(step.conditions[0].subject.atS, std::optional(90.0));
        QCOMPARE(step.conditions[1].subject.atS, std::optional(120.0));
        QCOMPARE(step.conditions[1].boundRef->atS, std::optional(90.0));
        // The Live view plays to the latest moment the step names: a condition's here.
        QCOMPARE(step.playToS, 120.0);
    }

    void errorsNameTheField_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("expected");
        const auto callout = [](const char* at, const char* figure, const char* text) {
            return QStringLiteral("\"callout\": {\"setup\": \"hedge, no budget / client\", %1, "
                                  "\"figure\": \"%2\", \"text\": \"%3\"}")
                .arg(QLatin1String(at), QLatin1String(figure), QLatin1String(text));
        };
        QTest::newRow("a load") << callout("\"at_s\": 90, \"load\": 0.4", "p99_ms", "x")
                                << "steps[0].callout.load: a timeline step names a moment";
        QTest::newRow("between buckets")
            << callout("\"at_s\": 90.5", "p99_ms", "x")
            << "steps[0].callout.at_s: 90.5 s is not a moment of the step's timeline (the end "
               "of a bucket: a multiple of 1 s up to 570 s)";
        QTest::newRow("past the end") << callout("\"at_s\": 600", "p99_ms", "x")
                                      << "steps[0].callout.at_s: 600 s is not a moment";
        QTest::newRow("at 0 s") << callout("\"at_s\": 0", "p99_ms", "x")
                                << "steps[0].callout.at_s: 0 s is not a moment";
        QTest::newRow("a sweep's figure")
            << callout("\"at_s\": 90", "mean_ms", "x")
            << "steps[0].callout.figure: \"mean_ms\" is not a figure of a timeline (figures: "
               "p50_ms, p99_ms, p999_ms, requests_per_call, hedged_fraction";
        QTest::newRow("placeholder moment")
            << callout("\"at_s\": 90", "p99_ms", "{p99_ms@@90.25}")
            << "steps[0].callout.text: placeholder {p99_ms@@90.25}: 90.25 s is not a moment";
        QTest::newRow("placeholder not a moment")
            << callout("\"at_s\": 90", "p99_ms", "{p99_ms@@soon}")
            << "steps[0].callout.text: placeholder {p99_ms@@soon}: \"soon\" is not a moment";
    }

    void errorsNameTheField()
    {
        QFETCH(QString, step);
        QFETCH(QString, expected);
        test::verifyLessonError(lessonWith(step.toStdString()), expected);
    }

    // A sweep step has no backlog figure, and names loads, not moments.
    void aSweepStepHasNoMoments()
    {
        const auto sweep = [](const std::string& callout) {
            return test::lessonOnPreset("tail-cutting",
                                        "\"callout\": {\"setup\": \"no hedge / client\", "
                                        "\"load\": 0.3, " +
                                            callout + ", \"text\": \"x\"}");
        };
        test::verifyLessonError(
            sweep("\"figure\": \"backlog_ms\""),
            "steps[0].callout.figure: \"backlog_ms\" is not a figure (figures:");
        test::verifyLessonError(sweep("\"at_s\": 5, \"figure\": \"p99_ms\""),
                                "steps[0].callout.at_s: a sweep step names a load");
    }

    void fillsTextFromTheBuckets()
    {
        const LessonStep step = parseLessonJson(lessonWith(kCallout)).steps.front();
        const std::vector<WorldResult> run = worlds();
        QCOMPARE(fillLessonText(step.callout, LessonRun::ofWorlds(run)).value_or("(none)"),
                 std::string("11 s at 80 %, 0.0 ms before, 186 ms without"));
        // A moment the run has not reached yet: no text.
        std::vector<WorldResult> early = run;
        for (WorldResult& w : early)
            w.buckets.pop_back();
        QCOMPARE(fillLessonText(step.callout, LessonRun::ofWorlds(early)), std::nullopt);
    }

    void bucketFigures()
    {
        const TimelineBucket b = bucket(90, 0.8, 11322.0, 17980.0, true);
        QCOMPARE(lessonFigureValue(b, "hedged_fraction"), std::optional(396.0 / 400.0));
        QCOMPARE(lessonFigureValue(b, "failed_fraction"), std::optional(19.0 / 380.0));
        QCOMPARE(lessonFigureValue(b, "backlog_ms"), std::optional(17980.0));
        QCOMPARE(lessonFigureValue(b, "collapsed"), std::optional(1.0));
        QCOMPARE(lessonFigureValue(b, "mean_ms"), std::nullopt);
        TimelineBucket quiet = b;
        quiet.arrivals = 0;
        QCOMPARE(lessonFigureValue(quiet, "hedged_fraction"), std::nullopt);
    }

    // A window's band: the lowest and highest p99 of every bucket from the start to the
    // moment (a bucket without a success does not count); a bucket missing: no figure.
    void readsTheBandOverAWindow()
    {
        const LessonStep step = parseLessonJson(lessonWith(
            "\"callout\": {\"setup\": \"no hedge / client\", \"at_s\": 4, \"figure\": "
            "\"p99_ms\", \"text\": \"{p99_ms_low} to {p99_ms_high}, this one {p99_ms}\"}, "
            "\"conditions\": [{\"figure\": \"p99_ms_high\", \"above\": 240}]"))
                                    .steps.front();
        std::vector<WorldResult> run{WorldResult{
            kNoHedge,
            {},
            false,
            {bucket(1, 0.4, 21.5, 0, false), bucket(2, 0.4, 250.0, 0, false),
             bucket(3, 0.4, std::nullopt, 0, false), bucket(4, 0.4, 64.0, 0, false),
             bucket(5, 0.8, 9000.0, 0, false)}}};
        QCOMPARE(fillLessonText(step.callout, LessonRun::ofWorlds(run)).value_or("(none)"),
                 std::string("22 ms to 250 ms, this one 64 ms"));
        QVERIFY(evaluateLessonConditions(step, LessonRun::ofWorlds(run)).front().holds);
        run.front().buckets.erase(run.front().buckets.begin() + 1);
        QCOMPARE(fillLessonText(step.callout, LessonRun::ofWorlds(run)).value_or("(none)"),
                 std::string("no answer to no answer, this one 64 ms"));
        // Not a sweep's figure: a point has no window.
        test::verifyLessonError(
            test::lessonOnPreset(
                "tail-cutting",
                "\"callout\": {\"setup\": \"no hedge / client\", \"load\": 0.3, "
                "\"figure\": \"p99_ms_high\", \"text\": \"x\"}"),
            "steps[0].callout.figure: \"p99_ms_high\" is not a figure");
    }

    void judgesConditions()
    {
        const LessonStep step =
            parseLessonJson(lessonWith(kCallout +
                                       ", \"conditions\": ["
                                       "{\"figure\": \"collapsed\", \"is\": true}, "
                                       "{\"at_s\": 60, \"figure\": \"collapsed\", \"is\": true}, "
                                       "{\"figure\": \"backlog_ms\", \"above\": {\"at_s\": 60}}, "
                                       "{\"setup\": \"no hedge / client\", \"figure\": \"p99_ms\", "
                                       "\"below\": {\"at_s\": 60, \"times\": 1.2}}]"))
                .steps.front();
        const std::vector<WorldResult> run = worlds();
        const auto outcomes = evaluateLessonConditions(step, LessonRun::ofWorlds(run));
        QCOMPARE(outcomes.size(), std::size_t(4));
        QVERIFY(outcomes[0].holds);
        QCOMPARE(outcomes[0].description,
                 std::string("collapsed of \"hedge, no budget / client\" at 90 s is collapsed, "
                             "expected collapsed"));
        QVERIFY(!outcomes[1].holds);
        QVERIFY(outcomes[2].holds);
        QVERIFY(!outcomes[3].holds); // 186 ms is not below 1.2 × 140 ms
        QCOMPARE(outcomes[3].description,
                 std::string("p99_ms of \"no hedge / client\" at 90 s is 186 ms, below 1.2 × "
                             "p99_ms of \"no hedge / client\" at 60 s (140 ms)"));
    }
};

QTEST_GUILESS_MAIN(TestTimelineLesson)
#include "tst_timelinelesson.moc"
