// Properties users rely on, of the two percentile families (docs/policies.md, "Finagle" and
// "tower"), checked through the real simulation rather than the policy objects' own tests.
#include <hedge/sim/Simulation.h>

#include <QTest>

using namespace hedge;

class TestPercentileFamilies : public QObject {
    Q_OBJECT

private slots:
    void finagleHedgesAboutMaxExtraLoadOfCalls();
    void finaglesBudgetCapsTheWarmUpBurst();
    void towerWithTooFewPointsPerPeriodNeverHedges();
    void twoFamiliesWithoutAHedgeAreNotTwins();
};

namespace {
// A service whose latencies spread over many milliseconds (median 100 ms), without hiccups or
// errors: one millisecond of the percentile holds about 0.3 % of the calls.
ServiceConfig smoothService()
{
    return ServiceConfig{.workers = 16, .medianMs = 100.0, .sigma = 0.25, .hiccupProbability = 0.0};
}

Setup familySetup(PolicyFamily family)
{
    Setup s;
    s.name = toString(family);
    s.policy = family;
    s.cancellation = Cancellation::Server;
    return s;
}
} // namespace

void TestPercentileFamilies::finagleHedgesAboutMaxExtraLoadOfCalls()
{
    // max_extra_load 0.05: the delay is the 95th percentile of what was recorded. Each call
    // records one latency, and a hedged call one more — the attempt interrupted when the other
    // won, recorded at that moment, after the delay — so in steady state the share of values
    // above the delay, h / (1 + h), is 0.05: h = 0.05 / 0.95 = 0.0526 backups per call. Latencies
    // are whole milliseconds, so the calls within the delay's own millisecond hedge too: up to
    // about 0.3 % more with this service. The 90 000 measured calls (after the first 10 000,
    // which cover the 12 s before the window first holds a bucket) put the sampling error near
    // 0.001: the band is 0.045 … 0.062, while another quantile (0.9, 0.99) is far outside it.
    Setup setup = familySetup(PolicyFamily::Finagle);
    setup.families.finagle.maxExtraLoad = 0.05;
    const PointResult r = simulatePoint(
        PointSpec{.service = smoothService(), .setup = setup, .load = 0.5, .calls = 100000});
    QVERIFY2(r.hedgedFraction > 0.045 && r.hedgedFraction < 0.062,
             qPrintable(QString::number(r.hedgedFraction)));
    QCOMPARE(r.requestsPerCall, 1.0 + r.hedgedFraction); // one backup at most
    QCOMPARE(r.failedFraction, 0.0);
}

void TestPercentileFamilies::finaglesBudgetCapsTheWarmUpBurst()
{
    // From 3 s until the first 10 s bucket has ended (12 s) the window is empty, the delay is
    // min_send_backup_after_ms (1 ms) and every call asks for a backup: a burst. The filter's
    // budget holds 10/s × 10 s = 100 backups and earns 0.05 per call (the client's 20 % and 100
    // would allow more), so the 700 calls of the first 9 s get at most 100 + 0.05 × 700 = 135
    // backups, where about 480 calls start after 3 s and would each send one.
    Setup setup = familySetup(PolicyFamily::Finagle);
    setup.families.finagle.maxExtraLoad = 0.05;
    const PointResult r = simulatePoint(PointSpec{.service = smoothService(),
                                                  .setup = setup,
                                                  .load = 0.5,
                                                  .calls = 700,
                                                  .warmupFraction = 0.0});
    QVERIFY(r.measuredWindowMs < 10000.0); // nothing the budget was given has expired
    const double backups = r.hedgedFraction * double(r.measuredCalls);
    QVERIFY2(backups <= 100.0 + 0.05 * 700.0 + 0.5, qPrintable(QString::number(backups)));
    QVERIFY2(backups >= 100.0, qPrintable(QString::number(backups))); // the burst was there
}

void TestPercentileFamilies::towerWithTooFewPointsPerPeriodNeverHedges()
{
    // About 78 calls a second at this load: a period of 1 s never holds 1000 latencies, so no
    // call ever has the points to hedge. With 10 it hedges (the same run, the check can fail).
    Setup setup = familySetup(PolicyFamily::Tower);
    setup.families.tower.minDataPoints = 1000;
    const PointSpec spec{.service = smoothService(), .setup = setup, .load = 0.5, .calls = 50000};
    const PointResult r = simulatePoint(spec);
    QCOMPARE(r.hedgedFraction, 0.0);
    QCOMPARE(r.requestsPerCall, 1.0);
    PointSpec enough = spec;
    enough.setup.families.tower.minDataPoints = 10;
    QVERIFY(simulatePoint(enough).hedgedFraction > 0.05);
}

void TestPercentileFamilies::twoFamiliesWithoutAHedgeAreNotTwins()
{
    // A family's setup has no resilience4cata hedge; that must not make a sweep run a Finagle
    // and a tower setup once for both (as it does two setups that never hedge).
    const PointSpec finagle{.setup = familySetup(PolicyFamily::Finagle), .calls = 1000};
    PointSpec tower = finagle;
    tower.setup = familySetup(PolicyFamily::Tower);
    QVERIFY(!runsTheSameSimulation(finagle, tower));
    PointSpec lessLoad = finagle;
    lessLoad.setup.families.finagle.maxExtraLoad = 0.02;
    QVERIFY(!runsTheSameSimulation(finagle, lessLoad));
    PointSpec renamed = finagle;
    renamed.setup.name = "another";
    QVERIFY(runsTheSameSimulation(finagle, renamed));
}

QTEST_APPLESS_MAIN(TestPercentileFamilies)
#include "tst_percentilefamilies.moc"
