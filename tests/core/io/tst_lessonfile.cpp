// The lesson file (docs/lessons.md): what it reads, the errors that name the file and the field,
// the texts filled from a run and the conditions judged on it. No simulation: the run is a few
// points written here.
#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>
#include <hedge/io/LessonFigure.h>
#include <hedge/io/Presets.h>

#include "LessonJson.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace hedge;

namespace {

constexpr const char* kHedge = "hedge, default budget / client";
constexpr const char* kNoHedge = "no hedge / client";

// One step of the tail-cutting preset; `step` is spliced into the step's object.
std::string lessonWith(const std::string& step, const std::string& top = "")
{
    return test::lessonOnPreset("tail-cutting", step, top);
}

const std::string kCallout = "\"callout\": {\"setup\": \"hedge, default budget / client\", "
                             "\"load\": 0.3, \"figure\": \"p99_ms\", \"text\": \"p99 {p99_ms} "
                             "against {p99_ms@no hedge / client}\"}";

PointResult point(const char* setup, double load, std::optional<double> p99, bool collapsed = false)
{
    PointResult p;
    p.setup = setup;
    p.load = load;
    p.p99Ms = p99;
    p.p50Ms = 10.0;
    p.requestsPerCall = 1.0234;
    p.collapsed = collapsed;
    return p;
}

} // namespace

class TestLesson : public QObject {
    Q_OBJECT

private slots:
    void readsAStep()
    {
        const Lesson lesson = parseLessonJson(lessonWith(kCallout));
        QCOMPARE(lesson.id, "t");
        QCOMPARE(lesson.steps.size(), 1u);
        const LessonStep& step = lesson.steps[0];
        QCOMPARE(step.preset, "tail-cutting");
        QVERIFY(step.scenario == findPreset("tail-cutting")->scenario);
        // No "shows": every setup of the scenario.
        QCOMPARE(step.shows, (std::vector<std::string>{kNoHedge, kHedge}));
        QCOMPARE(step.anchor.setup, kHedge);
        QCOMPARE(step.anchor.figure, "p99_ms");
        QCOMPARE(step.callout.parts.size(), 4u);
        QCOMPARE(step.callout.parts[1].figure->setup, kHedge);
        QCOMPARE(step.callout.parts[3].figure->setup, kNoHedge);
        QCOMPARE(step.callout.parts[3].figure->load, 0.3);
    }

    void loadsAndKnobsBuildTheScenario()
    {
        const std::string step =
            "\"callout\": {\"setup\": \"hedge, budget 20 % / client\", \"load\": 0.4, "
            "\"figure\": \"p99_ms\", \"text\": \"{p99_ms}\"}";
        const std::string json = "{\"schema\": \"hedge-explorer/lesson@1\", \"id\": \"t\", "
                                 "\"title\": \"T\", \"summary\": \"S\", "
                                 "\"steps\": [{\"title\": \"one\", \"scenario\": {\"preset\": "
                                 "\"tail-cutting\", \"loads\": [0.4], "
                                 "\"knobs\": [{\"setup\": \"hedge, default budget / client\", "
                                 "\"knob\": \"hedge.budget_percent\", \"value\": 20}, "
                                 "{\"knob\": \"service.workers\", \"value\": 8}]}, " +
                                 step + "}]}";
        const LessonStep built = parseLessonJson(json).steps[0];
        QCOMPARE(built.scenario.loads, std::vector<double>{0.4});
        QCOMPARE(built.scenario.service.workers, 8);
        // A name that follows its policy follows the knob, as the editor renames it.
        QCOMPARE(built.scenario.setups[1].name, "hedge, budget 20 % / client");
        QCOMPARE(built.scenario.setups[1].hedge->budgetPercent, 20.0);
    }

