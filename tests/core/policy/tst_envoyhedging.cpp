// EnvoyHedging on a manual clock (docs/policies.md, "Envoy"): the per-try timer chaining, the
// retry used up before the slot is asked for, the slot given back and asked again at every
// timeout and at the call's end, the jittered backoff's bounds with a fixed seed, the error
// rules, the limiter's refusal through an AttemptGate, and FamilyPipeline's Envoy.
#include <hedge/policy/EnvoyHedging.h>
#include <hedge/policy/GrpcHedging.h>
#include <hedge/policy/FamilyPipeline.h>

#include <QTest>

using namespace hedge;

namespace {

constexpr std::uint64_t kSeed = 42;

EnvoySettings settings(double perTryMs, int numRetries)
{
    EnvoySettings s;
    s.perTryTimeoutMs = perTryMs;
    s.numRetries = numRetries;
    return s; // backoff base 25 ms, max 250 ms; no retry_budget: max_retries 3
}

// The backoff the object draws for its k-th draw (k = 1, 2, …) under a bound.
double expectedBackoff(std::uint64_t seed, int k, double bound)
{
    SplitMix64 random(seed);
    double u = 0.0;
    for (int i = 0; i < k; ++i)
        u = uniform01(random);
    return u * bound;
}

// Starts `call` at `at` and lets its first per-try timeout fire: the slot is asked for.
CallStep startAndTimeOut(EnvoyHedging& envoy, CallState& call, double at, double perTryMs)
{
    const AttemptGate open;
    envoy.start(call, at, open);
    return envoy.hedgeDue(call, at + perTryMs, open);
}

} // namespace

class TestEnvoyHedging : public QObject {
    Q_OBJECT

private slots:
    void startArmsThePerTryTimer();
    void noPerTryTimeoutNeverHedges();
    void timeoutTakesASlotThenBacksOff();
    void perTryTimersChainAcrossRetries();
    void backoffBoundsAndDrawsWithAFixedSeed();
    void refusedSlotStillUsesARetry();
    void timeoutGivesTheSlotBackBeforeAsking();
    void oneSlotPerCallAndItGoesBackAtTheEnd();
    void hedgesRaiseTheirOwnBudget();
    void errorOfAHedgedAttemptIsDiscardedWhileOthersRun();
    void errorDuringTheBackoffIsDiscarded();
    void errorOfTheLatestAttemptEndsTheCall();
    void unhandledErrorEndsTheCall();
    void limiterRefusesTheHedge();
    void earlyStaleAndLateTimersDoNothing();
    void abandonResetsEverything();
    void reconfigureKeepsSlots();
    void pipelineMakesEnvoyWithItsSeed();
};

void TestEnvoyHedging::startArmsThePerTryTimer()
{
    EnvoyHedging envoy(settings(50.0, 2), kSeed);
    CallState call;
    const CallStep step = envoy.start(call, 100.0, AttemptGate{});
    QCOMPARE(step.launch, 0);
    QCOMPARE(step.hedgeAt, 150.0);
    QCOMPARE(step.end, CallEnd::Running);
    QCOMPARE(call.retriesLeft, 2);
    QCOMPARE(call.familyFlags, 0);
    QCOMPARE(envoy.retrySlots().attemptsInFlight(), 1);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 0); // the first attempt holds no retry slot
}

void TestEnvoyHedging::noPerTryTimeoutNeverHedges()
{
    EnvoyHedging envoy(settings(0.0, 3), kSeed); // Envoy's default: no per_try_timeout
    CallState call;
    const CallStep step = envoy.start(call, 0.0, AttemptGate{});
    QCOMPARE(step.launch, 0);
    QCOMPARE(step.hedgeAt, kNever);
    QCOMPARE(envoy.hedgeDue(call, 1e9, AttemptGate{}).launch, -1);
}

