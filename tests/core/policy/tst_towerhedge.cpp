// TowerHedge on a manual clock (docs/policies.md, "Tower"), decision by decision: the previous
// period's percentile read at the call's start, min_data_points, the first result winning even
// when it is an error, only winners' successes recorded, and the TpsBudget's refusals.
#include <hedge/policy/FamilyPipeline.h>
#include <hedge/policy/TowerHedge.h>

#include <QTest>

#include <cmath>

using namespace hedge;

class TestTowerHedge : public QObject {
    Q_OBJECT

private slots:
    void tooFewPointsNoHedge();
    void theDelayIsThePreviousPeriodsPercentile();
    void aPeriodLaterTheCountStartsAgain();
    void oneHedgeAtMost();
    void theFirstResultWinsEvenAnError();
    void anErrorBeforeTheHedgeEndsTheCall();
    void onlyWinnersSuccessesAreRecorded();
    void theBudgetRefusesAtTheTimer();
    void gauges();
    void reconfigure();
    void thePipelineRunsIt();
};

namespace {
const AttemptGate kOpen{};

TowerSettings settings(int minDataPoints = 10, double percentile = 0.9)
{
    TowerSettings s;
    s.minDataPoints = minDataPoints;
    s.latencyPercentile = percentile;
    s.periodSeconds = 1.0;
    return s;
}

// A call started at `at` whose original succeeds after `latencyMs` (before any timer).
void succeed(TowerHedge& t, double at, double latencyMs)
{
    CallState call;
    t.start(call, at, kOpen);
    QCOMPARE(t.attemptDone(call, 0, at + latencyMs, AttemptOutcome::Success, kOpen).end,
             CallEnd::Succeeded);
}

// Ten calls of 10, 20, …, 100 ms in the first period: p90 = 90 ms in the second.
void warm(TowerHedge& t)
{
    for (int i = 1; i <= 10; ++i)
        succeed(t, 10.0 * i, 10.0 * i);
}
} // namespace

void TestTowerHedge::tooFewPointsNoHedge()
{
    TowerHedge t(settings(11));
    warm(t);
    CallState call;
    const CallStep step = t.start(call, 1000.0, kOpen);
    QCOMPARE(step.launch, 0);
    QCOMPARE(step.hedgeAt, kNever);
}

void TestTowerHedge::theDelayIsThePreviousPeriodsPercentile()
{
    TowerHedge t(settings(10));
    warm(t);
    CallState early;
    QCOMPARE(t.start(early, 999.0, kOpen).hedgeAt, kNever); // still the first period
    CallState call;
    QCOMPARE(t.start(call, 1000.0, kOpen).hedgeAt, 1090.0);
    QCOMPARE(call.familyDelayMs, 90.0);
}

void TestTowerHedge::aPeriodLaterTheCountStartsAgain()
{
    TowerHedge t(settings(10));
    warm(t);
    for (int i = 0; i < 9; ++i)
        succeed(t, 1000.0 + i, 5.0); // the second period: nine points
    CallState call;
    QCOMPARE(t.start(call, 1999.0, kOpen).hedgeAt, 1999.0 + 90.0);
    QCOMPARE(t.start(call, 2000.0, kOpen).hedgeAt, kNever);
}

void TestTowerHedge::oneHedgeAtMost()
{
    TowerHedge t(settings(10));
    warm(t);
    CallState call;
    t.start(call, 1000.0, kOpen);
    const CallStep hedge = t.hedgeDue(call, 1090.0, kOpen);
    QCOMPARE(hedge.launch, 1);
    QCOMPARE(hedge.hedgeAt, kNever);
    QCOMPARE(t.hedgeDue(call, 1200.0, kOpen).launch, -1);
}

void TestTowerHedge::theFirstResultWinsEvenAnError()
{
    TowerHedge t(settings(10));
    warm(t);
    CallState call;
    t.start(call, 1000.0, kOpen);
    QCOMPARE(t.hedgeDue(call, 1090.0, kOpen).launch, 1);
    const CallStep end = t.attemptDone(call, 1, 1095.0, AttemptOutcome::HandledError, kOpen);
    QCOMPARE(end.end, CallEnd::Failed);
    QCOMPARE(end.errorAttempt, 1);
    QCOMPARE(end.cancel, 1u << 0); // the original, still running, is dropped
}

void TestTowerHedge::anErrorBeforeTheHedgeEndsTheCall()
{
    TowerHedge t(settings(10));
    warm(t);
    CallState call;
    t.start(call, 1000.0, kOpen);
    const CallStep end = t.attemptDone(call, 0, 1010.0, AttemptOutcome::HandledError, kOpen);
    QCOMPARE(end.end, CallEnd::Failed);
    QCOMPARE(end.errorAttempt, 0);
    QCOMPARE(t.hedgeDue(call, 1090.0, kOpen).launch, -1);
}

