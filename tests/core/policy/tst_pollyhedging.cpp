// PollyHedging on a manual clock (docs/policies.md, "Polly"): the delay from the most recently
// started attempt and the DelayGenerator's entries, 0 = all at once, negative = only after a
// failure, a handled error starting the next attempt at once and restarting the delay, the
// primary's failure when all failed, handle_errors off, the limiter's refusal.
#include <hedge/policy/FamilyPipeline.h>
#include <hedge/policy/PollyHedging.h>

#include <QTest>

using namespace hedge;

namespace {

PollySettings settings(double delayMs, int maxHedged, bool handleErrors = true)
{
    PollySettings s;
    s.delayMs = delayMs;
    s.maxHedgedAttempts = maxHedged;
    s.handleErrors = handleErrors;
    return s;
}

} // namespace

class TestPollyHedging : public QObject {
    Q_OBJECT

private slots:
    void defaultsAndFirstAttempt();
    void delayRunsFromTheLatestAttempt();
    void delayGeneratorEntriesAndTheLastRepeats();
    void zeroDelaySendsAllAtOnce();
    void negativeDelayHedgesOnlyAfterAFailure();
    void handledErrorStartsTheNextAtOnceAndRestartsTheDelay();
    void allFailedReturnsThePrimarysFailure();
    void errorsNotHandledEndTheCall();
    void unhandledErrorEndsTheCall();
    void successCancelsTheOthers();
    void limiterRefusesTheHedge();
    void attemptsAreClampedToTheCallState();
    void abandon();
    void pipelineMakesAndReconfiguresPolly();
};

void TestPollyHedging::defaultsAndFirstAttempt()
{
    PollyHedging polly{PollySettings{}}; // 1 hedge after 2 s, errors handled
    CallState call;
    const CallStep step = polly.start(call, 100.0, AttemptGate{});
    QCOMPARE(step.launch, 0);
    QCOMPARE(step.hedgeAt, 2100.0);
    QCOMPARE(polly.maxAttempts(), 2);
    QCOMPARE(polly.hedgesRefused(), 0);
    QVERIFY(std::isnan(polly.gauges(0.0).tokens));
}

void TestPollyHedging::delayRunsFromTheLatestAttempt()
{
    PollyHedging polly(settings(20.0, 3));
    CallState call;
    const AttemptGate open;
    QCOMPARE(polly.start(call, 0.0, open).hedgeAt, 20.0);
    // A late timer: the next delay counts from when the hedge actually went.
    const CallStep first = polly.hedgeDue(call, 21.5, open);
    QCOMPARE(first.launch, 1);
    QCOMPARE(first.hedgeAt, 41.5);
    QCOMPARE(polly.hedgeDue(call, 41.5, open).hedgeAt, 61.5);
    const CallStep last = polly.hedgeDue(call, 61.5, open);
    QCOMPARE(last.launch, 3);
    QCOMPARE(last.hedgeAt, kNever); // 1 + 3 attempts: no more
    QCOMPARE(call.inFlight, 0b1111);
    QCOMPARE(polly.hedgeDue(call, 100.0, open).launch, -1);
}

void TestPollyHedging::delayGeneratorEntriesAndTheLastRepeats()
{
    PollySettings s = settings(2000.0, 4);
    s.delayPerAttemptMs = {10.0, 30.0}; // hedge 1 after 10, every later one after 30
    PollyHedging polly(s);
    CallState call;
    const AttemptGate open;
    QCOMPARE(polly.start(call, 0.0, open).hedgeAt, 10.0);
    QCOMPARE(polly.hedgeDue(call, 10.0, open).hedgeAt, 40.0);
    QCOMPARE(polly.hedgeDue(call, 40.0, open).hedgeAt, 70.0);
    QCOMPARE(polly.hedgeDue(call, 70.0, open).hedgeAt, 100.0);
    QCOMPARE(polly.hedgeDue(call, 100.0, open).launch, 4);
}