void TestEnvoyHedging::timeoutTakesASlotThenBacksOff()
{
    EnvoyHedging envoy(settings(50.0, 1), kSeed);
    CallState call;
    const CallStep timeout = startAndTimeOut(envoy, call, 100.0, 50.0);
    // The attempt is not reset and no hedge goes yet: a backoff timer is armed.
    QCOMPARE(timeout.launch, -1);
    QCOMPARE(timeout.cancel, 0);
    QCOMPARE(timeout.end, CallEnd::Running);
    const double backoff = expectedBackoff(kSeed, 1, 25.0);
    QCOMPARE(timeout.hedgeAt, 150.0 + backoff);
    QVERIFY(timeout.hedgeAt >= 150.0 && timeout.hedgeAt < 175.0);
    QVERIFY(call.isInFlight(0));
    QCOMPARE(call.retriesLeft, 0);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 1);
    QCOMPARE(envoy.gauges(150.0).slotsInUse, 1);
    QCOMPARE(envoy.gauges(150.0).slotLimit, 3);

    // The backoff ends: the hedge goes out, and its own per-try timer starts (it will give
    // the slot back when it fires, although no retry is left).
    const CallStep hedge = envoy.hedgeDue(call, timeout.hedgeAt, AttemptGate{});
    QCOMPARE(hedge.launch, 1);
    QCOMPARE(call.launchedAt[1], timeout.hedgeAt);
    QCOMPARE(hedge.hedgeAt, timeout.hedgeAt + 50.0);
    QCOMPARE(envoy.retrySlots().attemptsInFlight(), 2);
    QCOMPARE(envoy.hedgesRefused(), 0);
}

void TestEnvoyHedging::perTryTimersChainAcrossRetries()
{
    EnvoyHedging envoy(settings(40.0, 3), kSeed);
    CallState call;
    const AttemptGate open;
    double t = envoy.start(call, 0.0, open).hedgeAt;
    QCOMPARE(t, 40.0);
    const double bounds[] = {25.0, 50.0, 100.0};
    for (int extra = 1; extra <= 3; ++extra) {
        const CallStep timeout = envoy.hedgeDue(call, t, open);
        QCOMPARE(timeout.launch, -1);
        QCOMPARE(timeout.hedgeAt, t + expectedBackoff(kSeed, extra, bounds[extra - 1]));
        QCOMPARE(call.retriesLeft, 3 - extra);
        QCOMPARE(envoy.retrySlots().slotsInUse(), 1); // one per call, however many hedges
        const CallStep hedge = envoy.hedgeDue(call, timeout.hedgeAt, open);
        QCOMPARE(hedge.launch, extra);
        // The next per-try timer runs from this hedge's send, not from the first attempt's.
        QCOMPARE(hedge.hedgeAt, timeout.hedgeAt + 40.0);
        t = hedge.hedgeAt;
    }
    QCOMPARE(call.inFlight, 0b1111); // no attempt was reset
    // The last attempt's timeout: the slot goes back, no retry is left, nothing is armed.
    const CallStep last = envoy.hedgeDue(call, t, open);
    QCOMPARE(last.launch, -1);
    QCOMPARE(last.hedgeAt, kNever);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 0);
    QCOMPARE(envoy.hedgesRefused(), 0); // no retry was left: not a refusal
}

