// HedgedCaller: the pipeline driving real QCoro attempts on real QTimers. Attempts are fake
// (a timer each) and their durations are far apart, so the order of events does not depend on
// the machine's speed; the tests assert orders and outcomes, never durations.
#include <hedge/qt/HedgedCaller.h>

#include <QCoroTimer>
#include <QTest>

#include <memory>
#include <stdexcept>
#include <vector>

using namespace hedge;

namespace {

using Log = std::vector<QString>;

// How one fake attempt behaves.
struct Plan {
    int ms = 0; // time before it answers (0 with `immediate`: answers without suspending)
    AttemptOutcome outcome = AttemptOutcome::Success;
    int value = 0;
    bool immediate = false;
    bool throws = false;
};

// A fake attempt: waits `plan.ms` on a timer, or stops early when its token is cancelled,
// and logs what it did. A free coroutine with parameters by value (nothing to dangle).
QCoro::Task<AttemptResult<int>> fakeAttempt(AttemptToken token, Plan plan, std::shared_ptr<Log> log)
{
    const QString n = QString::number(token.number());
    log->push_back(QStringLiteral("start ") + n);
    if (!plan.immediate) {
        QTimer timer;
        timer.setSingleShot(true);
        // Cancellation wakes the attempt at once (as QNetworkReply::abort would).
        QObject::connect(token.context(), &QObject::destroyed, &timer,
                         [&timer] { timer.start(0); });
        timer.start(plan.ms);
        co_await timer;
        if (token.isCancelled()) {
            log->push_back(QStringLiteral("cancelled ") + n);
            co_return AttemptResult<int>::handledError(QStringLiteral("cancelled"));
        }
    }
    if (plan.throws) {
        log->push_back(QStringLiteral("throw ") + n);
        throw std::runtime_error("attempt exploded");
    }
    switch (plan.outcome) {
    case AttemptOutcome::Success:
        log->push_back(QStringLiteral("ok ") + n);
        co_return AttemptResult<int>::success(plan.value);
    case AttemptOutcome::HandledError:
        log->push_back(QStringLiteral("error ") + n);
        co_return AttemptResult<int>::handledError(QStringLiteral("error of ") + n);
    case AttemptOutcome::UnhandledError:
        log->push_back(QStringLiteral("fatal ") + n);
        co_return AttemptResult<int>::unhandledError(QStringLiteral("fatal error of ") + n);
    }
    co_return AttemptResult<int>::handledError(QStringLiteral("unreachable"));
}

// The factory for a call whose attempt i follows plans[i]. Not a coroutine: it may capture.
auto scripted(std::vector<Plan> plans, std::shared_ptr<Log> log)
{
    return [plans = std::move(plans), log](AttemptToken token) {
        return fakeAttempt(token, plans.at(std::size_t(token.number())), log);
    };
}

HedgePipelineConfig hedging(double delayMs, int maxAttempts)
{
    HedgePipelineConfig config;
    config.hedge = HedgePolicyConfig{.delayMs = delayMs, .maxAttempts = maxAttempts};
    return config;
}

// Murphy with its plain retry and no hedging (docs/policies.md, "Retries"): `maxRetries`
// retries after errors, each after a backoff of `backoffMs` (no jitter: the backoff is known).
ClientPolicyConfig murphyRetrying(int maxRetries, double backoffMs)
{
    FamilyPipelineConfig family{.family = PolicyFamily::Murphy};
    family.settings.murphy.maxExtraAttempts = 0;
    family.settings.murphy.retry = MurphyRetry{.maxRetries = maxRetries,
                                               .backoffMs = backoffMs,
                                               .backoffMultiplier = 1.0,
                                               .maxBackoffMs = backoffMs,
                                               .jitter = false};
    return ClientPolicyConfig{.family = family};
}

constexpr AttemptOutcome kError = AttemptOutcome::HandledError;
constexpr int kSlow = 5000; // never reached in a passing test: such attempts get cancelled
constexpr int kFast = 5;

} // namespace

