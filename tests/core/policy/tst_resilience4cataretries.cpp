// resilience4cata's retry (docs/policies.md, "Retries") on a manual clock, through the
// HedgePipeline that runs it: a try failed by the service's error is run again after
// waitDuration — constant, exponential up to its cap, randomized within ± the factor from the
// client's seeded stream — while maxAttempts (the tries, the first included) allows and the
// optional rate budget has room; the new try hedges as the first did; a retry needs the
// limiter's leave but not the hedge budget's, and is never told as a hedge.
#include "SeededDraws.h"

#include <hedge/policy/HedgePipeline.h>

#include <QTest>

#include <vector>

using namespace hedge;
using hedge::test::nthUniform;

namespace {

constexpr std::uint64_t kSeed = 7;

HedgePipelineConfig retrying(const Resilience4cataRetry& retry, int hedgeAttempts = 1)
{
    HedgePipelineConfig config;
    config.hedge = HedgePolicyConfig{.delayMs = 20.0, .maxAttempts = hedgeAttempts};
    config.retry = Resilience4cataRetryingConfig::from(retry, kSeed);
    return config;
}

// How many of `calls` calls failing at once, started `gapMs` apart from `from`, are retried.
int retriedOf(HedgePipeline& pipeline, int calls, double from, double gapMs)
{
    int retried = 0;
    for (int i = 0; i < calls; ++i) {
        const double now = from + i * gapMs;
        CallState call;
        pipeline.startCall(call, now);
        retried += pipeline.attemptDone(call, 0, now, AttemptOutcome::HandledError).end ==
                   CallEnd::Running;
        pipeline.abandonCall(call);
    }
    return retried;
}

} // namespace

class TestResilience4cataRetries : public QObject {
    Q_OBJECT

private slots:
    void withoutTheRetryAFailedCallEnds()
    {
        HedgePipeline pipeline(HedgePipelineConfig{});
        CallState call;
        pipeline.startCall(call, 0.0);
        const CallStep s = pipeline.attemptDone(call, 0, 5.0, AttemptOutcome::HandledError);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(int(call.retries), 0);
    }

    // maxAttempts 3: the first try and two retries, each waitDuration after the failure.
    void aFailedTryIsRetriedAfterTheWaitUntilMaxAttempts()
    {
        HedgePipeline pipeline(retrying(Resilience4cataRetry{.maxAttempts = 3, .waitDurationMs = 500.0}));
        CallState call;
        QCOMPARE(pipeline.startCall(call, 0.0).launch, 0);
        CallStep s = pipeline.attemptDone(call, 0, 10.0, AttemptOutcome::HandledError);
        QCOMPARE(s.end, CallEnd::Running);
        QCOMPARE(s.hedgeAt, 510.0);
        QCOMPARE(pipeline.hedgeDue(call, 509.0).launch, -1); // not yet
        s = pipeline.hedgeDue(call, 510.0);
        QCOMPARE(s.launch, 1);
        QCOMPARE(int(call.retries), 1);
        s = pipeline.attemptDone(call, 1, 520.0, AttemptOutcome::HandledError);
        QCOMPARE(s.hedgeAt, 1020.0);
        QCOMPARE(pipeline.hedgeDue(call, 1020.0).launch, 2);
        QCOMPARE(int(call.retries), 2);
        s = pipeline.attemptDone(call, 2, 1030.0, AttemptOutcome::HandledError);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(s.errorAttempt, 2);
    }

    void aRetriedCallThatSucceedsSucceeds()
    {
        HedgePipeline pipeline(retrying(Resilience4cataRetry{}));
        CallState call;
        pipeline.startCall(call, 0.0);
        pipeline.attemptDone(call, 0, 1.0, AttemptOutcome::HandledError);
        pipeline.hedgeDue(call, 501.0);
        QCOMPARE(pipeline.attemptDone(call, 1, 510.0, AttemptOutcome::Success).end,
                 CallEnd::Succeeded);
    }