void TestEnvoyHedging::backoffBoundsAndDrawsWithAFixedSeed()
{
    EnvoySettings s = settings(10.0, 9);
    const EnvoyHedging envoy(s, kSeed);
    const double defaults[] = {25.0, 50.0, 100.0, 200.0, 250.0, 250.0}; // max = 10 × base
    for (int n = 1; n <= 6; ++n)
        QCOMPARE(envoy.backoffBound(n), defaults[n - 1]);
    s.backoffMaxMs = 60.0;
    const EnvoyHedging capped(s, kSeed);
    QCOMPARE(capped.backoffBound(2), 50.0);
    QCOMPARE(capped.backoffBound(3), 60.0);

    // Many calls' backoffs: each in [0, bound), the same for the same seed, drawn from it.
    EnvoyHedging a(settings(10.0, 1), kSeed), b(settings(10.0, 1), kSeed), c(settings(10.0, 1), 7);
    bool differs = false;
    for (int i = 0; i < 200; ++i) {
        CallState ca, cb, cc;
        const double at = 1000.0 * i;
        const double da = startAndTimeOut(a, ca, at, 10.0).hedgeAt - (at + 10.0);
        const double db = startAndTimeOut(b, cb, at, 10.0).hedgeAt - (at + 10.0);
        const double dc = startAndTimeOut(c, cc, at, 10.0).hedgeAt - (at + 10.0);
        QVERIFY(da >= 0.0 && da < 25.0);
        QCOMPARE(da, db);
        differs = differs || da != dc;
        for (EnvoyHedging* e : {&a, &b, &c}) {
            CallState& cs = e == &a ? ca : e == &b ? cb : cc;
            e->attemptDone(cs, 0, at + 40.0, AttemptOutcome::Success, AttemptGate{});
        }
    }
    QVERIFY(differs);
}

void TestEnvoyHedging::refusedSlotStillUsesARetry()
{
    EnvoyHedging envoy(settings(50.0, 2), kSeed);
    CallState holders[3];
    for (CallState& h : holders)
        startAndTimeOut(envoy, h, 0.0, 50.0);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 3); // max_retries reached

    CallState call;
    const CallStep refused = startAndTimeOut(envoy, call, 10.0, 50.0);
    QCOMPARE(refused.launch, -1);
    QCOMPARE(refused.hedgeAt, kNever); // no hedge, and no timer to ask again
    QCOMPARE(call.retriesLeft, 1);     // used up before the check
    QCOMPARE(envoy.hedgesRefused(), 1);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 3);
    QVERIFY(!(call.familyFlags & EnvoyHedging::kSlotHeld));
    QVERIFY(call.isInFlight(0)); // the attempt goes on
    const CallStep done = envoy.attemptDone(call, 0, 200.0, AttemptOutcome::Success, AttemptGate{});
    QCOMPARE(done.end, CallEnd::Succeeded);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 3); // it held none: nothing to give back
}

void TestEnvoyHedging::timeoutGivesTheSlotBackBeforeAsking()
{
    EnvoyHedging envoy(settings(50.0, 2), kSeed);
    const AttemptGate open;
    CallState call;
    const CallStep first = startAndTimeOut(envoy, call, 0.0, 50.0);
    const CallStep hedge = envoy.hedgeDue(call, first.hedgeAt, open);
    QCOMPARE(hedge.launch, 1);
    CallState others[2];
    for (CallState& o : others)
        startAndTimeOut(envoy, o, 10.0, 50.0);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 3);
    // The hedge's own timeout: the call gives its slot back, then asks: 2 < 3, granted.
    const CallStep second = envoy.hedgeDue(call, hedge.hedgeAt, open);
    QVERIFY(second.hedgeAt != kNever);
    QCOMPARE(envoy.hedgesRefused(), 0);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 3);
    QCOMPARE(call.retriesLeft, 0);
    QCOMPARE(envoy.hedgeDue(call, second.hedgeAt, open).launch, 2);
}

void TestEnvoyHedging::oneSlotPerCallAndItGoesBackAtTheEnd()
{
    EnvoyHedging envoy(settings(50.0, 1), kSeed);
    const AttemptGate open;
    CallState call;
    const CallStep timeout = startAndTimeOut(envoy, call, 0.0, 50.0);
    envoy.hedgeDue(call, timeout.hedgeAt, open);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 1);
    QCOMPARE(envoy.retrySlots().attemptsInFlight(), 2);
    // The hedge wins: the first attempt is reset, the slot goes back.
    const CallStep done = envoy.attemptDone(call, 1, 80.0, AttemptOutcome::Success, open);
    QCOMPARE(done.end, CallEnd::Succeeded);
    QCOMPARE(done.cancel, 0b1);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 0);
    QCOMPARE(envoy.retrySlots().attemptsInFlight(), 0); // the winner ended, the loser was reset
    QCOMPARE(call.familyFlags, 0);
}

