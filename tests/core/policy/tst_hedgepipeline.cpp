// HedgePipeline on a manual clock (docs/model.md, "The client pipeline"): the hedge outside, the
// budget asked before the limiter for every hedge, the limiter asked for every attempt, one deposit
// per call.
#include <hedge/policy/HedgePipeline.h>

#include <QTest>

#include <vector>

using namespace hedge;

namespace {

HedgePipelineConfig pipelineConfig(int maxAttempts, std::optional<HedgeBudgetConfig> budget,
                                   std::optional<Gradient2Config> limit)
{
    return HedgePipelineConfig{.hedge = {.delayMs = 20.0, .maxAttempts = maxAttempts},
                               .budget = budget,
                               .adaptiveLimit = limit};
}

Gradient2Config smallLimit(int limit)
{
    return Gradient2Config{.initialLimit = limit, .minLimit = limit};
}

} // namespace

class TestHedgePipeline : public QObject {
    Q_OBJECT

private slots:
    void defaultConfigDoesNotHedge();
    void unlimitedWithoutBudgetOrLimiter();
    void rejectedFirstAttemptRejectsCall();
    void rejectedHedgeStopsHedging();
    void budgetRefusalStopsHedgingBeforeTheLimiter();
    void oneDepositPerCall();
    void cancelledAttemptsReleasePlaces();
    void errorReleasesPlaceBeforeHedgeAtOnce();
    void unhandledErrorReleasesEverything();
    void abandonReleasesPlaces();
    void onHedgeThroughPipeline();
    void callsInFlightKeepTheBudgetTheyStartedWithout();
    void callsInFlightKeepTheirBudgetTerms();
    void callsInFlightKeepTheirBudgetWindow();
    void callsInFlightKeepTheLimiterTheyStartedWithout();
    void callsInFlightKeepTheirLimiter();
};

void TestHedgePipeline::defaultConfigDoesNotHedge()
{
    HedgePipeline pipeline;
    QVERIFY(!pipeline.budget());
    QVERIFY(!pipeline.limiter());
    CallState call;
    const CallStep step = pipeline.startCall(call, 0.0);
    QCOMPARE(step.launch, 0);
    QCOMPARE(step.hedgeAt, kNever);
    QCOMPARE(pipeline.attemptDone(call, 0, 3.0, AttemptOutcome::Success).end, CallEnd::Succeeded);
}

void TestHedgePipeline::unlimitedWithoutBudgetOrLimiter()
{
    HedgePipeline pipeline(pipelineConfig(3, std::nullopt, std::nullopt));
    // Many calls, all hedged twice: nothing refuses.
    for (int i = 0; i < 100; ++i) {
        CallState call;
        const double t0 = i * 1.0;
        QCOMPARE(pipeline.startCall(call, t0).launch, 0);
        QCOMPARE(pipeline.hedgeDue(call, t0 + 20.0).launch, 1);
        QCOMPARE(pipeline.hedgeDue(call, t0 + 40.0).launch, 2);
        QCOMPARE(call.permit[2], 0); // no limiter: a dummy permit
    }
}

void TestHedgePipeline::rejectedFirstAttemptRejectsCall()
{
    HedgePipeline pipeline(pipelineConfig(2, HedgeBudgetConfig{}, smallLimit(2)));
    CallState a, b, c;
    QCOMPARE(pipeline.startCall(a, 0.0).launch, 0);
    QCOMPARE(a.permit[0], 1);
    QCOMPARE(pipeline.startCall(b, 1.0).launch, 0);
    QCOMPARE(b.permit[0], 2);
    const CallStep rejected = pipeline.startCall(c, 2.0);
    QCOMPARE(rejected.end, CallEnd::Rejected);
    QCOMPARE(rejected.launch, -1);
    QCOMPARE(rejected.hedgeAt, kNever);
    QCOMPARE(c.end, CallEnd::Rejected);
    QCOMPARE(pipeline.limiter()->inflight(), 2);
    // Every call deposited, the rejected one too: 10 + 0.1·3.
    QCOMPARE(pipeline.budget()->balance(2.0), 10.3);

    // A place frees up: the next call gets in.
    QCOMPARE(pipeline.attemptDone(a, 0, 5.0, AttemptOutcome::Success).end, CallEnd::Succeeded);
    QCOMPARE(pipeline.limiter()->inflight(), 1);
    CallState d;
    QCOMPARE(pipeline.startCall(d, 6.0).launch, 0);
    QCOMPARE(d.permit[0], 2);
}

