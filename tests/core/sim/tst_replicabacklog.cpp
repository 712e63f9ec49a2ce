// Each replica's backlog in a timeline's buckets (docs/topology.md, "In the explorer", the live
// view's queue strip): the replicas' backlogs add up to the service's, whatever the cancellation
// (the server-cancelled losers that left a queue count nowhere), one replica reports none (its
// buckets are what they always were), and a replica in a slow period is the one whose queue piles
// up.
#include <hedge/io/Presets.h>
#include <hedge/sim/TimelineWorld.h>
#include <hedge/topology/SlowdownSchedule.h>

#include <QTest>

#include <cmath>
#include <numeric>

using namespace hedge;

namespace {

Setup setupOf(const char* name, Cancellation cancellation, bool hedge,
              HedgePlacement placement = HedgePlacement::Any)
{
    Setup s;
    s.name = name;
    s.cancellation = cancellation;
    if (hedge)
        s.hedge = HedgeSettings{.delayMs = 20.0, .budgetPercent = 0.0, .placement = placement};
    return s;
}

Scenario timelineOf(ServiceConfig service, std::vector<Setup> setups, double load, double durationS)
{
    Scenario s;
    s.seed = 7;
    s.service = service;
    s.setups = std::move(setups);
    Timeline t;
    t.durationS = durationS;
    t.loadSteps = {LoadStep{0.0, load}};
    s.timeline = t;
    return s;
}

ServiceConfig slowReplicas()
{
    ServiceConfig s;
    s.replicas = 4;
    s.workers = 4;
    s.balancer = BalancerKind::Random;
    s.hiccupProbability = 0.0;
    s.slowdowns = Slowdowns{.perMinute = 3.0, .durationMs = 1000.0, .factor = 10.0};
    return s;
}

// Replica r's slow periods sampled every `stepMs` over the timeline: the same periods the
// world's replica has, from the same stream (a schedule is drawn the same whoever asks).
std::vector<bool> slowSamples(const Scenario& s, int replica, double stepMs)
{
    const RandomStreams random(s.seed, kTimelineRandomKey, 0);
    SlowdownSchedule schedule(*s.service.slowdowns,
                              random.topologyStream(RandomStreams::kSlowdown, std::uint64_t(replica), 0));
    std::vector<bool> slow;
    for (double t = 0.0; t <= s.timeline->durationS * 1000.0; t += stepMs)
        slow.push_back(schedule.slowAt(t));
    return slow;
}

} // namespace

class TestReplicaBacklog : public QObject {
    Q_OBJECT

private slots:
    void theReplicasBacklogsMakeTheServicesBacklog_data()
    {
        QTest::addColumn<int>("cancellation");
        QTest::addColumn<int>("balancer");
        QTest::newRow("client, random") << int(Cancellation::Client) << int(BalancerKind::Random);
        QTest::newRow("server, random") << int(Cancellation::Server) << int(BalancerKind::Random);
        QTest::newRow("server, least outstanding")
            << int(Cancellation::Server) << int(BalancerKind::LeastOutstanding);
    }

    void theReplicasBacklogsMakeTheServicesBacklog()
    {
        QFETCH(int, cancellation);
        QFETCH(int, balancer);
        ServiceConfig service = slowReplicas();
        service.balancer = BalancerKind(balancer);
        service.hiccupProbability = 0.02; // losers of every kind: hiccups and slow periods
        const auto c = Cancellation(cancellation);
        const Scenario s = timelineOf(service,
                                      {setupOf("no hedge", c, false), setupOf("hedge", c, true),
                                       setupOf("other", c, true, HedgePlacement::OtherReplica)},
                                      0.6, 60.0);
        const TimelineOutcome out = runTimeline(s, 1);
        int queued = 0;
        for (const WorldResult& w : out.worlds) {
            QCOMPARE(w.buckets.size(), std::size_t(60));
            for (const TimelineBucket& b : w.buckets) {
                QCOMPARE(b.replicaBacklogMs.size(), std::size_t(4));
                for (double ms : b.replicaBacklogMs)
                    QVERIFY(ms >= 0.0);
                // Equal replicas: the service's backlog (all queued work over all workers)
                // is the mean of theirs.
                const double sum = std::accumulate(b.replicaBacklogMs.begin(), b.replicaBacklogMs.end(), 0.0);
                QVERIFY2(std::abs(sum / 4.0 - b.backlogMs) <= 1e-9 * std::max(1.0, b.backlogMs),
                         qPrintable(QStringLiteral("%1 at %2 s: replicas %3 / 4 vs %4")
                                        .arg(QString::fromStdString(w.setup))
                                        .arg(b.tS)
                                        .arg(sum)
                                        .arg(b.backlogMs)));
                queued += b.queueLength > 0;
            }
        }
        QVERIFY(queued > 10); // the sums were not all of empty queues
    }