void TestEnvoyHedging::hedgesRaiseTheirOwnBudget()
{
    EnvoySettings s = settings(50.0, 1);
    s.retryBudget = EnvoyRetryBudget{.budgetPercent = 20.0, .minRetryConcurrency = 1};
    EnvoyHedging envoy(s, kSeed);
    const AttemptGate open;
    std::vector<CallState> calls(10);
    for (CallState& c : calls)
        envoy.start(c, 0.0, open);
    QCOMPARE(envoy.gauges(0.0).slotLimit, 2); // 20 % of 10 attempts
    const CallStep a = envoy.hedgeDue(calls[0], 50.0, open);
    envoy.hedgeDue(calls[0], a.hedgeAt, open); // a hedge: 11 attempts in flight
    const CallStep b = envoy.hedgeDue(calls[1], 50.0, open);
    QVERIFY(b.hedgeAt != kNever);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 2);
    QCOMPARE(envoy.hedgeDue(calls[2], 50.0, open).hedgeAt, kNever); // 2 < floor(2.2) fails
    QCOMPARE(envoy.hedgesRefused(), 1);
    envoy.hedgeDue(calls[1], b.hedgeAt, open);
    envoy.start(calls.emplace_back(), 60.0, open);
    envoy.start(calls.emplace_back(), 60.0, open);
    envoy.start(calls.emplace_back(), 60.0, open); // 15 attempts, 2 of them hedges
    QCOMPARE(envoy.gauges(60.0).slotLimit, 3);
    QVERIFY(envoy.hedgeDue(calls[3], 60.0, open).hedgeAt != kNever);
}

void TestEnvoyHedging::errorOfAHedgedAttemptIsDiscardedWhileOthersRun()
{
    EnvoyHedging envoy(settings(50.0, 2), kSeed);
    const AttemptGate open;
    CallState call;
    CallStep t = startAndTimeOut(envoy, call, 0.0, 50.0);
    t = envoy.hedgeDue(call, t.hedgeAt, open); // attempt 1
    t = envoy.hedgeDue(call, t.hedgeAt, open); // attempt 1's timeout: backoff
    t = envoy.hedgeDue(call, t.hedgeAt, open); // attempt 2
    QCOMPARE(t.launch, 2);
    // Attempts 0 and 1 triggered hedges: their errors are discarded while others run.
    const CallStep e0 = envoy.attemptDone(call, 0, 200.0, AttemptOutcome::HandledError, open);
    QCOMPARE(e0.end, CallEnd::Running);
    QCOMPARE(e0.launch, -1);
    const CallStep e1 = envoy.attemptDone(call, 1, 201.0, AttemptOutcome::HandledError, open);
    QCOMPARE(e1.end, CallEnd::Running);
    QCOMPARE(envoy.retrySlots().attemptsInFlight(), 1);
    // The last one fails too: its error (it triggered nothing) is the call's.
    const CallStep e2 = envoy.attemptDone(call, 2, 202.0, AttemptOutcome::HandledError, open);
    QCOMPARE(e2.end, CallEnd::Failed);
    QCOMPARE(e2.errorAttempt, 2);
    QCOMPARE(e2.cancel, 0);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 0);
}

void TestEnvoyHedging::errorDuringTheBackoffIsDiscarded()
{
    EnvoyHedging envoy(settings(50.0, 1), kSeed);
    const AttemptGate open;
    CallState call;
    const CallStep backoff = startAndTimeOut(envoy, call, 0.0, 50.0);
    // The only attempt fails while its hedge waits out the backoff: the hedge is pending.
    const CallStep err = envoy.attemptDone(call, 0, 50.0, AttemptOutcome::HandledError, open);
    QCOMPARE(err.end, CallEnd::Running);
    QCOMPARE(call.inFlight, 0);
    const CallStep hedge = envoy.hedgeDue(call, backoff.hedgeAt, open);
    QCOMPARE(hedge.launch, 1);
    const CallStep ok = envoy.attemptDone(call, 1, 90.0, AttemptOutcome::Success, open);
    QCOMPARE(ok.end, CallEnd::Succeeded);
}

