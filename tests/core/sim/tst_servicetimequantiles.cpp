#include <hedge/sim/ServiceTimeQuantiles.h>

#include <QtTest>

#include <cmath>

using namespace hedge;

class TestServiceTimeQuantiles : public QObject {
    Q_OBJECT
private slots:
    void pointMassWithoutSpreadOrHiccups()
    {
        ServiceConfig s;
        s.sigma = 0.0;
        s.hiccupProbability = 0.0;
        const ServiceTimeQuantiles q = serviceTimeQuantiles(s);
        QVERIFY(std::abs(q.p50Ms - 10.0) < 1e-6);
        QVERIFY(std::abs(q.p99Ms - 10.0) < 1e-6);
    }

    void logNormalQuantilesWithoutHiccups()
    {
        ServiceConfig s;
        s.hiccupProbability = 0.0;
        s.medianMs = 12.0;
        s.sigma = 0.5;
        const ServiceTimeQuantiles q = serviceTimeQuantiles(s);
        // z(0.95) = 1.6448536, z(0.99) = 2.3263479.
        QVERIFY(std::abs(q.p50Ms - 12.0) < 1e-6);
        QVERIFY(std::abs(q.p95Ms - 12.0 * std::exp(0.5 * 1.6448536269514722)) < 1e-5);
        QVERIFY(std::abs(q.p99Ms - 12.0 * std::exp(0.5 * 2.3263478740408408)) < 1e-5);
    }

    void hiccupsSetTheTail()
    {
        // The defaults: 2 % of attempts take U[100, 300] ms. The log-normal body is all below
        // 100 ms, so P(S <= x) = 0.98 + 0.02 (x - 100) / 200 in the hiccup range: p99 = 200.
        const ServiceConfig s;
        const ServiceTimeQuantiles q = serviceTimeQuantiles(s);
        QVERIFY(std::abs(q.p99Ms - 200.0) < 1e-4);
        QVERIFY(q.p95Ms > 10.0 && q.p95Ms < 20.0);
        QVERIFY(std::abs(serviceTimeCdf(s, q.p95Ms) - 0.95) < 1e-7);
        QVERIFY(std::abs(serviceTimeCdf(s, q.p50Ms) - 0.50) < 1e-7);
    }

    void cdfIsMonotoneAndBounded()
    {
        ServiceConfig s;
        s.hiccupProbability = 0.3;
        s.hiccupMinMs = 5.0;
        s.hiccupMaxMs = 50.0;
        double last = 0.0;
        for (double x = 0.0; x < 500.0; x += 0.25) {
            const double f = serviceTimeCdf(s, x);
            QVERIFY(f >= last - 1e-15);
            QVERIFY(f >= 0.0 && f <= 1.0);
            last = f;
        }
        QVERIFY(last > 0.999999);
    }

    void degenerateHiccupRange()
    {
        ServiceConfig s;
        s.sigma = 0.0;
        s.hiccupProbability = 0.5;
        s.hiccupMinMs = s.hiccupMaxMs = 40.0;
        QVERIFY(std::abs(serviceTimeQuantile(s, 0.4) - 10.0) < 1e-6);
        QVERIFY(std::abs(serviceTimeQuantile(s, 0.9) - 40.0) < 1e-6);
    }
};

QTEST_APPLESS_MAIN(TestServiceTimeQuantiles)
#include "tst_servicetimequantiles.moc"
