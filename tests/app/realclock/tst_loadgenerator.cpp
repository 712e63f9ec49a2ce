// hedgesim load's parts over real HTTP on 127.0.0.1: the generator's own health (rate, client
// queueing, hedge timer lateness) and HedgedCaller driving real attempts (HttpAttemptPool)
// against hedge-service running on its own thread.
#include "RawHttpClient.h"
#include "ServiceThread.h"

#include <HttpAttemptPool.h>
#include <LoadGenerator.h>

#include <hedge/qt/HedgedCaller.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/SetupPipelineConfig.h>

#include <QTest>

using namespace hedge;
using namespace hedge::cli;
using namespace hedge::service;

namespace {

HttpServiceConfig fastService(Cancellation cancellation)
{
    HttpServiceConfig c;
    c.service.workers = 16;
    c.service.medianMs = 5.0;
    c.service.sigma = 0.25;
    c.service.hiccupProbability = 0.02;
    c.service.hiccupMinMs = 20.0;
    c.service.hiccupMaxMs = 40.0;
    c.cancellation = cancellation;
    return c;
}

HedgePipelineConfig hedging(double delayMs, bool limiter)
{
    HedgePipelineConfig config;
    config.hedge = HedgePolicyConfig{.delayMs = delayMs, .maxAttempts = 2};
    if (limiter)
        config.adaptiveLimit = Gradient2Config{};
    return config;
}

// Runs one hedged call whose attempt n GETs urls[n]; waits for its end.
HedgedResult<int> callOnce(HedgedCaller& caller, HttpAttemptPool& pool, std::vector<QUrl> urls)
{
    std::optional<HedgedResult<int>> result;
    QObject context;
    auto task = caller.call([&pool, urls](AttemptToken token) {
        const QUrl url = urls.at(std::size_t(token.number()));
        return pool.attempt(std::move(token), url);
    });
    QCoro::connect(std::move(task), &context,
                   [&result](const HedgedResult<int>& r) { result = r; });
    waitUntil([&] { return result.has_value(); }, 10000);
    return result.value_or(HedgedResult<int>{});
}

// The two cancellations a data-driven test runs under, one row each.
void addCancellationRows()
{
    QTest::addColumn<Cancellation>("cancellation");
    QTest::newRow("server") << Cancellation::Server;
    QTest::newRow("client") << Cancellation::Client;
}

} // namespace

class TestLoadGenerator : public QObject {
    Q_OBJECT

private slots:
    // 1 500 calls at load 0.5 (≈ 1 s), hedged at a delay in the gap between the service's
    // body and its hiccups, so that most calls send one request and some two.
    void generatorSendsItsScheduleAndTimesHedges()
    {
        const HttpServiceConfig config = fastService(Cancellation::Server);
        ServiceThread service(config);
        QVERIFY(service.listening());
        Setup setup;
        setup.name = "hedge";
        setup.cancellation = Cancellation::Server;
        setup.hedge = HedgeSettings{.delayMs = 15.0, .maxAttempts = 2, .budgetPercent = 0.0};
        LoadOptions options;
        options.target = service.url();
        options.calls = 1500;
        options.commonRandomNumbers = true;
        // What the generator promises whatever the machine: the whole drawn schedule sent and
        // drained, hedges never before their delay, and its health figures reported. How
        // closely a busy machine keeps the schedule (rate, lateness, client queueing) is the
        // machine's: logged here, measured in docs/realclock.md, "hedgesim load".
        const LoadPoint point = runLoadPoint(config.service, setup, 0.5, options);
        const GeneratorHealth& h = point.health;
        qInfo("rate %.1f/s of %.1f/s scheduled; arrival lateness p50 %.3f p99 %.3f ms; hedge "
              "lateness min %.3f p50 %.3f p99 %.3f ms (%lld); client queue p99 %.3f ms",
              h.achievedRatePerS, h.scheduledRatePerS, h.launchLatenessP50Ms,
              h.launchLatenessP99Ms, h.hedgeLatenessMinMs, h.hedgeLatenessP50Ms,
              h.hedgeLatenessP99Ms, qlonglong(h.timedHedges), h.clientQueueP99Ms);
        QVERIFY(h.drained);
        QCOMPARE(point.result.measuredCalls, 1350);
        QVERIFY(h.achievedRatePerS > 0.0);
        // The drawn schedule is a Poisson process of the load's rate (1 500 gaps: ±8 %).
        QVERIFY(std::abs(h.scheduledRatePerS / h.intendedRatePerS - 1.0) < 0.08);
        // Hedges: some calls are slower than the delay (2 % hiccups of 20–40 ms), and no hedge
        // leaves before its delay.
        QVERIFY(h.timedHedges > 0);
        QVERIFY(h.hedgeLatenessMinMs >= 0.0);
        QVERIFY(h.hedgeLatenessP50Ms >= h.hedgeLatenessMinMs);
        QVERIFY(point.result.requestsPerCall > 1.0);
        QVERIFY(point.result.p50Ms.has_value());
        QCOMPARE(point.result.failedFraction, 0.0);
        QVERIFY(h.utilisationMeasured);
        QVERIFY(point.result.utilisation > 0.0 && point.result.utilisation <= 1.0);
    }