void TestEnvoyHedging::errorOfTheLatestAttemptEndsTheCall()
{
    EnvoyHedging envoy(settings(50.0, 1), kSeed);
    const AttemptGate open;
    {
        CallState call; // an error before any timeout: nothing else in flight
        envoy.start(call, 0.0, open);
        const CallStep err = envoy.attemptDone(call, 0, 5.0, AttemptOutcome::HandledError, open);
        QCOMPARE(err.end, CallEnd::Failed);
        QCOMPARE(err.errorAttempt, 0);
        QCOMPARE(err.hedgeAt, kNever);
    }
    CallState call;
    const CallStep t = startAndTimeOut(envoy, call, 0.0, 50.0);
    envoy.hedgeDue(call, t.hedgeAt, open);
    // The hedge triggered nothing: its error ends the call and resets attempt 0.
    const CallStep err = envoy.attemptDone(call, 1, 80.0, AttemptOutcome::HandledError, open);
    QCOMPARE(err.end, CallEnd::Failed);
    QCOMPARE(err.errorAttempt, 1);
    QCOMPARE(err.cancel, 0b1);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 0);
    QCOMPARE(envoy.retrySlots().attemptsInFlight(), 0);
}

void TestEnvoyHedging::unhandledErrorEndsTheCall()
{
    EnvoyHedging envoy(settings(50.0, 1), kSeed);
    const AttemptGate open;
    CallState call;
    const CallStep t = startAndTimeOut(envoy, call, 0.0, 50.0);
    envoy.hedgeDue(call, t.hedgeAt, open);
    // Attempt 0 triggered a hedge, but an unhandled error is fatal whatever triggered what.
    const CallStep err = envoy.attemptDone(call, 0, 60.0, AttemptOutcome::UnhandledError, open);
    QCOMPARE(err.end, CallEnd::Failed);
    QCOMPARE(err.errorAttempt, 0);
    QCOMPARE(err.cancel, 0b10);
}

void TestEnvoyHedging::limiterRefusesTheHedge()
{
    AdaptiveLimiter limiter(Gradient2Config{.initialLimit = 1, .minLimit = 1, .maxLimit = 1});
    const AttemptGate gate{&limiter};
    EnvoyHedging envoy(settings(50.0, 2), kSeed);
    CallState call;
    QCOMPARE(envoy.start(call, 0.0, gate).launch, 0);
    QCOMPARE(limiter.inflight(), 1);
    const CallStep backoff = envoy.hedgeDue(call, 50.0, gate);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 1); // the retry slot is granted; the limiter is full
    const CallStep refused = envoy.hedgeDue(call, backoff.hedgeAt, gate);
    QCOMPARE(refused.launch, -1);
    QCOMPARE(refused.hedgeAt, kNever); // no per-try timer without a new attempt
    QCOMPARE(refused.end, CallEnd::Running);
    QVERIFY(call.hedgingStopped);
    QCOMPARE(envoy.hedgesRefused(), 0); // the limiter's refusal is not the budget's
    QCOMPARE(envoy.retrySlots().attemptsInFlight(), 1);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 1); // held until the call ends
    const CallStep done = envoy.attemptDone(call, 0, 70.0, AttemptOutcome::Success, gate);
    QCOMPARE(done.end, CallEnd::Succeeded);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 0);

    // With errors discarded meanwhile nothing is left: the call fails with the last error.
    AdaptiveLimiter full(Gradient2Config{.initialLimit = 1, .minLimit = 1, .maxLimit = 1});
    const AttemptGate fullGate{&full};
    CallState other;
    envoy.start(other, 100.0, fullGate);
    const CallStep b = envoy.hedgeDue(other, 150.0, fullGate);
    envoy.attemptDone(other, 0, 151.0, AttemptOutcome::HandledError, fullGate); // discarded
    const CallStep failed = envoy.hedgeDue(other, b.hedgeAt, fullGate);
    QCOMPARE(failed.end, CallEnd::Failed);
    QCOMPARE(failed.errorAttempt, 0);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 0);
}