void TestHedgePipeline::rejectedHedgeStopsHedging()
{
    std::vector<int> hedges;
    HedgePipeline pipeline(pipelineConfig(3, HedgeBudgetConfig{}, smallLimit(2)));
    pipeline.policy().setOnHedge([&](int n) { hedges.push_back(n); });
    CallState a, b;
    pipeline.startCall(a, 0.0);
    pipeline.startCall(b, 1.0);

    // A's hedge at 20: the budget allows it (one withdrawal), the full limiter rejects it.
    const CallStep refused = pipeline.hedgeDue(a, 20.0);
    QCOMPARE(refused.launch, -1);
    QCOMPARE(refused.hedgeAt, kNever);
    QVERIFY(a.hedgingStopped);
    QCOMPARE(pipeline.budget()->balance(20.0), 9.2); // 10 + 0.1·2 − 1
    QCOMPARE(pipeline.limiter()->inflight(), 2);

    // B ends, a place is free, but A does not hedge any more: its first attempt's handled
    // error ends the call as failed with that error.
    pipeline.attemptDone(b, 0, 25.0, AttemptOutcome::Success);
    QCOMPARE(pipeline.limiter()->inflight(), 1);
    QCOMPARE(pipeline.hedgeDue(a, 26.0).launch, -1);
    const CallStep failed = pipeline.attemptDone(a, 0, 30.0, AttemptOutcome::HandledError);
    QCOMPARE(failed.end, CallEnd::Failed);
    QCOMPARE(failed.errorAttempt, 0);
    QCOMPARE(failed.launch, -1);
    QCOMPARE(pipeline.limiter()->inflight(), 0);
    QCOMPARE(pipeline.budget()->balance(30.0), 9.2); // nothing more withdrawn
    QVERIFY(hedges.empty());
}

void TestHedgePipeline::budgetRefusalStopsHedgingBeforeTheLimiter()
{
    // No reserve, 10 %: a single call has a balance of 0.1 — no hedge.
    HedgePipeline pipeline(pipelineConfig(
        3, HedgeBudgetConfig{.percent = 10.0, .minPerSecond = 0.0, .windowSeconds = 10.0},
        Gradient2Config{}));
    CallState call;
    pipeline.startCall(call, 0.0);
    QCOMPARE(pipeline.limiter()->inflight(), 1);
    const CallStep refused = pipeline.hedgeDue(call, 20.0);
    QCOMPARE(refused.launch, -1);
    QVERIFY(call.hedgingStopped);
    QCOMPARE(pipeline.limiter()->inflight(), 1); // the limiter was not asked
    QCOMPARE(pipeline.budget()->balance(20.0), 0.1);

    // The success teaches the limiter: rtt 30 from launch at 0, inflight 1 (app-limited).
    const CallStep ok = pipeline.attemptDone(call, 0, 30.0, AttemptOutcome::Success);
    QCOMPARE(ok.end, CallEnd::Succeeded);
    QCOMPARE(pipeline.limiter()->inflight(), 0);
    QCOMPARE(pipeline.limiter()->algorithm().longRttMs(), 30.0);
    QCOMPARE(pipeline.limiter()->algorithm().estimatedLimit(), 20.0);
}

