// Each replica's backlog in the timeline results files (docs/timeline.md): the JSON bucket's
// `replica_backlog_ms` array and the CSV's `replica_R_backlog_ms` columns hold the engine's
// figures exactly; a one-replica timeline's files have neither (they are what they were).
#include <hedge/io/TimelineResultsFile.h>
#include <hedge/sim/TimelineWorld.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace hedge;

namespace {

Scenario timelineOf(int replicas)
{
    Scenario s;
    s.service.replicas = replicas;
    s.service.workers = 4;
    s.service.balancer = BalancerKind::Random;
    Setup plain;
    plain.name = "no hedge";
    s.setups = {plain};
    Timeline t;
    t.durationS = 5.0;
    t.loadSteps = {LoadStep{0.0, 0.8}};
    s.timeline = t;
    return s;
}

} // namespace

class TestReplicaBacklogFiles : public QObject {
    Q_OBJECT

private slots:
    void jsonAndCsvCarryEachReplicasBacklog()
    {
        const Scenario s = timelineOf(3);
        const TimelineOutcome out = runTimeline(s, 1);
        const std::vector<TimelineBucket>& buckets = out.worlds.at(0).buckets;
        QCOMPARE(buckets.size(), std::size_t(5));

        const QJsonArray json = QJsonDocument::fromJson(QByteArray::fromStdString(
                                                            writeTimelineResultsJson(s, out.worlds)))
                                    .object()["worlds"]
                                    .toArray()[0]
                                    .toObject()["buckets"]
                                    .toArray();
        QCOMPARE(json.size(), 5);
        bool anyQueued = false;
        for (int k = 0; k < json.size(); ++k) {
            const QJsonArray replicas = json[k].toObject()["replica_backlog_ms"].toArray();
            QCOMPARE(replicas.size(), 3);
            for (int r = 0; r < 3; ++r) {
                QCOMPARE(replicas[r].toDouble(), buckets[std::size_t(k)].replicaBacklogMs[std::size_t(r)]);
                anyQueued = anyQueued || replicas[r].toDouble() > 0.0;
            }
        }
        QVERIFY(anyQueued); // 80 % load on replicas of 4: the figures are not all zero

        const QStringList lines =
            QString::fromStdString(writeTimelineResultsCsv(out.worlds)).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 5);
        const QStringList header = lines[0].split(',');
        QCOMPARE(header.mid(header.size() - 3),
                 QStringList({"replica_1_backlog_ms", "replica_2_backlog_ms", "replica_3_backlog_ms"}));
        QCOMPARE(header.mid(0, int(timelineCsvColumns().size())).size(), int(timelineCsvColumns().size()));
        for (int k = 0; k < 5; ++k) {
            const QStringList cells = lines[k + 1].split(',');
            QCOMPARE(cells.size(), header.size());
            for (int r = 0; r < 3; ++r)
                QCOMPARE(cells[cells.size() - 3 + r].toDouble(),
                         buckets[std::size_t(k)].replicaBacklogMs[std::size_t(r)]);
        }
    }

    void oneReplicaWritesNoReplicaFields()
    {
        const Scenario s = timelineOf(1);
        const TimelineOutcome out = runTimeline(s, 1);
        QVERIFY(writeTimelineResultsJson(s, out.worlds).find("replica_backlog_ms") == std::string::npos);
        const std::string csv = writeTimelineResultsCsv(out.worlds);
        QVERIFY(csv.find("replica_") == std::string::npos);
        std::string header;
        for (const std::string& column : timelineCsvColumns())
            header += (header.empty() ? "" : ",") + column;
        QCOMPARE(csv.substr(0, csv.find('\n')), header);
    }
};

QTEST_GUILESS_MAIN(TestReplicaBacklogFiles)
#include "tst_replicabacklogfiles.moc"
