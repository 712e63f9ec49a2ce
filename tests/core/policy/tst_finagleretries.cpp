// FinagleBackup with a RetryFilter (RetryPolicy.tries), on a manual clock (docs/policies.md,
// "Retries"): a call whose attempts all failed is retried alone after Finagle's decorrelated
// jittered backoff — 5 ms first, then in [last, 3 × last) up to 200 ms — while num_tries allows
// and the client's RetryBudget gives a withdrawal; retries counted on the call.
#include <hedge/policy/FinagleBackup.h>

#include <QTest>

using namespace hedge;

namespace {

constexpr std::uint64_t kSeed = 9;
constexpr AttemptGate open{};

FinagleSettings retrying(int numTries, FinagleRetryBudget budget = {})
{
    FinagleSettings s;
    s.clientBudget = budget;
    s.retryPolicy = FinagleRetryPolicy{.numTries = numTries};
    return s;
}

} // namespace

class TestFinagleRetries : public QObject {
    Q_OBJECT

private slots:
    void retriesAloneAfterTheDecorrelatedBackoff()
    {
        FinagleBackup finagle(retrying(4), kSeed);
        CallState call;
        CallStep s = finagle.start(call, 0.0, open);
        QCOMPARE(s.hedgeAt, kNever); // no percentile yet: no backup
        s = finagle.attemptDone(call, 0, 10.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.hedgeAt, 15.0); // the first backoff is the start, 5 ms
        s = finagle.hedgeDue(call, 15.0, open);
        QCOMPARE(s.launch, 1);
        QCOMPARE(s.hedgeAt, kNever); // a retry gets no backup
        QCOMPARE(int(call.retries), 1);
        double last = 5.0, now = 20.0;
        for (int retry = 2; retry <= 3; ++retry) {
            s = finagle.attemptDone(call, retry - 1, now, AttemptOutcome::HandledError, open);
            const double backoff = s.hedgeAt - now;
            QVERIFY2(backoff >= last && backoff < 3.0 * last,
                     qPrintable(QStringLiteral("%1 after %2").arg(backoff).arg(last)));
            last = backoff;
            now = s.hedgeAt;
            QCOMPARE(finagle.hedgeDue(call, now, open).launch, retry);
        }
        s = finagle.attemptDone(call, 3, now, AttemptOutcome::HandledError, open);
        QCOMPARE(s.end, CallEnd::Failed); // four tries made
        QCOMPARE(int(call.retries), 3);
        QCOMPARE(finagle.hedgesRefused(), std::int64_t(0));
    }

    // The client's RetryBudget with no percent and a floor of 1 a second over 10 s: ten retries
    // in the window, whatever the calls.
    void theClientBudgetsFloorBoundsTheRetries()
    {
        FinagleBackup finagle(
            retrying(2, FinagleRetryBudget{.percentCanRetry = 0.0, .minRetriesPerSec = 1.0,
                                           .ttlSeconds = 10.0}),
            kSeed);
        int retried = 0;
        for (int i = 0; i < 30; ++i) {
            CallState call;
            finagle.start(call, i * 10.0, open);
            retried += finagle.attemptDone(call, 0, i * 10.0, AttemptOutcome::HandledError,
                                           open).end == CallEnd::Running;
            finagle.abandon(call);
        }
        QCOMPARE(retried, 10);
        QCOMPARE(finagle.retriesRefused(), std::int64_t(20));
    }

    // A failure while the other attempt runs hands the call over, as without retries: no retry.
    void aFailureWithTheOtherAttemptRunningIsNotRetried()
    {
        FinagleBackup finagle(retrying(3), kSeed);
        CallState call;
        finagle.start(call, 0.0, open);
        call.launch(1, 1.0, 0); // a backup in flight
        QCOMPARE(finagle.attemptDone(call, 0, 2.0, AttemptOutcome::HandledError, open).hedgeAt,
                 kNever);
        QCOMPARE(int(call.retries), 0);
        QCOMPARE(finagle.attemptDone(call, 1, 3.0, AttemptOutcome::HandledError, open).hedgeAt,
                 8.0); // now nothing runs: retried after 5 ms
    }
};

QTEST_APPLESS_MAIN(TestFinagleRetries)
#include "tst_finagleretries.moc"
