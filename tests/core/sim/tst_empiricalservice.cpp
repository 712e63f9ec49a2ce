// A service whose times come from a table (service.distribution) runs as the model runs: the
// same queue, errors, replicas, correlation and timelines, with each attempt's time drawn from
// the table. A table made of the model's own quantiles gives the model's figures.
#include "TimelineTestSupport.h"

#include <hedge/service/ServiceDistribution.h>
#include <hedge/sim/RandomStreams.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/ServiceTimeQuantiles.h>
#include <hedge/sim/Simulation.h>
#include <hedge/sim/TimelineWorld.h>

#include <QtTest>

#include <cmath>

using namespace hedge;

namespace {

// The reference model's service-time quantiles as a table.
ServiceDistribution tableOfTheModel(const ServiceConfig& model)
{
    QuantilePoints points;
    for (int i = 0; i <= ServiceTimeTable::kSegments; ++i) {
        const double q = double(i) / ServiceTimeTable::kSegments;
        points.fraction.push_back(q);
        points.latencyMs.push_back(serviceTimeQuantile(model, std::clamp(q, 1e-6, 1.0 - 1e-6)));
    }
    ServiceDistribution d;
    d.table = ServiceTimeTable::fromQuantiles(points);
    return d;
}

PointSpec noHedgeAt(const ServiceConfig& service, double load)
{
    PointSpec spec;
    spec.service = service;
    spec.setup.name = "no hedge";
    spec.load = load;
    spec.calls = 100000;
    return spec;
}

bool near(double a, double b, double relative) { return std::abs(a - b) <= relative * b; }

} // namespace

class TestEmpiricalService : public QObject {
    Q_OBJECT
private slots:
    void aTableOfTheModelsQuantilesRunsLikeTheModel()
    {
        const ServiceConfig model;
        ServiceConfig tabled = model;
        tabled.distribution = tableOfTheModel(model);
        QVERIFY(near(tabled.meanServiceMs(), model.meanServiceMs(), 0.005));
        for (double load : {0.3, 0.8}) {
            const PointResult m = simulatePoint(noHedgeAt(model, load));
            const PointResult t = simulatePoint(noHedgeAt(tabled, load));
            QVERIFY2(near(*t.p50Ms, *m.p50Ms, 0.02), qPrintable(QString::number(*t.p50Ms)));
            QVERIFY2(near(*t.p99Ms, *m.p99Ms, 0.05), qPrintable(QString::number(*t.p99Ms)));
            QVERIFY(near(t.utilisation, m.utilisation, 0.02));
        }
    }

    void anotherTableGivesOtherTimes()
    {
        // Every attempt takes 5 ms, whatever the model's median says: p50 = p99 = 5 ms at a
        // load where nothing waits (16 workers at 10 %).
        ServiceConfig s;
        ServiceDistribution d;
        d.table = ServiceTimeTable(std::vector<double>(ServiceTimeTable::kSegments + 1, 5.0));
        s.distribution = d;
        s.medianMs = 300.0;
        const PointResult r = simulatePoint(noHedgeAt(s, 0.1));
        QCOMPARE(*r.p50Ms, 5.0);
        QCOMPARE(*r.maxMs, 5.0);
        // The load is the table's: arrivals come at 10 % of 16 workers / 5 ms.
        QCOMPARE(s.meanServiceMs(), 5.0);
        QVERIFY2(near(r.utilisation, 0.1, 0.03), qPrintable(QString::number(r.utilisation)));
    }

    void errorsStayTheirOwnDraw()
    {
        ServiceConfig s;
        s.distribution = tableOfTheModel(s);
        s.errorProbability = 0.1;
        const PointResult r = simulatePoint(noHedgeAt(s, 0.3));
        QVERIFY2(std::abs(r.failedFraction - 0.1) < 0.005, qPrintable(QString::number(r.failedFraction)));
    }

    void aCorrelatedHedgeTakesTheFirstAttemptsQuantile()
    {
        const ServiceConfig s;
        const ServiceTimeTable table = tableOfTheModel(s).table;
        const RandomStreams random(7, 0.5);
        int same = 0, sameUncorrelated = 0;
        for (std::int64_t call = 0; call < 1000; ++call) {
            const double first = random.tableService(call, 0, table, 0.0).serviceMs;
            same += random.tableService(call, 1, table, 0.0, 1.0).serviceMs == first;
            sameUncorrelated += random.tableService(call, 1, table, 0.0, 0.0).serviceMs == first;
        }
        QCOMPARE(same, 1000);
        QCOMPARE(sameUncorrelated, 0);
    }

    void replicasSlowPeriodsAndCorrelationRunWithATable()
    {
        ServiceConfig s;
        s.distribution = tableOfTheModel(s);
        s.workers = 4;
        s.replicas = 4;
        s.balancer = BalancerKind::LeastOutstanding;
        s.hiccupCorrelation = 0.5;
        s.slowdowns = Slowdowns{};
        PointSpec spec = noHedgeAt(s, 0.5);
        spec.setup.hedge = HedgeSettings{};
        const PointResult r = simulatePoint(spec);
        QVERIFY(r.measuredCalls > 80000);
        QVERIFY(r.requestsPerCall > 1.0);
        QVERIFY(r.replicaUtilisationMax > 0.0);
    }

    void aTimelineRunsWithATable()
    {
        Setup none;
        none.name = "no hedge";
        Scenario sc = test::timelineOf({none}, {{0.0, 0.3}, {10.0, 0.6}}, 20.0);
        sc.service.distribution = tableOfTheModel(sc.service);
        const TimelineOutcome out = runTimeline(sc, 1);
        QCOMPARE(out.worlds.size(), std::size_t(1));
        const double early = test::median(test::window(out.worlds[0], 2.0, 10.0),
                                          [](const TimelineBucket& b) { return b.p50Ms; });
        QVERIFY2(near(early, serviceTimeQuantile(sc.service, 0.5), 0.1),
                 qPrintable(QString::number(early)));
    }

    void aMapAndReplicatesRunWithATable()
    {
        // Workers against load (a map's grid), three replicates a point: fewer workers, the
        // same table, a longer wait.
        Scenario sc;
        sc.calls = 20000;
        sc.replicates = 3;
        sc.loads = {0.8};
        Setup none;
        none.name = "no hedge";
        sc.setups = {none};
        sc.service.distribution = tableOfTheModel(sc.service);
        sc.grid = Grid{.setup = "no hedge", .knob = "service.workers", .values = {2, 32}};
        const std::vector<PointResult> points = LoadSweep(sc, 2).run().points;
        const auto cell = [&points](double workers) {
            for (const PointResult& p : points)
                if (p.knobValue == workers)
                    return p;
            return PointResult{};
        };
        QCOMPARE(cell(2).replicates(), 3);
        QVERIFY(*cell(2).p50Ms > *cell(32).p50Ms * 1.2);
        QVERIFY(near(cell(32).utilisation, 0.8, 0.05));
    }
};

QTEST_APPLESS_MAIN(TestEmpiricalService)
#include "tst_empiricalservice.moc"
