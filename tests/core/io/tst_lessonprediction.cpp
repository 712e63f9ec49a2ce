// Prediction steps (docs/lessons.md, "Prediction steps") as the file gives them: the loads a sweep
// step shows before Reveal (and the scenario it runs until then), a timeline step's moment Reveal
// plays on to, and the errors that keep a prediction honest: a callout or a question that names
// a hidden point, a step that hides nothing, no question to predict.
#include <hedge/io/Lesson.h>

#include "LessonJson.h"

#include <QTest>

using namespace hedge;

namespace {

// A collapse step at 30 %, 40 % and 60 %; `extra` is spliced into the step's object.
std::string sweepStep(const std::string& extra, const std::string& question = "At {load}?")
{
    return "{\"schema\": \"hedge-explorer/lesson@1\", \"id\": \"t\", \"title\": \"T\", "
           "\"summary\": \"S\", \"steps\": [{\"title\": \"one\", \"scenario\": {\"preset\": "
           "\"collapse\", \"loads\": [0.3, 0.4, 0.6]}, \"callout\": {\"setup\": \"hedge, no "
           "budget / client\", \"load\": 0.4, \"figure\": \"p99_ms\", \"text\": \"{p99_ms}\"}, "
           "\"question\": \"" +
           question +
           "\", \"answer\": \"{p99_ms@@0.6}\", " + extra + "}]}";
}

std::string timelineStep(const std::string& extra)
{
    return test::lessonOnPreset(
        "metastable", "\"callout\": {\"setup\": \"hedge, no budget / client\", \"at_s\": 60, "
                      "\"figure\": \"p99_ms\", \"text\": \"{p99_ms}\"}, \"question\": \"Next?\", "
                      "\"answer\": \"{requests_per_call@@90}\", " +
                          extra);
}

} // namespace

class TestLessonPrediction : public QObject {
    Q_OBJECT

private slots:
    void aSweepStepShowsSomeLoads()
    {
        const LessonStep step =
            parseLessonJson(sweepStep("\"prediction\": {\"shown_loads\": [0.4, 0.3]}")).steps[0];
        QVERIFY(step.prediction);
        QCOMPARE(step.prediction->shownLoads, (std::vector<double>{0.3, 0.4}));
        QCOMPARE(shownScenario(step).loads, (std::vector<double>{0.3, 0.4}));
        QCOMPARE(step.scenario.loads, (std::vector<double>{0.3, 0.4, 0.6}));
        Scenario rest = shownScenario(step);
        rest.loads = step.scenario.loads;
        QVERIFY(rest == step.scenario); // nothing else differs
        // Without a prediction the step shows what it runs.
        const LessonStep plain = parseLessonJson(sweepStep("\"shows\": [\"no hedge / client\"]")).steps[0];
        QVERIFY(shownScenario(plain) == plain.scenario);
    }

    // The answer names the moment Reveal plays to; the run pauses before it.
    void aTimelineStepPlaysOnAtReveal()
    {
        const LessonStep step =
            parseLessonJson(timelineStep("\"prediction\": {\"reveal_to_s\": 90}")).steps[0];
        QCOMPARE(step.playToS, 60.0);
        QCOMPARE(step.prediction->revealToS, 90.0);
        // Without a prediction the answer's moment is played to before the question is asked.
        QCOMPARE(parseLessonJson(timelineStep("\"shows\": [\"no hedge / client\"]")).steps[0].playToS,
                 90.0);
    }

    void errorsNameTheField_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("hides nothing")
            << QString::fromStdString(sweepStep("\"prediction\": {\"shown_loads\": [0.3, 0.4, 0.6]}"))
            << "steps[0].prediction.shown_loads: hides no load";
        QTest::newRow("not a load")
            << QString::fromStdString(sweepStep("\"prediction\": {\"shown_loads\": [0.5]}"))
            << "steps[0].prediction.shown_loads[0]: 0.5 is not a load of the step";
        QTest::newRow("callout's point hidden")
            << QString::fromStdString(sweepStep("\"prediction\": {\"shown_loads\": [0.3]}"))
            << "steps[0].prediction.shown_loads: the callout names a figure at a load hidden";
        QTest::newRow("question names a hidden point")
            << QString::fromStdString(sweepStep("\"prediction\": {\"shown_loads\": [0.3, 0.4]}",
                                                "Beyond {p99_ms@@0.6}?"))
            << "steps[0].prediction.shown_loads: the question names a figure at a load hidden";
        QTest::newRow("a moment in a sweep step")
            << QString::fromStdString(sweepStep("\"prediction\": {\"reveal_to_s\": 90}"))
            << "steps[0].prediction.reveal_to_s: a sweep step hides loads";
        QTest::newRow("loads in a timeline step")
            << QString::fromStdString(timelineStep("\"prediction\": {\"shown_loads\": [0.3]}"))
            << "steps[0].prediction.shown_loads: a timeline step hides its future";
        QTest::newRow("Reveal before the moment")
            << QString::fromStdString(timelineStep("\"prediction\": {\"reveal_to_s\": 30}"))
            << "steps[0].prediction.reveal_to_s: Reveal plays on";
        QTest::newRow("no question")
            << QString::fromStdString(test::lessonOnPreset(
                   "collapse", "\"callout\": {\"setup\": \"hedge, no budget / client\", \"load\": "
                               "0.5, \"figure\": \"p99_ms\", \"text\": \"{p99_ms}\"}, "
                               "\"prediction\": {\"shown_loads\": [0.5]}"))
            << "steps[0].prediction: a prediction step asks a question";
    }

    void errorsNameTheField()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        test::verifyLessonError(json.toStdString(), expected);
    }
};

QTEST_GUILESS_MAIN(TestLessonPrediction)
#include "tst_lessonprediction.moc"