    void hedgeWinsAgainstSlowFirstAttempt_data()
    {
        addCancellationRows();
    }
    void hedgeWinsAgainstSlowFirstAttempt()
    {
        QFETCH(Cancellation, cancellation);
        ServiceThread service(fastService(cancellation));
        QVERIFY(service.listening());
        HedgedCaller caller(hedging(30.0, true));
        HttpAttemptPool pool(service.url());
        const HedgedResult<int> r =
            callOnce(caller, pool,
                     {service.url(QStringLiteral("service_ms=1500")),
                      service.url(QStringLiteral("service_ms=5"))});
        QVERIFY(r.succeeded());
        QCOMPARE(r.attempt, 1);
        QCOMPARE(r.attempts, 2);
        QVERIFY2(r.latencyMs < 1000.0, qPrintable(QString::number(r.latencyMs)));
        // The loser's connection was closed, and the service saw it go.
        QVERIFY(waitUntil([&] { return service.stats().abandoned == 1; }, 5000));
        if (cancellation == Cancellation::Server) {
            QVERIFY(waitUntil([&] { return service.stats().cut == 1; }, 5000));
            QCOMPARE(service.stats().busy, 0);
        } else {
            QCOMPARE(service.stats().cut, 0u);
            QCOMPARE(service.stats().busy, 1); // still serving the abandoned loser
        }
        QCOMPARE(caller.pipeline().limiter()->inflight(), 0);
        QCOMPARE(pool.inFlight(), 0);
    }

    // One engine, two clocks: a family's policy object drives real calls as the simulation
    // drives it on virtual time (docs/policies.md). Each hedges a 1.5 s first attempt after
    // 30 ms (Envoy: a 30 ms per-try timeout and a backoff under 1 ms) and the hedge wins.
    void aFamilysHedgeWinsAgainstSlowFirstAttempt_data()
    {
        QTest::addColumn<PolicyFamily>("family");
        QTest::newRow("grpc") << PolicyFamily::Grpc;
        QTest::newRow("envoy") << PolicyFamily::Envoy;
        QTest::newRow("polly") << PolicyFamily::Polly;
        QTest::newRow("murphy") << PolicyFamily::Murphy;
    }
    void aFamilysHedgeWinsAgainstSlowFirstAttempt()
    {
        QFETCH(PolicyFamily, family);
        ServiceThread service(fastService(Cancellation::Server));
        QVERIFY(service.listening());
        Setup setup;
        setup.policy = family;
        setup.families.grpc.hedgingDelayMs = 30.0;
        setup.families.envoy = EnvoySettings{.perTryTimeoutMs = 30.0, .backoffBaseMs = 1.0};
        setup.families.polly.delayMs = 30.0;
        setup.families.murphy.delayMs = 30.0;
        HedgedCaller caller(clientPolicyFor(setup, 1));
        QVERIFY(caller.pipeline().family() != nullptr);
        HttpAttemptPool pool(service.url());
        const HedgedResult<int> r =
            callOnce(caller, pool,
                     {service.url(QStringLiteral("service_ms=1500")),
                      service.url(QStringLiteral("service_ms=5"))});
        QVERIFY(r.succeeded());
        QCOMPARE(r.attempt, 1);
        QCOMPARE(r.attempts, 2);
        QVERIFY(waitUntil([&] { return service.stats().abandoned == 1; }, 5000));
        QCOMPARE(pool.inFlight(), 0);
    }

    void handledErrorHedgesAtOnce()
    {
        ServiceThread service(fastService(Cancellation::Client));
        QVERIFY(service.listening());
        HedgedCaller caller(hedging(5000.0, true)); // a delay no passing run waits out
        HttpAttemptPool pool(service.url());
        const HedgedResult<int> r =
            callOnce(caller, pool,
                     {service.url(QStringLiteral("service_ms=2&error=1")),
                      service.url(QStringLiteral("service_ms=2&error=0"))});
        QVERIFY(r.succeeded());
        QCOMPARE(r.attempt, 1);
        QVERIFY2(r.latencyMs < 2500.0, qPrintable(QString::number(r.latencyMs)));
        QCOMPARE(caller.pipeline().limiter()->inflight(), 0);
    }

