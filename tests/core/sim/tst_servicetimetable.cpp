// The inverse-CDF table a service from measurements draws from: knots where they were put,
// log-linear between them, an exact mean, a CDF that inverts the draw, and refusals that name
// the knot.
#include <hedge/Scenario.h>
#include <hedge/service/ServiceDistribution.h>
#include <hedge/service/ServiceTimeTable.h>

#include <QtTest>

#include <cmath>

using namespace hedge;

namespace {

constexpr int kN = ServiceTimeTable::kSegments;

// 1 ms at fraction 0 doubling every 1000 knots: 16 ms at the slowest.
ServiceTimeTable doublingTable()
{
    std::vector<double> knots(std::size_t(kN) + 1);
    for (int i = 0; i <= kN; ++i)
        knots[std::size_t(i)] = std::exp2(i / 1000.0);
    return ServiceTimeTable(std::move(knots));
}

} // namespace

class TestServiceTimeTable : public QObject {
    Q_OBJECT
private slots:
    void aDrawIsLogLinearBetweenKnots()
    {
        std::vector<double> knots(std::size_t(kN) + 1, 1.0);
        knots[1] = 4.0;
        std::fill(knots.begin() + 2, knots.end(), 4.0);
        const ServiceTimeTable t(knots);
        QCOMPARE(t.draw(0.0), 1.0);
        // Halfway between 1 ms and 4 ms in log: 2 ms, not the linear 2.5 ms.
        QVERIFY(std::abs(t.draw(0.5 / kN) - 2.0) < 1e-12);
        QCOMPARE(t.draw(0.75), 4.0);
    }

    void theSlowestKnotIsTheLargestTimeAndNothingIsExtrapolated()
    {
        const ServiceTimeTable t = doublingTable();
        QCOMPARE(t.quantile(1.0), 16.0);
        QVERIFY(t.draw(std::nextafter(1.0, 0.0)) <= 16.0);
        QCOMPARE(t.cdf(16.0), 1.0);
        QCOMPARE(t.cdf(1000.0), 1.0);
        QCOMPARE(t.cdf(0.5), 0.0);
    }

    void theCdfInvertsTheDraw()
    {
        const ServiceTimeTable t = doublingTable();
        for (double q : {0.001, 0.25, 0.5, 0.9, 0.99, 0.999})
            QVERIFY2(std::abs(t.cdf(t.quantile(q)) - q) < 1e-9, qPrintable(QString::number(q)));
    }

    void theMeanIsExactForLogLinearSegments()
    {
        // S = 2^(4u): E[S] = ∫ 2^(4u) du = 15 / (4 ln 2).
        const ServiceTimeTable t = doublingTable();
        QVERIFY(std::abs(t.meanMs() - 15.0 / (4.0 * std::log(2.0))) < 1e-5);
    }

    // A smooth table's segments are nearly straight, so trapezoids would pass the test above;
    // a jump cannot. A dashboard's two points far apart, 1 ms up to p50 and 1 000 ms from it
    // on: knots 0 … 1999 are 1 ms, knots 2000 … 4000 are 1 000 ms, and segment 1999 climbs
    // log-linearly between them, where E[S] over it is ∫ 1000^t dt = 999 / ln 1000 (144.6 ms,
    // a trapezoid would say 500.5). The mean a run's load and utilisation are computed from
    // is (1999 × 1 + 999 / ln 1000 + 2000 × 1000) / 4000 = 500.5359 ms (trapezoids: 500.6249).
    void theMeanOfAJumpIsTheLogLinearIntegral()
    {
        const QuantilePoints dashboard{.fraction = {0.0, 0.5, 0.5, 1.0},
                                       .latencyMs = {1.0, 1.0, 1000.0, 1000.0}};
        const ServiceTimeTable t = ServiceTimeTable::fromQuantiles(dashboard);
        QCOMPARE(t.knotsMs()[1999], 1.0);
        QCOMPARE(t.knotsMs()[2000], 1000.0);
        QCOMPARE(t.knotsMs().front(), 1.0);
        QCOMPARE(t.knotsMs().back(), 1000.0);
        const double exact = (1999.0 + 999.0 / std::log(1000.0) + 2000.0 * 1000.0) / kN;
        QVERIFY2(std::abs(t.meanMs() / exact - 1.0) < 1e-9,
                 qPrintable(QString("mean %1 ms, exact %2 ms")
                                .arg(t.meanMs(), 0, 'g', 12)
                                .arg(exact, 0, 'g', 12)));
        // The service that draws from it turns a load into arrivals with that mean.
        ServiceConfig service;
        ServiceDistribution d;
        d.table = t;
        service.distribution = SharedDistribution(d);
        QVERIFY(std::abs(service.meanServiceMs() / exact - 1.0) < 1e-9);
    }

