// hedgesim with replicas (issue 14), run as a user runs it: a bad topology field is exit 2
// with one `FIELD: problem` line and no file; a run over replicas shows the busiest replica's
// utilisation beside the service's, and a one-queue run does not.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "HedgesimProcess.h"

namespace {

using Outcome = hedge::test::ProcessOutcome;

QByteArray scenario(const QByteArray& service)
{
    return R"({"calls": 2000, "loads": [0.5], "service": {)" + service +
           R"(}, "setups": [{"name": "h", "hedge": {"placement": "other_replica"}}]})";
}

} // namespace

class TestHedgesimTopology : public QObject {
    Q_OBJECT

private slots:
    void badTopologyIsExitTwoWithTheField_data()
    {
        QTest::addColumn<QByteArray>("service");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("balancer") << QByteArray(R"("balancer": "fastest")")
                                  << QByteArray("service.balancer: \"fastest\" is not allowed");
        QTest::newRow("replicas 0") << QByteArray(R"("replicas": 0)")
                                    << QByteArray("service.replicas: 0 is out of range");
        QTest::newRow("replicas 65") << QByteArray(R"("replicas": 65)")
                                     << QByteArray("service.replicas: 65 is out of range");
        QTest::newRow("correlation") << QByteArray(R"("hiccup_correlation": 2)")
                                     << QByteArray("service.hiccup_correlation: 2 is out of range");
        QTest::newRow("replicas × workers")
            << QByteArray(R"("replicas": 64, "workers": 200)")
            << QByteArray("service.replicas: 64 replicas × 200 workers = 12800 workers in all");
        QTest::newRow("factor") << QByteArray(R"("slowdowns": {"factor": 0.9})")
                                << QByteArray("service.slowdowns.factor: 0.9 is out of range");
    }

    void badTopologyIsExitTwoWithTheField()
    {
        QFETCH(QByteArray, service);
        QFETCH(QByteArray, message);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Outcome o = hedge::test::runHedgesimProcess(dir.path(), {"run", "-", "-o", "r.json"},
                                                          scenario(service));
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.startsWith(message), o.err.constData());
        QCOMPARE(o.err.count('\n'), 1);
        QCOMPARE(o.out, QByteArray());
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }

    void replicasShowTheBusiestReplica()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Outcome split = hedge::test::runHedgesimProcess(
            dir.path(), {"run", "-", "-o", "r.json"},
            scenario(R"("workers": 4, "replicas": 4, "balancer": "random")"));
        QVERIFY2(split.exitCode == 0, split.err.constData());
        QVERIFY2(split.out.contains("busiest"), split.out.constData());
        QFile results(dir.filePath("r.json"));
        QVERIFY(results.open(QIODevice::ReadOnly));
        const QByteArray json = results.readAll();
        QVERIFY(json.contains("\"replicas\": 4"));
        QVERIFY(json.contains("\"placement\": \"other_replica\""));
        QVERIFY(json.contains("\"replica_utilisation_max\": "));

        const Outcome pooled = hedge::test::runHedgesimProcess(dir.path(), {"run", "-", "-q"},
                                                               scenario(R"("workers": 16)"));
        QCOMPARE(pooled.exitCode, 0);
        const Outcome table =
            hedge::test::runHedgesimProcess(dir.path(), {"run", "-"}, scenario(R"("workers": 16)"));
        QVERIFY(table.out.contains("util"));
        QVERIFY(!table.out.contains("busiest"));
    }
};

QTEST_GUILESS_MAIN(TestHedgesimTopology)
#include "tst_hedgesimtopology.moc"
