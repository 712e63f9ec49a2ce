// The balancers' choice rules of docs/topology.md and its placement rule ("Placement"), on
// hand-made states: outstanding counts and allowed sets chosen so that each rule gives one answer.
#include <hedge/topology/Balancer.h>
#include <hedge/sim/RandomStreams.h>
#include <hedge/topology/ReplicaPlacement.h>

#include <QTest>

#include <array>
#include <deque>
#include <map>

using namespace hedge;

namespace {

// Random words given in advance, so that a test knows what the balancer drew.
struct Scripted {
    std::deque<std::uint64_t> words;
    int calls = 0;
    std::uint64_t operator()()
    {
        ++calls;
        const std::uint64_t w = words.front();
        words.pop_front();
        return w;
    }
};

std::uint64_t mask(std::initializer_list<int> replicas)
{
    std::uint64_t m = 0;
    for (int r : replicas)
        m |= Balancer::bit(r);
    return m;
}

} // namespace

class TestBalancer : public QObject {
    Q_OBJECT

private slots:
    void roundRobinCyclesOverEveryAttempt()
    {
        Balancer b(BalancerKind::RoundRobin, 3);
        const int none[3] = {};
        Scripted never;
        QList<int> got;
        for (int i = 0; i < 7; ++i)
            got << b.choose(Balancer::all(3), none, never);
        QCOMPARE(got, (QList<int>{0, 1, 2, 0, 1, 2, 0}));
        QCOMPARE(never.calls, 0);
    }

    void roundRobinSkipsExcludedReplicasAndMovesPastTheChosenOne()
    {
        Balancer b(BalancerKind::RoundRobin, 4);
        const int none[4] = {};
        Scripted never;
        QCOMPARE(b.choose(Balancer::all(4), none, never), 0); // counter 0 → 0, counter 1
        // Replica 1 excluded (it holds this call's first attempt): the next allowed is 2 and
        // the counter moves past 2, not past 1.
        QCOMPARE(b.choose(mask({0, 2, 3}), none, never), 2);
        QCOMPARE(b.counter(), 3);
        QCOMPARE(b.choose(Balancer::all(4), none, never), 3);
        QCOMPARE(b.counter(), 0); // wraps
        // Only replica 1 allowed, counter at 0: the search wraps round to it.
        QCOMPARE(b.choose(mask({1}), none, never), 1);
        QCOMPARE(b.counter(), 2);
        // Counter at 2, allowed {0, 1}: nothing at or after 2, so the cycle wraps to 0.
        QCOMPARE(b.choose(mask({0, 1}), none, never), 0);
        QCOMPARE(b.counter(), 1);
    }

    void roundRobinOverSixtyFourReplicasWraps()
    {
        Balancer b(BalancerKind::RoundRobin, 64);
        const std::array<int, 64> none{};
        Scripted never;
        QCOMPARE(b.choose(mask({63}), none.data(), never), 63);
        QCOMPARE(b.counter(), 0);
        QCOMPARE(b.choose(Balancer::all(64), none.data(), never), 0);
    }

    void randomIsUniformAmongTheAllowed()
    {
        Balancer b(BalancerKind::Random, 5);
        const int none[5] = {};
        // Word w picks the (w mod n)-th allowed replica: allowed {1, 3, 4}, n = 3.
        Scripted words{{0, 1, 2, 5}};
        QCOMPARE(b.choose(mask({1, 3, 4}), none, words), 1);
        QCOMPARE(b.choose(mask({1, 3, 4}), none, words), 3);
        QCOMPARE(b.choose(mask({1, 3, 4}), none, words), 4);
        QCOMPARE(b.choose(mask({1, 3, 4}), none, words), 4);
        // And over many real draws, every allowed replica about equally often, never another.
        SplitMix64 rng(42);
        std::map<int, int> count;
        for (int i = 0; i < 30000; ++i)
            ++count[b.choose(mask({1, 3, 4}), none, rng)];
        QCOMPARE(count.size(), std::size_t(3));
        for (const auto& [replica, n] : count)
            QVERIFY2(std::abs(n - 10000) < 400, qPrintable(QString::number(replica)));
    }

