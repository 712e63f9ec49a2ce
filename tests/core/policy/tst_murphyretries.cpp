// MurphyHedging with the model's plain retry, on a manual clock (docs/policies.md, "Retries"):
// the exponential backoff with full jitter from the seeded stream, max_retries, and the optional
// rate budget — a floor of m retries a second over a window of W seconds allows m × W of them,
// plus the percent of the calls — retries counted on the call.
#include "SeededDraws.h"

#include <hedge/policy/MurphyHedging.h>

#include <QTest>

using namespace hedge;
using hedge::test::nthUniform;

namespace {

constexpr std::uint64_t kSeed = 5;
constexpr AttemptGate open{};

MurphySettings plainRetry(int maxRetries, bool jitter,
                          std::optional<MurphyRetryBudget> budget = std::nullopt)
{
    MurphySettings s;
    s.maxExtraAttempts = 0; // no hedging: the retries alone
    s.retry = MurphyRetry{.maxRetries = maxRetries, .backoffMs = 100.0, .backoffMultiplier = 2.0,
                          .maxBackoffMs = 300.0, .jitter = jitter, .budget = budget};
    return s;
}

// How many of `calls` failing calls, started `gapMs` apart from `from`, are granted a retry.
int retriedOf(MurphyHedging& murphy, int calls, double from, double gapMs)
{
    int retried = 0;
    for (int i = 0; i < calls; ++i) {
        const double now = from + i * gapMs;
        CallState call;
        murphy.start(call, now, open);
        retried += murphy.attemptDone(call, 0, now, AttemptOutcome::HandledError, open).end ==
                   CallEnd::Running;
        murphy.abandon(call);
    }
    return retried;
}

} // namespace

class TestMurphyRetries : public QObject {
    Q_OBJECT

private slots:
    void backoffsAreFullyJitteredBelowTheGrowingCappedBackoff()
    {
        MurphyHedging murphy(plainRetry(4, true), kSeed);
        CallState call;
        murphy.start(call, 0.0, open);
        double now = 2.0;
        const double bound[] = {100.0, 200.0, 300.0, 300.0};
        for (int retry = 1; retry <= 4; ++retry) {
            CallStep s = murphy.attemptDone(call, retry - 1, now, AttemptOutcome::HandledError, open);
            QCOMPARE(s.hedgeAt, now + nthUniform(kSeed, retry) * bound[retry - 1]);
            now = s.hedgeAt;
            s = murphy.hedgeDue(call, now, open);
            QCOMPARE(s.launch, retry);
            QCOMPARE(int(call.retries), retry);
        }
        const CallStep end = murphy.attemptDone(call, 4, now, AttemptOutcome::HandledError, open);
        QCOMPARE(end.end, CallEnd::Failed);
        QCOMPARE(end.errorAttempt, 4);
    }

    void withoutJitterTheBackoffIsItsValue()
    {
        MurphyHedging murphy(plainRetry(2, false), kSeed);
        CallState call;
        murphy.start(call, 0.0, open);
        CallStep s = murphy.attemptDone(call, 0, 0.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.hedgeAt, 100.0);
        murphy.hedgeDue(call, 100.0, open);
        s = murphy.attemptDone(call, 1, 100.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.hedgeAt, 300.0);
    }

    // A floor of 10 a second over 10 s, no percent: 100 retries, then none until the window
    // has moved on.
    void theBudgetsFloorAllowsMinPerSecondTimesTheWindow()
    {
        MurphyHedging murphy(plainRetry(1, false, MurphyRetryBudget{.percent = 0.0,
                                                                   .minPerSecond = 10.0,
                                                                   .windowSeconds = 10.0}),
                             kSeed);
        QCOMPARE(retriedOf(murphy, 150, 0.0, 1.0), 100);
        QCOMPARE(murphy.retriesRefused(), std::int64_t(50));
        QCOMPARE(retriedOf(murphy, 10, 1000.0, 1.0), 0);
        QVERIFY(retriedOf(murphy, 10, 12000.0, 1.0) == 10); // the window moved on
    }

    // And the percent: 20 % of 1000 calls on top of a floor of 1 a second over 10 s.
    void theBudgetsPercentAddsToTheFloor()
    {
        MurphyHedging murphy(plainRetry(1, false, MurphyRetryBudget{.percent = 20.0,
                                                                   .minPerSecond = 1.0,
                                                                   .windowSeconds = 10.0}),
                             kSeed);
        // 1000 successful calls deposit first, within the window.
        for (int i = 0; i < 1000; ++i) {
            CallState ok;
            murphy.start(ok, 1.0, open);
            murphy.attemptDone(ok, 0, 1.0, AttemptOutcome::Success, open);
        }
        // The failing calls deposit too: the k-th is retried while 10 + 0.2 (1000 + k) − the
        // retries so far ≥ 1 (in hundredths, as the budget counts).
        int expected = 0;
        for (int k = 1; k <= 400; ++k)
            expected += 1000 + 20 * (1000 + k) - 100 * expected >= 100;
        QCOMPARE(expected, 290);
        QCOMPARE(retriedOf(murphy, 400, 2.0, 0.0), expected);
    }

    void noRetryWithoutTheRetryPart()
    {
        MurphySettings none = plainRetry(3, true);
        none.retry.reset();
        MurphyHedging murphy(none, kSeed);
        CallState call;
        murphy.start(call, 0.0, open);
        QCOMPARE(murphy.attemptDone(call, 0, 0.0, AttemptOutcome::HandledError, open).end,
                 CallEnd::Failed);
    }
};

QTEST_APPLESS_MAIN(TestMurphyRetries)
#include "tst_murphyretries.moc"
