// CallDrawTable: the draws a sweep shares between the setups of one load are the draws each
// point would make itself, bit for bit, so a sweep's numbers do not depend on whether a point
// borrowed a table (LoadSweep lends one to every key two of its points share).
#include <hedge/sim/CallDrawTable.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/PooledPoint.h>
#include <hedge/sim/RandomStreams.h>
#include <hedge/sim/Simulation.h>
#include <hedge/sim/SweepPoints.h>

#include "SameFigures.h"

#include <QTest>

#include <stdexcept>

using namespace hedge;

namespace {

ServiceConfig errorProneService()
{
    ServiceConfig s;
    s.errorProbability = 0.2; // errors ride in the table's sign bit
    s.hiccupProbability = 0.05;
    return s;
}

std::vector<Setup> mixedSetups()
{
    std::vector<Setup> setups = Scenario::referenceSetups();
    setups.push_back(Setup{.name = "retries on error, server",
                           .cancellation = Cancellation::Server,
                           .hedge = HedgeSettings{.delayMs = 15.0, .maxAttempts = 3},
                           .adaptiveLimit = std::nullopt});
    return setups;
}


} // namespace

class TestCallDrawTable : public QObject {
    Q_OBJECT

private slots:
    void drawsAreThoseOfTheStreams_data()
    {
        QTest::addColumn<int>("distribution");
        QTest::newRow("reference") << int(ServiceTimeModel::Reference);
        QTest::newRow("exponential") << int(ServiceTimeModel::Exponential);
    }
    void drawsAreThoseOfTheStreams()
    {
        QFETCH(int, distribution);
        const PointSpec spec{.service = errorProneService(),
                             .load = 0.85,
                             .seed = 7,
                             .replicate = 3,
                             .calls = 20000,
                             .serviceModel = ServiceTimeModel(distribution)};
        const CallDrawTable table(spec);
        QCOMPARE(table.calls(), spec.calls);
        const RandomStreams random(spec.seed, spec.load, spec.replicate);
        const ServiceConfig& s = spec.service;
        int errors = 0;
        for (std::int64_t call = 0; call < spec.calls; ++call) {
            QCOMPARE(table.unitArrivalGap(call), random.unitArrivalGap(call));
            const ServiceDraw expected =
                spec.serviceModel == ServiceTimeModel::Exponential
                    ? ServiceDraw{random.exponentialServiceMs(call, 0, s.medianMs), false}
                    : random.service(call, 0, s.medianMs, s.sigma, s.hiccupProbability,
                                     s.hiccupMinMs, s.hiccupMaxMs, s.errorProbability);
            const ServiceDraw drawn = table.firstService(call);
            QCOMPARE(drawn.serviceMs, expected.serviceMs);
            QCOMPARE(drawn.error, expected.error);
            errors += drawn.error;
        }
        if (spec.serviceModel == ServiceTimeModel::Reference)
            QVERIFY2(errors > 3000 && errors < 5000, "20 % of the first attempts fail");
    }

    // A point run with the table gives what it gives without, for every kind of setup: no
    // hedge, budgets, the adaptive limit, three attempts without budget (collapsing at this
    // load), both cancellations, errors.
    void aPointIsTheSameWithItsTable()
    {
        for (const double load : {0.5, 0.9}) {
            PointSpec spec{.service = errorProneService(), .load = load, .seed = 3, .calls = 30000};
            const CallDrawTable table(spec);
            for (const Setup& setup : mixedSetups()) {
                spec.setup = setup;
                spec.draws = nullptr;
                const PointResult own = simulatePoint(spec);
                spec.draws = &table;
                const PointResult borrowed = simulatePoint(spec);
                compareFiguresExactly(own, borrowed);
            }
        }
    }

