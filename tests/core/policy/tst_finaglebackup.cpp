// FinagleBackup on a manual clock (docs/policies.md, "Finagle"), decision by decision: the
// delay read at the call's start, the two budgets asked when the timer fires, the first
// success winning, a failed first finisher handing over, and which latencies are recorded.
#include <hedge/policy/FamilyPipeline.h>
#include <hedge/policy/FinagleBackup.h>

#include <QTest>

#include <cmath>

using namespace hedge;

class TestFinagleBackup : public QObject {
    Q_OBJECT

private slots:
    void noBackupInTheFirstThreeSeconds();
    void anEmptyWindowSendsAfterTheMinimum();
    void theDelayIsThePercentileOfRecentLatencies();
    void theMinimumDelayWins();
    void atTwoSecondsNoBackups();
    void theDelayIsReadAtTheCallsStart();
    void theFiltersBudgetRefusesFirst();
    void theClientsBudgetRefusesToo();
    void noExtraLoadNoBackups();
    void theFirstSuccessWinsAndTheLoserIsRecordedWhenInterrupted();
    void aLoserLeftRunningIsNotRecorded();
    void failuresAreNotRecorded();
    void aFailedFirstFinisherHandsOver();
    void bothFailedTheLastErrorEnds();
    void anErrorBeforeTheBackupEndsTheCall();
    void anUnhandledErrorIsFatal();
    void abandonCancelsBoth();
    void gauges();
    void reconfigureRenewsTheFilterBudget();
    void thePipelineRunsIt();
};

namespace {
const AttemptGate kOpen{};

FinagleSettings settings(double maxExtraLoad = 0.01)
{
    FinagleSettings s;
    s.maxExtraLoad = maxExtraLoad;
    return s;
}

// A call started at `at` whose original succeeds after `latencyMs` (before any timer).
void succeed(FinagleBackup& f, double at, double latencyMs)
{
    CallState call;
    f.start(call, at, kOpen);
    const CallStep end = f.attemptDone(call, 0, at + latencyMs, AttemptOutcome::Success, kOpen);
    QCOMPARE(end.end, CallEnd::Succeeded);
}

// Calls in the first 10 s bucket with latencies 1, 2, …, n ms: the window read from 12 s on.
void warm(FinagleBackup& f, int n)
{
    for (int v = 1; v <= n; ++v)
        succeed(f, 100.0 + v, v);
}

// A call started at `at` whose timer fired: the step hedgeDue gave.
CallStep fire(FinagleBackup& f, CallState& call, double at)
{
    const CallStep first = f.start(call, at, kOpen);
    if (first.hedgeAt == kNever)
        return {};
    return f.hedgeDue(call, first.hedgeAt, kOpen);
}
} // namespace

void TestFinagleBackup::noBackupInTheFirstThreeSeconds()
{
    FinagleBackup f(settings());
    for (double at : {0.0, 1500.0, 2999.0}) {
        CallState call;
        const CallStep step = f.start(call, at, kOpen);
        QCOMPARE(step.launch, 0);
        QCOMPARE(step.hedgeAt, kNever);
        QCOMPARE(call.familyDelayMs, kNever);
    }
}

void TestFinagleBackup::anEmptyWindowSendsAfterTheMinimum()
{
    // From 3 s until a bucket has ended the percentile reads 0, and Finagle sends the backup
    // after min_send_backup_after_ms.
    FinagleSettings s = settings();
    s.minSendBackupAfterMs = 4.0;
    FinagleBackup f(s);
    warm(f, 50);
    CallState call;
    QCOMPARE(f.start(call, 3000.0, kOpen).hedgeAt, 3004.0);
    QCOMPARE(call.familyDelayMs, 4.0);
}

void TestFinagleBackup::theDelayIsThePercentileOfRecentLatencies()
{
    FinagleBackup f(settings(0.01));
    warm(f, 100);
    CallState call;
    QCOMPARE(f.start(call, 12000.0, kOpen).hedgeAt, 12000.0 + 99.0); // p99 of 1…100
    FinagleBackup five(settings(0.05));
    warm(five, 100);
    QCOMPARE(five.start(call, 12000.0, kOpen).hedgeAt, 12000.0 + 95.0);
}

void TestFinagleBackup::theMinimumDelayWins()
{
    FinagleSettings s = settings(0.01);
    s.minSendBackupAfterMs = 150.0;
    FinagleBackup f(s);
    warm(f, 100);
    CallState call;
    QCOMPARE(f.start(call, 12000.0, kOpen).hedgeAt, 12150.0);
}

void TestFinagleBackup::atTwoSecondsNoBackups()
{
    // Latencies of 2 s and more are recorded as 2000 ms: the percentile is at the histogram's
    // ceiling and no call sends a backup.
    FinagleBackup f(settings(0.5));
    for (int i = 0; i < 10; ++i)
        succeed(f, 100.0 + i, 2500.0);
    CallState call;
    QCOMPARE(f.start(call, 12000.0, kOpen).hedgeAt, kNever);
    QCOMPARE(f.delayAt(12000.0), kNever);
    FinagleBackup below(settings(0.5));
    for (int i = 0; i < 10; ++i)
        succeed(below, 100.0 + i, 1999.9);
    QCOMPARE(below.start(call, 12000.0, kOpen).hedgeAt, 12000.0 + 1999.0);
}

