// EnvoyHedging's retry_on 5xx on a manual clock, decision by decision (docs/policies.md,
// "Retries"): the latest attempt's error retried on the one retry state the hedges use — a
// retry of num_retries used up, the slot given back and asked for again, the backoff drawn below
// 25 ms doubling to 250 ms from the seeded stream — the max_retries breaker and the retry
// budget's floor gating it, retries counted on the call; and, without hedge_on_per_try_timeout,
// a per-try timeout that resets the attempt and is retried the same way.
#include "SeededDraws.h"

#include <hedge/policy/EnvoyHedging.h>

#include <QTest>

#include <vector>

using namespace hedge;
using hedge::test::nthUniform;

namespace {

constexpr std::uint64_t kSeed = 42;
constexpr AttemptGate open{};

EnvoySettings retryOn5xx(int numRetries, double perTryMs = 0.0)
{
    EnvoySettings s;
    s.perTryTimeoutMs = perTryMs;
    s.numRetries = numRetries;
    s.retryOn5xx = true;
    return s;
}

} // namespace

class TestEnvoyRetries : public QObject {
    Q_OBJECT

private slots:
    // Without hedge_on_per_try_timeout: the per-try timeout resets the latest attempt (its late
    // answer is not seen), and retry_on 5xx retries it after the backoff; the last try's
    // timeout, with no retry left, fails the call.
    void aPerTryTimeoutResetsTheAttemptAndRetries()
    {
        EnvoySettings settings = retryOn5xx(1, 50.0);
        settings.hedgeOnPerTryTimeout = false;
        EnvoyHedging envoy(settings, kSeed);
        CallState call;
        QCOMPARE(envoy.start(call, 0.0, open).hedgeAt, 50.0);
        CallStep s = envoy.hedgeDue(call, 50.0, open);
        QCOMPARE(s.end, CallEnd::Running);
        QVERIFY(!call.isInFlight(0)); // reset: the call no longer waits for it
        QCOMPARE(s.hedgeAt, 50.0 + nthUniform(kSeed, 1) * 25.0);
        const double retryAt = s.hedgeAt;
        // The reset attempt's answer comes late: not seen, even a success.
        QCOMPARE(envoy.attemptDone(call, 0, retryAt - 0.5, AttemptOutcome::Success, open).end,
                 CallEnd::Running);
        s = envoy.hedgeDue(call, retryAt, open);
        QCOMPARE(s.launch, 1);
        QCOMPARE(int(call.retries), 1); // a retry, not a hedge
        QCOMPARE(s.hedgeAt, retryAt + 50.0); // its own per-try timer, though no retry is left
        s = envoy.hedgeDue(call, retryAt + 50.0, open);
        QCOMPARE(s.end, CallEnd::Failed); // 504: num_retries spent
        QCOMPARE(s.errorAttempt, 1);
        QCOMPARE(envoy.retrySlots().slotsInUse(), 0);
    }

    // Without retry_on 5xx the reset fails the call at once; with hedging (the default) the
    // attempt goes on and a hedge is sent beside it.
    void withoutRetryOn5xxTheResetFailsTheCall()
    {
        EnvoySettings settings = retryOn5xx(1, 50.0);
        settings.retryOn5xx = false;
        settings.hedgeOnPerTryTimeout = false;
        EnvoyHedging resetting(settings, kSeed);
        CallState call;
        resetting.start(call, 0.0, open);
        QCOMPARE(resetting.hedgeDue(call, 50.0, open).end, CallEnd::Failed);
        settings.hedgeOnPerTryTimeout = true;
        EnvoyHedging hedging(settings, kSeed);
        CallState hedged;
        hedging.start(hedged, 0.0, open);
        const CallStep s = hedging.hedgeDue(hedged, 50.0, open);
        QCOMPARE(s.end, CallEnd::Running);
        QVERIFY(hedged.isInFlight(0));
        QCOMPARE(hedging.hedgeDue(hedged, s.hedgeAt, open).launch, 1);
        QCOMPARE(int(hedged.retries), 0);
    }

    void theLatestAttemptsErrorIsRetriedAfterTheDoublingBackoff()
    {
        EnvoyHedging envoy(retryOn5xx(3), kSeed);
        CallState call;
        envoy.start(call, 0.0, open);
        double now = 4.0;
        const double bound[] = {25.0, 50.0, 100.0};
        for (int retry = 1; retry <= 3; ++retry) {
            CallStep s = envoy.attemptDone(call, retry - 1, now, AttemptOutcome::HandledError, open);
            QCOMPARE(s.end, CallEnd::Running);
            QCOMPARE(s.hedgeAt, now + nthUniform(kSeed, retry) * bound[retry - 1]);
            QCOMPARE(envoy.backoffBound(retry), bound[retry - 1]);
            QCOMPARE(envoy.retrySlots().slotsInUse(), 1); // held from the decision on
            now = s.hedgeAt;
            s = envoy.hedgeDue(call, now, open);
            QCOMPARE(s.launch, retry);
            QCOMPARE(int(call.retries), retry);
            now += 3.0;
        }
        // num_retries spent: the error is the call's.
        const CallStep end = envoy.attemptDone(call, 3, now, AttemptOutcome::HandledError, open);
        QCOMPARE(end.end, CallEnd::Failed);
        QCOMPARE(end.errorAttempt, 3);
        QCOMPARE(envoy.retrySlots().slotsInUse(), 0);
        QCOMPARE(envoy.hedgesRefused(), std::int64_t(0));
    }

