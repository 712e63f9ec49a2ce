// Timelines with the topology of issue 14: a timeline's world is the sweep's SimulationCore,
// so replicas, balancers, slow periods and hiccup correlation hold in time too, a change of
// the workers reaches every replica, and the buckets do not depend on the thread count.
#include "TimelineTestSupport.h"

#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/TimelineWorld.h>

#include <QTest>

#include <algorithm>
#include <limits>

using namespace hedge;
using hedge::test::median;
using hedge::test::medianP99;
using hedge::test::timelineOf;
using hedge::test::window;

namespace {

Setup setupOf(bool hedge)
{
    Setup s;
    s.name = hedge ? "hedge" : "no hedge";
    if (hedge)
        s.hedge = HedgeSettings{.delayMs = 20.0, .budgetPercent = 0.0};
    return s;
}

ServiceConfig fourReplicasOfFour()
{
    ServiceConfig s;
    s.replicas = 4;
    s.workers = 4;
    s.balancer = BalancerKind::Random;
    return s;
}

} // namespace

class TestTopologyTimeline : public QObject {
    Q_OBJECT
private slots:
    // Workers added by a change serve at once: 120 % of the first 16 workers' capacity is 60 %
    // of 32, a load the service drains; had the new workers stayed idle the queue would grow
    // by ~0.2 × 16 / 10 ms ≈ 300 attempts a second.
    void addedWorkersServeInEveryReplica_data()
    {
        QTest::addColumn<int>("replicas");
        QTest::newRow("one queue") << 1;
        QTest::newRow("four replicas") << 4;
    }
    void addedWorkersServeInEveryReplica()
    {
        QFETCH(int, replicas);
        Scenario s = timelineOf({setupOf(false)}, {{0.0, 0.5}, {10.0, 1.2}}, 30.0);
        s.service.replicas = replicas;
        s.service.workers = 16 / replicas;
        s.timeline->changes = {{10.0, "", {{"service.workers", double(32 / replicas)}}}};
        validateScenario(s);
        const WorldResult w = runTimeline(s, 1).worlds.front();
        QCOMPARE(w.buckets.size(), std::size_t(30));
        const TimelineBucket& last = w.buckets.back();
        QVERIFY2(last.queueLength < 100, QByteArray::number(qlonglong(last.queueLength)));
        QVERIFY(!last.collapsed);
        const double busy = median(window(w, 15.0, 30.0), [](const TimelineBucket& b) {
            return std::optional(b.busyFraction);
        });
        QVERIFY2(busy > 0.5 && busy < 0.7, QByteArray::number(busy)); // 1.2 × 16 / 32
    }

    void slowPeriodsAndPlacementHoldInTime()
    {
        Setup any = setupOf(true);
        Setup other = any;
        other.name = "hedge, other replica";
        other.hedge->placement = HedgePlacement::OtherReplica;
        Scenario s = timelineOf({setupOf(false), any, other}, {{0.0, 0.3}}, 60.0);
        s.service = fourReplicasOfFour();
        s.service.hiccupProbability = 0.0;
        s.service.slowdowns = Slowdowns{.perMinute = 3.0, .durationMs = 1000.0, .factor = 10.0};
        validateScenario(s);
        const TimelineOutcome one = runTimeline(s, 1);
        QCOMPARE(runTimeline(s, 3).worlds, one.worlds);
        // A bucket's p99 rests on ~470 calls: the buckets with a slow period show it (a
        // replica 3× overloaded for a second), and only the other-replica hedge rescues them.
        const auto worst = [](const WorldResult& w) {
            double m = 0.0;
            for (const TimelineBucket& b : w.buckets)
                m = std::max(m, b.p99Ms.value_or(0.0));
            return m;
        };
        QVERIFY2(worst(one.worlds[0]) > 200.0, QByteArray::number(worst(one.worlds[0])));
        QVERIFY2(worst(one.worlds[2]) < 0.5 * worst(one.worlds[1]),
                 QByteArray::number(worst(one.worlds[2])) + " vs " +
                     QByteArray::number(worst(one.worlds[1])));
    }

    // A change of hiccup_correlation to 1 takes the tail cut away from then on: a hedge of a
    // hiccuping call hiccups too, so the 2 % of slow calls stay in the hiccup range (≥ 100 ms).
    void correlationChangeTakesTheTailCutAway()
    {
        Scenario s = timelineOf({setupOf(true)}, {{0.0, 0.3}}, 40.0);
        s.timeline->changes = {{20.0, "", {{"service.hiccup_correlation", 1.0}}}};
        validateScenario(s);
        const WorldResult w = runTimeline(s, 1).worlds.front();
        const double before = medianP99(w, 2.0, 20.0);
        const double after = medianP99(w, 22.0, 40.0);
        QVERIFY2(before < 45.0, QByteArray::number(before));
        QVERIFY2(after >= 100.0, QByteArray::number(after));
    }

    void aWorkersChangePastTheCapIsRefused()
    {
        Scenario s = timelineOf({setupOf(false)}, {{0.0, 0.3}}, 10.0);
        s.service = fourReplicasOfFour();
        s.timeline->changes = {{5.0, "", {{"service.workers", 2501.0}}}};
        try {
            validateScenario(s);
            QFAIL("4 replicas × 2501 workers was accepted");
        } catch (const ScenarioError& e) {
            QVERIFY2(std::string(e.what()).find("replicas") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestTopologyTimeline)
#include "tst_topologytimeline.moc"