void TestFinagleBackup::theDelayIsReadAtTheCallsStart()
{
    FinagleBackup f(settings(0.5));
    warm(f, 10); // median 5 from 12 s
    CallState early;
    QCOMPARE(f.start(early, 11990.0, kOpen).hedgeAt, 11991.0); // read at 9 s: empty, 1 ms
    CallState late;
    QCOMPARE(f.start(late, 12000.0, kOpen).hedgeAt, 12005.0);
    QCOMPARE(early.familyDelayMs, 1.0); // the earlier call keeps what it read
}

void TestFinagleBackup::theFiltersBudgetRefusesFirst()
{
    // max_extra_load 0.01: the filter's budget holds 100 backups (10/s over 10 s) and earns
    // 1/100 of one per call; the client's (20 %, 10/s) would allow 125 here. Backup k needs
    // 100 + k/100 − (k − 1) ≥ 1: the 102nd is refused, by the filter.
    FinagleBackup f(settings(0.01));
    int sent = 0;
    for (int k = 1; k <= 102; ++k) {
        CallState call;
        const CallStep step = fire(f, call, 3000.0 + k * 0.001); // the 1 ms delay of warm-up
        if (step.launch == 1)
            ++sent;
        f.abandon(call);
    }
    QCOMPARE(sent, 101);
    QCOMPARE(f.hedgesRefused(), 1);
}

void TestFinagleBackup::theClientsBudgetRefusesToo()
{
    // A client budget of 10 backups, nothing per call: the eleventh is refused by it, and the
    // filter's withdrawal for it is not given back (its balance fell by 11).
    FinagleSettings s = settings(0.01);
    s.clientBudget = {.percentCanRetry = 0.0, .minRetriesPerSec = 1.0, .ttlSeconds = 10.0};
    FinagleBackup f(s);
    int sent = 0;
    for (int k = 1; k <= 11; ++k) {
        CallState call;
        sent += fire(f, call, 3000.0).launch == 1;
        f.abandon(call);
    }
    QCOMPARE(sent, 10);
    QCOMPARE(f.hedgesRefused(), 1);
    QCOMPARE(f.clientBudget().balance(3000.0), 0);
    QCOMPARE(f.filterBudget().balance(3000.0), 100 - 11); // 11 calls' deposits: < 1 backup
}

void TestFinagleBackup::noExtraLoadNoBackups()
{
    FinagleBackup f(settings(0.0));
    CallState call;
    const CallStep step = fire(f, call, 3000.0);
    QCOMPARE(step.launch, -1);
    QCOMPARE(f.hedgesRefused(), 1);
}

void TestFinagleBackup::theFirstSuccessWinsAndTheLoserIsRecordedWhenInterrupted()
{
    // The backup (sent at 3001) wins at 3011: its 10 ms and the original's 11 ms so far are
    // recorded; p99 of {10, 11} is 11.
    FinagleBackup f(settings(0.01));
    CallState call;
    QCOMPARE(fire(f, call, 3000.0).launch, 1);
    const CallStep end = f.attemptDone(call, 1, 3011.0, AttemptOutcome::Success, kOpen);
    QCOMPARE(end.end, CallEnd::Succeeded);
    QCOMPARE(end.cancel, 1u << 0);
    QCOMPARE(f.latencies().peek(12000.0), std::optional<int>(11));
}

void TestFinagleBackup::aLoserLeftRunningIsNotRecorded()
{
    FinagleSettings s = settings(0.01);
    s.sendInterrupts = false;
    FinagleBackup f(s);
    CallState call;
    QCOMPARE(fire(f, call, 3000.0).launch, 1);
    const CallStep end = f.attemptDone(call, 1, 3011.0, AttemptOutcome::Success, kOpen);
    QCOMPARE(end.cancel, 1u << 0); // the caller stops waiting; the server is not told
    QCOMPARE(f.latencies().peek(12000.0), std::optional<int>(10));
}

void TestFinagleBackup::failuresAreNotRecorded()
{
    // Median of what was recorded: a fast failure of 2 ms would pull it down to 2.
    FinagleBackup f(settings(0.5));
    CallState failed;
    f.start(failed, 100.0, kOpen);
    QCOMPARE(f.attemptDone(failed, 0, 102.0, AttemptOutcome::HandledError, kOpen).end,
             CallEnd::Failed);
    succeed(f, 200.0, 50.0);
    QCOMPARE(f.latencies().peek(12000.0), std::optional<int>(50));
}

void TestFinagleBackup::aFailedFirstFinisherHandsOver()
{
    FinagleBackup f(settings(0.01));
    CallState call;
    QCOMPARE(fire(f, call, 3000.0).launch, 1);
    const CallStep handed = f.attemptDone(call, 0, 3005.0, AttemptOutcome::HandledError, kOpen);
    QCOMPARE(handed.end, CallEnd::Running);
    QCOMPARE(handed.launch, -1);
    QCOMPARE(handed.hedgeAt, kNever);
    const CallStep end = f.attemptDone(call, 1, 3020.0, AttemptOutcome::Success, kOpen);
    QCOMPARE(end.end, CallEnd::Succeeded);
    QCOMPARE(end.cancel, 0u);
    QCOMPARE(f.latencies().peek(12000.0), std::optional<int>(19)); // the backup's only
}