    void withoutRetryOnTheErrorEndsTheCall()
    {
        EnvoySettings plain = retryOn5xx(3);
        plain.retryOn5xx = false;
        EnvoyHedging envoy(plain, kSeed);
        CallState call;
        envoy.start(call, 0.0, open);
        QCOMPARE(envoy.attemptDone(call, 0, 1.0, AttemptOutcome::HandledError, open).end,
                 CallEnd::Failed);
        QCOMPARE(int(call.retries), 0);
    }

    // Without a retry_budget, max_retries (3) calls may hold a retry slot at once: the fourth
    // call's retry overflows (it still used up a retry) and its error ends it; a slot given back
    // by an ending call lets the next retry through.
    void theMaxRetriesBreakerGatesRetries()
    {
        EnvoyHedging envoy(retryOn5xx(2), kSeed);
        std::vector<CallState> calls(5);
        for (CallState& c : calls)
            envoy.start(c, 0.0, open);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(envoy.attemptDone(calls[i], 0, 1.0, AttemptOutcome::HandledError, open).end,
                     CallEnd::Running);
        const CallStep overflow =
            envoy.attemptDone(calls[3], 0, 1.0, AttemptOutcome::HandledError, open);
        QCOMPARE(overflow.end, CallEnd::Failed);
        QCOMPARE(calls[3].retriesLeft, std::int8_t(1)); // used up before the slot was asked for
        QCOMPARE(envoy.retriesRefused(), std::int64_t(1));
        envoy.abandon(calls[0]); // its slot goes back
        QCOMPARE(envoy.attemptDone(calls[4], 0, 2.0, AttemptOutcome::HandledError, open).end,
                 CallEnd::Running);
        QCOMPARE(envoy.retrySlots().slotsInUse(), 3);
    }

    // With a retry_budget the slots are max(20 % of the attempts in flight, 3): with 13 to 10
    // attempts in flight, 20 % is 2, and the floor allows three retries at once.
    void theRetryBudgetsFloorAllowsItsMinimum()
    {
        EnvoySettings settings = retryOn5xx(1);
        settings.retryBudget = EnvoyRetryBudget{.budgetPercent = 20.0, .minRetryConcurrency = 3};
        EnvoyHedging envoy(settings, kSeed);
        std::vector<CallState> calls(14);
        for (CallState& c : calls)
            envoy.start(c, 0.0, open);
        int granted = 0;
        for (int i = 0; i < 6; ++i)
            granted += envoy.attemptDone(calls[i], 0, 1.0, AttemptOutcome::HandledError, open).end ==
                       CallEnd::Running;
        // 14 attempts in flight, then fewer as each fails: 20 % of them is at most 2.
        QCOMPARE(granted, 3);
        QCOMPARE(envoy.retriesRefused(), std::int64_t(3));
    }

    // One retry state for hedges and retries: a hedge on per-try timeout and a retry after the
    // hedge's error share num_retries and the doubling backoff.
    void hedgesAndRetriesShareTheRetryState()
    {
        EnvoyHedging envoy(retryOn5xx(2, 10.0), kSeed);
        CallState call;
        envoy.start(call, 0.0, open);
        CallStep s = envoy.hedgeDue(call, 10.0, open); // per-try timeout: a hedge, backoff 1
        QCOMPARE(s.hedgeAt, 10.0 + nthUniform(kSeed, 1) * 25.0);
        s = envoy.hedgeDue(call, s.hedgeAt, open);
        QCOMPARE(s.launch, 1);
        QCOMPARE(int(call.retries), 0); // a hedge, not a retry
        // The hedge (the latest attempt) fails: retried, with the second backoff's bound.
        s = envoy.attemptDone(call, 1, 20.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.hedgeAt, 20.0 + nthUniform(kSeed, 2) * 50.0);
        s = envoy.hedgeDue(call, s.hedgeAt, open);
        QCOMPARE(s.launch, 2);
        QCOMPARE(int(call.retries), 1);
        QCOMPARE(call.retriesLeft, std::int8_t(0));
        // num_retries spent: the latest attempt's error ends the call, the original with it.
        QCOMPARE(envoy.attemptDone(call, 2, 30.0, AttemptOutcome::HandledError, open).end,
                 CallEnd::Failed);
    }
};

QTEST_APPLESS_MAIN(TestEnvoyRetries)
#include "tst_envoyretries.moc"
