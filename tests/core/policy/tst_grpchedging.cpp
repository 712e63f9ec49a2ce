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

QTEST_APPLESS_MAIN(TestGrpcHedging)
#include "tst_grpchedging.moc"