class TestHedgedCaller : public QObject {
    Q_OBJECT

private slots:
    void slowFirstAttemptIsHedgedAndHedgeWins();
    void fastFirstAttemptIsNotHedged();
    void handledErrorHedgesAtOnce();
    void allFailedReturnsLastError();
    void unhandledErrorEndsCall();
    void exceptionIsUnhandledError();
    void synchronousAttempts();
    void onHedgeSeesAttemptNumbers();
    void budgetRefusesHedge();
    void limiterRejectsCallAndHedge();
    void cancelledLoserReleasesLimiterPlaceOnce();
    void callOutlivesCaller();
    // A deadline and retries on real calls (docs/model.md, "Deadlines"; docs/policies.md,
    // "Retries"), as the simulation drives the same pipeline.
    void deadlineEndsCallTimedOutAndCancelsAttempts();
    void deadlineCancelsHedgesStillOut();
    void answerBeforeDeadlineSucceeds();
    void familyRetriesAfterBackoffAreNoHedges();
    void retriesStopAtTheCapAndTheCallFails();
    void deadlineDuringBackoffSendsNoRetry();
};

void TestHedgedCaller::slowFirstAttemptIsHedgedAndHedgeWins()
{
    std::vector<int> hedges;
    HedgedCaller caller(hedging(20.0, 2), [&](int n) { hedges.push_back(n); });
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(
        caller.call(scripted({{.ms = kSlow, .value = 1}, {.ms = kFast, .value = 2}}, log)));
    QCOMPARE(result.end, CallEnd::Succeeded);
    QCOMPARE(result.value, std::optional<int>(2));
    QCOMPARE(result.attempt, 1);
    QCOMPARE(result.attempts, 2);
    QVERIFY(result.error.isEmpty());
    QCOMPARE(hedges, std::vector<int>{1});
    // The loser is cancelled: it wakes up through its token, and its late answer is ignored.
    QTRY_COMPARE(log->size(), std::size_t(4));
    QCOMPARE(*log, (Log{"start 0", "start 1", "ok 1", "cancelled 0"}));
}

void TestHedgedCaller::fastFirstAttemptIsNotHedged()
{
    std::vector<int> hedges;
    HedgedCaller caller(hedging(50.0, 2), [&](int n) { hedges.push_back(n); });
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(
        caller.call(scripted({{.ms = kFast, .value = 7}, {.ms = kFast, .value = 8}}, log)));
    QCOMPARE(result.end, CallEnd::Succeeded);
    QCOMPARE(result.value, std::optional<int>(7));
    QCOMPARE(result.attempt, 0);
    QCOMPARE(result.attempts, 1);
    // Past the hedge delay: the stopped timer launches nothing.
    QTest::qWait(100);
    QCOMPARE(*log, (Log{"start 0", "ok 0"}));
    QVERIFY(hedges.empty());
}

void TestHedgedCaller::handledErrorHedgesAtOnce()
{
    // The delay is far away: only the error can have launched the hedge.
    std::vector<int> hedges;
    HedgedCaller caller(hedging(60000.0, 3), [&](int n) { hedges.push_back(n); });
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(caller.call(scripted(
        {{.ms = kFast, .outcome = AttemptOutcome::HandledError}, {.ms = kFast, .value = 5}}, log)));
    QCOMPARE(result.end, CallEnd::Succeeded);
    QCOMPARE(result.value, std::optional<int>(5));
    QCOMPARE(result.attempt, 1);
    QCOMPARE(result.attempts, 2);
    QCOMPARE(hedges, std::vector<int>{1});
    QCOMPARE(*log, (Log{"start 0", "error 0", "start 1", "ok 1"}));
}

void TestHedgedCaller::allFailedReturnsLastError()
{
    HedgedCaller caller(hedging(60000.0, 2));
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(
        caller.call(scripted({{.ms = kFast, .outcome = AttemptOutcome::HandledError},
                              {.ms = kFast, .outcome = AttemptOutcome::HandledError}},
                             log)));
    QCOMPARE(result.end, CallEnd::Failed);
    QCOMPARE(result.error, QStringLiteral("error of 1"));
    QCOMPARE(result.attempt, 1);
    QCOMPARE(result.attempts, 2);
    QVERIFY(!result.value);
    QCOMPARE(*log, (Log{"start 0", "error 0", "start 1", "error 1"}));
}

