// hedgesim with replicates, in-process: bad counts exit 2 naming the field and its range and
// write nothing; the table shows each point's spread and "collapsed k/N"; the files are the
// same whatever the thread count.
#include "InProcessHedgesim.h"
#include "ResultsTable.h"
#include "TestFiles.h"

#include <hedge/io/ResultsJson.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace hedge;

namespace {

using Outcome = test::HedgesimOutcome;

// Three attempts without a budget near the load where they start to collapse: at 5 000 calls
// and 10 replicates, some replicates collapse and others do not (tst_replicates finds it).
std::string knifeEdge(const std::string& replicates)
{
    return R"({"calls": 5000, "replicates": )" + replicates + R"(, "loads": [0.45, 0.6],
               "setups": [{"name": "3 attempts", "hedge": {"max_attempts": 3, "budget_percent": 0}}]})";
}

} // namespace

class TestHedgesimReplicates : public QObject {
    Q_OBJECT

private slots:
    void badCountExitsTwo_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("0") << "0"
                           << "replicates: 0 is out of range (allowed 1 … 100)\n";
        QTest::newRow("101") << "101"
                             << "replicates: 101 is out of range (allowed 1 … 100)\n";
        QTest::newRow("2.5") << "2.5"
                             << "replicates: 2.5 is not an integer (allowed 1 … 100)\n";
    }

    void badCountExitsTwo()
    {
        QFETCH(QString, value);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const std::string json = dir.filePath("out.json").toStdString();
        const Outcome o =
            test::runHedgesim({"run", "-", "-o", json, "--quiet"}, knifeEdge(value.toStdString()));
        QCOMPARE(o.exitCode, cli::kExitInvalid);
        QCOMPARE(QString::fromStdString(o.err), message);
        QVERIFY(o.out.empty());
        QVERIFY(!QFile::exists(QString::fromStdString(json)));
        QCOMPARE(test::runHedgesim({"validate", "-"}, knifeEdge(value.toStdString())).exitCode,
                 cli::kExitInvalid);
    }

    void tableShowsSpreadAndCollapsedRuns()
    {
        QTemporaryDir dir;
        const QString one = dir.filePath("one.json"), two = dir.filePath("two.json");
        const QString csv = dir.filePath("out.csv");
        const Outcome o = test::runHedgesim(
            {"run", "-", "-o", one.toStdString(), "--csv", csv.toStdString(), "--threads", "1"},
            knifeEdge("10"));
        QCOMPARE(o.exitCode, cli::kExitOk);
        const RunResults results = readResultsFile(one.toStdString());
        const PointResult& edge = results.points.at(1);
        QVERIFY2(edge.partiallyCollapsed(), "the 0.6 point no longer collapses in some runs only");
        const std::string mark = std::string(edge.collapsed ? "COLLAPSED " : "collapsed ") +
                                 std::to_string(edge.collapsedRuns()) + "/10";
        QVERIFY2(o.out.find(mark) != std::string::npos, o.out.c_str());
        // p99 with the replicates' spread: "30.1 [29.5–30.6]". With 10 replicates the
        // nearest-rank p5 and p95 are the min and the max, and the table says it shows
        // their range, not a 90 % interval.
        const PointResult& calm = results.points.at(0);
        QCOMPARE(*calm.spread->p99Ms->p5, calm.spread->p99Ms->min);
        QCOMPARE(*calm.spread->p99Ms->p95, calm.spread->p99Ms->max);
        const std::string p99 = cli::ResultsTable::fixed(*calm.p99Ms, 1) + " [" +
                                cli::ResultsTable::fixed(calm.spread->p99Ms->min, 1) + "–" +
                                cli::ResultsTable::fixed(calm.spread->p99Ms->max, 1) + "]";
        QVERIFY2(o.out.find(p99) != std::string::npos, o.out.c_str());
        QVERIFY2(o.out.find("[a–b]: the spread over the replicates — their range (min–max) "
                            "under 20 replicates") != std::string::npos,
                 o.out.c_str());
        QVERIFY(test::readAll(csv).startsWith("setup,") &&
                test::readAll(csv).contains(",collapsed_runs,"));

        QCOMPARE(
            test::runHedgesim({"run", "-", "-o", two.toStdString(), "--threads", "2", "--quiet"},
                              knifeEdge("10"))
                .exitCode,
            cli::kExitOk);
        QCOMPARE(test::readAll(one), test::readAll(two));
    }
};

QTEST_GUILESS_MAIN(TestHedgesimReplicates)
#include "tst_hedgesimreplicates.moc"