void TestHedgePipeline::oneDepositPerCall()
{
    // 100 %, no reserve: each call's deposit pays for exactly one hedge.
    HedgePipeline pipeline(pipelineConfig(
        3, HedgeBudgetConfig{.percent = 100.0, .minPerSecond = 0.0, .windowSeconds = 10.0},
        std::nullopt));
    CallState a;
    pipeline.startCall(a, 0.0);
    QCOMPARE(pipeline.budget()->balance(0.0), 1.0);
    const CallStep first = pipeline.hedgeDue(a, 20.0);
    QCOMPARE(first.launch, 1);
    QCOMPARE(first.hedgeAt, 40.0);
    QCOMPARE(pipeline.budget()->balance(20.0), 0.0); // the hedge deposited nothing
    QCOMPARE(pipeline.hedgeDue(a, 40.0).launch, -1); // its second hedge: refused
    QVERIFY(a.hedgingStopped);

    CallState b;
    pipeline.startCall(b, 50.0);
    QCOMPARE(pipeline.budget()->balance(50.0), 1.0);
    QCOMPARE(pipeline.hedgeDue(b, 70.0).launch, 1);
    // A's attempts ending deposit nothing either.
    pipeline.attemptDone(a, 1, 71.0, AttemptOutcome::HandledError);
    pipeline.attemptDone(a, 0, 72.0, AttemptOutcome::Success);
    QCOMPARE(pipeline.budget()->balance(72.0), 0.0);
}

void TestHedgePipeline::cancelledAttemptsReleasePlaces()
{
    HedgePipeline pipeline(pipelineConfig(3, std::nullopt, Gradient2Config{}));
    CallState call;
    pipeline.startCall(call, 0.0);
    pipeline.hedgeDue(call, 20.0);
    pipeline.hedgeDue(call, 40.0);
    QCOMPARE(pipeline.limiter()->inflight(), 3);
    QCOMPARE(call.permit[1], 2);

    // Attempt 1 wins at 47: one sample (rtt 47 − 20 = 27, inflight 2 → app-limited), and
    // attempts 0 and 2 are cancelled: all three places are free again.
    const CallStep done = pipeline.attemptDone(call, 1, 47.0, AttemptOutcome::Success);
    QCOMPARE(done.end, CallEnd::Succeeded);
    QCOMPARE(done.cancel, 0b101);
    QCOMPARE(pipeline.limiter()->inflight(), 0);
    QCOMPARE(pipeline.limiter()->algorithm().longRttMs(), 27.0);
    QCOMPARE(pipeline.limiter()->algorithm().estimatedLimit(), 20.0);
}

void TestHedgePipeline::errorReleasesPlaceBeforeHedgeAtOnce()
{
    // A limit of 1: the failed attempt's place must be free before the at-once hedge asks.
    HedgePipeline pipeline(pipelineConfig(2, std::nullopt, smallLimit(1)));
    CallState call;
    pipeline.startCall(call, 0.0);
    QCOMPARE(pipeline.limiter()->inflight(), 1);
    const CallStep hedge = pipeline.attemptDone(call, 0, 5.0, AttemptOutcome::HandledError);
    QCOMPARE(hedge.launch, 1);
    QCOMPARE(hedge.hedgeAt, kNever); // max attempts reached
    QCOMPARE(call.permit[1], 1);
    QCOMPARE(pipeline.limiter()->inflight(), 1);
    QCOMPARE(pipeline.limiter()->algorithm().longRttMs(), 0.0); // an error teaches nothing
    const CallStep ok = pipeline.attemptDone(call, 1, 12.0, AttemptOutcome::Success);
    QCOMPARE(ok.end, CallEnd::Succeeded);
    QCOMPARE(pipeline.limiter()->inflight(), 0);
    QCOMPARE(pipeline.limiter()->algorithm().longRttMs(), 7.0);
}