void TestHedgedCaller::unhandledErrorEndsCall()
{
    HedgedCaller caller(hedging(20.0, 3));
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(caller.call(scripted(
        {{.ms = kSlow}, {.ms = kFast, .outcome = AttemptOutcome::UnhandledError}, {.ms = kFast}},
        log)));
    QCOMPARE(result.end, CallEnd::Failed);
    QCOMPARE(result.error, QStringLiteral("fatal error of 1"));
    QCOMPARE(result.attempt, 1);
    QCOMPARE(result.attempts, 2);
    // No third attempt, though allowed and due 20 ms after the second: the call is over.
    QTest::qWait(100);
    QCOMPARE(*log, (Log{"start 0", "start 1", "fatal 1", "cancelled 0"}));
}

void TestHedgedCaller::exceptionIsUnhandledError()
{
    HedgedCaller caller(hedging(60000.0, 3));
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(caller.call(scripted({{.ms = kFast, .throws = true}}, log)));
    QCOMPARE(result.end, CallEnd::Failed);
    QCOMPARE(result.error, QStringLiteral("attempt exploded"));
    QCOMPARE(result.attempt, 0);
    QCOMPARE(result.attempts, 1);
    QCOMPARE(*log, (Log{"start 0", "throw 0"}));
}

void TestHedgedCaller::synchronousAttempts()
{
    // Attempts that answer before their factory returns: the first fails (hedge at once, from
    // inside the handling of the start), the hedge succeeds at once.
    HedgedCaller caller(hedging(60000.0, 2));
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(
        caller.call(scripted({{.outcome = AttemptOutcome::HandledError, .immediate = true},
                              {.value = 3, .immediate = true}},
                             log)));
    QCOMPARE(result.end, CallEnd::Succeeded);
    QCOMPARE(result.value, std::optional<int>(3));
    QCOMPARE(result.attempt, 1);
    QCOMPARE(*log, (Log{"start 0", "error 0", "start 1", "ok 1"}));
}

void TestHedgedCaller::onHedgeSeesAttemptNumbers()
{
    std::vector<int> hedges;
    HedgedCaller caller(hedging(10.0, 3), [&](int n) { hedges.push_back(n); });
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(caller.call(scripted(
        {{.ms = kSlow, .value = 1}, {.ms = kSlow, .value = 2}, {.ms = kFast, .value = 3}}, log)));
    QCOMPARE(result.value, std::optional<int>(3));
    QCOMPARE(result.attempt, 2);
    QCOMPARE(result.attempts, 3);
    QCOMPARE(hedges, (std::vector<int>{1, 2}));
    QTRY_COMPARE(log->size(), std::size_t(6));
    QCOMPARE(Log(log->begin(), log->begin() + 4), (Log{"start 0", "start 1", "start 2", "ok 2"}));
    // Both losers are cancelled (in attempt order, as the driver deletes their hooks).
    QCOMPARE(Log(log->begin() + 4, log->end()), (Log{"cancelled 0", "cancelled 1"}));
}

void TestHedgedCaller::budgetRefusesHedge()
{
    // 100 % of calls, no reserve: a call's own deposit pays for exactly one hedge.
    HedgePipelineConfig config = hedging(10.0, 3);
    config.budget =
        HedgeBudgetConfig{.percent = 100.0, .minPerSecond = 0.0, .windowSeconds = 3600.0};
    std::vector<int> hedges;
    HedgedCaller caller(config, [&](int n) { hedges.push_back(n); });
    auto log = std::make_shared<Log>();
    // Attempt 1 fails: the at-once hedge is refused by the budget and hedging stops; the
    // first attempt then wins.
    const auto result =
        QCoro::waitFor(caller.call(scripted({{.ms = 500, .value = 1},
                                             {.ms = kFast, .outcome = AttemptOutcome::HandledError},
                                             {.ms = kFast, .value = 3}},
                                            log)));
    QCOMPARE(result.end, CallEnd::Succeeded);
    QCOMPARE(result.value, std::optional<int>(1));
    QCOMPARE(result.attempts, 2);
    QCOMPARE(hedges, std::vector<int>{1});
    QCOMPARE(*log, (Log{"start 0", "start 1", "error 1", "ok 0"}));
    QCOMPARE(caller.pipeline().budget()->balance(caller.nowMs()), 0.0); // 1·100 % − 1
}

