// GrpcHedging driven by the simulation (docs/policies.md, "gRPC"): properties users rely on,
// checked on whole runs rather than single decisions.
#include "SameFigures.h"

#include <hedge/sim/Simulation.h>

#include <QTest>

using namespace hedge;

namespace {

PointSpec point(const Setup& setup, double load, double errorProbability = 0.0)
{
    PointSpec spec;
    spec.setup = setup;
    spec.load = load;
    spec.calls = 30000;
    spec.service.errorProbability = errorProbability;
    return spec;
}

Setup grpcSetup(bool nonFatal, bool throttled, int maxAttempts = 3, double delayMs = 20.0)
{
    Setup s;
    s.name = "grpc";
    s.policy = PolicyFamily::Grpc;
    s.families.grpc = GrpcSettings{.maxAttempts = maxAttempts,
                                   .hedgingDelayMs = delayMs,
                                   .nonFatalErrors = nonFatal,
                                   .throttling = throttled ? std::optional(GrpcThrottling{})
                                                           : std::nullopt};
    return s;
}

Setup resilienceSetup(double budgetPercent, int maxAttempts = 3, double delayMs = 20.0)
{
    Setup s;
    s.name = "resilience4cata";
    s.hedge = HedgeSettings{.delayMs = delayMs, .maxAttempts = maxAttempts,
                            .budgetPercent = budgetPercent};
    return s;
}

} // namespace

class TestGrpcSimulation : public QObject {
    Q_OBJECT

private slots:
    // Slow-but-successful responses never spend a token: with no errors, gRPC with throttling
    // is an unbudgeted fixed-delay hedge with the same attempts and delay, event for event —
    // at a load where that hedge collapses the queue too.
    void withoutErrorsTheThrottleIsAnUnbudgetedHedge()
    {
        for (double load : {0.5, 0.9}) {
            const PointResult grpc = simulatePoint(point(grpcSetup(false, true), load));
            const PointResult plain = simulatePoint(point(resilienceSetup(0.0), load));
            compareFiguresExactly(grpc, plain);
            QCOMPARE(grpc.hedgesRefusedFraction, 0.0);
            QVERIFY(grpc.hedgedFraction > 0.0);
        }
    }

    // Errors the config calls non-fatal drain the bucket and the throttle refuses hedges;
    // fatal ones never touch it.
    void theThrottleEngagesOnlyOnNonFatalErrors()
    {
        const double load = 0.6, errors = 0.2;
        const PointResult nonFatal = simulatePoint(point(grpcSetup(true, true), load, errors));
        const PointResult unthrottled = simulatePoint(point(grpcSetup(true, false), load, errors));
        const PointResult fatal = simulatePoint(point(grpcSetup(false, true), load, errors));
        QVERIFY2(nonFatal.hedgesRefusedFraction > 0.1,
                 qPrintable(QString::number(nonFatal.hedgesRefusedFraction)));
        QVERIFY(nonFatal.requestsPerCall < unthrottled.requestsPerCall);
        QCOMPARE(unthrottled.hedgesRefusedFraction, 0.0);
        QCOMPARE(fatal.hedgesRefusedFraction, 0.0);
    }

    // The js flavour (grpc-js) never asks the bucket about a hedge: where java's throttle
    // refuses, js sends the hedge and counts it as sent at or below half; without throttling
    // it is js without a bucket, event for event, but for the count.
    void jsHedgesWhereJavaIsThrottledAndCountsIt()
    {
        const double load = 0.6, errors = 0.2;
        Setup java = grpcSetup(true, true);
        Setup js = java;
        js.families.grpc.flavour = GrpcFlavour::Js;
        Setup jsUnthrottled = grpcSetup(true, false);
        jsUnthrottled.families.grpc.flavour = GrpcFlavour::Js;
        const PointResult j = simulatePoint(point(java, load, errors));
        const PointResult t = simulatePoint(point(js, load, errors));
        const PointResult u = simulatePoint(point(jsUnthrottled, load, errors));
        QVERIFY(j.hedgesRefusedFraction > 0.1);
        QCOMPARE(j.hedgesBelowThresholdFraction, 0.0);
        QCOMPARE(t.hedgesRefusedFraction, 0.0);
        QVERIFY2(t.hedgesBelowThresholdFraction > 0.1,
                 qPrintable(QString::number(t.hedgesBelowThresholdFraction)));
        QVERIFY(t.requestsPerCall > j.requestsPerCall);
        QCOMPARE(u.hedgesBelowThresholdFraction, 0.0);
        PointResult withoutCount = t;
        withoutCount.hedgesBelowThresholdFraction = 0.0;
        compareFiguresExactly(withoutCount, u);
    }

    // resilience4cata's budget refuses hedges too, and the figure counts the calls it refused.
    void aRateBudgetRefusesHedgesUnderLoad()
    {
        const PointResult budget = simulatePoint(point(resilienceSetup(5.0, 2), 0.9));
        const PointResult none = simulatePoint(point(resilienceSetup(0.0, 2), 0.9));
        QVERIFY(budget.hedgesRefusedFraction > 0.0);
        QVERIFY(budget.hedgedFraction + budget.hedgesRefusedFraction <= 1.0);
        QCOMPARE(none.hedgesRefusedFraction, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestGrpcSimulation)
#include "tst_grpcsimulation.moc"