    void leastOutstandingPicksTheFewestAmongTheAllowed()
    {
        Balancer b(BalancerKind::LeastOutstanding, 4);
        const int outstanding[4] = {3, 0, 2, 5};
        Scripted never;
        QCOMPARE(b.choose(Balancer::all(4), outstanding, never), 1);
        // Replica 1 not allowed: the fewest of the rest is 2, without a draw.
        QCOMPARE(b.choose(mask({0, 2, 3}), outstanding, never), 2);
        QCOMPARE(never.calls, 0);
    }

    void leastOutstandingBreaksTiesAtRandom()
    {
        Balancer b(BalancerKind::LeastOutstanding, 5);
        const int outstanding[5] = {1, 4, 1, 1, 7};
        // Tied at 1: replicas 0, 2, 3; word w picks the (w mod 3)-th of them.
        Scripted words{{0, 1, 2, 4}};
        QCOMPARE(b.choose(Balancer::all(5), outstanding, words), 0);
        QCOMPARE(b.choose(Balancer::all(5), outstanding, words), 2);
        QCOMPARE(b.choose(Balancer::all(5), outstanding, words), 3);
        QCOMPARE(b.choose(Balancer::all(5), outstanding, words), 2);
        SplitMix64 rng(7);
        std::map<int, int> count;
        for (int i = 0; i < 30000; ++i)
            ++count[b.choose(Balancer::all(5), outstanding, rng)];
        QCOMPARE(count.size(), std::size_t(3));
        for (const auto& [replica, n] : count)
            QVERIFY2(std::abs(n - 10000) < 400, qPrintable(QString::number(replica)));
    }

    void twoChoicesTakesTheLessLoadedOfTwoDistinctDraws()
    {
        Balancer b(BalancerKind::TwoChoices, 4);
        const int outstanding[4] = {2, 5, 2, 0};
        // First word picks among 4 (1 → replica 1), second among the 3 others {0, 2, 3}
        // (2 → replica 3): 3 has fewer.
        Scripted words{{1, 2}};
        QCOMPARE(b.choose(Balancer::all(4), outstanding, words), 3);
        // A tie (replicas 0 and 2, both 2): the first drawn wins, in either order.
        Scripted tie{{2, 0, 0, 1}};
        QCOMPARE(b.choose(Balancer::all(4), outstanding, tie), 2); // first 2, second 0
        QCOMPARE(b.choose(Balancer::all(4), outstanding, tie), 0); // first 0, second 2
        // The second draw never repeats the first: first 3, then the 0th of {0, 1, 2} = 0.
        Scripted distinct{{3, 0}};
        QCOMPARE(b.choose(Balancer::all(4), outstanding, distinct), 3);
    }

    void twoChoicesWithOneAllowedReplicaTakesIt()
    {
        Balancer b(BalancerKind::TwoChoices, 4);
        const int outstanding[4] = {0, 0, 9, 0};
        Scripted never;
        QCOMPARE(b.choose(mask({2}), outstanding, never), 2);
        QCOMPARE(never.calls, 0);
    }

    void otherReplicaExcludesTheCallsReplicasUntilNoneIsLeft()
    {
        QCOMPARE(allowedReplicas(HedgePlacement::Any, 4, mask({0, 2})), Balancer::all(4));
        QCOMPARE(allowedReplicas(HedgePlacement::OtherReplica, 4, 0), Balancer::all(4));
        QCOMPARE(allowedReplicas(HedgePlacement::OtherReplica, 4, mask({0, 2})), mask({1, 3}));
        QCOMPARE(allowedReplicas(HedgePlacement::OtherReplica, 4, Balancer::all(4)),
                 Balancer::all(4));
        QCOMPARE(allowedReplicas(HedgePlacement::OtherReplica, 64, mask({63})),
                 Balancer::all(64) & ~mask({63}));
    }
};

QTEST_GUILESS_MAIN(TestBalancer)
#include "tst_balancer.moc"
