// calibrateService (iterated quantile mapping): response times simulated from a known service
// time at utilisation 0.7 give that service time back; at a light load it changes almost
// nothing; a response-time distribution no service can give at the utilisation is reported
// as not converged with the residuals its best table really had; the same inputs give the
// same table.
#include <hedge/service/ServiceCalibration.h>
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

using namespace hedge;

namespace {

// A log-normal-like body with a long tail: the kind of service a dashboard shows.
ServiceTimeTable knownServiceTime()
{
    return percentileTable({{0.5, 10.0}, {0.9, 18.0}, {0.99, 40.0}, {0.999, 90.0}}, std::nullopt,
                           200.0);
}

ServiceConfig serviceWith(int workers, const ServiceTimeTable& table = {})
{
    ServiceConfig s;
    s.workers = workers;
    if (!table.empty()) {
        ServiceDistribution d;
        d.table = table;
        s.distribution = SharedDistribution(d);
    }
    return s;
}

// What a production service measured: the response times of `service` at `load`, without
// hedging, one point per sorted latency. Another seed than the calibration's: the
// calibration must not be fitting one run's noise.
QuantilePoints measuredResponseTimes(const ServiceConfig& service, double load,
                                     std::uint64_t seed = 20261202)
{
    PointSpec spec;
    spec.service = service;
    spec.setup.name = "no hedge";
    spec.load = load;
    spec.seed = seed;
    spec.calls = 200000;
    std::vector<double> latencies;
    simulatePoint(spec, {}, {}, nullptr, &latencies);
    std::sort(latencies.begin(), latencies.end());
    QuantilePoints points;
    points.latencyMs = latencies;
    for (std::size_t i = 0; i < latencies.size(); ++i)
        points.fraction.push_back(double(i) / double(latencies.size() - 1));
    return points;
}

double largestResidual(const Calibration& c)
{
    double worst = 0.0;
    for (std::size_t i = 0; i < c.measured.size(); ++i)
        worst = std::max(worst, std::abs(c.simulated[i].ms / c.measured[i].ms - 1.0));
    return worst;
}

std::vector<double> targetsOf(const Calibration& c)
{
    std::vector<double> ps;
    for (const PercentilePoint& p : c.measured)
        ps.push_back(p.p);
    return ps;
}

// The calibration's simulated percentiles are its table's: a fresh run of the returned
// table gives them again, bit for bit.
void verifyHonest(const CalibrationResult& r, const ServiceConfig& service,
                  const CalibrationOptions& options)
{
    const ServiceConfig fitted = serviceWith(service.workers, r.table);
    QCOMPARE(simulatedResponsePercentiles(fitted, r.calibration.utilisation,
                                          targetsOf(r.calibration), options.calls, options.seed),
             r.calibration.simulated);
    QCOMPARE(r.converged, largestResidual(r.calibration) <= options.tolerance);
    // The whole simulated distribution is that run's: its nearest-rank-free p50 lies between
    // the run's neighbouring percentiles, and its ends are the run's fastest and slowest.
    QCOMPARE(r.simulatedResponse.fraction.size(), std::size_t(1001));
    QVERIFY(r.simulatedResponse.at(0.5) > 0.0);
}

void report(const char* name, const CalibrationResult& r)
{
    QString line = QString("%1: %2 rounds, converged %3, residuals")
                       .arg(name)
                       .arg(r.calibration.rounds)
                       .arg(r.converged);
    for (std::size_t i = 0; i < r.calibration.measured.size(); ++i)
        line +=
            QString(" p%1 %2 %")
                .arg(r.calibration.measured[i].p * 100)
                .arg((r.calibration.simulated[i].ms / r.calibration.measured[i].ms - 1.0) * 100.0,
                     0, 'f', 2);
    qInfo("%s", qPrintable(line));
}

} // namespace

class TestServiceCalibration : public QObject {
    Q_OBJECT

private slots:
    void recoversTheServiceTimeThatProducedTheMeasurements_data()
    {
        // Two measurements of the same service: another run, another sample.
        QTest::addColumn<quint64>("measuredSeed");
        QTest::newRow("one run") << quint64(20261202);
        QTest::newRow("another run") << quint64(7);
    }

