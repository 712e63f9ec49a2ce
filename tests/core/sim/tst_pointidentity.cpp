// Point identity (PointIdentity): what the explorer keys its results by. Equal points are
// equal and hash equal; a knob that changes the simulation makes another point; a renamed
// setup is the same point; twins (runsTheSameSimulation) are one point.
#include <hedge/sim/PointIdentity.h>

#include <QTest>

#include <unordered_set>

using namespace hedge;

namespace {

Scenario scenario()
{
    Scenario s;
    s.calls = 20000;
    s.setups = {Setup{.name = "plain",
                      .cancellation = Cancellation::Client,
                      .hedge = std::nullopt,
                      .adaptiveLimit = std::nullopt},
                Setup{.name = "hedged",
                      .cancellation = Cancellation::Client,
                      .hedge = HedgeSettings{},
                      .adaptiveLimit = std::nullopt}};
    return s;
}

PointIdentity idOf(const Scenario& s, std::size_t row, double load = 0.7)
{
    return PointIdentity::of(s, s.setups[row], load, s.calls);
}

void verifySame(const PointIdentity& a, const PointIdentity& b)
{
    QVERIFY(a == b);
    QCOMPARE(a.hash(), b.hash());
}

} // namespace

class TestPointIdentity : public QObject {
    Q_OBJECT

private slots:
    void equalPointsAreEqualAndHashEqual()
    {
        const Scenario s = scenario();
        verifySame(idOf(s, 1), idOf(s, 1));
        verifySame(idOf(s, 0), idOf(scenario(), 0));
        std::unordered_set<PointIdentity, PointIdentity::Hash> set{idOf(s, 0), idOf(s, 1)};
        QCOMPARE(set.size(), std::size_t{2});
        QVERIFY(set.contains(idOf(scenario(), 1)));
    }

    void aRenamedSetupIsTheSamePoint()
    {
        const Scenario s = scenario();
        Scenario renamed = s;
        renamed.setups[1].name = "my hedge";
        verifySame(idOf(s, 1), idOf(renamed, 1));
    }

    void aKnobThatMattersMakesAnotherPoint()
    {
        const Scenario s = scenario();
        const PointIdentity base = idOf(s, 1);
        const auto differs = [&](Scenario changed, const char* what) {
            if (idOf(changed, 1) == base)
                QFAIL(what);
        };
        Scenario c = s;
        c.setups[1].hedge->delayMs = 30.0;
        differs(c, "hedge delay");
        c = s;
        c.setups[1].hedge->budgetMinPerSecond = 2.0;
        differs(c, "budget floor");
        c = s;
        c.setups[1].adaptiveLimit = Gradient2Config{};
        differs(c, "adaptive limit");
        c = s;
        c.setups[1].cancellation = Cancellation::Server;
        differs(c, "cancellation of a hedged setup");
        c = s;
        c.service.workers = 8;
        differs(c, "service workers");
        c = s;
        c.service.slowdowns = Slowdowns{};
        differs(c, "slow periods");
        c = s;
        c.seed = 2;
        differs(c, "seed");
        c = s;
        c.replicates = 3;
        differs(c, "replicates");
        c = s;
        c.warmupFraction = 0.2;
        differs(c, "warm-up");
        QVERIFY(!(idOf(s, 1, 0.8) == base));
        QVERIFY(!(PointIdentity::of(s, s.setups[1], 0.7, 10000) == base));
        QVERIFY(!(idOf(s, 0) == base));
        // What the run of this point never reads: the other setups, the loads list.
        c = s;
        c.setups.push_back(Setup{.name = "other",
                                 .cancellation = Cancellation::Server,
                                 .hedge = std::nullopt,
                                 .adaptiveLimit = std::nullopt});
        c.loads = {0.1};
        verifySame(idOf(c, 1), base);
    }

    // The twins of a sweep: without a second attempt the cancellation reaches nothing.
    void twinsAreOnePoint()
    {
        const Scenario s = scenario();
        Scenario server = s;
        server.setups[0].cancellation = Cancellation::Server;
        server.setups[0].name = "plain / server";
        QVERIFY(runsTheSameSimulation(idOf(s, 0).spec(), idOf(server, 0).spec()));
        verifySame(idOf(s, 0), idOf(server, 0));
        // One attempt only, though the hedge settings are there: still twins.
        Scenario single = s;
        single.setups[1].hedge->maxAttempts = 1;
        Scenario singleServer = single;
        singleServer.setups[1].cancellation = Cancellation::Server;
        verifySame(idOf(single, 1), idOf(singleServer, 1));
    }

    void zeroAndNegativeZeroAreOneLoad()
    {
        const Scenario s = scenario();
        verifySame(idOf(s, 0, 0.0), idOf(s, 0, -0.0));
    }
};

QTEST_GUILESS_MAIN(TestPointIdentity)
#include "tst_pointidentity.moc"
