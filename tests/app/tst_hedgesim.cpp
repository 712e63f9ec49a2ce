// The built hedgesim program, run as a user runs it: exit statuses, messages naming the
// field, files written whole or not at all, determinism across thread counts.
#include <hedge/Version.h>
#include <hedge/io/Presets.h>
#include <hedge/io/ResultsJson.h>
#include <hedge/io/ScenarioJson.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "HedgesimProcess.h"

using namespace hedge;

namespace {

using Outcome = hedge::test::ProcessOutcome;

// A scenario small enough to run in a fraction of a second: 3 setups × 2 loads, 2000 calls.
const char* kSmallScenario = R"({
  "calls": 2000,
  "loads": [0.5, 0.9],
  "setups": [
    {"name": "no hedge"},
    {"name": "hedge, no budget", "hedge": {"budget_percent": 0}},
    {"name": "budget, limit, server", "cancellation": "server", "hedge": {},
     "adaptive_limit": true}
  ]
})";

} // namespace

class TestHedgesim : public QObject {
    Q_OBJECT

private:
    test::HedgesimWorkDir m_dir;

    // Files in the work directory other than the inputs the test wrote.
    QStringList outputs() const
    {
        QStringList files = QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden);
        files.removeIf([](const QString& f) { return f.startsWith("in-"); });
        return files;
    }

    void removeOutputs() const
    {
        for (const QString& f : outputs())
            QFile::remove(m_dir.path(f));
    }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        removeOutputs();
    }

    void runWritesResultsAndTable()
    {
        const QString scenario = m_dir.write("in-small.json", kSmallScenario);
        const Outcome o = m_dir.run({"run", scenario, "-o", "r.json", "--csv", "r.csv"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QCOMPARE(o.err, QByteArray()); // not a terminal: no progress
        for (const char* word : {"p99 ms", "p99.9 ms", "req/call", "rejected", "util", "no hedge",
                                 "hedge, no budget", "budget, limit, server"})
            QVERIFY2(o.out.contains(word), word);
        QCOMPARE(outputs(), (QStringList{"r.csv", "r.json"}));

        const RunResults results = readResultsFile(m_dir.path("r.json").toStdString());
        QCOMPARE(results.scenario, parseScenarioJson(kSmallScenario));
        QCOMPARE(results.points.size(), std::size_t(6));
        for (std::size_t i = 0; i < results.points.size(); ++i) {
            QCOMPARE(results.points[i].setup, results.scenario.setups[i / 2].name);
            QCOMPARE(results.points[i].load, results.scenario.loads[i % 2]);
            // A collapsed point stops once its collapse is proved, after the middle measured
            // call (docs/model.md, "Stopping early"); the others measure all 1800.
            if (results.points[i].collapsed)
                QVERIFY(results.points[i].measuredCalls > 900 &&
                        results.points[i].measuredCalls <= 1800);
            else
                QCOMPARE(results.points[i].measuredCalls, std::int64_t(1800));
        }
        // The CSV has a row per point, in the same order, with the same figures.
        const QList<QByteArray> rows = m_dir.read("r.csv").trimmed().split('\n');
        QCOMPARE(rows.size(), 7);
        QVERIFY(rows[0].startsWith("setup,cancellation,load,measured_calls,p50_ms,p99_ms,"));
        QVERIFY2(rows[5].startsWith("\"budget, limit, server\",server,0.5,1800,"),
                 rows[5].constData()); // a name with commas is quoted
        const PointResult& p = results.points[4];
        const QList<QByteArray> tail = rows[5].mid(rows[5].indexOf("server,")).split(',');
        QCOMPARE(tail[1].toDouble(), p.load);
        QCOMPARE(tail[4].toDouble(), *p.p99Ms);
        QCOMPARE(tail[8].toDouble(), p.requestsPerCall);
    }

    // confirm --measured puts a results file measured elsewhere (the grpc-js run) beside the
    // simulation of the same points: the model's own results read back differ by nothing, and
    // a gRPC js setup with throttling gets the model's count of hedges past half the bucket.
    void confirmMeasuredComparesAResultsFileWithTheModel()
    {
        const char* grpcJs = R"({
          "calls": 2000, "loads": [0.5], "service": {"error_probability": 0.2},
          "setups": [
            {"name": "no hedge"},
            {"name": "js", "cancellation": "server", "policy": "grpc",
             "grpc": {"max_attempts": 3, "hedging_delay_ms": 20, "non_fatal_errors": true,
                      "throttling": {"max_tokens": 10, "token_ratio": 0.1}, "flavour": "js"}}
          ]})";
        const QString scenario = m_dir.write("in-js.json", grpcJs);
        QCOMPARE(m_dir.run({"run", scenario, "-o", "model.json"}).exitCode, 0);
        const Outcome o =
            m_dir.run({"confirm", scenario, "--measured", "model.json", "--csv", "c.csv"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QVERIFY2(o.out.contains("+0.0%"), o.out.constData());
        QVERIFY2(!o.out.contains("+0.1%") && !o.out.contains("-0.1%"), o.out.constData());
        const QList<QByteArray> rows = m_dir.read("c.csv").trimmed().split('\n');
        QCOMPARE(rows.size(), 3);
        QVERIFY2(rows[0].endsWith(",below_half_fraction_sim"), rows[0].constData());
        QVERIFY2(rows[1].endsWith(",0"), rows[1].constData()); // no hedge: none past the bucket
        QVERIFY2(rows[2].split(',').last().toDouble() > 0.05, rows[2].constData());
    }

    void confirmMeasuredRefusesAPointTheScenarioHasNot()
    {
        const QString scenario = m_dir.write("in-small.json", kSmallScenario);
        QCOMPARE(m_dir.run({"run", scenario, "-o", "model.json"}).exitCode, 0);
        const QString other = m_dir.write(
            "in-other.json", R"({"calls": 2000, "loads": [0.5, 0.9], "setups": [{"name": "x"}]})");
        const Outcome o = m_dir.run({"confirm", other, "--measured", "model.json"});
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.contains("--measured: model.json:"), o.err.constData());
        QVERIFY2(o.err.contains("no hedge"), o.err.constData());
        QVERIFY2(m_dir.run({"confirm", scenario, "--measured", "missing.json"})
                     .err.contains("--measured: missing.json"),
                 "a missing file is named");
    }

    void quietPrintsNothing()
    {
        const QString scenario = m_dir.write("in-small.json", kSmallScenario);
        const Outcome o = m_dir.run({"run", scenario, "--quiet", "-o", "r.json"});
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.out, QByteArray());
        QCOMPARE(o.err, QByteArray());
        QVERIFY(QFile::exists(m_dir.path("r.json")));
    }

    void scenarioFromStandardInput()
    {
        const Outcome o = m_dir.run({"run", "-", "-o", "stdin.json", "-q"}, kSmallScenario);
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QCOMPARE(readResultsFile(m_dir.path("stdin.json").toStdString()).points.size(),
                 std::size_t(6));
    }

    void sameFilesWhateverTheThreads()
    {
        const QString scenario = m_dir.write("in-small.json", kSmallScenario);
        QCOMPARE(
            m_dir.run({"run", scenario, "-q", "--threads", "1", "-o", "t1.json", "--csv", "t1.csv"})
                .exitCode,
            0);
        QCOMPARE(
            m_dir.run({"run", scenario, "-q", "--threads", "2", "-o", "t2.json", "--csv", "t2.csv"})
                .exitCode,
            0);
        const QByteArray one = m_dir.read("t1.json");
        QVERIFY(one.size() > 1000);
        QCOMPARE(m_dir.read("t2.json"), one);
        QCOMPARE(m_dir.read("t2.csv"), m_dir.read("t1.csv"));
    }

    void invalidValuesExit2NamingTheField_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QByteArray>("field");
        QTest::newRow("attempts") << QByteArray(R"({"calls": 2000, "setups": [{"name": "a"},
            {"name": "b"}, {"name": "c", "hedge": {"max_attempts": 11}}]})")
                                  << QByteArray("setups[2].hedge.max_attempts: 11 is out of "
                                                "range (allowed 1 … 10)");
        QTest::newRow("load") << QByteArray(R"({"loads": [0.5, 2]})")
                              << QByteArray("loads[1]: 2 is out of range");
        QTest::newRow("workers") << QByteArray(R"({"service": {"workers": 2.5}})")
                                 << QByteArray("service.workers: 2.5 is not an integer");
        QTest::newRow("unknown") << QByteArray(R"({"setups": [{"name": "a", "hegde": {}}]})")
                                 << QByteArray("setups[0].hegde: unknown field");
        QTest::newRow("calls") << QByteArray(R"({"calls": 10})") << QByteArray("calls: 10 is out");
        QTest::newRow("duplicate name")
            << QByteArray(R"({"setups": [{"name": "a"}, {"name": "a"}]})")
            << QByteArray("setups[1].name:");
        QTest::newRow("syntax") << QByteArray("{\n  \"calls\": 2000,\n  \"loads\": [0.5,]\n}")
                                << QByteArray("in-bad.json: line 3, column 17: ");
        QTest::newRow("not an object")
            << QByteArray("[1, 2]") << QByteArray("expected a JSON object");
        QTest::newRow("results file")
            << QByteArray(R"({"schema": "hedge-explorer/results@1"})") << QByteArray("schema: ");
    }

    void invalidValuesExit2NamingTheField()
    {
        QFETCH(QByteArray, json);
        QFETCH(QByteArray, field);
        const QString scenario = m_dir.write("in-bad.json", json);
        for (const QStringList& args :
             {QStringList{"run", "in-bad.json", "-o", "r.json", "--csv", "r.csv"},
              QStringList{"validate", "in-bad.json"}}) {
            const Outcome o = m_dir.run(args);
            QCOMPARE(o.exitCode, 2);
            QVERIFY2(o.err.contains(field), o.err.constData());
            QCOMPARE(o.err.count('\n'), 1); // one line: FIELD: problem
            QCOMPARE(o.out, QByteArray());
            QCOMPARE(outputs(), QStringList()); // no file written, not even a temporary
        }
        QVERIFY(QFile::exists(scenario));
    }

    // docs/model.md, "Stopping early": by default the collapsed point stops once its collapse is
    // proved; --full-collapsed-runs runs it to its last call, and the other points are the same.
    void fullCollapsedRunsRunsEveryPointToItsEnd()
    {
        m_dir.write("in-small.json", kSmallScenario);
        const Outcome early = m_dir.run({"run", "in-small.json", "-q", "-o", "early.json"});
        const Outcome full =
            m_dir.run({"run", "in-small.json", "-q", "--full-collapsed-runs", "-o", "full.json"});
        QVERIFY2(early.exitCode == 0, early.err.constData());
        QVERIFY2(full.exitCode == 0, full.err.constData());
        const RunResults a = readResultsFile(m_dir.path("early.json").toStdString());
        const RunResults b = readResultsFile(m_dir.path("full.json").toStdString());
        QCOMPARE(a.points.size(), b.points.size());
        int stopped = 0;
        for (std::size_t i = 0; i < a.points.size(); ++i) {
            QCOMPARE(a.points[i].collapsed, b.points[i].collapsed);
            QCOMPARE(b.points[i].measuredCalls, std::int64_t(1800));
            if (!b.points[i].collapsed)
                QCOMPARE(a.points[i], b.points[i]);
            else if (a.points[i].measuredCalls < 1800)
                ++stopped;
        }
        QVERIFY(stopped > 0); // "hedge, no budget" at 90 %

        const Outcome bad = m_dir.run({"run", "in-small.json", "--full-collapsed-runs=yes"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--full-collapsed-runs"), bad.err.constData());
    }

    void missingFileExits2()
    {
        const Outcome o = m_dir.run({"run", "in-missing.json", "-o", "r.json"});
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.startsWith("in-missing.json: cannot read: "),
                 o.err.constData());
        QCOMPARE(outputs(), QStringList());
    }

    void badUsageExits2_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("field");
        const QString scenario = "in-small.json";
        QTest::newRow("no arguments") << QStringList{} << QByteArray("hedgesim:");
        QTest::newRow("unknown command") << QStringList{"simulate"} << QByteArray("simulate:");
        QTest::newRow("threads") << QStringList{"run", scenario, "--threads", "many"}
                                 << QByteArray("--threads:");
        QTest::newRow("unknown option")
            << QStringList{"run", scenario, "--fast"} << QByteArray("--fast:");
        QTest::newRow("output directory")
            << QStringList{"run", scenario, "-o", "no/such/dir/r.json"} << QByteArray("-o:");
        QTest::newRow("csv is a directory")
            << QStringList{"run", scenario, "--csv", "."} << QByteArray("--csv:");
        QTest::newRow("same output twice")
            << QStringList{"run", scenario, "-o", "r.x", "--csv", "r.x"} << QByteArray("--csv:");
        QTest::newRow("overwrite the scenario")
            << QStringList{"run", scenario, "-o", scenario} << QByteArray("-o:");
        QTest::newRow("unknown preset") << QStringList{"preset", "fastest"}
                                        << QByteArray("preset: \"fastest\" is not a preset");
    }

    void badUsageExits2()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, field);
        m_dir.write("in-small.json", kSmallScenario);
        const Outcome o = m_dir.run(args);
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.startsWith(field), o.err.constData());
        QCOMPARE(o.out, QByteArray());
        QCOMPARE(outputs(), QStringList());
        QCOMPARE(m_dir.read("in-small.json"), QByteArray(kSmallScenario));
    }

    void unwritableOutputExits1()
    {
        // /proc accepts no new files, even from root: the run succeeds, the write fails.
        if (!QFileInfo(QStringLiteral("/proc/self")).exists())
            QSKIP("no /proc here");
        const QString scenario = m_dir.write("in-small.json", kSmallScenario);
        const Outcome o = m_dir.run({"run", scenario, "-q", "-o", "/proc/hedgesim-test.json"});
        QCOMPARE(o.exitCode, 1);
        QVERIFY2(o.err.contains("/proc/hedgesim-test.json"), o.err.constData());
        QVERIFY(!QFile::exists("/proc/hedgesim-test.json"));
    }

    void presetsPrintValidScenarios()
    {
        const Outcome list = m_dir.run({"preset", "--list"});
        QCOMPARE(list.exitCode, 0);
        QStringList names;
        for (const QByteArray& line : list.out.trimmed().split('\n'))
            names << QString::fromUtf8(line.left(line.indexOf(' ')));
        QStringList expected;
        for (const Preset& p : presets())
            expected << QString::fromStdString(p.name);
        QCOMPARE(names, expected);
        for (const QString& name : names) {
            const Outcome o = m_dir.run({"preset", name});
            QCOMPARE(o.exitCode, 0);
            QCOMPARE(parseScenarioJson(o.out.toStdString()),
                     findPreset(name.toStdString())->scenario);
            const Outcome checked = m_dir.run({"validate", "-"}, o.out);
            QVERIFY2(checked.exitCode == 0, checked.err.constData());
            QCOMPARE(checked.out, QByteArray()); // silent when valid
        }
    }

    void validateAcceptsAGoodFile()
    {
        const QString scenario = m_dir.write("in-small.json", kSmallScenario);
        const Outcome o = m_dir.run({"validate", scenario});
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.err, QByteArray());
    }

    void helpAndVersion()
    {
        const Outcome help = m_dir.run({"--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.startsWith("Usage:"));
        const Outcome version = m_dir.run({"--version"});
        QCOMPARE(version.exitCode, 0);
        QCOMPARE(version.out, QByteArray("hedgesim ") + kVersion + " (Hedge Explorer)\n");
    }
};

QTEST_GUILESS_MAIN(TestHedgesim)
#include "tst_hedgesim.moc"
