// The families' retries driven by the simulation (docs/policies.md, "Retries"): without a
// budget, at error probability p and a low load (nothing queues, every attempt's error is drawn
// alone), a call makes attempt k + 1 exactly when its first k failed, so requests per call is
// 1 + p + p² + … + p^(cap − 1) — for every family (resilience4cata's retry too), within
// sampling noise. And retries off keep
// every family's run the same, event for event.
#include "SameFigures.h"

#include <hedge/io/ResultsJson.h>
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <cmath>

using namespace hedge;

namespace {

constexpr double kErrors = 0.5;
constexpr int kAttempts = 4; // the first and three retries

// 1 + p + … + p^(n − 1).
double expectedRequestsPerCall(double p, int attempts)
{
    double sum = 0.0, term = 1.0;
    for (int k = 0; k < attempts; ++k, term *= p)
        sum += term;
    return sum;
}

PointSpec lowLoad(const Setup& setup)
{
    PointSpec spec;
    spec.setup = setup;
    spec.load = 0.05;
    spec.calls = 40000;
    spec.service.errorProbability = kErrors;
    return spec;
}

// Each family retrying the service's errors up to kAttempts attempts, without hedges and
// without a budget that could bind (Envoy's breaker and Finagle's client budget far above
// what a low load asks of them).
std::vector<Setup> retryingSetups()
{
    std::vector<Setup> setups;
    Setup grpc{.name = "grpc", .policy = PolicyFamily::Grpc};
    grpc.families.grpc.hedgingPolicy = false;
    grpc.families.grpc.retryPolicy = GrpcRetryPolicy{.maxAttempts = kAttempts};
    setups.push_back(grpc);
    Setup envoy{.name = "envoy", .policy = PolicyFamily::Envoy};
    envoy.families.envoy.numRetries = kAttempts - 1;
    envoy.families.envoy.retryOn5xx = true;
    envoy.families.envoy.maxRetries = 100000;
    setups.push_back(envoy);
    Setup finagle{.name = "finagle", .policy = PolicyFamily::Finagle};
    finagle.families.finagle.maxExtraLoad = 0.0; // no backups
    finagle.families.finagle.clientBudget.percentCanRetry = 10.0;
    finagle.families.finagle.clientBudget.minRetriesPerSec = 100000.0;
    finagle.families.finagle.retryPolicy = FinagleRetryPolicy{.numTries = kAttempts};
    setups.push_back(finagle);
    Setup tower{.name = "tower", .policy = PolicyFamily::Tower};
    tower.families.tower.minDataPoints = 1000000000; // no hedges
    tower.families.tower.retry = TowerRetry{.maxRetries = kAttempts - 1};
    setups.push_back(tower);
    Setup polly{.name = "polly", .policy = PolicyFamily::Polly};
    polly.families.polly.delayMs = -1.0;       // no hedge but after a handled failure,
    polly.families.polly.handleErrors = false; // and none is: every error goes to the retry
    polly.families.polly.retry = PollyRetry{.maxRetryAttempts = kAttempts - 1, .delayMs = 10.0};
    setups.push_back(polly);
    Setup murphy{.name = "murphy", .policy = PolicyFamily::Murphy};
    murphy.families.murphy.maxExtraAttempts = 0;
    murphy.families.murphy.retry = MurphyRetry{.maxRetries = kAttempts - 1};
    setups.push_back(murphy);
    Setup r4c{.name = "resilience4cata"}; // no hedge: the retry alone
    r4c.families.resilience4cata.retry =
        Resilience4cataRetry{.maxAttempts = kAttempts, .waitDurationMs = 10.0};
    setups.push_back(r4c);
    return setups;
}

} // namespace

class TestRetryClosedForm : public QObject {
    Q_OBJECT

private slots:
    void requestsPerCallIsTheGeometricSumUpToTheCap()
    {
        const double expected = expectedRequestsPerCall(kErrors, kAttempts); // 1.875
        // A call's attempts: at most 4, variance 1.11; the mean over 36 000 measured calls has a
        // standard error of 0.0055, and 0.02 is under four of them — while a cap one higher
        // would add p^4 = 0.0625.
        const double tolerance = 0.02;
        for (const Setup& setup : retryingSetups()) {
            const PointResult r = simulatePoint(lowLoad(setup));
            qInfo("%s: %.4f requests per call (expected %.4f), failed %.4f",
                  setup.name.c_str(), r.requestsPerCall, expected, r.failedFraction);
            QVERIFY2(std::abs(r.requestsPerCall - expected) < tolerance,
                     qPrintable(QStringLiteral("%1: %2 requests per call, expected %3")
                                    .arg(QString::fromStdString(setup.name))
                                    .arg(r.requestsPerCall)
                                    .arg(expected)));
            // Only the last attempt's error fails the call: p^4 of them.
            QVERIFY2(std::abs(r.failedFraction - std::pow(kErrors, kAttempts)) < 0.005,
                     qPrintable(QStringLiteral("%1: failed %2")
                                    .arg(QString::fromStdString(setup.name))
                                    .arg(r.failedFraction)));
        }
    }

