// Random numbers: the same draws on every platform (golden values below were produced by
// this code; a standard library or compiler that changed them would change every result),
// and distributions with the model's moments.
#include <hedge/Scenario.h>
#include <hedge/sim/RandomStreams.h>

#include <QTest>

#include <cmath>

using namespace hedge;

class TestRandomStreams : public QObject {
    Q_OBJECT

private slots:
    void goldenDraws()
    {
        const RandomStreams r(1, 0.5);
        QCOMPARE(r.arrivalGapMs(0, 0.8), 0x1.3d60d8bc9cc66p-3);
        QCOMPARE(r.arrivalGapMs(1, 0.8), 0x1.f4409bfe528f5p+0);
        QCOMPARE(r.arrivalGapMs(2, 0.8), 0x1.e49cbfc6a898ep-2);
        const ServiceDraw d0 = r.service(0, 1, 10, 0.25, 0.02, 100, 300, 0.1);
        QCOMPARE(d0.serviceMs, 0x1.ec8fd8c450fdcp+2);
        QCOMPARE(d0.error, true);
        const ServiceDraw d1 = r.service(1, 1, 10, 0.25, 0.02, 100, 300, 0.1);
        QCOMPARE(d1.serviceMs, 0x1.8bff4069e3f14p+2);
        QCOMPARE(d1.error, false);
        QCOMPARE(r.service(2, 1, 10, 0.25, 0.02, 100, 300, 0.1).serviceMs, 0x1.7c6d5f100d251p+3);
        const RandomStreams big(18446744073709551615ull, 0.95);
        QCOMPARE(big.arrivalGapMs(99999, 1.0), 0x1.51502e321df1ap+0);
    }

    void drawsAreKeyedNotSequential()
    {
        const RandomStreams r(9, 0.7);
        const double later = r.service(500, 2, 10, 0.25, 0.02, 100, 300, 0).serviceMs;
        for (int call = 0; call < 100; ++call)
            r.service(call, 0, 10, 0.25, 0.02, 100, 300, 0);
        QCOMPARE(r.service(500, 2, 10, 0.25, 0.02, 100, 300, 0).serviceMs, later);
        // Another load, another attempt, another seed: other numbers.
        QVERIFY(RandomStreams(9, 0.75).service(500, 2, 10, 0.25, 0.02, 100, 300, 0).serviceMs !=
                later);
        QVERIFY(r.service(500, 1, 10, 0.25, 0.02, 100, 300, 0).serviceMs != later);
        QVERIFY(RandomStreams(10, 0.7).service(500, 2, 10, 0.25, 0.02, 100, 300, 0).serviceMs !=
                later);
    }

    void serviceTimesHaveTheModelsMoments()
    {
        const ServiceConfig sc;
        const RandomStreams r(3, 0.5);
        constexpr int n = 1000000;
        double sum = 0;
        int hiccups = 0, errors = 0, belowMedian = 0, nonHiccups = 0;
        for (int i = 0; i < n; ++i) {
            const ServiceDraw d = r.service(i, 0, sc.medianMs, sc.sigma, sc.hiccupProbability,
                                            sc.hiccupMinMs, sc.hiccupMaxMs, 0.05);
            sum += d.serviceMs;
            errors += d.error;
            if (d.serviceMs >= 100.0) {
                ++hiccups;
                QVERIFY(d.serviceMs <= 300.0);
            } else {
                ++nonHiccups;
                belowMedian += d.serviceMs < sc.medianMs;
            }
        }
        QVERIFY(std::abs(sum / n / sc.meanServiceMs() - 1.0) < 0.01);
        QVERIFY(std::abs(double(hiccups) / n - 0.02) < 0.001);
        QVERIFY(std::abs(double(errors) / n - 0.05) < 0.001);
        QVERIFY(std::abs(double(belowMedian) / nonHiccups - 0.5) < 0.002);
    }

    void arrivalGapsAreExponential()
    {
        const RandomStreams r(4, 0.5);
        constexpr int n = 1000000;
        const double rate = 2.0;
        double sum = 0, sumSq = 0;
        for (int i = 0; i < n; ++i) {
            const double g = r.arrivalGapMs(i, rate);
            QVERIFY(g >= 0);
            sum += g;
            sumSq += g * g;
        }
        const double mean = sum / n;
        QVERIFY(std::abs(mean * rate - 1.0) < 0.005);
        const double variance = sumSq / n - mean * mean;
        QVERIFY(std::abs(variance * rate * rate - 1.0) < 0.02); // exponential: var = mean²
    }
};

QTEST_GUILESS_MAIN(TestRandomStreams)
#include "tst_randomstreams.moc"
