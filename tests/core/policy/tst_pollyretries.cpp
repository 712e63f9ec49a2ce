// PollyHedging with a retry strategy outside it, on a manual clock (docs/policies.md,
// "Retries"): a try — the primary and its hedges — that failed everywhere is run again after the
// delay, grown by BackoffType, jittered by ±25 % with UseJitter, capped by MaxDelay; the new try
// hedges as the first did; MaxRetryAttempts caps the retries and nothing else does (no budget);
// retries are counted on the call.
#include <hedge/policy/PollyHedging.h>

#include <QTest>

using namespace hedge;

namespace {

constexpr std::uint64_t kSeed = 3;
constexpr AttemptGate open{};

PollySettings withRetry(int maxRetries, int backoffType, bool hedging)
{
    PollySettings s;
    s.maxHedgedAttempts = 1;
    s.delayMs = 2000.0;
    s.handleErrors = hedging; // off: an error ends the try at once, and the retry takes it
    s.retry = PollyRetry{.maxRetryAttempts = maxRetries, .delayMs = 100.0,
                         .backoffType = backoffType};
    return s;
}

} // namespace

class TestPollyRetries : public QObject {
    Q_OBJECT

private slots:
    // Each try hedges once; when both of its attempts failed the retry runs a new try after the
    // constant delay, and the call reports the last try's primary.
    void aFailedTryIsRunAgainAndHedgesAsTheFirst()
    {
        PollyHedging polly(withRetry(2, 0, true), kSeed);
        CallState call;
        CallStep s = polly.start(call, 0.0, open);
        QCOMPARE(s.hedgeAt, 2000.0);
        double now = 10.0;
        for (int retry = 1; retry <= 2; ++retry) {
            const int primary = 2 * (retry - 1);
            s = polly.attemptDone(call, primary, now, AttemptOutcome::HandledError, open);
            QCOMPARE(s.launch, primary + 1); // the hedge, at once
            s = polly.attemptDone(call, primary + 1, now + 1.0, AttemptOutcome::HandledError, open);
            QCOMPARE(s.end, CallEnd::Running);
            QCOMPARE(s.hedgeAt, now + 1.0 + 100.0); // the retry's delay
            s = polly.hedgeDue(call, s.hedgeAt, open);
            QCOMPARE(s.launch, primary + 2);
            QCOMPARE(int(call.retries), retry);
            QCOMPARE(s.hedgeAt, now + 101.0 + 2000.0); // the new try's hedge timer
            now += 200.0;
        }
        s = polly.attemptDone(call, 4, now, AttemptOutcome::HandledError, open);
        QCOMPARE(s.launch, 5);
        s = polly.attemptDone(call, 5, now, AttemptOutcome::HandledError, open);
        QCOMPARE(s.end, CallEnd::Failed);
        QCOMPARE(s.errorAttempt, 4); // the last try's primary
        QCOMPARE(int(call.retries), 2);
    }

    // BackoffType: constant 100, 100, 100; linear 100, 200, 300; exponential 100, 200, 400.
    void theDelayGrowsByTheBackoffType()
    {
        const double expected[3][3] = {{100, 100, 100}, {100, 200, 300}, {100, 200, 400}};
        for (int type = 0; type < 3; ++type) {
            PollyHedging polly(withRetry(3, type, false), kSeed);
            CallState call;
            polly.start(call, 0.0, open);
            double now = 0.0;
            for (int retry = 1; retry <= 3; ++retry) {
                const CallStep s =
                    polly.attemptDone(call, retry - 1, now, AttemptOutcome::HandledError, open);
                QCOMPARE(s.hedgeAt - now, expected[type][retry - 1]);
                now = s.hedgeAt;
                QCOMPARE(polly.hedgeDue(call, now, open).launch, retry);
            }
            QCOMPARE(polly.attemptDone(call, 3, now, AttemptOutcome::HandledError, open).end,
                     CallEnd::Failed);
        }
    }

    void jitterKeepsAConstantDelayWithinAQuarterAndMaxDelayCaps()
    {
        PollySettings settings = withRetry(9, 0, false);
        settings.retry->useJitter = true;
        PollyHedging polly(settings, kSeed);
        for (int i = 0; i < 200; ++i) {
            CallState call;
            polly.start(call, 0.0, open);
            const CallStep s = polly.attemptDone(call, 0, 0.0, AttemptOutcome::HandledError, open);
            QVERIFY2(s.hedgeAt >= 75.0 && s.hedgeAt <= 125.0, qPrintable(QString::number(s.hedgeAt)));
            polly.abandon(call);
        }
        settings.retry->backoffType = 2;
        settings.retry->useJitter = false;
        settings.retry->maxDelayMs = 250.0;
        PollyHedging capped(settings, kSeed);
        CallState call;
        capped.start(call, 0.0, open);
        double now = 0.0;
        const double delays[] = {100.0, 200.0, 250.0, 250.0};
        for (int retry = 1; retry <= 4; ++retry) {
            const CallStep s =
                capped.attemptDone(call, retry - 1, now, AttemptOutcome::HandledError, open);
            QCOMPARE(s.hedgeAt - now, delays[retry - 1]);
            now = s.hedgeAt;
            capped.hedgeDue(call, now, open);
        }
    }

    // Polly's retry has no budget: every failing call is retried, however many.
    void nothingButMaxRetryAttemptsBoundsTheRetries()
    {
        PollyHedging polly(withRetry(1, 0, false), kSeed);
        for (int i = 0; i < 1000; ++i) {
            CallState call;
            polly.start(call, 0.0, open);
            QCOMPARE(polly.attemptDone(call, 0, 0.0, AttemptOutcome::HandledError, open).end,
                     CallEnd::Running);
            polly.abandon(call);
        }
        QCOMPARE(polly.retriesRefused(), std::int64_t(0));
        QVERIFY(!polly.retryBudget());
    }

    // An unhandled error is not the retry's either; without a retry strategy nothing changes.
    void unhandledErrorsAndNoStrategyAreNotRetried()
    {
        PollyHedging polly(withRetry(3, 0, true), kSeed);
        CallState call;
        polly.start(call, 0.0, open);
        QCOMPARE(polly.attemptDone(call, 0, 1.0, AttemptOutcome::UnhandledError, open).end,
                 CallEnd::Failed);
        PollySettings none = withRetry(3, 0, false);
        none.retry.reset();
        PollyHedging plain(none, kSeed);
        CallState other;
        plain.start(other, 0.0, open);
        QCOMPARE(plain.attemptDone(other, 0, 1.0, AttemptOutcome::HandledError, open).end,
                 CallEnd::Failed);
        QCOMPARE(int(other.retries), 0);
    }
};

QTEST_APPLESS_MAIN(TestPollyRetries)
#include "tst_pollyretries.moc"