    // A sweep lends tables to the setups of a load (one per replicate) and to grid cells whose
    // knob leaves the service alone; cells that change the service (its median, its error
    // probability) draw their own. Its results are the points' own, whatever the threads:
    // every figure and every spread of each pooled point equals that of its replicates run
    // alone, without a table, and pooled.
    void aSweepGivesEachPointsOwnResults_data()
    {
        QTest::addColumn<QString>("knob");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::newRow("hedge.delay_ms") << "hedge.delay_ms" << 8.0 << 30.0;
        QTest::newRow("service.median_ms") << "service.median_ms" << 8.0 << 30.0;
        // 0.2 is the scenario's own: that cell and the plain setups share their draws,
        // the error-free cell must not.
        QTest::newRow("service.error_probability") << "service.error_probability" << 0.0 << 0.2;
    }
    void aSweepGivesEachPointsOwnResults()
    {
        QFETCH(QString, knob);
        QFETCH(double, low);
        QFETCH(double, high);
        Scenario s;
        s.calls = 8000;
        s.replicates = 2;
        s.loads = {0.4, 0.8};
        s.service = errorProneService();
        s.setups = mixedSetups();
        s.grid = Grid{.setup = s.setups[2].name, .knob = knob.toStdString(), .values = {low, high}};
        const LoadSweep::Outcome one = LoadSweep(s, 1).run();
        const LoadSweep::Outcome two = LoadSweep(s, 2).run();
        QCOMPARE(one.points.size(), two.points.size());
        for (std::size_t i = 0; i < one.points.size(); ++i)
            compareFiguresExactly(one.points[i], two.points[i]);
        // Each pooled point against its replicates run alone, without a table.
        const std::vector<SweepPoint> points = sweepPoints(s);
        QCOMPARE(points.size(), one.points.size());
        int errorFree = 0;
        for (std::size_t i = 0; i < points.size(); ++i) {
            PointSpec spec{.service = points[i].service,
                           .setup = points[i].setup,
                           .load = s.loads[points[i].load],
                           .seed = s.seed,
                           .calls = s.calls,
                           .warmupFraction = s.warmupFraction};
            PooledPoint pool(s.replicates, s.calls);
            for (int r = 0; r < s.replicates; ++r) {
                spec.replicate = r;
                std::vector<double> latencies;
                const PointResult alone = simulatePoint(spec, {}, {}, nullptr, &latencies);
                pool.add(r, alone, latencies);
            }
            const PointResult expected = pool.result();
            const QByteArray where = QByteArray::number(qulonglong(i));
            QVERIFY2(one.points[i].spread, where);
            compareFiguresExactly(one.points[i], expected);
            QVERIFY2(*one.points[i].spread == *expected.spread, where);
            errorFree += spec.service.errorProbability == 0.0;
            // What the figures say: calls fail with errors, never without.
            if (spec.service.errorProbability == 0.0)
                QCOMPARE(one.points[i].failedFraction, 0.0);
            else
                QVERIFY2(one.points[i].failedFraction > 0.0, where);
        }
        QCOMPARE(errorFree, knob == "service.error_probability" ? 2 : 0); // one cell, two loads
    }

    void onePooledReplicateIsThePointItself()
    {
        Scenario s;
        s.calls = 8000;
        s.loads = {0.4, 0.8};
        s.service = errorProneService();
        s.setups = mixedSetups();
        // One replicate: the pooled point is the point itself, figure for figure.
        const LoadSweep::Outcome single = LoadSweep(s, 2).run();
        for (std::size_t setup = 0; setup < s.setups.size(); ++setup) {
            for (std::size_t load = 0; load < s.loads.size(); ++load) {
                const PointSpec spec{.service = s.service,
                                     .setup = s.setups[setup],
                                     .load = s.loads[load],
                                     .seed = s.seed,
                                     .calls = s.calls,
                                     .warmupFraction = s.warmupFraction};
                compareFiguresExactly(single.points[setup * s.loads.size() + load], simulatePoint(spec));
            }
        }
    }

    // A table is the draws of one key: lending it to another point would change that point's
    // numbers, so simulatePoint refuses it.
    void anotherPointsTableIsRefused()
    {
        PointSpec spec{.load = 0.5, .calls = 2000};
        const CallDrawTable table(spec);
        spec.draws = &table;
        QVERIFY(simulatePoint(spec).measuredCalls > 0);
        spec.load = 0.6;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulatePoint(spec));
        spec.load = 0.5;
        spec.service.medianMs = 12.0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulatePoint(spec));
        spec.service.medianMs = 10.0;
        spec.service.errorProbability = 0.1; // errors ride in the table's draws
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulatePoint(spec));
        spec.service.errorProbability = 0.0;
        spec.calls = 3000;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulatePoint(spec));
    }
};

QTEST_APPLESS_MAIN(TestCallDrawTable)
#include "tst_calldrawtable.moc"