void TestEnvoyHedging::earlyStaleAndLateTimersDoNothing()
{
    EnvoyHedging envoy(settings(50.0, 1), kSeed);
    const AttemptGate open;
    CallState call;
    envoy.start(call, 0.0, open);
    QCOMPARE(envoy.hedgeDue(call, 49.0, open).hedgeAt, kNever); // early: nothing
    QCOMPARE(envoy.retrySlots().slotsInUse(), 0);
    QCOMPARE(call.retriesLeft, 1);
    envoy.attemptDone(call, 0, 45.0, AttemptOutcome::Success, open);
    const CallStep late = envoy.hedgeDue(call, 50.0, open); // the call ended before its timer
    QCOMPARE(late.launch, -1);
    QCOMPARE(late.hedgeAt, kNever);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 0);
}

void TestEnvoyHedging::abandonResetsEverything()
{
    EnvoyHedging envoy(settings(50.0, 2), kSeed);
    const AttemptGate open;
    CallState call;
    const CallStep t = startAndTimeOut(envoy, call, 0.0, 50.0);
    envoy.hedgeDue(call, t.hedgeAt, open);
    const CallStep gone = envoy.abandon(call);
    QCOMPARE(gone.end, CallEnd::Abandoned);
    QCOMPARE(gone.cancel, 0b11);
    QCOMPARE(envoy.retrySlots().slotsInUse(), 0);
    QCOMPARE(envoy.retrySlots().attemptsInFlight(), 0);
    QCOMPARE(envoy.abandon(call).end, CallEnd::Running); // once
}

void TestEnvoyHedging::reconfigureKeepsSlots()
{
    EnvoyHedging envoy(settings(50.0, 1), kSeed);
    CallState a, b;
    startAndTimeOut(envoy, a, 0.0, 50.0);
    startAndTimeOut(envoy, b, 0.0, 50.0);
    EnvoySettings s = settings(80.0, 1);
    s.maxRetries = 2;
    envoy.reconfigure(s, 60.0);
    QCOMPARE(envoy.gauges(60.0).slotsInUse, 2);
    QCOMPARE(envoy.gauges(60.0).slotLimit, 2);
    CallState c;
    QCOMPARE(startAndTimeOut(envoy, c, 60.0, 80.0).hedgeAt, kNever); // 2 < 2 fails
    QCOMPARE(envoy.hedgesRefused(), 1);
}

void TestEnvoyHedging::pipelineMakesEnvoyWithItsSeed()
{
    FamilyPipelineConfig config{.family = PolicyFamily::Envoy, .seed = kSeed};
    config.settings.envoy = settings(30.0, 1);
    FamilyPipeline pipeline(config);
    QVERIFY(pipeline.family<EnvoyHedging>() != nullptr);
    QVERIFY(pipeline.family<GrpcHedging>() == nullptr);
    CallState call;
    QCOMPARE(pipeline.startCall(call, 0.0).hedgeAt, 30.0);
    const CallStep backoff = pipeline.hedgeDue(call, 30.0);
    QCOMPARE(backoff.hedgeAt, 30.0 + expectedBackoff(kSeed, 1, 25.0)); // the config's seed
    QCOMPARE(pipeline.gauges(30.0).slotsInUse, 1);
    QCOMPARE(pipeline.gauges(30.0).slotLimit, 3);
    QCOMPARE(pipeline.hedgeDue(call, backoff.hedgeAt).launch, 1);

    config.settings.envoy.maxRetries = 7;
    pipeline.reconfigure(config, 40.0);
    QVERIFY(pipeline.family<EnvoyHedging>() != nullptr);
    QCOMPARE(pipeline.gauges(40.0).slotsInUse, 1); // kept across the change
    QCOMPARE(pipeline.gauges(40.0).slotLimit, 7);
}

QTEST_APPLESS_MAIN(TestEnvoyHedging)
#include "tst_envoyhedging.moc"