    void knotsKeepSevenDigitsSoAFileReadsBackTheSameTable()
    {
        std::vector<double> knots(std::size_t(kN) + 1, 1.234567891);
        knots.back() = 3.14159265358979;
        const ServiceTimeTable t(knots);
        QCOMPARE(t.knotsMs().front(), 1.234568);
        QCOMPARE(t.knotsMs().back(), 3.141593);
        QVERIFY(ServiceTimeTable(t.knotsMs()) == t);
    }

    void badKnotsAreRefusedByIndex()
    {
        std::vector<double> knots(std::size_t(kN) + 1, 2.0);
        knots[12] = 1.0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ServiceTimeTable{knots});
        try {
            ServiceTimeTable{knots};
        } catch (const std::invalid_argument& e) {
            QCOMPARE(QString(e.what()), QString("knot 12: below the knot before it"));
        }
        knots[12] = 2.0;
        knots[0] = 0.0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ServiceTimeTable{knots});
        knots.pop_back();
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ServiceTimeTable{knots});
    }

    void samplesGiveTheirOrderStatistics()
    {
        // 101 samples 0, 1, ..., 100 ms: the p50 knot is the 51st, the slowest is 100.
        QuantilePoints points;
        for (int i = 0; i <= 100; ++i) {
            points.fraction.push_back(i / 100.0);
            points.latencyMs.push_back(i);
        }
        const ServiceTimeTable t = ServiceTimeTable::fromQuantiles(points);
        QCOMPARE(t.quantile(0.5), 50.0);
        QCOMPARE(t.quantile(0.99), 99.0);
        QCOMPARE(t.quantile(1.0), 100.0);
        // A sample of 0 ms is kept positive for the log-linear table.
        QCOMPARE(t.quantile(0.0), ServiceTimeTable::kShortestMs);
    }

    void aDashboardsPercentilesAreHitExactly()
    {
        const std::vector<PercentilePoint> points{{0.5, 5.0}, {0.9, 9.0}, {0.99, 40.0},
                                                  {0.999, 120.0}};
        const ServiceTimeTable t = percentileTable(points, std::nullopt, std::nullopt);
        for (const PercentilePoint& p : points)
            QCOMPARE(t.quantile(p.p), p.ms);
        QCOMPARE(t.quantile(0.0), 2.5);   // half the p50
        QCOMPARE(t.quantile(1.0), 360.0); // 120 × (120 / 40)
        // Log-linear in -log(1 - u) between p90 and p99: p95 sits at log(2) / log(10) of
        // the way from 9 to 40 ms in log; p99.95 linear in u from 120 to 360 ms in log.
        const double share = std::log(2.0) / std::log(10.0);
        QVERIFY(std::abs(t.quantile(0.95) - 9.0 * std::pow(40.0 / 9.0, share)) < 1e-4);
        QVERIFY(std::abs(t.quantile(0.9995) - std::sqrt(120.0 * 360.0)) < 1e-3);
    }

    void aDashboardsPercentilesMustBeAscending()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 percentileTable({{0.5, 5.0}}, std::nullopt, std::nullopt));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 percentileTable({{0.5, 5.0}, {0.99, 4.0}}, std::nullopt,
                                                 std::nullopt));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 percentileTable({{0.5, 5.0}, {0.99, 40.0}}, 6.0, std::nullopt));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 percentileTable({{0.5, 5.0}, {0.99, 40.0}}, std::nullopt, 30.0));
    }
};

QTEST_APPLESS_MAIN(TestServiceTimeTable)
#include "tst_servicetimetable.moc"
