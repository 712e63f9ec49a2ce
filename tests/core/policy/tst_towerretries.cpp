// TowerHedge inside tower::retry::Retry, on a manual clock (docs/policies.md, "Retries"): an
// error that wins is retried after an ExponentialBackoff (min × 2^(n−1) up to max, plus a
// uniform share up to `jitter`), the other attempt dropped unseen; max_retries caps it; with a
// TpsBudget every retry withdraws — a floor of m a second over the ttl allows m × ttl of them.
#include "SeededDraws.h"

#include <hedge/policy/TowerHedge.h>

#include <QTest>

using namespace hedge;
using hedge::test::nthUniform;

namespace {

constexpr std::uint64_t kSeed = 13;
constexpr AttemptGate open{};

TowerSettings retrying(int maxRetries, std::optional<TowerBudget> budget = std::nullopt)
{
    TowerSettings s;
    s.budget = budget;
    s.retry = TowerRetry{.maxRetries = maxRetries, .minBackoffMs = 100.0,
                         .maxBackoffMs = 350.0, .jitter = 0.5};
    return s;
}

} // namespace

class TestTowerRetries : public QObject {
    Q_OBJECT

private slots:
    void anErrorIsRetriedAfterTheExponentialBackoff()
    {
        TowerHedge tower(retrying(3), kSeed);
        CallState call;
        tower.start(call, 0.0, open);
        double now = 1.0;
        const double base[] = {100.0, 200.0, 350.0};
        for (int retry = 1; retry <= 3; ++retry) {
            CallStep s = tower.attemptDone(call, retry - 1, now, AttemptOutcome::HandledError, open);
            const double expected =
                std::min(base[retry - 1] + nthUniform(kSeed, retry) * 0.5 * base[retry - 1], 350.0);
            QCOMPARE(s.hedgeAt - now, expected);
            now = s.hedgeAt;
            s = tower.hedgeDue(call, now, open);
            QCOMPARE(s.launch, retry);
            QCOMPARE(int(call.retries), retry);
        }
        QCOMPARE(tower.attemptDone(call, 3, now, AttemptOutcome::HandledError, open).end,
                 CallEnd::Failed);
    }

    // The first result wins even when it is an error: the hedge still running is dropped, the
    // retry goes out, and the dropped hedge's answer is not seen.
    void theDroppedAttemptsAnswerIsNotSeen()
    {
        TowerHedge tower(retrying(1), kSeed);
        CallState call;
        tower.start(call, 0.0, open);
        call.launch(1, 5.0, 0); // a hedge in flight
        const CallStep s = tower.attemptDone(call, 0, 6.0, AttemptOutcome::HandledError, open);
        QCOMPARE(s.end, CallEnd::Running);
        QVERIFY(!call.isInFlight(1));
        const CallStep late = tower.attemptDone(call, 1, 7.0, AttemptOutcome::Success, open);
        QCOMPARE(late.end, CallEnd::Running); // ignored
        QCOMPARE(tower.hedgeDue(call, s.hedgeAt, open).launch, 2);
        QCOMPARE(tower.attemptDone(call, 2, s.hedgeAt + 1.0, AttemptOutcome::Success, open).end,
                 CallEnd::Succeeded);
    }

    // A TpsBudget with no percent and a floor of 2 a second over 10 s: 20 retries.
    void theBudgetsFloorBoundsTheRetries()
    {
        TowerHedge tower(retrying(1, TowerBudget{.retryPercent = 0.0, .minPerSec = 2.0,
                                                 .ttlSeconds = 10.0}),
                         kSeed);
        int retried = 0;
        for (int i = 0; i < 50; ++i) {
            CallState call;
            tower.start(call, i * 10.0, open);
            retried += tower.attemptDone(call, 0, i * 10.0, AttemptOutcome::HandledError,
                                         open).end == CallEnd::Running;
            tower.abandon(call);
        }
        QCOMPARE(retried, 20);
        QCOMPARE(tower.retriesRefused(), std::int64_t(30));
    }

    void noRetryWithoutTheRetryPart()
    {
        TowerSettings none = retrying(3);
        none.retry.reset();
        TowerHedge tower(none, kSeed);
        CallState call;
        tower.start(call, 0.0, open);
        QCOMPARE(tower.attemptDone(call, 0, 1.0, AttemptOutcome::HandledError, open).end,
                 CallEnd::Failed);
    }
};

QTEST_APPLESS_MAIN(TestTowerRetries)
#include "tst_towerretries.moc"