    // A budget of 20 % of the calls and no floor holds the retries to a fifth of the calls
    // whatever the errors: requests per call at most 1.2 where 1.875 went out without it.
    void aTwentyPercentBudgetHoldsRetriesToAFifth()
    {
        std::vector<Setup> budgeted;
        for (Setup setup : retryingSetups()) {
            FamilySettings& f = setup.families;
            if (setup.policy == PolicyFamily::Finagle) {
                f.finagle.clientBudget = FinagleRetryBudget{.percentCanRetry = 0.2,
                                                            .minRetriesPerSec = 0.0};
            } else if (setup.policy == PolicyFamily::Tower) {
                f.tower.budget = TowerBudget{.retryPercent = 0.2, .minPerSec = 0.0};
            } else if (setup.policy == PolicyFamily::Murphy) {
                f.murphy.retry->budget = MurphyRetryBudget{.percent = 20.0, .minPerSecond = 0.0};
            } else if (setup.policy == PolicyFamily::Resilience4cata) {
                f.resilience4cata.retry->budget =
                    Resilience4cataRetryBudget{.percent = 20.0, .minPerSecond = 0.0};
            } else {
                continue;
            }
            budgeted.push_back(setup);
        }
        QCOMPARE(budgeted.size(), std::size_t(4));
        for (const Setup& setup : budgeted) {
            const PointResult r = simulatePoint(lowLoad(setup));
            qInfo("%s with a 20 %% budget: %.4f requests per call", setup.name.c_str(),
                  r.requestsPerCall);
            QVERIFY2(r.requestsPerCall <= 1.2 + 0.01 && r.requestsPerCall > 1.15,
                     qPrintable(QStringLiteral("%1: %2 requests per call")
                                    .arg(QString::fromStdString(setup.name))
                                    .arg(r.requestsPerCall)));
        }
    }

    // A family's retry part switched on with no retries to make (gRPC excepted: a retryPolicy
    // is a different method config) changes nothing: the same run, figure for figure.
    // A scenario whose setup retries writes the calls' outcomes, retries per call among them,
    // into its results file (docs/scenario.md), whether or not it has a deadline; one that
    // neither retries nor has a deadline writes none (files of before stay the same).
    void aResultsFileCarriesRetriesPerCall()
    {
        for (const Setup& setup : retryingSetups()) {
            const PointSpec spec = lowLoad(setup);
            Scenario scenario;
            scenario.service = spec.service;
            scenario.loads = {spec.load};
            scenario.setups = {setup};
            QVERIFY2(scenario.hasCallOutcomes(), setup.name.c_str());
            const PointResult point = simulatePoint(spec);
            const std::string json = writeResultsJson(scenario, {point});
            QVERIFY2(json.find("\"retries_per_call\"") != std::string::npos, setup.name.c_str());
            const RunResults back = parseResultsJson(json);
            QCOMPARE(back.points.size(), std::size_t(1));
            QVERIFY2(std::abs(back.points[0].retriesPerCall -
                              (expectedRequestsPerCall(kErrors, kAttempts) - 1.0)) < 0.03,
                     setup.name.c_str());
        }
        Scenario plain;
        plain.setups = {Setup{.name = "no hedge / client"}};
        QVERIFY(!plain.hasCallOutcomes());
    }

    void retriesThatNeverFireChangeNothing()
    {
        for (Setup setup : retryingSetups()) {
            if (setup.policy == PolicyFamily::Grpc)
                continue;
            PointSpec spec = lowLoad(setup);
            spec.service.errorProbability = 0.0;
            spec.calls = 5000;
            const PointResult with = simulatePoint(spec);
            FamilySettings& f = spec.setup.families;
            f.envoy.retryOn5xx = false;
            f.finagle.retryPolicy.reset();
            f.tower.retry.reset();
            f.polly.retry.reset();
            f.murphy.retry.reset();
            f.resilience4cata.retry.reset();
            compareFiguresExactly(with, simulatePoint(spec));
        }
    }

    // resilience4cata's retry beside a hedge with its budget (HedgePipeline runs both): with no
    // error to retry, the run is the hedge's alone, figure for figure.
    void resilience4catasRetryLeavesItsHedgeAlone()
    {
        Setup setup{.name = "hedge", .hedge = HedgeSettings{.delayMs = 2.0, .maxAttempts = 3}};
        setup.families.resilience4cata.retry = Resilience4cataRetry{
            .randomizedWait = true, .budget = Resilience4cataRetryBudget{}};
        PointSpec spec = lowLoad(setup);
        spec.service.errorProbability = 0.0;
        spec.load = 0.5;
        spec.calls = 5000;
        const PointResult with = simulatePoint(spec);
        QVERIFY(with.requestsPerCall > 1.05); // it hedged
        spec.setup.families.resilience4cata.retry.reset();
        compareFiguresExactly(with, simulatePoint(spec));
    }
};

QTEST_APPLESS_MAIN(TestRetryClosedForm)
#include "tst_retryclosedform.moc"