void TestFinagleBackup::bothFailedTheLastErrorEnds()
{
    FinagleBackup f(settings(0.01));
    CallState call;
    QCOMPARE(fire(f, call, 3000.0).launch, 1);
    QCOMPARE(f.attemptDone(call, 1, 3004.0, AttemptOutcome::HandledError, kOpen).end,
             CallEnd::Running); // the backup failed first: over to the original
    const CallStep end = f.attemptDone(call, 0, 3009.0, AttemptOutcome::HandledError, kOpen);
    QCOMPARE(end.end, CallEnd::Failed);
    QCOMPARE(end.errorAttempt, 0);
}

void TestFinagleBackup::anErrorBeforeTheBackupEndsTheCall()
{
    FinagleBackup f(settings(0.01));
    warm(f, 100);
    CallState call;
    QCOMPARE(f.start(call, 12000.0, kOpen).hedgeAt, 12099.0);
    const CallStep end = f.attemptDone(call, 0, 12010.0, AttemptOutcome::HandledError, kOpen);
    QCOMPARE(end.end, CallEnd::Failed);
    QCOMPARE(end.errorAttempt, 0);
    QCOMPARE(f.hedgeDue(call, 12099.0, kOpen).launch, -1); // its timer is not due any more
}

void TestFinagleBackup::anUnhandledErrorIsFatal()
{
    FinagleBackup f(settings(0.01));
    CallState call;
    QCOMPARE(fire(f, call, 3000.0).launch, 1);
    const CallStep end = f.attemptDone(call, 0, 3005.0, AttemptOutcome::UnhandledError, kOpen);
    QCOMPARE(end.end, CallEnd::Failed);
    QCOMPARE(end.errorAttempt, 0);
    QCOMPARE(end.cancel, 1u << 1);
}

void TestFinagleBackup::abandonCancelsBoth()
{
    FinagleBackup f(settings(0.01));
    CallState call;
    fire(f, call, 3000.0);
    const CallStep end = f.abandon(call);
    QCOMPARE(end.end, CallEnd::Abandoned);
    QCOMPARE(end.cancel, (1u << 0) | (1u << 1));
    QCOMPARE(f.abandon(call).end, CallEnd::Running); // once
}

void TestFinagleBackup::gauges()
{
    FinagleBackup f(settings(0.01));
    FamilyGauges g = f.gauges(0.0);
    QVERIFY(std::isnan(g.delayMs));
    QCOMPARE(g.tokens, 100.0); // both budgets: 100 in reserve
    warm(f, 100);
    QCOMPARE(f.gauges(5000.0).tokens, 101.0); // the filter's: 100 + 100 calls × 1/100
    QCOMPARE(f.gauges(5000.0).delayMs, 1.0);  // an empty window: the minimum
    g = f.gauges(12000.0);
    QCOMPARE(g.delayMs, 99.0);
    QCOMPARE(g.tokens, 100.0); // the calls' deposits expired with the ttl
}

void TestFinagleBackup::reconfigureRenewsTheFilterBudget()
{
    FinagleBackup f(settings(0.01));
    warm(f, 100);
    CallState call;
    fire(f, call, 12000.0); // a backup: 100 + 1/100 − 1 left in the filter's budget
    f.abandon(call);
    QCOMPARE(f.filterBudget().balance(12500.0), 99);
    f.reconfigure(settings(0.5), 12500.0);
    QCOMPARE(f.filterBudget().balance(12500.0), 100); // a new budget: its reserve only
    QCOMPARE(f.filterBudget().withdrawalAmount(), 2000);
    QCOMPARE(f.delayAt(14999.0), 99.0); // the quantile from the next 3 s mark
    QCOMPARE(f.delayAt(15000.0), 50.0); // the median of the 100 latencies recorded
}

void TestFinagleBackup::thePipelineRunsIt()
{
    FamilyPipelineConfig config{.family = PolicyFamily::Finagle};
    config.settings.finagle = settings(0.0);
    FamilyPipeline pipeline(config);
    QVERIFY(pipeline.family<FinagleBackup>() != nullptr);
    CallState call;
    const CallStep step = pipeline.startCall(call, 3000.0);
    QCOMPARE(pipeline.hedgeDue(call, step.hedgeAt).launch, -1);
    QCOMPARE(pipeline.hedgesRefused(), 1);
    config.settings.finagle.minSendBackupAfterMs = 2.0;
    pipeline.reconfigure(config, 3500.0); // the same family: its state is kept
    QCOMPARE(pipeline.hedgesRefused(), 1);
    QCOMPARE(pipeline.gauges(3500.0).delayMs, 2.0);
}

QTEST_APPLESS_MAIN(TestFinagleBackup)
#include "tst_finaglebackup.moc"