void TestHedgePipeline::unhandledErrorReleasesEverything()
{
    HedgePipeline pipeline(pipelineConfig(2, HedgeBudgetConfig{}, Gradient2Config{}));
    CallState call;
    pipeline.startCall(call, 0.0);
    pipeline.hedgeDue(call, 20.0);
    QCOMPARE(pipeline.limiter()->inflight(), 2);
    const CallStep failed = pipeline.attemptDone(call, 0, 22.0, AttemptOutcome::UnhandledError);
    QCOMPARE(failed.end, CallEnd::Failed);
    QCOMPARE(failed.errorAttempt, 0);
    QCOMPARE(failed.cancel, 0b10);
    QCOMPARE(pipeline.limiter()->inflight(), 0);
    QCOMPARE(pipeline.limiter()->algorithm().longRttMs(), 0.0);
}

void TestHedgePipeline::abandonReleasesPlaces()
{
    HedgePipeline pipeline(pipelineConfig(2, std::nullopt, Gradient2Config{}));
    CallState call;
    pipeline.startCall(call, 0.0);
    pipeline.hedgeDue(call, 20.0);
    const CallStep step = pipeline.abandonCall(call);
    QCOMPARE(step.end, CallEnd::Abandoned);
    QCOMPARE(step.cancel, 0b11);
    QCOMPARE(pipeline.limiter()->inflight(), 0);
    QCOMPARE(pipeline.abandonCall(call).cancel, 0); // a second time releases nothing
    QCOMPARE(pipeline.limiter()->inflight(), 0);
}

void TestHedgePipeline::onHedgeThroughPipeline()
{
    std::vector<int> hedges;
    HedgePipeline pipeline(pipelineConfig(4, HedgeBudgetConfig{}, Gradient2Config{}));
    pipeline.policy().setOnHedge([&](int n) { hedges.push_back(n); });
    CallState call;
    pipeline.startCall(call, 0.0);
    pipeline.hedgeDue(call, 20.0);                                     // 1
    pipeline.attemptDone(call, 1, 25.0, AttemptOutcome::HandledError); // 2, at once
    pipeline.hedgeDue(call, 45.0);                                     // 3
    QCOMPARE(hedges, (std::vector<int>{1, 2, 3}));
    QCOMPARE(call.launchedAt[2], 25.0);
    QCOMPARE(call.launchedAt[3], 45.0);
    QCOMPARE(pipeline.limiter()->inflight(), 3);
    QCOMPARE(pipeline.budget()->balance(45.0), 7.1); // 10 + 0.1 − 3
}

// docs/timeline.md, "Changes": a call in flight at a change finishes under the configuration
// it started with — its hedges are judged by its budget and admitted by its limiter, not by
// those of the calls that start after the change.
void TestHedgePipeline::callsInFlightKeepTheBudgetTheyStartedWithout()
{
    HedgePipeline pipeline(pipelineConfig(2, std::nullopt, std::nullopt));
    CallState old, young;
    pipeline.startCall(old, 0.0);
    // At 10: a budget with neither reserve nor percent, which allows no hedge.
    pipeline.reconfigure(
        pipelineConfig(2, HedgeBudgetConfig{.percent = 0.0, .minPerSecond = 0.0}, std::nullopt),
        10.0);
    pipeline.startCall(young, 10.0);
    QCOMPARE(pipeline.hedgeDue(old, 20.0).launch, 1); // it started without a budget
    QCOMPARE(pipeline.budget()->balance(20.0), 0.0);  // and withdrew nothing
    QCOMPARE(pipeline.hedgeDue(young, 30.0).launch, -1);
}