void TestHedgedCaller::limiterRejectsCallAndHedge()
{
    // A limit of 1: the second call is rejected outright, and the first call's hedge is
    // rejected too, which stops its hedging.
    HedgePipelineConfig config = hedging(10.0, 3);
    config.adaptiveLimit = Gradient2Config{.initialLimit = 1, .minLimit = 1};
    std::vector<int> hedges;
    HedgedCaller caller(config, [&](int n) { hedges.push_back(n); });
    auto log = std::make_shared<Log>();
    auto first =
        caller.call(scripted({{.ms = 200, .value = 1}, {.ms = kFast}, {.ms = kFast}}, log));
    QCOMPARE(caller.pipeline().limiter()->inflight(), 1);

    auto otherLog = std::make_shared<Log>();
    const auto rejected = QCoro::waitFor(caller.call(scripted({{.ms = kFast}}, otherLog)));
    QCOMPARE(rejected.end, CallEnd::Rejected);
    QCOMPARE(rejected.attempts, 0);
    QCOMPARE(rejected.attempt, -1);
    QVERIFY(!rejected.value);
    QVERIFY(otherLog->empty()); // nothing was sent

    const auto result = QCoro::waitFor(std::move(first));
    QCOMPARE(result.end, CallEnd::Succeeded);
    QCOMPARE(result.value, std::optional<int>(1));
    QCOMPARE(result.attempts, 1);
    QVERIFY(hedges.empty());
    QCOMPARE(*log, (Log{"start 0", "ok 0"}));
    QCOMPARE(caller.pipeline().limiter()->inflight(), 0);
}

void TestHedgedCaller::cancelledLoserReleasesLimiterPlaceOnce()
{
    HedgePipelineConfig config = hedging(20.0, 2);
    config.adaptiveLimit = Gradient2Config{};
    HedgedCaller caller(config);
    auto log = std::make_shared<Log>();
    const auto result =
        QCoro::waitFor(caller.call(scripted({{.ms = kSlow}, {.ms = kFast, .value = 2}}, log)));
    QCOMPARE(result.value, std::optional<int>(2));
    // The loser's place is free as soon as the call ends, before the loser itself stops…
    QCOMPARE(caller.pipeline().limiter()->inflight(), 0);
    // …and its late answer does not release it a second time.
    QTRY_COMPARE(log->size(), std::size_t(4));
    QCOMPARE(log->back(), QStringLiteral("cancelled 0"));
    QTest::qWait(20);
    QCOMPARE(caller.pipeline().limiter()->inflight(), 0);
    // The winner taught the limiter one (app-limited) sample: its own round trip.
    QVERIFY(caller.pipeline().limiter()->algorithm().longRttMs() > 0.0);
    QCOMPARE(caller.pipeline().limiter()->algorithm().estimatedLimit(), 20.0);
}

void TestHedgedCaller::callOutlivesCaller()
{
    auto caller = std::make_unique<HedgedCaller>(hedging(20.0, 2));
    auto log = std::make_shared<Log>();
    auto task = caller->call(scripted({{.ms = kSlow}, {.ms = kFast, .value = 9}}, log));
    caller.reset(); // the call keeps the pipeline it started with
    const auto result = QCoro::waitFor(std::move(task));
    QCOMPARE(result.end, CallEnd::Succeeded);
    QCOMPARE(result.value, std::optional<int>(9));
    QTRY_COMPARE(log->size(), std::size_t(4));
}

void TestHedgedCaller::deadlineEndsCallTimedOutAndCancelsAttempts()
{
    HedgePipelineConfig config = hedging(60000.0, 2);
    config.adaptiveLimit = Gradient2Config{};
    HedgedCaller caller(ClientPolicyConfig{.hedge = config}, 50.0);
    QCOMPARE(caller.deadlineMs(), 50.0);
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(caller.call(scripted({{.ms = kSlow, .value = 1}}, log)));
    QCOMPARE(result.end, CallEnd::TimedOut);
    QVERIFY(result.timedOut());
    QVERIFY(!result.value);
    QVERIFY(result.error.isEmpty());
    QCOMPARE(result.attempt, -1);
    QCOMPARE(result.attempts, 1);
    // Ended through the policy's abandon path: the attempt's limiter place is back at once, and
    // the attempt itself is cancelled through its token.
    QCOMPARE(caller.pipeline().limiter()->inflight(), 0);
    QTRY_COMPARE(log->size(), std::size_t(2));
    QCOMPARE(*log, (Log{"start 0", "cancelled 0"}));
}

