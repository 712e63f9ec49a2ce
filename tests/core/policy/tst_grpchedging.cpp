// GrpcHedging on a manual clock, decision by decision (docs/policies.md, "gRPC"): the timer
// chaining, the throttle's threshold at start and at each re-arm, the error rules of the two
// flavours, and which failure a call ends with.
#include <hedge/policy/GrpcHedging.h>

#include <QTest>

#include <cmath>

using namespace hedge;

namespace {

GrpcSettings grpc(int maxAttempts, double delayMs, bool nonFatal = true,
                  std::optional<GrpcThrottling> throttling = GrpcThrottling{},
                  GrpcFlavour flavour = GrpcFlavour::Java)
{
    return GrpcSettings{.maxAttempts = maxAttempts,
                        .hedgingDelayMs = delayMs,
                        .nonFatalErrors = nonFatal,
                        .throttling = throttling,
                        .flavour = flavour};
}

constexpr AttemptGate open{};

// Spends `errors` tokens of the client's bucket: one call per error, each failing non-fatally
// with its only attempt (a timer is armed, but the call is abandoned before it fires).
void drain(GrpcHedging& client, int errors, double now)
{
    for (int i = 0; i < errors; ++i) {
        CallState c;
        client.start(c, now, open);
        client.attemptDone(c, 0, now, AttemptOutcome::HandledError, open);
        client.abandon(c);
    }
}

} // namespace

class TestGrpcHedging : public QObject {
    Q_OBJECT

private slots:
    void hedgesChainFromEachFiringUntilMaxAttempts()
    {
        GrpcHedging client(grpc(3, 20.0));
        CallState call;
        CallStep s = client.start(call, 0.0, open);
        QCOMPARE(s.launch, 0);
        QCOMPARE(s.hedgeAt, 20.0);
        s = client.hedgeDue(call, 21.5, open); // a late timer: the next delay runs from the firing
        QCOMPARE(s.launch, 1);
        QCOMPARE(s.hedgeAt, 41.5);
        s = client.hedgeDue(call, 41.5, open);
        QCOMPARE(s.launch, 2);
        QCOMPARE(s.hedgeAt, kNever); // all three sent
        QCOMPARE(call.launched, std::uint8_t(3));
        QCOMPARE(client.hedgesRefused(), std::int64_t(0));
    }

    void maxAttemptsAboveFiveAreClampedAndDelayZeroSendsAllAtOnce()
    {
        GrpcHedging client(grpc(8, 0.0));
        QCOMPARE(client.maxAttempts(), 5);
        CallState call;
        CallStep s = client.start(call, 7.0, open);
        int sent = 1;
        while (s.hedgeAt != kNever) {
            QCOMPARE(s.hedgeAt, 7.0);
            s = client.hedgeDue(call, 7.0, open);
            sent += s.launch >= 0;
        }
        QCOMPARE(sent, 5);
    }

    void staleOrEarlyTimersDoNothing()
    {
        GrpcHedging client(grpc(3, 20.0));
        CallState call;
        client.start(call, 0.0, open);
        QCOMPARE(client.hedgeDue(call, 19.9, open).launch, -1);
        client.attemptDone(call, 0, 5.0, AttemptOutcome::Success, open);
        QCOMPARE(client.hedgeDue(call, 20.0, open).launch, -1);
    }

    // Above half the bucket the timer is armed; at half it is not, and the call counts as
    // refused once. The first attempt is never throttled.
    void theThrottleKeepsTheTimerFromBeingArmedAtStart()
    {
        GrpcHedging client(grpc(2, 20.0));
        drain(client, 5, 0.0); // 10 → 5 tokens: throttled
        QCOMPARE(client.throttle()->tokens(), 5.0);
        const std::int64_t before = client.hedgesRefused();
        CallState call;
        const CallStep s = client.start(call, 1.0, open);
        QCOMPARE(s.launch, 0);
        QCOMPARE(s.hedgeAt, kNever);
        QCOMPARE(client.hedgesRefused(), before + 1);
        QVERIFY(call.familyFlags & kHedgeRefusedFlag);
    }

    // The firing timer sends without asking the bucket again; only the re-arm asks.
    void aFiringTimerSendsWithoutRecheckingAndTheReArmAsks()
    {
        GrpcHedging client(grpc(3, 20.0));
        CallState call;
        QCOMPARE(client.start(call, 0.0, open).hedgeAt, 20.0);
        drain(client, 5, 10.0); // throttled while the timer runs
        const std::int64_t before = client.hedgesRefused();
        const CallStep s = client.hedgeDue(call, 20.0, open);
        QCOMPARE(s.launch, 1);
        QCOMPARE(s.hedgeAt, kNever); // frozen: a third attempt was left
        QCOMPARE(client.hedgesRefused(), before + 1);
    }