    // enableExponentialBackoff: 100, × 2 a retry, at most exponentialMaxWaitDuration (300).
    void exponentialWaitsGrowToTheirCap()
    {
        HedgePipeline pipeline(retrying(Resilience4cataRetry{.maxAttempts = 5,
                                                             .waitDurationMs = 100.0,
                                                             .exponentialBackoff = true,
                                                             .exponentialBackoffMultiplier = 2.0,
                                                             .exponentialMaxWaitMs = 300.0}));
        CallState call;
        pipeline.startCall(call, 0.0);
        double now = 0.0;
        for (const double wait : {100.0, 200.0, 300.0, 300.0}) {
            const CallStep s =
                pipeline.attemptDone(call, call.launched - 1, now, AttemptOutcome::HandledError);
            QCOMPARE(s.hedgeAt - now, wait);
            now = s.hedgeAt;
            QVERIFY(pipeline.hedgeDue(call, now).launch >= 0);
        }
        QCOMPARE(pipeline.attemptDone(call, 4, now, AttemptOutcome::HandledError).end,
                 CallEnd::Failed);
    }

    // enableRandomizedWait: uniform within ± randomizedWaitFactor of the wait, from the stream
    // the client's seed starts.
    void randomizedWaitsAreDrawnWithinTheFactor()
    {
        HedgePipeline pipeline(retrying(Resilience4cataRetry{.maxAttempts = 4,
                                                             .waitDurationMs = 400.0,
                                                             .randomizedWait = true,
                                                             .randomizedWaitFactor = 0.5}));
        CallState call;
        pipeline.startCall(call, 0.0);
        double now = 0.0;
        for (int retry = 1; retry <= 3; ++retry) {
            const CallStep s =
                pipeline.attemptDone(call, retry - 1, now, AttemptOutcome::HandledError);
            const double expected = 400.0 * (1.0 + 0.5 * (2.0 * nthUniform(kSeed, retry) - 1.0));
            QCOMPARE(s.hedgeAt - now, expected);
            QVERIFY(s.hedgeAt - now >= 200.0 && s.hedgeAt - now <= 600.0);
            now = s.hedgeAt;
            QCOMPARE(pipeline.hedgeDue(call, now).launch, retry);
        }
    }

    // A retry's try hedges as the first did, the delay after its own first attempt; OnHedge is
    // told the hedges (attempts 1 and 3), never the retry (attempt 2).
    void aRetrysTryHedgesAsTheFirst()
    {
        HedgePipeline pipeline(retrying(Resilience4cataRetry{.maxAttempts = 2, .waitDurationMs = 100.0}, 2));
        std::vector<int> told;
        pipeline.policy().setOnHedge([&told](int attempt) { told.push_back(attempt); });
        CallState call;
        QCOMPARE(pipeline.startCall(call, 0.0).hedgeAt, 20.0);
        QCOMPARE(pipeline.hedgeDue(call, 20.0).launch, 1);
        QCOMPARE(pipeline.attemptDone(call, 0, 30.0, AttemptOutcome::HandledError).launch, -1);
        CallStep s = pipeline.attemptDone(call, 1, 40.0, AttemptOutcome::HandledError);
        QCOMPARE(s.hedgeAt, 140.0); // the try failed: the retry's wait
        s = pipeline.hedgeDue(call, 140.0);
        QCOMPARE(s.launch, 2);
        QCOMPARE(s.hedgeAt, 160.0); // its hedge, the delay after it
        QCOMPARE(pipeline.hedgeDue(call, 160.0).launch, 3);
        QCOMPARE(pipeline.hedgeDue(call, 180.0).launch, -1); // two attempts a try
        QCOMPARE(int(call.retries), 1);
        QCOMPARE(told, (std::vector<int>{1, 3}));
        pipeline.attemptDone(call, 2, 170.0, AttemptOutcome::HandledError);
        QCOMPARE(pipeline.attemptDone(call, 3, 180.0, AttemptOutcome::HandledError).end,
                 CallEnd::Failed); // maxAttempts 2: no third try
    }

