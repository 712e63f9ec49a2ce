// GrpcHedging's retryPolicy on a manual clock, decision by decision (docs/policies.md,
// "Retries"): one attempt at a time, each backoff drawn below the growing interval from the
// family's seeded stream, maxAttempts clamped to 5, unhandled statuses never retried, the
// throttle consulted by every retry, retries counted on the call; and validation refusing a
// retryPolicy beside a hedgingPolicy.
#include "SeededDraws.h"

#include <hedge/io/ScenarioValidation.h>
#include <hedge/policy/GrpcHedging.h>

#include <QTest>

using namespace hedge;
using hedge::test::nthUniform;

namespace {

constexpr std::uint64_t kSeed = 11;
constexpr AttemptGate open{};

GrpcSettings retrying(int maxAttempts, std::optional<GrpcThrottling> throttling = std::nullopt)
{
    GrpcSettings s;
    s.hedgingPolicy = false;
    s.retryPolicy = GrpcRetryPolicy{.maxAttempts = maxAttempts, .initialBackoffMs = 100.0,
                                    .maxBackoffMs = 1000.0, .backoffMultiplier = 2.0};
    s.throttling = throttling;
    return s;
}

// A call whose one attempt fails retryably at `now`: whether a retry was armed.
bool failOnce(GrpcHedging& client, double now)
{
    CallState c;
    client.start(c, now, open);
    const CallStep s = client.attemptDone(c, 0, now, AttemptOutcome::HandledError, open);
    client.abandon(c);
    return s.end == CallEnd::Running;
}

} // namespace

class TestGrpcRetries : public QObject {
    Q_OBJECT

private slots:
    void retriesOneAtATimeAfterBackoffsBelowTheInterval()
    {
        GrpcHedging client(retrying(4), kSeed);
        CallState call;
        CallStep s = client.start(call, 0.0, open);
        QCOMPARE(s.launch, 0);
        QCOMPARE(s.hedgeAt, kNever); // no hedgingPolicy: nothing armed
        double now = 10.0;
        const double interval[] = {100.0, 200.0, 400.0};
        for (int retry = 1; retry <= 3; ++retry) {
            s = client.attemptDone(call, retry - 1, now, AttemptOutcome::HandledError, open);
            QCOMPARE(s.end, CallEnd::Running);
            QCOMPARE(s.launch, -1);
            QCOMPARE(s.hedgeAt, now + nthUniform(kSeed, retry) * interval[retry - 1]);
            QVERIFY(s.hedgeAt < now + interval[retry - 1]);
            QCOMPARE(client.hedgeDue(call, s.hedgeAt - 0.001, open).launch, -1); // early
            now = s.hedgeAt;
            s = client.hedgeDue(call, now, open);
            QCOMPARE(s.launch, retry);
            QCOMPARE(int(call.retries), retry);
            now += 5.0;
        }
        // The fourth attempt fails: maxAttempts is spent.
        s = client.attemptDone(call, 3, now, AttemptOutcome::HandledError, open);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(s.errorAttempt, 3);
        QCOMPARE(int(call.retries), 3);
        QCOMPARE(client.hedgesRefused(), std::int64_t(0)); // retries are not hedges
    }

    void maxAttemptsAboveFiveAreClamped()
    {
        GrpcHedging client(retrying(8), kSeed);
        QCOMPARE(client.maxRetryAttempts(), 5);
        CallState call;
        client.start(call, 0.0, open);
        double now = 0.0;
        CallStep s;
        for (int attempt = 0;; ++attempt) {
            s = client.attemptDone(call, attempt, now, AttemptOutcome::HandledError, open);
            if (s.end != CallEnd::Running)
                break;
            now = s.hedgeAt;
            QCOMPARE(client.hedgeDue(call, now, open).launch, attempt + 1);
        }
        QCOMPARE(int(call.launched), 5);
        QCOMPARE(int(call.retries), 4);
    }

    void aSuccessEndsTheCallAndAnUnhandledErrorIsNotRetried()
    {
        GrpcHedging client(retrying(4, GrpcThrottling{}), kSeed);
        CallState call;
        client.start(call, 0.0, open);
        const CallStep s = client.attemptDone(call, 0, 3.0, AttemptOutcome::UnhandledError, open);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(client.throttle()->tokens(), 10.0); // not a retryable status: no token taken
        CallState ok;
        client.start(ok, 5.0, open);
        QCOMPARE(client.attemptDone(ok, 0, 6.0, AttemptOutcome::Success, open).end,
                 CallEnd::Succeeded);
        QCOMPARE(int(ok.retries), 0);
    }

    // retryThrottling: every retryable failure takes a token before the retry is decided, and
    // the retry goes out only while more than half the bucket (5 of 10) is left; each success
    // gives back 0.1.
    void theThrottleGatesEveryRetry()
    {
        GrpcHedging client(retrying(5, GrpcThrottling{.maxTokens = 10.0, .tokenRatio = 0.1}),
                           kSeed);
        for (int i = 0; i < 4; ++i) // 9, 8, 7, 6 tokens left: all above half
            QVERIFY(failOnce(client, 0.0));
        QCOMPARE(client.throttle()->tokens(), 6.0);
        QVERIFY(!failOnce(client, 0.0)); // 5 left: not above half, throttled
        QCOMPARE(client.retriesRefused(), std::int64_t(1));
        QVERIFY(!failOnce(client, 0.0)); // 4
        for (int i = 0; i < 20; ++i) { // +2 tokens: 6
            CallState ok;
            client.start(ok, 1.0, open);
            client.attemptDone(ok, 0, 1.0, AttemptOutcome::Success, open);
        }
        QCOMPARE(client.throttle()->tokens(), 6.0);
        QVERIFY(!failOnce(client, 2.0)); // 5: still throttled
        for (int i = 0; i < 20; ++i) {   // 7
            CallState ok;
            client.start(ok, 3.0, open);
            client.attemptDone(ok, 0, 3.0, AttemptOutcome::Success, open);
        }
        QVERIFY(failOnce(client, 4.0)); // 6 left: retried
        QCOMPARE(client.retriesRefused(), std::int64_t(3));
    }

    // gRPC takes a retryPolicy or a hedgingPolicy per method: a setup with both is refused,
    // naming the field and why.
    void validationRefusesARetryPolicyBesideAHedgingPolicy()
    {
        Scenario s;
        Setup setup{.name = "g", .policy = PolicyFamily::Grpc};
        setup.families.grpc.retryPolicy = GrpcRetryPolicy{};
        s.setups = {setup};
        const std::optional<ScenarioError> both = firstScenarioError(s);
        QVERIFY(both);
        QCOMPARE(both->field(), std::string("setups[0].grpc.retry_policy"));
        QVERIFY(both->problem().find("retryPolicy or a hedgingPolicy") != std::string::npos);
        s.setups[0].families.grpc.hedgingPolicy = false;
        QVERIFY(!firstScenarioError(s));
    }
};

QTEST_APPLESS_MAIN(TestGrpcRetries)
#include "tst_grpcretries.moc"