void TestPollyHedging::zeroDelaySendsAllAtOnce()
{
    PollyHedging polly(settings(0.0, 2));
    CallState call;
    const AttemptGate open;
    QCOMPARE(polly.start(call, 50.0, open).hedgeAt, 50.0);
    const CallStep one = polly.hedgeDue(call, 50.0, open);
    QCOMPARE(one.launch, 1);
    QCOMPARE(one.hedgeAt, 50.0);
    const CallStep two = polly.hedgeDue(call, 50.0, open);
    QCOMPARE(two.launch, 2);
    QCOMPARE(two.hedgeAt, kNever);
    QCOMPARE(call.launchedAt[1], 50.0);
    QCOMPARE(call.launchedAt[2], 50.0);
}

void TestPollyHedging::negativeDelayHedgesOnlyAfterAFailure()
{
    PollyHedging polly(settings(-1.0, 2));
    CallState call;
    const AttemptGate open;
    QCOMPARE(polly.start(call, 0.0, open).hedgeAt, kNever);
    QCOMPARE(polly.hedgeDue(call, 1e9, open).launch, -1);
    const CallStep err = polly.attemptDone(call, 0, 30.0, AttemptOutcome::HandledError, open);
    QCOMPARE(err.launch, 1);
    QCOMPARE(err.hedgeAt, kNever);
    QCOMPARE(err.end, CallEnd::Running);
    QCOMPARE(call.launchedAt[1], 30.0);
}

void TestPollyHedging::handledErrorStartsTheNextAtOnceAndRestartsTheDelay()
{
    PollyHedging polly(settings(20.0, 2));
    CallState call;
    const AttemptGate open;
    polly.start(call, 0.0, open); // hedge due at 20
    const CallStep err = polly.attemptDone(call, 0, 5.0, AttemptOutcome::HandledError, open);
    QCOMPARE(err.launch, 1);
    QCOMPARE(err.hedgeAt, 25.0); // from the attempt it started
    QCOMPARE(err.cancel, 0);
    QCOMPARE(polly.hedgeDue(call, 20.0, open).launch, -1); // the superseded timer
    QCOMPARE(polly.hedgeDue(call, 25.0, open).launch, 2);
}

void TestPollyHedging::allFailedReturnsThePrimarysFailure()
{
    const AttemptGate open;
    for (const bool primaryLast : {false, true}) {
        PollyHedging polly(settings(20.0, 1));
        CallState call;
        polly.start(call, 0.0, open);
        polly.hedgeDue(call, 20.0, open);
        const int first = primaryLast ? 1 : 0;
        const CallStep wait =
            polly.attemptDone(call, first, 30.0, AttemptOutcome::HandledError, open);
        QCOMPARE(wait.end, CallEnd::Running); // the other one may still succeed
        QCOMPARE(wait.launch, -1);
        const CallStep failed =
            polly.attemptDone(call, 1 - first, 40.0, AttemptOutcome::HandledError, open);
        QCOMPARE(failed.end, CallEnd::Failed);
        QCOMPARE(failed.errorAttempt, 0); // the primary's, whichever failed last
        QCOMPARE(failed.cancel, 0);
    }
}

void TestPollyHedging::errorsNotHandledEndTheCall()
{
    PollyHedging polly(settings(20.0, 2, false));
    CallState call;
    const AttemptGate open;
    polly.start(call, 0.0, open);
    polly.hedgeDue(call, 20.0, open);
    // ShouldHandle does not accept it: the first result is the call's, error or not.
    const CallStep err = polly.attemptDone(call, 1, 25.0, AttemptOutcome::HandledError, open);
    QCOMPARE(err.end, CallEnd::Failed);
    QCOMPARE(err.errorAttempt, 1);
    QCOMPARE(err.cancel, 0b1);
    QCOMPARE(err.launch, -1);
}