void TestTowerHedge::onlyWinnersSuccessesAreRecorded()
{
    TowerHedge t(settings(10, 1.0));
    warm(t);
    // Second period: a hedge wins after 30 ms (its original, at 120 ms, is not recorded), a
    // call fails after 500 ms (not recorded), one succeeds after 40 ms.
    CallState hedged;
    QCOMPARE(t.start(hedged, 1000.0, kOpen).hedgeAt, 1100.0); // p100 of the first period
    t.hedgeDue(hedged, 1100.0, kOpen);
    QCOMPARE(t.attemptDone(hedged, 1, 1130.0, AttemptOutcome::Success, kOpen).cancel, 1u << 0);
    CallState failed;
    t.start(failed, 1000.0, kOpen);
    t.attemptDone(failed, 0, 1500.0, AttemptOutcome::HandledError, kOpen);
    succeed(t, 1200.0, 40.0);
    QCOMPARE(t.latencies().count(2000.0), 2);
    QCOMPARE(t.latencies().peek(2000.0), 40.0); // the largest of {30, 40}
}

void TestTowerHedge::theBudgetRefusesAtTheTimer()
{
    // retry_percent 0.5, no reserve: a hedge costs 2 calls' deposits.
    TowerSettings s = settings(10);
    s.budget = TowerBudget{.retryPercent = 0.5, .minPerSec = 0.0, .ttlSeconds = 10.0};
    TowerHedge t(s);
    warm(t); // ten deposits, no hedges (no data yet)
    // With one more deposit per call, call k's hedge needs 10 + k − 2(k − 1) ≥ 2 credits:
    // ten hedges, and the eleventh call's is refused.
    for (int k = 1; k <= 10; ++k) {
        CallState call;
        t.start(call, 1000.0, kOpen);
        QVERIFY2(t.hedgeDue(call, 1090.0, kOpen).launch == 1, qPrintable(QString::number(k)));
        t.abandon(call);
    }
    CallState refused;
    t.start(refused, 1000.0, kOpen);
    const CallStep step = t.hedgeDue(refused, 1090.0, kOpen);
    QCOMPARE(step.launch, -1);
    QCOMPARE(step.end, CallEnd::Running); // the original runs on
    QCOMPARE(t.hedgesRefused(), 1);
}

void TestTowerHedge::gauges()
{
    TowerHedge t(settings(10));
    QVERIFY(std::isnan(t.gauges(0.0).tokens)); // no budget
    QVERIFY(std::isnan(t.gauges(0.0).delayMs));
    warm(t);
    QVERIFY(std::isnan(t.gauges(999.0).delayMs));
    QCOMPARE(t.gauges(1000.0).delayMs, 90.0);
    TowerSettings s = settings(10);
    s.budget = TowerBudget{};
    TowerHedge budgeted(s);
    QCOMPARE(budgeted.gauges(0.0).tokens, 100.0); // 10/s over 10 s
}

void TestTowerHedge::reconfigure()
{
    TowerHedge t(settings(10));
    warm(t);
    t.reconfigure(settings(10, 0.5), 1000.0);
    CallState call;
    QCOMPARE(t.start(call, 1000.0, kOpen).hedgeAt, 1050.0); // the median, at once
    t.reconfigure(settings(5, 0.5), 1000.0);
    TowerSettings longer = settings(5, 0.5);
    longer.periodSeconds = 2.0;
    t.reconfigure(longer, 1000.0); // a new period: the latencies start afresh
    QCOMPARE(t.start(call, 2500.0, kOpen).hedgeAt, kNever);
}

void TestTowerHedge::thePipelineRunsIt()
{
    FamilyPipelineConfig config{.family = PolicyFamily::Tower};
    config.settings.tower = settings(0);
    FamilyPipeline pipeline(config);
    QVERIFY(pipeline.family<TowerHedge>() != nullptr);
    CallState call;
    const CallStep step = pipeline.startCall(call, 0.0); // no points needed: delay 0
    QCOMPARE(step.hedgeAt, 0.0);
    QCOMPARE(pipeline.hedgeDue(call, 0.0).launch, 1);
    QCOMPARE(pipeline.attemptDone(call, 0, 7.0, AttemptOutcome::Success).end, CallEnd::Succeeded);
    config.settings.tower.latencyPercentile = 0.5;
    pipeline.reconfigure(config, 10.0); // the same family: the latency recorded is kept
    QCOMPARE(pipeline.family<TowerHedge>()->latencies().count(1000.0), 1);
}

QTEST_APPLESS_MAIN(TestTowerHedge)
#include "tst_towerhedge.moc"
