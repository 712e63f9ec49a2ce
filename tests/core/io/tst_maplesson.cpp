// A lesson step on a map's cell (docs/lessons.md, "Map steps"): the grid's value beside the
// load, cells apart from the setup's own curve, the errors that name the field, and texts and
// conditions judged on a few points written here (no simulation).
#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>

#include <QTest>

#include "LessonJson.h"

using namespace hedge;

namespace {

constexpr const char* kHedge = "hedge, default budget / client";
constexpr const char* kNoHedge = "no hedge / client";

// One step of the delay-map preset (hedge.delay_ms of "hedge, default budget / client" over
// 2 … 60 ms at its loads); `step` is spliced into the step's object.
std::string lessonWith(const std::string& step)
{
    return test::lessonOnPreset("delay-map", step);
}

std::string callout(const std::string& at, const std::string& text)
{
    return "\"callout\": {\"setup\": \"hedge, default budget / client\", \"load\": 0.3, " + at +
           "\"figure\": \"p99_ms\", \"text\": \"" + text + "\"}";
}

PointResult point(const char* setup, double load, double p99, std::optional<double> cell = {})
{
    PointResult p;
    p.setup = setup;
    p.load = load;
    p.p99Ms = p99;
    p.knobValue = cell;
    return p;
}

} // namespace

class TestMapLesson : public QObject {
    Q_OBJECT

private slots:
    void readsCells()
    {
        const LessonStep step =
            parseLessonJson(
                lessonWith(callout("\"grid_value\": 15, ", "x") +
                           ", \"conditions\": [{\"figure\": \"p99_ms\", \"below\": 50}, "
                           "{\"setup\": \"no hedge / client\", \"figure\": \"p99_ms\", "
                           "\"above\": 50}, {\"grid_value\": 2, \"load\": 0.7, \"figure\": "
                           "\"p99_ms\", \"above\": 50}]"))
                .steps.front();
        QCOMPARE(step.anchor.gridValue, std::optional(15.0));
        QCOMPARE(step.conditions[0].subject.gridValue, std::optional(15.0)); // the callout's
        QCOMPARE(step.conditions[1].subject.gridValue, std::nullopt); // another setup's curve
        QCOMPARE(step.conditions[2].subject.gridValue, std::optional(2.0));
        QCOMPARE(step.conditions[2].subject.load, 0.7);
    }

    void errorsNameTheField_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not a value")
            << QString::fromStdString(callout("\"grid_value\": 16, ", "x"))
            << "steps[0].callout.grid_value: 16 is not a value of the map's hedge.delay_ms "
               "(values: 2, 4, 6";
        QTest::newRow("another setup")
            << "\"callout\": {\"setup\": \"no hedge / client\", \"load\": 0.3, \"grid_value\": "
               "15, \"figure\": \"p99_ms\", \"text\": \"x\"}"
            << "steps[0].callout.grid_value: the map's cells are \"hedge, default budget / "
               "client\"'s, not \"no hedge / client\"'s";
        QTest::newRow("placeholder value")
            << QString::fromStdString(callout("\"grid_value\": 15, ", "{p99_ms@@@17}"))
            << "steps[0].callout.text: placeholder {p99_ms@@@17}: 17 is not a value";
        QTest::newRow("placeholder word")
            << QString::fromStdString(callout("\"grid_value\": 15, ", "{p99_ms@@@long}"))
            << "steps[0].callout.text: placeholder {p99_ms@@@long}: \"long\" is not a grid "
               "value";
        QTest::newRow("too many parts")
            << QString::fromStdString(callout("", "{p99_ms@@0.3@15@2}"))
            << "steps[0].callout.text: placeholder {p99_ms@@0.3@15@2}: has more than "
               "figure@setup@load@grid value";
    }

    void errorsNameTheField()
    {
        QFETCH(QString, step);
        QFETCH(QString, expected);
        test::verifyLessonError(lessonWith(step.toStdString()), expected);
    }

    void noMapNoCells()
    {
        test::verifyLessonError(
            test::lessonOnPreset("tail-cutting", callout("\"grid_value\": 15, ", "x")),
            "steps[0].callout.grid_value: the step's scenario has no map");
    }

    // A cell and the setup's own curve at the same load are different points.
    void fillsTextFromCells()
    {
        const LessonStep step =
            parseLessonJson(lessonWith(callout("\"grid_value\": 15, ",
                                               "{grid_value} ms: {p99_ms}, {grid_value@@@2} ms: "
                                               "{p99_ms@@@2}, {p99_ms@no hedge / client} without, "
                                               "{p99_ms@@0.7} busier")))
                .steps.front();
        const std::vector<PointResult> points{
            point(kHedge, 0.3, 30.0), point(kNoHedge, 0.3, 200.0), point(kHedge, 0.3, 25.0, 15.0),
            point(kHedge, 0.3, 189.0, 2.0), point(kHedge, 0.7, 347.0, 15.0)};
        QCOMPARE(fillLessonText(step.callout, points).value_or("(none)"),
                 std::string("15 ms: 25 ms, 2 ms: 189 ms, 200 ms without, 347 ms busier"));
        const std::vector<PointResult> curvesOnly(points.begin(), points.begin() + 2);
        QCOMPARE(fillLessonText(step.callout, curvesOnly), std::nullopt);
    }

    void judgesConditions()
    {
        const LessonStep step =
            parseLessonJson(lessonWith(callout("\"grid_value\": 15, ", "x") +
                                       ", \"conditions\": [{\"figure\": \"p99_ms\", \"below\": "
                                       "{\"setup\": \"no hedge / client\", \"times\": 0.4}}]"))
                .steps.front();
        const std::vector<PointResult> points{point(kNoHedge, 0.3, 200.0),
                                              point(kHedge, 0.3, 25.0, 15.0)};
        const auto outcomes = evaluateLessonConditions(step, points);
        QVERIFY(outcomes.front().holds);
        QCOMPARE(outcomes.front().description,
                 std::string("p99_ms of \"hedge, default budget / client\" at 30 % (the map's "
                             "cell at 15) is 25 ms, below 0.4 × p99_ms of \"no hedge / client\" "
                             "at 30 % (200 ms)"));
    }
};

QTEST_GUILESS_MAIN(TestMapLesson)
#include "tst_maplesson.moc"