    void recoversTheServiceTimeThatProducedTheMeasurements()
    {
        QFETCH(quint64, measuredSeed);
        const ServiceTimeTable known = knownServiceTime();
        const QuantilePoints measured =
            measuredResponseTimes(serviceWith(4, known), 0.7, measuredSeed);
        CalibrationOptions options;
        options.utilisation = 0.7;
        const ServiceConfig service = serviceWith(4);
        const CalibrationResult r = calibrateService(service, measured, options);
        report("known table at 0.7, 4 workers", r);
        QVERIFY(r.converged);
        QVERIFY(largestResidual(r.calibration) <= 0.02);
        QCOMPARE(r.calibration.utilisation, 0.7);
        QCOMPARE(int(r.calibration.measured.size()), 4);
        for (std::size_t i = 0; i < 4; ++i)
            QCOMPARE(r.calibration.measured[i].ms, measured.at(options.targets[i]));
        // The queueing was taken out: the measured response times are slower than the
        // service time found, and that service time is the one that produced them.
        QVERIFY(r.calibration.rounds >= 1);
        // The body and the mean come back within a few percent (p50 10.00 and 10.04 ms for
        // 10, a mean of 12.23 and 12.38 for 12.22); the tail, which response times at four
        // percentiles determine less (the waits blur it), within 15 % up to p99 (43.3 and
        // 45.9 ms for 40) and not beyond: p99.9 came back as 103 and 107 ms for 90.
        qInfo("service time found (known): mean %.2f (%.2f), p50 %.2f (%.2f), p90 %.2f (%.2f), "
              "p99 %.2f (%.2f), p99.9 %.2f (%.2f)",
              r.table.meanMs(), known.meanMs(), r.table.quantile(0.5), known.quantile(0.5),
              r.table.quantile(0.9), known.quantile(0.9), r.table.quantile(0.99),
              known.quantile(0.99), r.table.quantile(0.999), known.quantile(0.999));
        QVERIFY(std::abs(r.table.meanMs() / known.meanMs() - 1.0) < 0.02);
        for (double p : {0.1, 0.5, 0.75, 0.9, 0.99}) {
            const QString what = QString("p%1: found %2, known %3, measured %4")
                                     .arg(p * 100)
                                     .arg(r.table.quantile(p))
                                     .arg(known.quantile(p))
                                     .arg(measured.at(p));
            QVERIFY2(r.table.quantile(p) < measured.at(p), qPrintable(what));
            QVERIFY2(std::abs(r.table.quantile(p) / known.quantile(p) - 1.0) <
                         (p < 0.9 ? 0.03 : 0.15),
                     qPrintable(what));
        }
        verifyHonest(r, service, options);
    }

    void showsAShapeThePercentilesDoNotPinDown()
    {
        // Two modes, 2 ms and 40 ms, measured at 60 % of 8 workers: the four percentiles are
        // matched after a round while the simulated calls between the modes are not where the
        // measured ones are; the largest CDF gap says so, and a one-mode service has none.
        std::vector<PercentilePoint> bimodal{{0.5, 2.0}, {0.79, 2.6}, {0.81, 35.0}, {0.99, 60.0}};
        CalibrationOptions options;
        options.utilisation = 0.6;
        options.targets = {0.5, 0.9, 0.99};
        const QuantilePoints measured =
            quantilePointsOf(percentileTable(bimodal, std::nullopt, 80.0));
        const CalibrationResult r = calibrateService(serviceWith(8), measured, options);
        report("two modes at 0.6, 8 workers", r);
        qInfo("largest CDF gap %.3f at %.2f ms", r.largestGap.fraction, r.largestGap.atMs);
        QVERIFY(r.converged);
        QVERIFY(r.largestGap.fraction > 0.03);
        const CalibrationResult one = calibrateService(
            serviceWith(8), quantilePointsOf(knownServiceTime()), options);
        QVERIFY2(one.largestGap.fraction < 0.03, qPrintable(QString::number(one.largestGap.fraction)));
    }

    // The gap in a case whose answer is known: every measured call took 10 to 10.001 ms and
    // round 0 (no round after it) simulates that as the service time of one worker at
    // utilisation 0.5. A call that finds the worker idle answers within [10, 10.001] ms; one
    // that finds it busy waits, and Poisson arrivals find it busy half the time (M/G/1: the
    // utilisation). So the measured CDF reaches 1 at 10.001 ms where the simulated one is at
    // about 0.5: the gap is the share of calls that waited, there.
    // The gap's latency keeps three significant digits whatever the service's scale: a
    // sub-millisecond service's used to read "(at 0.00 ms)".
    void theShapeSentenceKeepsThreeDigits_data()
    {
        QTest::addColumn<double>("atMs");
        QTest::addColumn<QString>("at");
        QTest::newRow("sub-ms") << 0.0041234 << "(at 0.00412 ms)";
        QTest::newRow("below 1 ms") << 0.41234 << "(at 0.412 ms)";
        QTest::newRow("ms") << 3.5449 << "(at 3.54 ms)";
        QTest::newRow("tens") << 42.123 << "(at 42.1 ms)";
        QTest::newRow("hundreds") << 307.4 << "(at 307 ms)";
        QTest::newRow("seconds") << 1234.5 << "(at 1234 ms)";
    }
    void theShapeSentenceKeepsThreeDigits()
    {
        QFETCH(double, atMs);
        QFETCH(QString, at);
        const QString line =
            QString::fromStdString(describeShape(CdfGap{.fraction = 0.012, .atMs = atMs}, true));
        QCOMPARE(line, QStringLiteral("the simulated and measured response times differ by at "
                                      "most 1.2 % of the calls ") +
                           at);
    }

