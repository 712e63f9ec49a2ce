// Timeline scenarios (docs/timeline.md, "Results"): the `timeline` object reads, validates with the
// field named, and writes back equal; the results file and CSV carry every bucket field.
#include "TestErrors.h"

#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/io/TimelineResultsFile.h>
#include <hedge/sim/TimelineWorld.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace hedge;

class TestTimelineFiles : public QObject {
    Q_OBJECT

private slots:
    void readsStepsChangesAndProfiles()
    {
        const Scenario s = parseScenarioJson(R"({
          "setups": [{"name": "a", "hedge": {}}, {"name": "b"}],
          "timeline": {"duration_s": 30, "bucket_ms": 500,
                       "load_steps": [{"at_s": 0, "load": 0.4}, {"at_s": 10, "load": 0.9}],
                       "changes": [{"at_s": 12, "setup": "a",
                                    "set": {"hedge.budget_percent": 5, "adaptive_limit": true}},
                                   {"at_s": 20, "set": {"service.workers": 20}}]}})");
        QVERIFY(s.timeline);
        QCOMPARE(s.timeline->bucketMs, 500.0);
        QCOMPARE(s.timeline->loadSteps, (std::vector<LoadStep>{{0, 0.4}, {10, 0.9}}));
        QCOMPARE(s.timeline->changes.size(), std::size_t(2));
        QCOMPARE(s.timeline->changes[0].setup, std::string("a"));
        QCOMPARE(s.timeline->changes[0].set.size(), std::size_t(2));
        QVERIFY(s.timeline->changes[1].setup.empty());
        QCOMPARE(parseScenarioJson(writeScenarioJson(s)), s);

        const Scenario p = parseScenarioJson(R"({"timeline": {"duration_s": 100,
            "profile": {"kind": "sine", "base": 0.5, "peak": 0.7, "period_s": 30}}})");
        QCOMPARE(p.timeline->profile->kind, LoadProfile::Kind::Sine);
        QCOMPARE(parseScenarioJson(writeScenarioJson(p)), p);
        QVERIFY(!parseScenarioJson("{}").timeline);
    }

    void badTimelinesNameTheField_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("duration") << R"({"timeline": {"duration_s": 0}})"
                                  << "timeline.duration_s: 0 is out of range (allowed > 0)";
        QTest::newRow("bucket") << R"({"timeline": {"bucket_ms": 1}})"
                                << "timeline.bucket_ms: 1 is out of range (allowed 10 … 60000)";
        QTest::newRow("load") << R"({"timeline": {"load_steps": [{"at_s": 0, "load": 1.6}]}})"
                              << "timeline.load_steps[0].load: 1.6 is out of range (allowed 0 … 1.5)";
        QTest::newRow("first step") << R"({"timeline": {"load_steps": [{"at_s": 5, "load": 0.5}]}})"
                                    << "timeline.load_steps[0].at_s: 5 is not allowed: the first step gives the load from 0 s";
        QTest::newRow("order") << R"({"timeline": {"load_steps": [{"at_s": 0, "load": 0.5}, {"at_s": 0, "load": 0.6}]}})"
                               << "timeline.load_steps[1].at_s: 0 is not after the previous step's at_s (steps in time order)";
        QTest::newRow("unknown field") << R"({"timeline": {"durations": 5}})"
                                       << "timeline.durations: unknown field (allowed here: duration_s, bucket_ms, load_steps, profile, changes, outages)";
        QTest::newRow("profile kind") << R"({"timeline": {"profile": {"kind": "square"}}})"
                                      << R"(timeline.profile.kind: "square" is not allowed (allowed "constant", "step", "spike", "ramp" or "sine"))";
        QTest::newRow("both") << R"({"timeline": {"profile": {}, "load_steps": []}})"
                              << "timeline.profile: give either load_steps or a profile, not both";
        QTest::newRow("setup") << R"({"timeline": {"changes": [{"at_s": 1, "setup": "nope", "set": {"hedge.delay_ms": 5}}]}})"
                               << R"(timeline.changes[0].setup: "nope" is not the name of a setup of this scenario)";
        QTest::newRow("knob range") << R"({"timeline": {"changes": [{"at_s": 1, "set": {"hedge.budget_percent": 101}}]}})"
                                    << "timeline.changes[0].set.hedge.budget_percent: 101 is out of range (allowed 0 … 100)";
        QTest::newRow("integer knob") << R"({"timeline": {"changes": [{"at_s": 1, "set": {"service.workers": 2.5}}]}})"
                                      << "timeline.changes[0].set.service.workers: 2.5 is not an integer";
        QTest::newRow("after end") << R"({"timeline": {"duration_s": 10, "changes": [{"at_s": 11, "set": {"hedge": false}}]}})"
                                   << "timeline.changes[0].at_s: 11 is out of range (allowed 0 … 10)";
        QTest::newRow("on/off") << R"({"timeline": {"changes": [{"at_s": 1, "set": {"adaptive_limit": 1}}]}})"
                                << "timeline.changes[0].set.adaptive_limit: expected true or false, got 1";
    }

    void badTimelinesNameTheField()
    {
        QFETCH(QString, json);
        QFETCH(QString, error);
        QCOMPARE(test::scenarioErrorText(json.toStdString()), error);
    }

    void resultsFileHoldsEveryBucket()
    {
        Scenario s = parseScenarioJson(R"({"setups": [{"name": "x, with a comma"}, {"name": "y", "adaptive_limit": true}],
            "timeline": {"duration_s": 3, "bucket_ms": 1000, "load_steps": [{"at_s": 0, "load": 0.5}]}})");
        const TimelineOutcome out = runTimeline(s, 1);
        const QJsonObject root =
            QJsonDocument::fromJson(QByteArray::fromStdString(writeTimelineResultsJson(s, out.worlds))).object();
        QCOMPARE(root["format"].toString(), QString("hedge-explorer/timeline@1"));
        QVERIFY(root["scenario"].toObject().contains("timeline"));
        const QJsonArray worlds = root["worlds"].toArray();
        QCOMPARE(worlds.size(), 2);
        QVERIFY(worlds[0].toObject()["stopped_at_s"].isNull());
        const QJsonArray buckets = worlds[1].toObject()["buckets"].toArray();
        QCOMPARE(buckets.size(), 3);
        const QJsonObject last = buckets[2].toObject();
        QCOMPARE(last["t_s"].toDouble(), 3.0);
        for (const std::string& column : timelineCsvColumns()) {
            if (column != "setup")
                QVERIFY2(last.contains(QString::fromStdString(column)), column.c_str());
        }
        QVERIFY(last["limit"].isDouble());
        QVERIFY(buckets[0].toObject()["budget_balance"].isNull());
        QCOMPARE(last["arrivals"].toInteger(), out.worlds[1].buckets[2].arrivals);

        const std::string csv = writeTimelineResultsCsv(out.worlds);
        const QStringList lines = QString::fromStdString(csv).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 2 * 3);
        QVERIFY(lines[1].startsWith("\"x, with a comma\",1,0.5,"));
        QCOMPARE(lines[0].count(','), lines[6].count(','));
    }
};

QTEST_GUILESS_MAIN(TestTimelineFiles)
#include "tst_timelinefiles.moc"