    void aSuccessWinsCancelsTheOthersAndRefillsOnce()
    {
        GrpcHedging client(grpc(3, 20.0));
        drain(client, 1, 0.0); // 9 tokens
        CallState call;
        client.start(call, 0.0, open);
        client.hedgeDue(call, 20.0, open);
        const CallStep s = client.attemptDone(call, 1, 25.0, AttemptOutcome::Success, open);
        QCOMPARE(s.end, CallEnd::Succeeded);
        QCOMPARE(s.cancel, std::uint16_t(0b01));
        QCOMPARE(client.throttle()->tokens(), 9.1);
    }

    void aFatalErrorEndsTheCallAndLeavesTheBucket()
    {
        GrpcHedging client(grpc(3, 20.0, /*nonFatal=*/false));
        CallState call;
        client.start(call, 0.0, open);
        client.hedgeDue(call, 20.0, open);
        const CallStep s = client.attemptDone(call, 0, 22.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(s.errorAttempt, 0);
        QCOMPARE(s.cancel, std::uint16_t(0b10));
        QCOMPARE(client.throttle()->tokens(), 10.0);
    }

    void anUnhandledErrorIsFatalEvenWhenErrorsAreNonFatal()
    {
        GrpcHedging client(grpc(3, 20.0, /*nonFatal=*/true));
        CallState call;
        client.start(call, 0.0, open);
        const CallStep s = client.attemptDone(call, 0, 2.0, AttemptOutcome::UnhandledError, open);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(client.throttle()->tokens(), 10.0);
    }

    // java: a non-fatal error above the threshold costs a token and the next hedge waits for
    // its timer; a6: the next hedge goes at once and its timer restarts from the error.
    void aNonFatalErrorWaitsForTheTimerInJavaAndHedgesAtOnceInA6()
    {
        GrpcHedging java(grpc(3, 20.0));
        CallState a;
        java.start(a, 0.0, open);
        CallStep s = java.attemptDone(a, 0, 5.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.launch, -1);
        QCOMPARE(s.end, CallEnd::Running);
        QCOMPARE(java.throttle()->tokens(), 9.0);
        QCOMPARE(java.hedgeDue(a, 20.0, open).launch, 1); // the timer armed at start

        GrpcHedging a6(grpc(3, 20.0, true, GrpcThrottling{}, GrpcFlavour::A6));
        CallState b;
        a6.start(b, 0.0, open);
        s = a6.attemptDone(b, 0, 5.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.launch, 1);
        QCOMPARE(s.hedgeAt, 25.0);
        QCOMPARE(a6.hedgeDue(b, 20.0, open).launch, -1); // superseded
    }

    // Throttled by the error itself: java ends the call with it at once; a6 lets the attempts
    // in flight finish and ends with the last to fail.
    void aThrottledNonFatalErrorEndsTheCallInJavaAndWaitsInA6()
    {
        GrpcHedging java(grpc(3, 20.0));
        drain(java, 4, 0.0); // 6 tokens: the next error throttles
        CallState a;
        java.start(a, 0.0, open);
        java.hedgeDue(a, 20.0, open);
        CallStep s = java.attemptDone(a, 1, 21.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(s.errorAttempt, 1);
        QCOMPARE(s.cancel, std::uint16_t(0b01));

        GrpcHedging a6(grpc(3, 20.0, true, GrpcThrottling{}, GrpcFlavour::A6));
        drain(a6, 4, 0.0);
        CallState b;
        a6.start(b, 0.0, open);
        a6.hedgeDue(b, 20.0, open);
        s = a6.attemptDone(b, 1, 21.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.end, CallEnd::Running);
        QCOMPARE(s.launch, -1);
        s = a6.attemptDone(b, 0, 30.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(s.errorAttempt, 0);
    }

    void whenAllFailTheLastToFailEndsTheCall()
    {
        GrpcHedging client(grpc(2, 20.0, true, std::nullopt));
        CallState call;
        client.start(call, 0.0, open);
        client.hedgeDue(call, 20.0, open);
        QCOMPARE(client.attemptDone(call, 1, 22.0, AttemptOutcome::HandledError, open).end,
                 CallEnd::Running);
        const CallStep s = client.attemptDone(call, 0, 30.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(s.errorAttempt, 0);
    }

    // Without throttling nothing is ever refused, whatever the errors.
    void withoutThrottlingNothingIsRefused()
    {
        GrpcHedging client(grpc(3, 20.0, true, std::nullopt));
        drain(client, 50, 0.0);
        CallState call;
        QCOMPARE(client.start(call, 0.0, open).hedgeAt, 20.0);
        QCOMPARE(client.hedgesRefused(), std::int64_t(0));
        QVERIFY(std::isnan(client.gauges(0.0).tokens));
    }

    // The adaptive limiter may refuse a hedge: hedging stops for the call, not counted as the
    // throttle's refusal; with nothing in flight the call ends with its last error.
    void theLimiterRefusingAHedgeStopsHedging()
    {
        AdaptiveLimiter limiter(Gradient2Config{.initialLimit = 1, .minLimit = 1, .maxLimit = 1});
        const AttemptGate gate{&limiter};
        GrpcHedging client(grpc(3, 20.0));
        CallState call;
        QCOMPARE(client.start(call, 0.0, gate).launch, 0);
        const CallStep s = client.hedgeDue(call, 20.0, gate);
        QCOMPARE(s.launch, -1);
        QCOMPARE(s.hedgeAt, kNever);
        QVERIFY(call.hedgingStopped);
        QCOMPARE(client.hedgesRefused(), std::int64_t(0));
    }
};

class TestGrpcHedgingJs : public QObject {
    Q_OBJECT

    static GrpcSettings js(int maxAttempts, double delayMs, bool nonFatal = true,
                           std::optional<GrpcThrottling> throttling = GrpcThrottling{})
    {
        return grpc(maxAttempts, delayMs, nonFatal, throttling, GrpcFlavour::Js);
    }

private slots:
    // grpc-js re-arms its hedging timer when each attempt starts (maybeStartHedgingTimer), the
    // delay cut to whole milliseconds: 20.7 ms waits 20, and a late firing moves the next.
    void timersChainFromEachAttemptInWholeMilliseconds()
    {
        GrpcHedging client(js(3, 20.7));
        CallState call;
        CallStep s = client.start(call, 0.0, open);
        QCOMPARE(s.launch, 0);
        QCOMPARE(s.hedgeAt, 20.0);
        s = client.hedgeDue(call, 21.5, open);
        QCOMPARE(s.launch, 1);
        QCOMPARE(s.hedgeAt, 41.5);
        s = client.hedgeDue(call, 41.5, open);
        QCOMPARE(s.launch, 2);
        QCOMPARE(s.hedgeAt, kNever);
    }

    // "0s" is a setTimeout of 0, which Node runs 1 ms on: attempts 1 ms apart, not at once.
    void aZeroDelaySendsAttemptsOneMillisecondApart()
    {
        GrpcHedging client(js(3, 0.0));
        CallState call;
        QCOMPARE(client.start(call, 5.0, open).hedgeAt, 6.0);
        const CallStep s = client.hedgeDue(call, 6.0, open);
        QCOMPARE(s.launch, 1);
        QCOMPARE(s.hedgeAt, 7.0);
    }

    // The service config's seconds times 1000 as a double, then Node's whole milliseconds.
    void theTimerIsTheDurationTextTimesAThousandCut()
    {
        QCOMPARE(GrpcHedging::grpcJsTimerMs(29.0), 29.0);
        QCOMPARE(GrpcHedging::grpcJsTimerMs(20.7), 20.0);
        QCOMPARE(GrpcHedging::grpcJsTimerMs(1001.0), 1000.0); // 1.001 × 1000 = 1000.9999999999999
        QCOMPARE(GrpcHedging::grpcJsTimerMs(0.5), 1.0);
        QCOMPARE(GrpcHedging::grpcJsTimerMs(0.0), 1.0);
    }

    // grpc-node.retry_max_attempts_limit: 5 by default.
    void maxAttemptsAreCappedAtFive()
    {
        GrpcHedging client(js(8, 10.0));
        QCOMPARE(client.maxAttempts(), 5);
        CallState call;
        CallStep s = client.start(call, 0.0, open);
        int sent = 1;
        double now = 0.0;
        while (s.hedgeAt != kNever) {
            now = s.hedgeAt;
            s = client.hedgeDue(call, now, open);
            sent += s.launch >= 0;
        }
        QCOMPARE(sent, 5);
        QCOMPARE(now, 40.0);
    }

    // The bucket is never asked about a hedge (only a retry asks it): at half the timer is
    // armed at the start and the hedge is sent, nothing is refused — and the hedge is counted
    // as sent at or below half. The tokens still move: errors take one, successes give 0.1.
    void theThrottleNeverHoldsAHedgeButItsTokensAreCounted()
    {
        GrpcHedging client(js(3, 20.0));
        drain(client, 5, 0.0);
        QCOMPARE(client.throttle()->tokens(), 5.0);
        QVERIFY(!client.throttle()->isAboveThreshold());
        CallState call;
        QCOMPARE(client.start(call, 1.0, open).hedgeAt, 21.0);
        const CallStep s = client.hedgeDue(call, 21.0, open);
        QCOMPARE(s.launch, 1);
        QCOMPARE(s.hedgeAt, 41.0);
        QCOMPARE(client.hedgesRefused(), std::int64_t(0));
        QCOMPARE(client.hedgesBelowThreshold(), std::int64_t(1));
        QVERIFY(call.familyFlags & kHedgeBelowThresholdFlag);
        QVERIFY(!(call.familyFlags & kHedgeRefusedFlag));
        client.attemptDone(call, 1, 30.0, AttemptOutcome::Success, open);
        QCOMPARE(client.throttle()->tokens(), 5.1);
    }

    // Above half, a hedge is not counted as past the throttle.
    void aHedgeAboveHalfIsNotCounted()
    {
        GrpcHedging client(js(2, 20.0));
        CallState call;
        client.start(call, 0.0, open);
        client.hedgeDue(call, 20.0, open);
        QCOMPARE(client.hedgesBelowThreshold(), std::int64_t(0));
        QVERIFY(!(call.familyFlags & kHedgeBelowThresholdFlag));
    }

    // handleProcessedStatus: a non-fatal status costs a token; 1 ms later the next hedge
    // starts and the hedging timer restarts from it; the old timer is gone.
    void aNonFatalErrorHedgesOneMillisecondLaterAndReArms()
    {
        GrpcHedging client(js(3, 20.0));
        CallState call;
        client.start(call, 0.0, open);
        CallStep s = client.attemptDone(call, 0, 5.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.launch, -1);
        QCOMPARE(s.end, CallEnd::Running);
        QCOMPARE(s.hedgeAt, 6.0);
        QCOMPARE(client.throttle()->tokens(), 9.0);
        s = client.hedgeDue(call, 6.0, open);
        QCOMPARE(s.launch, 1);
        QCOMPARE(s.hedgeAt, 26.0);
        QCOMPARE(client.hedgeDue(call, 20.0, open).launch, -1); // the timer armed at start
        QCOMPARE(client.hedgeDue(call, 26.0, open).launch, 2);
    }

    // The hedging timer due inside the follow-up's millisecond fires first; the follow-up
    // still starts its own hedge after it.
    void theHedgingTimerAndTheFollowUpBothRun()
    {
        GrpcHedging client(js(4, 20.0));
        CallState call;
        client.start(call, 0.0, open);
        CallStep s = client.attemptDone(call, 0, 19.5, AttemptOutcome::HandledError, open);
        QCOMPARE(s.hedgeAt, 20.0); // the hedging timer is still the earlier
        s = client.hedgeDue(call, 20.0, open);
        QCOMPARE(s.launch, 1);
        QCOMPARE(s.hedgeAt, 20.5); // then the follow-up
        s = client.hedgeDue(call, 20.5, open);
        QCOMPARE(s.launch, 2);
        QCOMPARE(s.hedgeAt, 40.5);
    }

    // With no attempt left the follow-up starts nothing; the call ends with the status of
    // the last attempt to fail, 1 ms after it, once nothing is in flight.
    void theLastFailureEndsTheCallAfterItsFollowUp()
    {
        GrpcHedging client(js(2, 20.0, true, std::nullopt));
        CallState call;
        client.start(call, 0.0, open);
        client.hedgeDue(call, 20.0, open);
        CallStep s = client.attemptDone(call, 1, 22.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.hedgeAt, 23.0);
        s = client.hedgeDue(call, 23.0, open);
        QCOMPARE(s.end, CallEnd::Running); // attempt 0 still runs
        QCOMPARE(s.launch, -1);
        s = client.attemptDone(call, 0, 30.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.end, CallEnd::Running);
        s = client.hedgeDue(call, 31.0, open);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(s.errorAttempt, 0);
    }

    // A success during the follow-up's millisecond wins; the follow-up finds the call over.
    void aSuccessBeforeTheFollowUpWins()
    {
        GrpcHedging client(js(3, 20.0));
        CallState call;
        client.start(call, 0.0, open);
        client.hedgeDue(call, 20.0, open);
        client.attemptDone(call, 0, 25.0, AttemptOutcome::HandledError, open);
        const CallStep s = client.attemptDone(call, 1, 25.5, AttemptOutcome::Success, open);
        QCOMPARE(s.end, CallEnd::Succeeded);
        QCOMPARE(client.hedgeDue(call, 26.0, open).launch, -1);
    }

    // A fatal status ends the call at once and leaves the bucket, as in the other flavours.
    void aFatalErrorEndsTheCallAtOnce()
    {
        GrpcHedging client(js(3, 20.0, /*nonFatal=*/false));
        CallState call;
        client.start(call, 0.0, open);
        client.hedgeDue(call, 20.0, open);
        const CallStep s = client.attemptDone(call, 0, 22.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(s.cancel, std::uint16_t(0b10));
        QCOMPARE(client.throttle()->tokens(), 10.0);
    }
};

int main(int argc, char** argv)
{
    TestGrpcHedging java;
    TestGrpcHedgingJs js;
    return QTest::qExec(&java, argc, argv) | QTest::qExec(&js, argc, argv);
}
#include "tst_grpchedging.moc"
