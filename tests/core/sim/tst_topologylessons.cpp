// The lessons of docs/topology.md, "Presets" on the engine. Reference service (median 10 ms, σ
// 0.25, 2 % hiccups of 100–300 ms), 16 workers in all, hedge delay 20 ms, default budget, client
// cancellation. Thresholds come from the model, with room for the sampling noise of a short run (a
// p99 over ~40 000 calls rests on ~400 of them):
// * pooled, a hedge almost always finds a free worker: p99 ≈ delay + a service ≈ 30–35 ms;
// * four queues of four: a hedge often lands behind a hiccup in a busy queue (an M/M/4 at
//   50 % waits ~13 % of the time, an M/M/16 under 1 %): the p99 rises by half or more;
// * ρ = 1: a call whose first attempt hiccups gets a hiccuping hedge, so the 2 % of hiccup
//   calls still end in the hiccup range (≥ 100 ms) and the p99 sits there;
// * slowdowns: a replica slow 5 % of the time at factor 10 is overloaded (3× its capacity),
//   its queue grows for the whole second; a hedge elsewhere ends in ~delay + 10 ms, one sent
//   back to the slow replica (a quarter of them with `any` and random) waits as long. These
//   runs hedge without a budget: each slow period asks ~150 hedges within a second and a
//   half, bursts that a 10 % budget over 10 s refuses once two periods meet in one window
//   (then both placements leave over 1 % of the calls unrescued).
#include <hedge/sim/Simulation.h>

#include <QTest>

using namespace hedge;

namespace {

ServiceConfig split(int replicas, BalancerKind balancer)
{
    ServiceConfig s;
    s.replicas = replicas;
    s.workers = 16 / replicas;
    s.balancer = balancer;
    return s;
}

PointResult run(const ServiceConfig& service, double load, bool hedge,
                HedgePlacement placement = HedgePlacement::Any, std::int64_t calls = 60000,
                double budgetPercent = 10.0)
{
    PointSpec spec;
    spec.service = service;
    spec.load = load;
    spec.calls = calls;
    spec.seed = 14;
    spec.setup.name = hedge ? "hedge" : "no hedge";
    if (hedge)
        spec.setup.hedge = HedgeSettings{.budgetPercent = budgetPercent, .placement = placement};
    const PointResult r = simulatePoint(spec);
    qInfo("replicas %d balancer %s rho %.1f load %.2f %s %s: p99 %.1f ms, req/call %.3f, "
          "util %.3f (busiest replica %.3f)",
          service.replicas, toString(service.balancer), service.hiccupCorrelation, load,
          hedge ? "hedge" : "no hedge", toString(placement), r.p99Ms.value_or(-1),
          r.requestsPerCall, r.utilisation, r.replicaUtilisationMax);
    return r;
}

} // namespace

class TestTopologyLessons : public QObject {
    Q_OBJECT

private slots:
    void splitQueuesLosePartOfHedgingsBenefit()
    {
        const double load = 0.5;
        const double pooled = *run(ServiceConfig{}, load, true).p99Ms;
        QVERIFY2(pooled < 40.0, "pooled: a hedge finds a free worker, p99 ≈ delay + a service");
        for (BalancerKind b : {BalancerKind::RoundRobin, BalancerKind::Random}) {
            const double any = *run(split(4, b), load, true).p99Ms;
            QVERIFY2(any > 1.4 * pooled, toString(b));
            // other_replica recovers part of it: the hedge never joins its own first
            // attempt's (busy) queue.
            const double other = *run(split(4, b), load, true, HedgePlacement::OtherReplica).p99Ms;
            QVERIFY2(other < any, toString(b));
        }
        // Without hedging, at low load, the tails are alike: the hiccups make them.
        const double pooledNoHedge = *run(ServiceConfig{}, 0.3, false).p99Ms;
        const double splitNoHedge = *run(split(4, BalancerKind::Random), 0.3, false).p99Ms;
        QVERIFY(std::abs(splitNoHedge - pooledNoHedge) < 0.15 * pooledNoHedge);
    }

    void leastOutstandingBehavesLikeThePooledQueue()
    {
        const double load = 0.5;
        const double pooled = *run(ServiceConfig{}, load, true).p99Ms;
        for (BalancerKind b : {BalancerKind::LeastOutstanding, BalancerKind::TwoChoices}) {
            const double p99 = *run(split(4, b), load, true).p99Ms;
            QVERIFY2(p99 < 1.25 * pooled, toString(b));
        }
    }

    void correlatedHiccupsRemoveTheTailCut()
    {
        ServiceConfig shared;
        shared.hiccupCorrelation = 1.0;
        const PointResult independent = run(ServiceConfig{}, 0.3, true);
        const PointResult correlated = run(shared, 0.3, true);
        QVERIFY(*independent.p99Ms < 40.0);
        QVERIFY2(*correlated.p99Ms >= 100.0, "the p99 stays in the hiccup range");
        // It costs the same extra requests (the first attempts are the same calls' draws,
        // hedged after the same delay) and more utilisation (hedges that hiccup too).
        QVERIFY(std::abs(correlated.requestsPerCall - independent.requestsPerCall) < 0.01);
        QVERIFY(correlated.utilisation > independent.utilisation);
    }

    void placementIsTheWholeDifferenceUnderSlowdowns()
    {
        ServiceConfig slow = split(4, BalancerKind::Random);
        slow.hiccupProbability = 0.0;
        slow.slowdowns = Slowdowns{.perMinute = 3.0, .durationMs = 1000.0, .factor = 10.0};
        // 150 000 calls at 30 % load: about 5 simulated minutes, ~60 slow periods in all.
        const std::int64_t calls = 150000;
        const double none = *run(slow, 0.3, false, HedgePlacement::Any, calls).p99Ms;
        const double any = *run(slow, 0.3, true, HedgePlacement::Any, calls, 0.0).p99Ms;
        const double other =
            *run(slow, 0.3, true, HedgePlacement::OtherReplica, calls, 0.0).p99Ms;
        QVERIFY2(none > 200.0, "a slow period's queue");
        QVERIFY2(other * 10.0 < none, "other_replica: an order of magnitude");
        QVERIFY2(any * 3.0 > none, "any: a quarter of the slow calls' hedges land there again");
        QVERIFY(other < 60.0);
    }
};

QTEST_GUILESS_MAIN(TestTopologyLessons)
#include "tst_topologylessons.moc"
