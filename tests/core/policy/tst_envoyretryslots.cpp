// EnvoyRetrySlots, the concurrency bound Envoy's hedges ask a slot of (docs/policies.md,
// "Envoy"): the limit's arithmetic with and without a retry_budget, its threshold (granted
// strictly below the limit), and the counts it keeps.
#include <hedge/policy/EnvoyRetrySlots.h>

#include <QTest>

using namespace hedge;

namespace {

EnvoySettings withBudget(double percent, int minConcurrency)
{
    EnvoySettings s;
    s.retryBudget =
        EnvoyRetryBudget{.budgetPercent = percent, .minRetryConcurrency = minConcurrency};
    return s;
}

void startAttempts(EnvoyRetrySlots& retry, int count)
{
    for (int i = 0; i < count; ++i)
        retry.attemptStarted();
}

} // namespace

class TestEnvoyRetrySlots : public QObject {
    Q_OBJECT

private slots:
    void withoutBudgetTheCircuitBreakerBounds();
    void budgetFloorIsMinRetryConcurrency();
    void budgetGrowsWithAttemptsInFlight();
    void budgetTruncatesThePercentage();
    void grantedStrictlyBelowTheLimit();
    void releaseAndAttemptsEndedNeverGoNegative();
    void reconfigureKeepsTheCounts();
};

void TestEnvoyRetrySlots::withoutBudgetTheCircuitBreakerBounds()
{
    EnvoySettings s; // Envoy's defaults: no retry_budget, max_retries 3
    EnvoyRetrySlots retry(s);
    startAttempts(retry, 1000); // however many attempts are in flight
    QCOMPARE(retry.limit(), 3);
    s.maxRetries = 5;
    EnvoyRetrySlots five(s);
    QCOMPARE(five.limit(), 5);
}

void TestEnvoyRetrySlots::budgetFloorIsMinRetryConcurrency()
{
    EnvoyRetrySlots retry(withBudget(20.0, 3));
    QCOMPARE(retry.attemptsInFlight(), 0);
    QCOMPARE(retry.limit(), 3);
    startAttempts(retry, 19); // 20 % of 19 = 3.8 → 3: still the floor
    QCOMPARE(retry.limit(), 3);
}

void TestEnvoyRetrySlots::budgetGrowsWithAttemptsInFlight()
{
    EnvoyRetrySlots retry(withBudget(20.0, 3));
    startAttempts(retry, 20); // 20 % of 20 = 4
    QCOMPARE(retry.limit(), 4);
    startAttempts(retry, 80); // 100 attempts: 20
    QCOMPARE(retry.limit(), 20);
    retry.attemptsEnded(50); // the queue drains: the bound shrinks with it
    QCOMPARE(retry.attemptsInFlight(), 50);
    QCOMPARE(retry.limit(), 10);
}

void TestEnvoyRetrySlots::budgetTruncatesThePercentage()
{
    EnvoyRetrySlots retry(withBudget(25.0, 0));
    startAttempts(retry, 7); // 1.75 → 1
    QCOMPARE(retry.limit(), 1);
    retry.attemptStarted(); // 2.0 → 2
    QCOMPARE(retry.limit(), 2);
    EnvoyRetrySlots tiny(withBudget(10.0, 0));
    startAttempts(tiny, 9); // 0.9 → 0: no slot at all
    QCOMPARE(tiny.limit(), 0);
    QVERIFY(!tiny.tryAcquire());
}

void TestEnvoyRetrySlots::grantedStrictlyBelowTheLimit()
{
    EnvoyRetrySlots retry(EnvoySettings{}); // limit 3
    QVERIFY(retry.tryAcquire());
    QVERIFY(retry.tryAcquire());
    QVERIFY(retry.tryAcquire());
    QCOMPARE(retry.slotsInUse(), 3);
    QVERIFY(!retry.tryAcquire());    // 3 < 3 is false
    QCOMPARE(retry.slotsInUse(), 3); // a refusal holds nothing
    retry.release();
    QCOMPARE(retry.slotsInUse(), 2);
    QVERIFY(retry.tryAcquire());
    QCOMPARE(retry.slotsInUse(), 3);

    // With a budget the same threshold: 20 % of 25 attempts = 5 retry.
    EnvoyRetrySlots budget(withBudget(20.0, 3));
    startAttempts(budget, 25);
    for (int i = 0; i < 5; ++i)
        QVERIFY(budget.tryAcquire());
    QVERIFY(!budget.tryAcquire());
    budget.attemptStarted(); // 26 attempts: still 5
    QVERIFY(!budget.tryAcquire());
    startAttempts(budget, 4); // 30 attempts: 6
    QVERIFY(budget.tryAcquire());
    QCOMPARE(budget.slotsInUse(), 6);
}

void TestEnvoyRetrySlots::releaseAndAttemptsEndedNeverGoNegative()
{
    EnvoyRetrySlots retry(EnvoySettings{});
    retry.release();
    QCOMPARE(retry.slotsInUse(), 0);
    retry.attemptStarted();
    retry.attemptsEnded(3);
    QCOMPARE(retry.attemptsInFlight(), 0);
}

void TestEnvoyRetrySlots::reconfigureKeepsTheCounts()
{
    EnvoyRetrySlots retry(EnvoySettings{});
    startAttempts(retry, 40);
    QVERIFY(retry.tryAcquire());
    QVERIFY(retry.tryAcquire());
    retry.reconfigure(withBudget(10.0, 1)); // 10 % of 40 = 4
    QCOMPARE(retry.slotsInUse(), 2);
    QCOMPARE(retry.attemptsInFlight(), 40);
    QCOMPARE(retry.limit(), 4);
}

QTEST_APPLESS_MAIN(TestEnvoyRetrySlots)
#include "tst_envoyretryslots.moc"