void TestHedgePipeline::callsInFlightKeepTheirBudgetTerms()
{
    // 100 % of the calls, no reserve; at 10 the percent drops to 0, the window stays.
    const HedgeBudgetConfig generous{.percent = 100.0, .minPerSecond = 0.0, .windowSeconds = 10.0};
    HedgeBudgetConfig none = generous;
    none.percent = 0.0;
    HedgePipeline pipeline(pipelineConfig(2, generous, std::nullopt));
    CallState old, young;
    pipeline.startCall(old, 0.0);
    pipeline.reconfigure(pipelineConfig(2, none, std::nullopt), 10.0);
    pipeline.startCall(young, 10.0);                 // the same window: two deposits
    QCOMPARE(pipeline.budget()->balance(10.0), 0.0); // shown under the terms in force: 0 % of 2
    // The old call's hedge is judged by 100 % (2 deposits: 2 ≥ 1) and withdraws from the
    // window everyone shares; the young call's by 0 %.
    QCOMPARE(pipeline.hedgeDue(old, 20.0).launch, 1);
    QCOMPARE(pipeline.budget()->balance(20.0), -1.0);
    QCOMPARE(pipeline.hedgeDue(young, 30.0).launch, -1);
    QCOMPARE(pipeline.config().budget, std::optional<HedgeBudgetConfig>(none));
}

void TestHedgePipeline::callsInFlightKeepTheirBudgetWindow()
{
    // A new window length starts an empty window for new calls; the old call withdraws from
    // the window it deposited into (100 % of its own call: 1 hedge).
    const HedgeBudgetConfig tenSeconds{
        .percent = 100.0, .minPerSecond = 0.0, .windowSeconds = 10.0};
    const HedgeBudgetConfig twentySeconds{
        .percent = 0.0, .minPerSecond = 0.0, .windowSeconds = 20.0};
    HedgePipeline pipeline(pipelineConfig(2, tenSeconds, std::nullopt));
    CallState old, young;
    pipeline.startCall(old, 0.0);
    pipeline.reconfigure(pipelineConfig(2, twentySeconds, std::nullopt), 10.0);
    pipeline.startCall(young, 10.0);
    QCOMPARE(pipeline.hedgeDue(old, 20.0).launch, 1);
    QCOMPARE(pipeline.budget()->balance(20.0), 0.0); // the new window: nothing withdrawn
    QCOMPARE(pipeline.hedgeDue(young, 30.0).launch, -1);
}

void TestHedgePipeline::callsInFlightKeepTheLimiterTheyStartedWithout()
{
    HedgePipeline pipeline(pipelineConfig(2, std::nullopt, std::nullopt));
    CallState old, young;
    pipeline.startCall(old, 0.0);
    pipeline.reconfigure(pipelineConfig(2, std::nullopt, smallLimit(1)), 10.0);
    QCOMPARE(pipeline.startCall(young, 10.0).launch, 0); // the new limiter's one place
    QCOMPARE(pipeline.limiter()->inflight(), 1);
    QCOMPARE(pipeline.hedgeDue(old, 20.0).launch, 1); // not the new limiter's call
    QCOMPARE(pipeline.limiter()->inflight(), 1);
    QCOMPARE(pipeline.hedgeDue(young, 30.0).launch, -1); // full
    // The old call's attempts end without touching the new limiter.
    pipeline.attemptDone(old, 1, 40.0, AttemptOutcome::Success);
    QCOMPARE(pipeline.limiter()->inflight(), 1);
    pipeline.attemptDone(young, 0, 50.0, AttemptOutcome::Success);
    QCOMPARE(pipeline.limiter()->inflight(), 0);
}

void TestHedgePipeline::callsInFlightKeepTheirLimiter()
{
    HedgePipeline pipeline(pipelineConfig(2, std::nullopt, smallLimit(1)));
    CallState old, young;
    QCOMPARE(pipeline.startCall(old, 0.0).launch, 0); // the limiter's one place
    pipeline.reconfigure(pipelineConfig(2, std::nullopt, std::nullopt), 10.0);
    QVERIFY(!pipeline.limiter());
    QCOMPARE(pipeline.startCall(young, 10.0).launch, 0);
    QCOMPARE(pipeline.hedgeDue(old, 20.0).launch, -1); // its limiter is still full
    QCOMPARE(pipeline.hedgeDue(young, 30.0).launch, 1);
}

QTEST_APPLESS_MAIN(TestHedgePipeline)
#include "tst_hedgepipeline.moc"