    // The hedge budget refuses hedges, not retries: with no room for any hedge the retry goes.
    void aRetryDoesNotAskTheHedgeBudget()
    {
        HedgePipelineConfig config =
            retrying(Resilience4cataRetry{.maxAttempts = 2, .waitDurationMs = 50.0}, 2);
        config.budget = HedgeBudgetConfig{.percent = 0.0, .minPerSecond = 0.0, .windowSeconds = 10.0};
        HedgePipeline pipeline(config);
        CallState call;
        pipeline.startCall(call, 0.0);
        QCOMPARE(pipeline.hedgeDue(call, 20.0).launch, -1);
        QCOMPARE(pipeline.hedgesRefused(), std::int64_t(1));
        QCOMPARE(pipeline.attemptDone(call, 0, 30.0, AttemptOutcome::HandledError).hedgeAt, 80.0);
        QCOMPARE(pipeline.hedgeDue(call, 80.0).launch, 1);
    }

    // A floor of 10 a second over 10 s and no percent: 100 retries, then none until the window
    // has moved on.
    void theRetryBudgetsFloorAllowsMinPerSecondTimesTheWindow()
    {
        HedgePipeline pipeline(retrying(Resilience4cataRetry{
            .budget = Resilience4cataRetryBudget{.percent = 0.0, .minPerSecond = 10.0, .windowSeconds = 10.0}}));
        QCOMPARE(retriedOf(pipeline, 150, 0.0, 1.0), 100);
        QCOMPARE(pipeline.retry()->retriesRefused(), std::int64_t(50));
        QCOMPARE(retriedOf(pipeline, 10, 1000.0, 1.0), 0);
        QCOMPARE(retriedOf(pipeline, 10, 12000.0, 1.0), 10); // the window moved on
    }

    // And the percent: every call deposits; 20 % of them on top of a floor of 1 a second.
    void theRetryBudgetsPercentAddsToTheFloor()
    {
        HedgePipeline pipeline(retrying(Resilience4cataRetry{
            .budget = Resilience4cataRetryBudget{.percent = 20.0, .minPerSecond = 1.0, .windowSeconds = 10.0}}));
        for (int i = 0; i < 1000; ++i) {
            CallState ok;
            pipeline.startCall(ok, 1.0);
            pipeline.attemptDone(ok, 0, 1.0, AttemptOutcome::Success);
        }
        // The k-th failing call is retried while 10 + 0.2 (1000 + k) − the retries so far ≥ 1.
        int expected = 0;
        for (int k = 1; k <= 400; ++k)
            expected += 1000 + 20 * (1000 + k) - 100 * expected >= 100;
        QCOMPARE(expected, 290);
        QCOMPARE(retriedOf(pipeline, 400, 2.0, 0.0), expected);
    }

    // A call that timed out (or was abandoned) during the wait sends nothing when it ends.
    void anAbandonedCallsWaitSendsNothing()
    {
        HedgePipeline pipeline(retrying(Resilience4cataRetry{}));
        CallState call;
        pipeline.startCall(call, 0.0);
        pipeline.attemptDone(call, 0, 1.0, AttemptOutcome::HandledError);
        QCOMPARE(pipeline.abandonCall(call).end, CallEnd::Abandoned);
        QCOMPARE(pipeline.hedgeDue(call, 501.0).launch, -1);
        QCOMPARE(int(call.retries), 0);
    }

    // A timeline's change of the retry's knobs: calls from then on follow the new ones.
    void aChangeOfTermsReachesNewCalls()
    {
        HedgePipeline pipeline(retrying(Resilience4cataRetry{.waitDurationMs = 500.0}));
        pipeline.reconfigure(retrying(Resilience4cataRetry{.waitDurationMs = 50.0}), 100.0);
        CallState call;
        pipeline.startCall(call, 100.0);
        QCOMPARE(pipeline.attemptDone(call, 0, 110.0, AttemptOutcome::HandledError).hedgeAt, 160.0);
        pipeline.reconfigure(HedgePipelineConfig{}, 200.0);
        CallState later;
        pipeline.startCall(later, 200.0);
        QCOMPARE(pipeline.attemptDone(later, 0, 210.0, AttemptOutcome::HandledError).end,
                 CallEnd::Failed);
    }
};

QTEST_APPLESS_MAIN(TestResilience4cataRetries)
#include "tst_resilience4cataretries.moc"
