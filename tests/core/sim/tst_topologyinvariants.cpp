// The engine's invariants with replicas (issue 14): over random topologies every measured call
// ends once, each replica's outstanding attempts return to 0 (every attempt queued or started
// there ends there), each replica's utilisation ≤ 1, other_replica never reuses a replica while
// another is free of the call; results do not depend on the thread count; and the defaults
// are the one-queue model bit for bit.
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <map>
#include <random>
#include <set>
#include <unordered_map>

using namespace hedge;

namespace {

struct ReplicaChecker : SimulationObserver {
    std::unordered_map<std::int64_t, int> ends;
    std::map<int, int> outstanding;                       // replica → attempts there now
    std::map<std::pair<std::int64_t, int>, int> replicaOf; // (call, attempt) → replica
    std::map<int, double> busySince;                      // worker → when it took its attempt
    bool arrivedTwice = false, wrongReplica = false;

    void onEvent(const TraceEvent& e) override
    {
        const auto key = std::make_pair(e.call, e.attempt);
        switch (e.kind) {
        case TraceEvent::CallEnded: ++ends[e.call]; break;
        case TraceEvent::AttemptQueued:
            arrivedTwice |= !replicaOf.emplace(key, e.replica).second;
            ++outstanding[e.replica];
            break;
        case TraceEvent::ServiceStarted:
            // Straight to a worker: its arrival at the replica. From the queue: already counted.
            if (const auto [it, fresh] = replicaOf.emplace(key, e.replica); fresh)
                ++outstanding[e.replica];
            else
                wrongReplica |= it->second != e.replica;
            break;
        case TraceEvent::ServiceEnded:
        case TraceEvent::ServiceCutShort:
        case TraceEvent::QueuedDropped:
            wrongReplica |= replicaOf.at(key) != e.replica;
            --outstanding[e.replica];
            break;
        default: break;
        }
    }
};

} // namespace

class TestTopologyInvariants : public QObject {
    Q_OBJECT

private slots:
    void randomTopologies()
    {
        std::mt19937_64 rng(14);
        auto uni = [&](double lo, double hi) {
            return std::uniform_real_distribution<double>(lo, hi)(rng);
        };
        auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
        for (int run = 0; run < 120; ++run) {
            PointSpec spec;
            spec.seed = rng();
            spec.calls = pick(1000, 3000);
            spec.load = uni(0.05, 1.2);
            ServiceConfig& sc = spec.service;
            sc.replicas = pick(0, 3) == 0 ? pick(33, 64) : pick(1, 8);
            sc.workers = pick(1, 6);
            sc.balancer = static_cast<BalancerKind>(pick(0, 3));
            sc.hiccupCorrelation = pick(0, 1) ? uni(0, 1) : 0.0;
            sc.errorProbability = pick(0, 2) == 0 ? uni(0, 0.3) : 0.0;
            if (pick(0, 1))
                sc.slowdowns = Slowdowns{uni(0, 30), uni(0, 2000), uni(1, 20)};
            spec.setup.name = "random";
            spec.setup.cancellation = pick(0, 1) ? Cancellation::Server : Cancellation::Client;
            if (pick(0, 4) > 0)
                spec.setup.hedge = HedgeSettings{
                    .delayMs = uni(0, 60),
                    .maxAttempts = pick(2, 6),
                    .budgetPercent = pick(0, 1) ? uni(0, 50) : 0.0,
                    .placement = pick(0, 1) ? HedgePlacement::OtherReplica : HedgePlacement::Any};
            if (pick(0, 3) == 0)
                spec.setup.adaptiveLimit = Gradient2Config{};
            const std::string what = "run " + std::to_string(run) + ", " +
                                     std::to_string(sc.replicas) + " replicas of " +
                                     std::to_string(sc.workers) + ", " + toString(sc.balancer);

            spec.stopCollapsedEarly = false; // every call of the run ends (tst_earlystop: the stop)
            ReplicaChecker check;
            const PointResult r = simulatePoint(spec, {}, {}, &check);
            if (r.stoppedBySafetyCap)
                continue; // an overload run stopped with calls in flight: nothing to balance
            QVERIFY2(std::int64_t(check.ends.size()) == spec.calls, what.c_str());
            for (const auto& [call, count] : check.ends)
                QVERIFY2(count == 1, what.c_str());
            QVERIFY2(!check.arrivedTwice && !check.wrongReplica, what.c_str());
            for (const auto& [replica, count] : check.outstanding) {
                QVERIFY2(replica >= 0 && replica < sc.replicas, what.c_str());
                QVERIFY2(count == 0, what.c_str());
            }
            if (sc.replicas > 1)
                QVERIFY2(r.utilisation <= r.replicaUtilisationMax + 1e-9, what.c_str());
            QVERIFY2(r.replicaUtilisationMax <= 1.0 + 1e-9, what.c_str());
            QVERIFY2(r.limiterInflightAtEnd == 0, what.c_str());
            QVERIFY2(r.replicaOutstandingAtEnd == 0, what.c_str()); // the balancer's own counts

            // other_replica: attempt k of a call goes to a replica none of its attempts
            // 0 … k−1 used, while one is left.
            if (spec.setup.hedge && spec.setup.hedge->placement == HedgePlacement::OtherReplica) {
                std::map<std::int64_t, std::vector<int>> byCall;
                for (const auto& [key, replica] : check.replicaOf)
                    byCall[key.first].push_back(replica); // attempts in order
                for (const auto& [call, replicas] : byCall) {
                    std::set<int> used;
                    for (int replica : replicas) {
                        if (int(used.size()) < sc.replicas)
                            QVERIFY2(!used.count(replica), what.c_str());
                        used.insert(replica);
                    }
                }
            }
        }
    }

    void defaultsAreTheOneQueueModelBitForBit()
    {
        // Round robin over one replica, ρ = 0 written out, placement other_replica with one
        // replica (no other to go to): the same numbers as the plain service.
        Scenario plain;
        plain.calls = 4000;
        plain.loads = {0.5, 0.9};
        Scenario spelled = plain;
        spelled.service.balancer = BalancerKind::TwoChoices;
        for (Setup& s : spelled.setups)
            if (s.hedge)
                s.hedge->placement = HedgePlacement::OtherReplica;
        const auto a = LoadSweep(plain, 2).run().points;
        const auto b = LoadSweep(spelled, 2).run().points;
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i)
            QVERIFY(a[i] == b[i]);
    }

    void identicalWhateverTheThreadCount()
    {
        Scenario s;
        s.calls = 3000;
        s.loads = {0.4, 0.8};
        s.service.replicas = 4;
        s.service.workers = 4;
        s.service.balancer = BalancerKind::TwoChoices;
        s.service.hiccupCorrelation = 0.5;
        s.service.slowdowns = Slowdowns{.perMinute = 30, .durationMs = 500, .factor = 8};
        for (Setup& setup : s.setups)
            if (setup.hedge)
                setup.hedge->placement = HedgePlacement::OtherReplica;
        const auto one = LoadSweep(s, 1).run().points;
        const auto three = LoadSweep(s, 3).run().points;
        QCOMPARE(one.size(), s.setups.size() * 2);
        QVERIFY(one == three);
        // Not vacuous: the topology changed the numbers.
        Scenario pooled = s;
        pooled.service = ServiceConfig{};
        QVERIFY(LoadSweep(pooled, 2).run().points != one);
    }
};

QTEST_GUILESS_MAIN(TestTopologyInvariants)
#include "tst_topologyinvariants.moc"