void TestPollyHedging::unhandledErrorEndsTheCall()
{
    PollyHedging polly(settings(20.0, 2));
    CallState call;
    const AttemptGate open;
    polly.start(call, 0.0, open);
    polly.hedgeDue(call, 20.0, open);
    const CallStep err = polly.attemptDone(call, 0, 25.0, AttemptOutcome::UnhandledError, open);
    QCOMPARE(err.end, CallEnd::Failed);
    QCOMPARE(err.errorAttempt, 0);
    QCOMPARE(err.cancel, 0b10);
    QCOMPARE(call.hedgeDueAt, kNever);
}

void TestPollyHedging::successCancelsTheOthers()
{
    PollyHedging polly(settings(20.0, 2));
    CallState call;
    const AttemptGate open;
    polly.start(call, 0.0, open);
    polly.hedgeDue(call, 20.0, open);
    const CallStep ok = polly.attemptDone(call, 1, 30.0, AttemptOutcome::Success, open);
    QCOMPARE(ok.end, CallEnd::Succeeded);
    QCOMPARE(ok.cancel, 0b1);
    QCOMPARE(ok.errorAttempt, -1);
    QCOMPARE(polly.hedgeDue(call, 40.0, open).launch, -1);
}

void TestPollyHedging::limiterRefusesTheHedge()
{
    AdaptiveLimiter limiter(Gradient2Config{.initialLimit = 1, .minLimit = 1, .maxLimit = 1});
    const AttemptGate gate{&limiter};
    PollyHedging polly(settings(20.0, 2));
    CallState call;
    QCOMPARE(polly.start(call, 0.0, gate).launch, 0);
    const CallStep refused = polly.hedgeDue(call, 20.0, gate);
    QCOMPARE(refused.launch, -1);
    QCOMPARE(refused.hedgeAt, kNever); // not asked again every delay
    QVERIFY(call.hedgingStopped);
    // The primary fails: nothing else runs or may be sent, the call fails with its error.
    const CallStep failed = polly.attemptDone(call, 0, 30.0, AttemptOutcome::HandledError, gate);
    QCOMPARE(failed.end, CallEnd::Failed);
    QCOMPARE(failed.errorAttempt, 0);
    QCOMPARE(limiter.inflight(), 1); // asked twice, admitted once
}

void TestPollyHedging::attemptsAreClampedToTheCallState()
{
    PollyHedging polly(settings(0.0, 10)); // Polly allows 10 hedges; a call holds kMaxAttempts
    QCOMPARE(polly.maxAttempts(), kMaxAttempts);
    CallState call;
    const AttemptGate open;
    polly.start(call, 0.0, open);
    int launched = 1;
    while (polly.hedgeDue(call, 0.0, open).launch > 0)
        ++launched;
    QCOMPARE(launched, kMaxAttempts);
}

void TestPollyHedging::abandon()
{
    PollyHedging polly(settings(20.0, 1));
    CallState call;
    const AttemptGate open;
    polly.start(call, 0.0, open);
    polly.hedgeDue(call, 20.0, open);
    const CallStep gone = polly.abandon(call);
    QCOMPARE(gone.end, CallEnd::Abandoned);
    QCOMPARE(gone.cancel, 0b11);
    QCOMPARE(polly.abandon(call).end, CallEnd::Running);
}

void TestPollyHedging::pipelineMakesAndReconfiguresPolly()
{
    FamilyPipelineConfig config{.family = PolicyFamily::Polly};
    config.settings.polly = settings(20.0, 1);
    FamilyPipeline pipeline(config);
    QVERIFY(pipeline.family<PollyHedging>() != nullptr);
    CallState call;
    QCOMPARE(pipeline.startCall(call, 0.0).hedgeAt, 20.0);
    config.settings.polly.delayMs = 50.0;
    pipeline.reconfigure(config, 10.0);
    QVERIFY(pipeline.family<PollyHedging>() != nullptr);
    CallState next;
    QCOMPARE(pipeline.startCall(next, 10.0).hedgeAt, 60.0);
    QCOMPARE(pipeline.hedgesRefused(), 0);
}

QTEST_APPLESS_MAIN(TestPollyHedging)
#include "tst_pollyhedging.moc"