    void oneReplicaReportsNoneOfItsOwn()
    {
        ServiceConfig service;
        const Scenario s = timelineOf(service, {setupOf("hedge", Cancellation::Client, true)}, 0.7, 20.0);
        const TimelineOutcome out = runTimeline(s, 1);
        QCOMPARE(out.worlds.at(0).buckets.size(), std::size_t(20));
        for (const TimelineBucket& b : out.worlds.at(0).buckets)
            QVERIFY(b.replicaBacklogMs.empty());
    }

    // A replica slow for the last half second, the others not slow for two seconds: its queue
    // is the longest. Reasoned: 30 % of 16 workers' worth of calls is ~116 calls a second per
    // replica; slowed tenfold a replica serves ~37 a second, so in half a second ~40 calls
    // pile up there, ~100 ms of work over its 4 workers, where the others' stay near empty.
    void theSlowReplicasQueuePilesUp()
    {
        const Scenario s =
            timelineOf(slowReplicas(), {setupOf("no hedge", Cancellation::Client, false)}, 0.3, 120.0);
        const TimelineOutcome out = runTimeline(s, 1);
        constexpr double kStepMs = 10.0;
        std::vector<std::vector<bool>> slow;
        for (int r = 0; r < 4; ++r)
            slow.push_back(slowSamples(s, r, kStepMs));
        const auto slowDuring = [&](int r, double fromMs, double toMs) {
            for (double t = std::max(0.0, fromMs); t <= toMs; t += kStepMs)
                if (slow[std::size_t(r)][std::size_t(std::lround(t / kStepMs))])
                    return true;
            return false;
        };
        const auto slowThroughout = [&](int r, double fromMs, double toMs) {
            for (double t = std::max(0.0, fromMs); t <= toMs; t += kStepMs)
                if (!slow[std::size_t(r)][std::size_t(std::lround(t / kStepMs))])
                    return false;
            return true;
        };
        int checked = 0;
        for (const TimelineBucket& b : out.worlds.at(0).buckets) {
            const double end = b.tS * 1000.0;
            for (int r = 0; r < 4; ++r) {
                if (!slowThroughout(r, end - 500.0, end - kStepMs))
                    continue;
                bool othersQuiet = true;
                for (int o = 0; o < 4; ++o)
                    othersQuiet = othersQuiet && (o == r || !slowDuring(o, end - 2000.0, end));
                if (!othersQuiet)
                    continue;
                ++checked;
                const double mine = b.replicaBacklogMs[std::size_t(r)];
                QVERIFY2(mine > 50.0, qPrintable(QStringLiteral("replica %1 at %2 s: %3 ms")
                                                     .arg(r).arg(b.tS).arg(mine)));
                for (int o = 0; o < 4; ++o)
                    if (o != r)
                        QVERIFY2(b.replicaBacklogMs[std::size_t(o)] < mine,
                                 qPrintable(QStringLiteral("at %1 s: replica %2 %3 ms, slow %4 %5 ms")
                                                .arg(b.tS)
                                                .arg(o)
                                                .arg(b.replicaBacklogMs[std::size_t(o)])
                                                .arg(r)
                                                .arg(mine)));
            }
        }
        // About 24 slow periods in 120 s over four replicas; most end a bucket alone.
        QVERIFY2(checked >= 5, qPrintable(QString::number(checked)));
    }
};

QTEST_GUILESS_MAIN(TestReplicaBacklog)
#include "tst_replicabacklog.moc"