    void errorsNameTheField_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("expected");
        QTest::newRow("figure")
            << "\"callout\": {\"setup\": \"no hedge / client\", \"load\": 0.3, "
               "\"figure\": \"p98_ms\", \"text\": \"x\"}"
            << "steps[0].callout.figure: \"p98_ms\" is not a figure (figures: p50_ms, p99_ms";
        QTest::newRow("setup") << "\"shows\": [\"no hedge\"], " + QString::fromStdString(kCallout)
                               << "steps[0].shows[0]: \"no hedge\" is not a setup of the step "
                                  "(setups: \"no hedge / client\", \"";
        QTest::newRow("load")
            << "\"callout\": {\"setup\": \"no hedge / client\", \"load\": 0.35, "
               "\"figure\": \"p99_ms\", \"text\": \"x\"}"
            << "steps[0].callout.load: 0.35 is not a load of the step (loads: 0.3, 0.4, 0.5, 0.6)";
        QTest::newRow("placeholder")
            << "\"callout\": {\"setup\": \"no hedge / client\", \"load\": 0.3, "
               "\"figure\": \"p99_ms\", \"text\": \"x {p99_ms@hedge@0.3}\"}"
            << "steps[0].callout.text: placeholder {p99_ms@hedge@0.3}: \"hedge\" is not a setup";
        QTest::newRow("typed number")
            << "\"callout\": {\"setup\": \"no hedge / client\", \"load\": 0.3, "
               "\"figure\": \"p99_ms\", \"text\": \"at 30 % load it is {p99_ms}\"}"
            << "steps[0].callout.text: \"30\" has a typed number";
        QTest::newRow("unclosed")
            << "\"callout\": {\"setup\": \"no hedge / client\", \"load\": 0.3, "
               "\"figure\": \"p99_ms\", \"text\": \"x {p99_ms\"}"
            << "steps[0].callout.text: a placeholder's \"{\" has no \"}\"";
        QTest::newRow("condition test")
            << QString::fromStdString(kCallout) +
                   QStringLiteral(", \"conditions\": [{\"figure\": \"p99_ms\"}]")
            << "steps[0].conditions[0]: needs one of \"is\", \"below\" or \"above\"";
        QTest::newRow("is on a number") << QString::fromStdString(kCallout) +
                                               QStringLiteral(", \"conditions\": [{\"is\": true}]")
                                        << "steps[0].conditions[0].is: \"p99_ms\" is a number";
        QTest::newRow("below a flag")
            << QString::fromStdString(kCallout) +
                   QStringLiteral(", \"conditions\": [{\"figure\": \"collapsed\", \"below\": 1}]")
            << "steps[0].conditions[0].below: \"collapsed\" is yes or no";
        QTest::newRow("question alone")
            << QString::fromStdString(kCallout) + QStringLiteral(", \"question\": \"why?\"")
            << "steps[0].answer: missing: a question comes with its answer";
        QTest::newRow("unknown field")
            << QString::fromStdString(kCallout) + QStringLiteral(", \"hint\": \"x\"")
            << "steps[0].hint: unknown field";
    }

    void errorsNameTheField()
    {
        QFETCH(QString, step);
        QFETCH(QString, expected);
        test::verifyLessonError(lessonWith(step.toStdString()), expected);
    }

    void scenarioErrorsNameTheStep_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("expected");
        QTest::newRow("preset") << "{\"preset\": \"tail\"}"
                                << "steps[0].scenario.preset: \"tail\" is not a preset (presets: "
                                   "reference, tail-cutting";
        // A timeline step names moments (tst_timelinelesson), and its load is its timeline's.
        QTest::newRow("timeline at a load")
            << "{\"preset\": \"metastable\"}"
            << "steps[0].callout.at_s: missing: a callout points at a setup's figure at one moment";
        QTest::newRow("timeline loads") << "{\"preset\": \"metastable\", \"loads\": [0.5]}"
                                        << "steps[0].scenario.loads: \"metastable\" is a timeline";
        QTest::newRow("knob") << "{\"preset\": \"tail-cutting\", \"knobs\": [{\"setup\": \"no "
                                 "hedge / client\", \"knob\": \"hedge.delay\", \"value\": 1}]}"
                              << "steps[0].scenario.knobs[0].knob: \"hedge.delay\" is not a knob";
        QTest::newRow("range")
            << "{\"preset\": \"tail-cutting\", \"knobs\": [{\"setup\": \"hedge, default budget / "
               "client\", \"knob\": \"hedge.budget_percent\", \"value\": 150}]}"
            << "steps[0].scenario: setups[1].hedge.budget_percent: 150 is out of range";
        QTest::newRow("service knob with setup")
            << "{\"preset\": \"tail-cutting\", \"knobs\": [{\"setup\": \"no hedge / client\", "
               "\"knob\": \"service.workers\", \"value\": 8}]}"
            << "steps[0].scenario.knobs[0].setup: a service knob applies to no setup";
    }

    void scenarioErrorsNameTheStep()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, expected);
        const std::string json = "{\"schema\": \"hedge-explorer/lesson@1\", \"id\": \"t\", "
                                 "\"title\": \"T\", \"summary\": \"S\", "
                                 "\"steps\": [{\"title\": \"one\", \"scenario\": " +
                                 scenario.toStdString() + ", " + kCallout + "}]}";
        const std::string error = test::lessonErrorOf(json);
        QVERIFY2(error.starts_with(expected.toStdString()), error.c_str());
    }

    void aFileErrorNamesTheFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(lessonWith("\"callout\": {\"setup\": \"no hedge / client\", \"load\": 0.3, "
                              "\"figure\": \"p98_ms\", \"text\": \"x\"}")
                       .c_str());
        file.close();
        try {
            readLessonFile(path.toStdString());
            QFAIL("no error");
        } catch (const ScenarioError& e) {
            QVERIFY2(std::string(e.what()).starts_with(
                         "bad.json:1: steps[0].callout.figure: \"p98_ms\" is not a figure"),
                     e.what());
        }
    }

    // A field's error names its line (FILE:LINE: FIELD: problem), as lesson check's exercise
    // errors do; a missing field, the line of the object it belongs in; an element of a list,
    // its own line.
    void aFieldsErrorNamesItsLine_data()
    {
        QTest::addColumn<QString>("broken");
        QTest::addColumn<QString>("expected");
        QTest::newRow("a figure") << QStringLiteral("\"figure\": \"p99_ms\", \"text\": \"b\"")
                                  << QStringLiteral("bad.json:13: steps[1].callout.figure: ");
        QTest::newRow("missing") << QStringLiteral("\"figure\": \"p99_ms\"")
                                 << QStringLiteral("bad.json:12: steps[1].callout.text: ");
        QTest::newRow("a list's element")
            << QStringLiteral("\"shows\": [\n        \"no hedge / client\",\n        \"nobody\"]")
            << QStringLiteral("bad.json:13: steps[1].shows[1]: ");
        // A scenario's error names the scenario (its problem names the key): its line.
        QTest::newRow("a load") << QStringLiteral("\"loads\": [0.3, 1.7]")
                                << QStringLiteral("bad.json:9: steps[1].scenario: loads[1]: ");
    }

    void aFieldsErrorNamesItsLine()
    {
        QFETCH(QString, broken);
        QFETCH(QString, expected);
        QString json = QStringLiteral(R"({
  "schema": "hedge-explorer/lesson@1", "id": "t", "title": "T", "summary": "S",
  "steps": [
    { "title": "one",
      "scenario": { "preset": "tail-cutting" },
      "callout": { "setup": "no hedge / client", "load": 0.3, "figure": "p99_ms", "text": "a" }
    },
    { "title": "two",
      "scenario": { "preset": "tail-cutting",
        "loads": [0.3, 0.4] },
      "shows": ["no hedge / client"],
      "callout": { "setup": "no hedge / client", "load": 0.3,
        "figure": "p99_ms", "text": "b" }
    }
  ]
}
)");
        if (broken.startsWith(QStringLiteral("\"loads\"")))
            json.replace(QStringLiteral("\"loads\": [0.3, 0.4]"), broken);
        else if (broken.startsWith(QStringLiteral("\"shows\"")))
            json.replace(QStringLiteral("\"shows\": [\"no hedge / client\"]"), broken);
        else
            json.replace(QStringLiteral("\"figure\": \"p99_ms\", \"text\": \"b\""),
                         broken == QStringLiteral("\"figure\": \"p99_ms\"")
                             ? broken
                             : QStringLiteral("\"figure\": \"p98_ms\", \"text\": \"b\""));
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(json.toUtf8());
        file.close();
        try {
            readLessonFile(path.toStdString());
            QFAIL("no error");
        } catch (const ScenarioError& e) {
            QVERIFY2(std::string(e.what()).starts_with(expected.toStdString()), e.what());
        }
    }

    void fillsTextFromTheRun()
    {
        const LessonStep step = parseLessonJson(lessonWith(kCallout)).steps[0];
        std::vector<PointResult> points{point(kNoHedge, 0.3, 199.46), point(kHedge, 0.3, 30.14)};
        QCOMPARE(fillLessonText(step.callout, points).value(), "p99 30 ms against 199 ms");
        // A point the run has not got yet: no text rather than a wrong one.
        points.pop_back();
        QVERIFY(!fillLessonText(step.callout, points));
    }

    void formatsFigures()
    {
        QCOMPARE(formatLessonFigure("p99_ms", 4.54), "4.5 ms");
        QCOMPARE(formatLessonFigure("p99_ms", 57086.4), "57 s");
        // From a second on in seconds: "9.0 s" beside "18 s" in one sentence, never "8963 ms".
        QCOMPARE(formatLessonFigure("backlog_ms", 8963.0), "9.0 s");
        QCOMPARE(formatLessonFigure("p99_ms", 999.4), "999 ms");
        QCOMPARE(formatLessonFigure("p99_ms", 999.6), "1.0 s");
        QCOMPARE(formatLessonFigure("p99_ms", 9999.6), "10 s");
        QCOMPARE(formatLessonFigure("p99_ms", std::nullopt), "no answer");
        QCOMPARE(formatLessonFigure("requests_per_call", 1.0234), "1.02");
        QCOMPARE(formatLessonFigure("rejected_fraction", 0.0669), "6.7 %");
        QCOMPARE(formatLessonFigure("utilisation", 0.62), "62 %");
        QCOMPARE(formatLessonFigure("load", 0.3), "30 %");
        QCOMPARE(formatLessonFigure("collapsed", 1.0), "collapsed");
        QCOMPARE(formatLessonFigure("collapsed", 0.0), "held");
        QCOMPARE(formatLessonFigure("collapsed_runs", 3.0), "3");
    }

    // The replicates' spread, and a single run as its own.
    void readsReplicateFigures()
    {
        PointResult single = point(kNoHedge, 0.3, 30.0);
        QCOMPARE(lessonFigureValue(single, "p99_ms_max"), std::optional(30.0));
        QCOMPARE(lessonFigureValue(single, "replicates"), std::optional(1.0));
        PointResult pooled = single;
        pooled.spread = ReplicateSpread{.replicates = 10, .collapsedRuns = 3};
        pooled.spread->p99Ms = FigureSpread{.min = 22.0, .max = 248.0};
        QCOMPARE(lessonFigureValue(pooled, "p99_ms_min"), std::optional(22.0));
        QCOMPARE(lessonFigureValue(pooled, "p99_ms_max"), std::optional(248.0));
        QCOMPARE(lessonFigureValue(pooled, "replicates"), std::optional(10.0));
        QCOMPARE(lessonFigureValue(pooled, "collapsed_runs"), std::optional(3.0));
    }

    void judgesConditions()
    {
        const std::string conditions =
            kCallout +
            std::string(", \"conditions\": [ "
                        "{\"below\": {\"setup\": \"no hedge / client\", \"times\": 0.25}}, "
                        "{\"below\": 30}, "
                        "{\"figure\": \"collapsed\", \"is\": false}, "
                        "{\"setup\": \"no hedge / client\", \"load\": 0.6, \"figure\": "
                        "\"collapsed\", \"is\": true}, "
                        "{\"load\": 0.6, \"above\": 1}, {\"below\": {\"setup\": \"no hedge / "
                        "client\", \"times\": 0.1}}]");
        const LessonStep step = parseLessonJson(lessonWith(conditions)).steps[0];
        const std::vector<PointResult> points{
            point(kNoHedge, 0.3, 199.46), point(kHedge, 0.3, 30.14),
            point(kNoHedge, 0.6, 150.0, true), point(kHedge, 0.6, std::nullopt)};
        const auto outcomes = evaluateLessonConditions(step, points);
        QCOMPARE(outcomes.size(), 6u);
        QVERIFY(outcomes[0].holds); // 30.14 < 0.25 × 199.46
        QCOMPARE(outcomes[0].description,
                 "p99_ms of \"hedge, default budget / client\" at 30 % is 30 ms, below 0.25 × "
                 "p99_ms of \"no hedge / client\" at 30 % (199 ms)");
        QVERIFY(!outcomes[1].holds); // 30.14 is not below 30
        QVERIFY(outcomes[2].holds);
        QVERIFY(outcomes[3].holds);
        // No call succeeded: a latency that is not there meets no condition.
        QVERIFY(!outcomes[4].holds);
        QVERIFY(!outcomes[5].holds); // 30.14 is not below 0.1 × 199.46
        QCOMPARE(outcomes[4].description,
                 "p99_ms of \"hedge, default budget / client\" at 60 % is no answer, above 1.0 ms");
    }
};

QTEST_GUILESS_MAIN(TestLesson)
#include "tst_lessonfile.moc"