    void theGapIsTheShareOfCallsThatWaited()
    {
        const QuantilePoints measured{.fraction = {0.0, 1.0}, .latencyMs = {10.0, 10.001}};
        CalibrationOptions options;
        options.utilisation = 0.5;
        options.maxRounds = 0;
        const ServiceConfig service = serviceWith(1);
        const CalibrationResult r = calibrateService(service, measured, options);
        QCOMPARE(r.calibration.rounds, 0);
        // The run's own latencies, from the same run.
        PointSpec spec;
        spec.service = serviceWith(1, r.table);
        spec.setup.name = "no hedge";
        spec.load = options.utilisation;
        spec.seed = options.seed;
        spec.calls = options.calls;
        std::vector<double> latencies;
        simulatePoint(spec, {}, {}, nullptr, &latencies);
        const auto shareAbove = [&](double ms) {
            return double(std::count_if(latencies.begin(), latencies.end(),
                                        [ms](double l) { return l > ms; })) /
                   double(latencies.size());
        };
        // Where the measured CDF reaches 1 (or just below it, a hair less slow), the gap is
        // the share of calls slower: the ones that waited.
        const double at = r.largestGap.atMs;
        QVERIFY2(at >= 10.0 && at <= 10.001, qPrintable(QString::number(at, 'g', 12)));
        const double measuredThere = (at - 10.0) / 0.001;
        QVERIFY2(
            std::abs(r.largestGap.fraction - (measuredThere - (1.0 - shareAbove(at)))) < 1e-9,
            qPrintable(QString("gap %1 at %2 ms").arg(r.largestGap.fraction).arg(at, 0, 'g', 12)));
        const double waited = shareAbove(10.001);
        QVERIFY(r.largestGap.fraction >= waited);
        QVERIFY2(
            r.largestGap.fraction - waited < 1e-3,
            qPrintable(
                QString("gap %1, calls that waited %2").arg(r.largestGap.fraction).arg(waited)));
        // And that share is the utilisation, within one run's noise (180 000 calls).
        QVERIFY2(std::abs(waited - 0.5) < 0.01, qPrintable(QString::number(waited)));
    }

    void changesAlmostNothingAtALightLoad()
    {
        const ServiceTimeTable known = knownServiceTime();
        CalibrationOptions options;
        options.utilisation = 0.05;
        const ServiceConfig service = serviceWith(4);
        const CalibrationResult r = calibrateService(service, quantilePointsOf(known), options);
        report("light load 0.05", r);
        QVERIFY(r.converged);
        // A round or two for the p99.9 of one 200 000-call run; the table stays the measured
        // one within 2 % everywhere.
        QVERIFY(r.calibration.rounds <= 2);
        // p99.9 within 5 %: one run's p99.9 rests on its 200 slowest calls, and the known
        // table climbs steeply from its p99.9 (90 ms) to its slowest (200 ms).
        for (double p : {0.0, 0.1, 0.5, 0.9, 0.99, 0.999})
            QVERIFY2(std::abs(r.table.quantile(p) / known.quantile(p) - 1.0) <
                         (p < 0.999 ? 0.02 : 0.05),
                     qPrintable(QString::number(p)));
        verifyHonest(r, service, options);
    }

    void reportsAnImpossibleTargetAsNotConverged()
    {
        // Response times that hardly vary, at utilisation 0.9 of a single worker: queueing
        // alone spreads them more than that whatever the service time is.
        const ServiceTimeTable narrow = percentileTable(
            {{0.5, 10.0}, {0.9, 10.5}, {0.99, 11.0}, {0.999, 11.5}}, std::nullopt, 12.0);
        CalibrationOptions options;
        options.utilisation = 0.9;
        options.calls = 50000;
        const ServiceConfig service = serviceWith(1);
        std::vector<double> worstOfRound;
        const CalibrationResult r = calibrateService(service, quantilePointsOf(narrow), options,
                                                     [&worstOfRound](int, double worst) {
                                                         worstOfRound.push_back(worst);
                                                         return true;
                                                     });
        report("narrow at 0.9, 1 worker", r);
        QVERIFY(!r.converged);
        QVERIFY(largestResidual(r.calibration) > 0.02);
        QVERIFY(int(worstOfRound.size()) <= options.maxRounds + 1);
        QVERIFY(r.calibration.rounds < int(worstOfRound.size()));
        // The result is the round that came closest, not the last one.
        QCOMPARE(largestResidual(r.calibration),
                 *std::min_element(worstOfRound.begin(), worstOfRound.end()));
        QCOMPARE(worstOfRound[std::size_t(r.calibration.rounds)], largestResidual(r.calibration));
        verifyHonest(r, service, options);
    }