    void allFailedReturnsTheLastError()
    {
        ServiceThread service(fastService(Cancellation::Client));
        QVERIFY(service.listening());
        HedgedCaller caller(hedging(20.0, true));
        HttpAttemptPool pool(service.url());
        // The hedge (sent at 20 ms) fails at 22 ms, the first attempt at 60 ms: the call ends
        // with the most recent error, the first attempt's.
        const HedgedResult<int> r =
            callOnce(caller, pool,
                     {service.url(QStringLiteral("service_ms=60&error=1")),
                      service.url(QStringLiteral("service_ms=2&error=1"))});
        QCOMPARE(r.end, CallEnd::Failed);
        QCOMPARE(r.attempts, 2);
        QCOMPARE(r.error, QStringLiteral("HTTP 503"));
        QCOMPARE(r.attempt, 0);
        QCOMPARE(caller.pipeline().limiter()->inflight(), 0);
        QCOMPARE(service.stats().completed, 2u);
    }

    // docs/model.md, "Deadlines", on a real call: past its deadline the call ends timed out and
    // its attempt is cancelled by closing its connection; the setup's cancellation then decides
    // whether the server drops the work.
    void aCallPastItsDeadlineEndsTimedOut_data()
    {
        addCancellationRows();
    }
    void aCallPastItsDeadlineEndsTimedOut()
    {
        QFETCH(Cancellation, cancellation);
        ServiceThread service(fastService(cancellation));
        QVERIFY(service.listening());
        HedgedCaller caller(ClientPolicyConfig{.hedge = hedging(5000.0, true)}, 100.0);
        HttpAttemptPool pool(service.url());
        const HedgedResult<int> r =
            callOnce(caller, pool, {service.url(QStringLiteral("service_ms=1500"))});
        QCOMPARE(r.end, CallEnd::TimedOut);
        QCOMPARE(r.attempts, 1);
        QVERIFY(!r.value);
        QVERIFY(waitUntil([&] { return service.stats().abandoned == 1; }, 5000));
        if (cancellation == Cancellation::Server) {
            QVERIFY(waitUntil([&] { return service.stats().cut == 1; }, 5000));
            QCOMPARE(service.stats().busy, 0);
        } else {
            QCOMPARE(service.stats().cut, 0u);
            QCOMPARE(service.stats().busy, 1); // still serving the call nobody waits for
        }
        QCOMPARE(caller.pipeline().limiter()->inflight(), 0);
        QCOMPARE(pool.inFlight(), 0);
    }

    // One engine, two clocks, for retries (docs/policies.md, "Retries"): every attempt's error
    // is the simulation's own draw (common random numbers), and no hedge or deadline has a timer
    // that could move a decision, so the real run sends exactly the simulation's retries.
    void aPointsRetriesOnRealCallsAreTheSimulations()
    {
        HttpServiceConfig config = fastService(Cancellation::Server);
        config.service.hiccupProbability = 0.0;
        config.service.errorProbability = 0.1;
        config.seed = 7;
        ServiceThread service(config);
        QVERIFY(service.listening());
        Setup setup;
        setup.name = "retries";
        setup.cancellation = Cancellation::Server;
        setup.policy = PolicyFamily::Murphy;
        setup.families.murphy.maxExtraAttempts = 0; // retries alone
        setup.families.murphy.retry = MurphyRetry{.maxRetries = 2, .backoffMs = 1.0,
                                                  .backoffMultiplier = 1.0, .maxBackoffMs = 1.0,
                                                  .jitter = false};
        Scenario scenario;
        scenario.seed = config.seed;
        scenario.calls = 1000;
        scenario.loads = {0.3};
        scenario.service = config.service;
        scenario.setups = {setup};
        LoadOptions options;
        options.target = service.url();
        options.calls = scenario.calls;
        options.warmupFraction = scenario.warmupFraction;
        options.seed = scenario.seed;
        options.commonRandomNumbers = true;
        const LoadPoint real = runLoadPoint(config.service, setup, 0.3, options);
        const PointResult sim = LoadSweep(scenario, 1).run().points.at(0);
        QVERIFY(real.health.drained);
        QCOMPARE(real.result.measuredCalls, sim.measuredCalls);
        QVERIFY(sim.retriesPerCall > 0.05); // 1 + p + p² at p = 0.1: 0.11 retries a call
        QCOMPARE(real.result.retriesPerCall, sim.retriesPerCall);
        QCOMPARE(real.result.requestsPerCall, sim.requestsPerCall);
        QCOMPARE(real.result.hedgesPerCall, 0.0);
        QCOMPARE(real.result.failedFraction, sim.failedFraction); // three errors in a row
        QCOMPARE(real.result.goodputFraction, sim.goodputFraction);
        QCOMPARE(real.result.timedOutFraction, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestLoadGenerator)
#include "tst_loadgenerator.moc"
