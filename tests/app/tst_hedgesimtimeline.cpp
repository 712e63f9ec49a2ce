// `hedgesim timeline`, run as a user runs it: the timeline@1 file and CSV, the same bytes
// whatever the thread count, bad files refused with the field named and nothing written.
#include "HedgesimProcess.h"

#include <hedge/io/ScenarioJson.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace hedge;

namespace {

// Two worlds, 12 s with a burst and a change: a fraction of a second.
const char* kTimeline = R"({
  "setups": [{"name": "hedge, no budget", "hedge": {"budget_percent": 0}},
             {"name": "limited", "hedge": {}, "adaptive_limit": true}],
  "timeline": {"duration_s": 12, "bucket_ms": 500,
               "load_steps": [{"at_s": 0, "load": 0.4}, {"at_s": 4, "load": 0.9}, {"at_s": 8, "load": 0.5}],
               "changes": [{"at_s": 6, "setup": "hedge, no budget", "set": {"hedge.budget_percent": 10}}]}
})";

using Outcome = test::ProcessOutcome;

} // namespace

class TestHedgesimTimeline : public QObject {
    Q_OBJECT

    test::HedgesimWorkDir m_dir;

private slots:
    void writesTheTimelineFileAndCsv()
    {
        const QString scenario = m_dir.write("t.json", kTimeline);
        const Outcome o = m_dir.run({"timeline", scenario, "-o", "out.json", "--csv", "out.csv"});
        QCOMPARE(o.exitCode, 0);
        QVERIFY(o.err.isEmpty());
        QVERIFY(o.out.contains("hedge, no budget"));
        const QJsonObject root = QJsonDocument::fromJson(m_dir.read("out.json")).object();
        QCOMPARE(root["format"].toString(), QString("hedge-explorer/timeline@1"));
        const QJsonArray worlds = root["worlds"].toArray();
        QCOMPARE(worlds.size(), 2);
        QCOMPARE(worlds[1].toObject()["setup"].toString(), QString("limited"));
        const QJsonArray buckets = worlds[0].toObject()["buckets"].toArray();
        QCOMPARE(buckets.size(), 24);
        QCOMPARE(buckets[9].toObject()["load"].toDouble(), 0.9);
        QVERIFY(buckets[5].toObject()["budget_balance"].isNull());  // no budget before 6 s
        QVERIFY(buckets[13].toObject()["budget_balance"].isDouble()); // switched on at 6 s
        // The embedded scenario reads back as the one run.
        const Scenario embedded = parseScenarioJson(
            QJsonDocument(root["scenario"].toObject()).toJson().toStdString());
        QCOMPARE(embedded, parseScenarioJson(kTimeline));
        const QList<QByteArray> rows = m_dir.read("out.csv").split('\n');
        QCOMPARE(rows.size(), 1 + 48 + 1); // header, 2 × 24 buckets, the final line end
        QVERIFY(rows[0].startsWith("setup,t_s,load,arrivals,"));
    }

    void sameBytesWhateverTheThreadCount()
    {
        const QString scenario = m_dir.write("t.json", kTimeline);
        QCOMPARE(
            m_dir.run({"timeline", scenario, "-o", "one.json", "--threads", "1", "-q"}).exitCode,
            0);
        QCOMPARE(
            m_dir.run({"timeline", scenario, "-o", "two.json", "--threads", "2", "-q"}).exitCode,
            0);
        QCOMPARE(m_dir.read("two.json"), m_dir.read("one.json"));
        QVERIFY(!m_dir.read("one.json").isEmpty());
    }

    void badFilesExitTwoNamingTheFieldAndWriteNothing_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("knob") << QByteArray(R"({"timeline": {"changes": [{"at_s": 1, "set": {"hedge.budget_percent": -1}}]}})")
                              << QByteArray("timeline.changes[0].set.hedge.budget_percent: -1 is out of range (allowed 0 … 100)\n");
        QTest::newRow("load") << QByteArray(R"({"timeline": {"load_steps": [{"at_s": 0, "load": -0.1}]}})")
                              << QByteArray("timeline.load_steps[0].load: -0.1 is out of range (allowed 0 … 1.5)\n");
        QTest::newRow("not a timeline") << QByteArray("{}")
                                        << QByteArray("timeline: missing (hedgesim timeline needs a timeline scenario; run a sweep with hedgesim run)\n");
    }

    void badFilesExitTwoNamingTheFieldAndWriteNothing()
    {
        QFETCH(QByteArray, json);
        QFETCH(QByteArray, message);
        const QString scenario = m_dir.write("bad.json", json);
        const Outcome o =
            m_dir.run({"timeline", scenario, "-o", "bad-out.json", "--csv", "bad-out.csv"});
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.err, message);
        QVERIFY(!QFile::exists(m_dir.path("bad-out.json")));
        QVERIFY(!QFile::exists(m_dir.path("bad-out.csv")));
    }

    void runRefusesATimelineAndPresetHasTheMetastableOne()
    {
        const QString scenario = m_dir.write("t.json", kTimeline);
        const Outcome run = m_dir.run({"run", scenario, "-o", "sweep.json"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.startsWith("timeline: a timeline scenario runs with hedgesim timeline"));
        QVERIFY(!QFile::exists(m_dir.path("sweep.json")));

        const Outcome preset = m_dir.run({"preset", "metastable"});
        QCOMPARE(preset.exitCode, 0);
        const Scenario s = parseScenarioJson(preset.out.toStdString());
        QVERIFY(s.timeline);
        QCOMPARE(s.timeline->durationS, 570.0);
        QCOMPARE(s.timeline->loadSteps,
                 (std::vector<LoadStep>{{0, 0.4}, {60, 0.8}, {90, 0.55}, {270, 0.4}}));
        QCOMPARE(s.setups.size(), std::size_t(5));
    }
};

QTEST_GUILESS_MAIN(TestHedgesimTimeline)
#include "tst_hedgesimtimeline.moc"