    void reportsAnUnreachableTailAsNotConverged()
    {
        // Measured response times whose tail stops just above p99: waits at 0.7 on 4 workers
        // spread the slowest responses further than that whatever the service time is. The
        // body fits; p99 and p99.9 trade against each other (-8 % and +13 % at best), and a
        // tail that does not fit is enough to fail.
        QuantilePoints measured = measuredResponseTimes(serviceWith(4, knownServiceTime()), 0.7);
        const double cap = measured.at(0.99) * 1.02;
        for (double& ms : measured.latencyMs)
            ms = std::min(ms, cap);
        CalibrationOptions options;
        options.utilisation = 0.7;
        const ServiceConfig service = serviceWith(4);
        std::vector<double> worstOfRound;
        const CalibrationResult r =
            calibrateService(service, measured, options, [&worstOfRound](int, double worst) {
                worstOfRound.push_back(worst);
                return true;
            });
        report("tail capped at 1.02 p99, 0.7, 4 workers", r);
        QCOMPARE(largestResidual(r.calibration),
                 *std::min_element(worstOfRound.begin(), worstOfRound.end()));
        QVERIFY(!r.converged);
        const std::vector<PercentilePoint>& m = r.calibration.measured;
        const std::vector<PercentilePoint>& sim = r.calibration.simulated;
        for (std::size_t i = 0; i < 2; ++i)
            QVERIFY2(std::abs(sim[i].ms / m[i].ms - 1.0) <= options.tolerance,
                     qPrintable(QString::number(m[i].p)));
        QVERIFY(sim[3].ms / m[3].ms - 1.0 > options.tolerance);
        verifyHonest(r, service, options);
    }

    void isDeterministic()
    {
        const QuantilePoints measured =
            measuredResponseTimes(serviceWith(2, knownServiceTime()), 0.6);
        CalibrationOptions options;
        options.utilisation = 0.6;
        options.calls = 50000;
        const CalibrationResult a = calibrateService(serviceWith(2), measured, options);
        const CalibrationResult b = calibrateService(serviceWith(2), measured, options);
        QVERIFY(a.table == b.table);
        QCOMPARE(a.calibration, b.calibration);
        QCOMPARE(a.converged, b.converged);
        options.seed = 2; // the seed is the only source of randomness
        const CalibrationResult c = calibrateService(serviceWith(2), measured, options);
        QVERIFY(!(a.table == c.table));
    }

    void stopsWhenToldTo()
    {
        CalibrationOptions options;
        options.utilisation = 0.8;
        options.calls = 20000;
        const QuantilePoints measured = quantilePointsOf(knownServiceTime());
        std::vector<int> seen;
        const CalibrationResult r =
            calibrateService(serviceWith(2), measured, options, [&seen](int round, double worst) {
                seen.push_back(round);
                return worst < 0.0; // never: stop after the first round
            });
        QCOMPARE(seen, std::vector<int>{0});
        QCOMPARE(r.calibration.rounds, 0);
        QVERIFY(r.table == ServiceTimeTable::fromQuantiles(measured));
    }

    void refusesOptionsOutOfRange_data()
    {
        QTest::addColumn<double>("utilisation");
        QTest::addColumn<int>("maxRounds");
        QTest::addColumn<qint64>("calls");
        QTest::addColumn<QString>("field");
        QTest::newRow("utilisation 0") << 0.0 << 20 << qint64(200000) << "utilisation";
        QTest::newRow("utilisation 1") << 1.0 << 20 << qint64(200000) << "utilisation";
        QTest::newRow("rounds") << 0.5 << -1 << qint64(200000) << "max_rounds";
        QTest::newRow("calls") << 0.5 << 20 << qint64(10) << "calls";
    }

    void refusesOptionsOutOfRange()
    {
        QFETCH(double, utilisation);
        QFETCH(int, maxRounds);
        QFETCH(qint64, calls);
        QFETCH(QString, field);
        CalibrationOptions options;
        options.utilisation = utilisation;
        options.maxRounds = maxRounds;
        options.calls = calls;
        try {
            calibrateService(serviceWith(4), quantilePointsOf(knownServiceTime()), options);
            QFAIL("no error");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(QString(e.what()).startsWith(field + ": "), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestServiceCalibration)
#include "tst_servicecalibration.moc"