void TestHedgedCaller::deadlineCancelsHedgesStillOut()
{
    std::vector<int> hedges;
    HedgedCaller caller(ClientPolicyConfig{.hedge = hedging(10.0, 3)}, 200.0,
                        [&](int n) { hedges.push_back(n); });
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(
        caller.call(scripted({{.ms = kSlow}, {.ms = kSlow}, {.ms = kSlow}}, log)));
    QCOMPARE(result.end, CallEnd::TimedOut);
    QCOMPARE(result.attempts, 3);
    QCOMPARE(result.hedges, 2);
    QCOMPARE(result.retries, 0);
    QCOMPARE(hedges, (std::vector<int>{1, 2}));
    QTRY_COMPARE(log->size(), std::size_t(6));
    QCOMPARE(*log, (Log{"start 0", "start 1", "start 2", "cancelled 0", "cancelled 1",
                        "cancelled 2"}));
}

void TestHedgedCaller::answerBeforeDeadlineSucceeds()
{
    HedgedCaller caller(ClientPolicyConfig{.hedge = hedging(60000.0, 2)}, 200.0);
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(caller.call(scripted({{.ms = kFast, .value = 4}}, log)));
    QCOMPARE(result.end, CallEnd::Succeeded);
    QCOMPARE(result.value, std::optional<int>(4));
    // Past the deadline: its stopped timer ends nothing and cancels nothing.
    QTest::qWait(300);
    QCOMPARE(*log, (Log{"start 0", "ok 0"}));
    QCOMPARE(result.end, CallEnd::Succeeded);
}

void TestHedgedCaller::familyRetriesAfterBackoffAreNoHedges()
{
    std::vector<int> hedges;
    HedgedCaller caller(murphyRetrying(2, 20.0), 0.0, [&](int n) { hedges.push_back(n); });
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(caller.call(
        scripted({{.ms = kFast, .outcome = kError}, {.ms = kFast, .outcome = kError},
                  {.ms = kFast, .value = 6}},
                 log)));
    QCOMPARE(result.end, CallEnd::Succeeded);
    QCOMPARE(result.value, std::optional<int>(6));
    QCOMPARE(result.attempt, 2);
    QCOMPARE(result.attempts, 3);
    QCOMPARE(result.retries, 2);
    QCOMPARE(result.hedges, 0);
    QVERIFY(hedges.empty()); // on_hedge is for hedges, and these were retries
    QCOMPARE(*log, (Log{"start 0", "error 0", "start 1", "error 1", "start 2", "ok 2"}));
}

void TestHedgedCaller::retriesStopAtTheCapAndTheCallFails()
{
    HedgedCaller caller(murphyRetrying(1, 10.0));
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(caller.call(scripted(
        {{.ms = kFast, .outcome = kError}, {.ms = kFast, .outcome = kError}, {.ms = kFast}}, log)));
    QCOMPARE(result.end, CallEnd::Failed);
    QCOMPARE(result.error, QStringLiteral("error of 1"));
    QCOMPARE(result.attempts, 2);
    QCOMPARE(result.retries, 1);
    QTest::qWait(50); // a third attempt would have been due 10 ms after the second's error
    QCOMPARE(*log, (Log{"start 0", "error 0", "start 1", "error 1"}));
}

void TestHedgedCaller::deadlineDuringBackoffSendsNoRetry()
{
    HedgedCaller caller(murphyRetrying(2, 60000.0), 50.0);
    auto log = std::make_shared<Log>();
    const auto result = QCoro::waitFor(
        caller.call(scripted({{.ms = kFast, .outcome = kError}, {.ms = kFast}}, log)));
    QCOMPARE(result.end, CallEnd::TimedOut);
    QCOMPARE(result.attempts, 1);
    QCOMPARE(result.retries, 0);
    QVERIFY(result.error.isEmpty());
    QCOMPARE(*log, (Log{"start 0", "error 0"}));
}

QTEST_GUILESS_MAIN(TestHedgedCaller)
#include "tst_hedgedcaller.moc"
