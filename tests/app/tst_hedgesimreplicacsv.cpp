// hedgesim's CSV with replicas (docs/topology.md, docs/scenario.md): a run over replicas has
// the busiest replica's utilisation in a replica_utilisation_max column, between utilisation
// and collapsed, with the JSON's figures; a one-queue run's CSV has no such column; merging
// shards of a replicas run keeps the column and the table's busiest column.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "HedgesimProcess.h"
#include "TestFiles.h"

namespace {

using Outcome = hedge::test::ProcessOutcome;

QByteArray scenario(const QByteArray& service)
{
    return R"({"calls": 2000, "loads": [0.3, 0.6], "service": {)" + service +
           R"(}, "setups": [{"name": "plain"}, {"name": "h", "hedge": {"placement": "other_replica"}}]})";
}

QList<QByteArrayList> csvRows(const QByteArray& csv)
{
    QList<QByteArrayList> rows;
    for (const QByteArray& line : csv.split('\n'))
        if (!line.isEmpty())
            rows << line.split(',');
    return rows;
}

} // namespace

class TestHedgesimReplicaCsv : public QObject {
    Q_OBJECT

private slots:
    void theCsvHasTheBusiestReplicaWithReplicas()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Outcome o = hedge::test::runHedgesimProcess(
            dir.path(), {"run", "-", "-q", "-o", "r.json", "--csv", "r.csv"},
            scenario(R"("workers": 4, "replicas": 4, "balancer": "random")"));
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const QList<QByteArrayList> rows = csvRows(hedge::test::readAll(dir.filePath("r.csv")));
        QCOMPARE(rows.size(), 1 + 4);
        const QByteArrayList& header = rows[0];
        const qsizetype column = header.indexOf("replica_utilisation_max");
        QVERIFY2(column > 0, header.join(',').constData());
        QCOMPARE(header[column - 1], QByteArray("utilisation"));
        QCOMPARE(header[column + 1], QByteArray("collapsed"));
        const QJsonArray points =
            QJsonDocument::fromJson(hedge::test::readAll(dir.filePath("r.json")))
                .object()["points"]
                .toArray();
        QCOMPARE(points.size(), 4);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(rows[i + 1].size(), header.size());
            const double busiest = rows[i + 1][column].toDouble();
            QCOMPARE(busiest, points[i].toObject()["replica_utilisation_max"].toDouble());
            // The busiest replica is at least as busy as the service on average.
            QVERIFY(busiest >= rows[i + 1][column - 1].toDouble());
        }
    }

    void aOneQueueCsvHasNoReplicaColumn()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Outcome o = hedge::test::runHedgesimProcess(
            dir.path(), {"run", "-", "-q", "--csv", "r.csv"}, scenario(R"("workers": 16)"));
        QVERIFY2(o.exitCode == 0, o.err.constData());
        const QByteArray csv = hedge::test::readAll(dir.filePath("r.csv"));
        QVERIFY(!csv.isEmpty());
        QVERIFY(!csv.contains("replica_utilisation_max"));
        QVERIFY(csv.startsWith("setup,cancellation,load,"));
        QVERIFY(csv.split('\n')[0].endsWith(",utilisation,collapsed"));
    }

    void mergedShardsKeepTheBusiestReplica()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray s = scenario(R"("workers": 4, "replicas": 4)");
        for (const char* shard : {"1/2", "2/2"}) {
            const Outcome part = hedge::test::runHedgesimProcess(
                dir.path(),
                {"run", "-", "-q", "--shard", shard, "-o",
                 QStringLiteral("part%1.json").arg(QChar(shard[0]))},
                s);
            QVERIFY2(part.exitCode == 0, part.err.constData());
        }
        const Outcome merged = hedge::test::runHedgesimProcess(
            dir.path(), {"merge", "part1.json", "part2.json", "--csv", "all.csv"});
        QVERIFY2(merged.exitCode == 0, merged.err.constData());
        QVERIFY2(merged.out.contains("busiest"), merged.out.constData());
        QVERIFY(hedge::test::readAll(dir.filePath("all.csv"))
                    .split('\n')[0]
                    .contains(",utilisation,replica_utilisation_max,collapsed"));
    }
};

QTEST_GUILESS_MAIN(TestHedgesimReplicaCsv)
#include "tst_hedgesimreplicacsv.moc"
