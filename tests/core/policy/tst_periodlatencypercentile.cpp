// PeriodLatencyPercentile on a manual clock (docs/policies.md, "Tower"): a call reads the
// percentile of the previous period's latencies only; latencies are whole milliseconds rounded
// up, in HdrHistogram buckets of three significant digits; the nearest rank.
#include <hedge/policy/PeriodLatencyPercentile.h>

#include <QTest>

using namespace hedge;

class TestPeriodLatencyPercentile : public QObject {
    Q_OBJECT

private slots:
    void theFirstPeriodHasNothingToRead();
    void theCurrentPeriodIsNotRead();
    void aPeriodWithoutLatenciesLeavesNothing();
    void nearestRank();
    void roundedUpAndBucketed();
    void aNewQuantileAtOnce();
    void peekReadsTheSame();
};

namespace {
// Latencies 1, 2, …, n ms recorded at `at`.
void recordOneTo(PeriodLatencyPercentile& p, int n, double at)
{
    for (int v = 1; v <= n; ++v)
        p.record(v, at);
}
} // namespace

void TestPeriodLatencyPercentile::theFirstPeriodHasNothingToRead()
{
    PeriodLatencyPercentile p(0.9, 1000.0);
    recordOneTo(p, 10, 100.0);
    QCOMPARE(p.count(999.0), 0);
    QCOMPARE(p.percentile(999.0), 0.0);
    QCOMPARE(p.count(1000.0), 10);
    QCOMPARE(p.percentile(1000.0), 9.0);
}

void TestPeriodLatencyPercentile::theCurrentPeriodIsNotRead()
{
    PeriodLatencyPercentile p(0.5, 1000.0);
    recordOneTo(p, 10, 500.0); // period 0
    QCOMPARE(p.percentile(1000.0), 5.0);
    for (int i = 0; i < 20; ++i)
        p.record(300.0, 1500.0); // period 1: read from 2 s on
    QCOMPARE(p.count(1999.0), 10);
    QCOMPARE(p.percentile(1999.0), 5.0);
    QCOMPARE(p.count(2000.0), 20);
    QCOMPARE(p.percentile(2000.0), 300.0);
}

void TestPeriodLatencyPercentile::aPeriodWithoutLatenciesLeavesNothing()
{
    PeriodLatencyPercentile p(0.5, 1000.0);
    recordOneTo(p, 10, 500.0);
    QCOMPARE(p.count(1999.0), 10);
    QCOMPARE(p.count(2000.0), 0); // period 1 recorded nothing
    QCOMPARE(p.percentile(2500.0), 0.0);
    p.record(7.0, 2600.0);
    QCOMPARE(p.count(3000.0), 1);
    QCOMPARE(p.percentile(3000.0), 7.0);
}

void TestPeriodLatencyPercentile::nearestRank()
{
    // ⌈q·n⌉-th value, at least the first: 0.9 of 10 is the 9th (0.9 × 10 is not 9 in binary),
    // 0.9 of 11 the 10th, 0.5 of 10 the 5th, 0 the first, 1 the last.
    const struct {
        double quantile;
        int values;
        double expected;
    } cases[] = {{0.9, 10, 9}, {0.9, 11, 10}, {0.5, 10, 5}, {0.0, 10, 1}, {1.0, 10, 10}};
    for (const auto& c : cases) {
        PeriodLatencyPercentile p(c.quantile, 1000.0);
        recordOneTo(p, c.values, 0.0);
        QCOMPARE(p.percentile(1000.0), c.expected);
    }
}

void TestPeriodLatencyPercentile::roundedUpAndBucketed()
{
    QCOMPARE(PeriodLatencyPercentile::bucketed(4.2), 5);
    QCOMPARE(PeriodLatencyPercentile::bucketed(4.0), 4);
    QCOMPARE(PeriodLatencyPercentile::bucketed(2047.0), 2047); // exact below 2048
    QCOMPARE(PeriodLatencyPercentile::bucketed(2048.0), 2049); // steps of 2 from 2048
    QCOMPARE(PeriodLatencyPercentile::bucketed(5000.0), 5003); // steps of 4 from 4096
    PeriodLatencyPercentile p(1.0, 1000.0);
    p.record(0.3, 0.0);
    QCOMPARE(p.percentile(1000.0), 1.0);
}

void TestPeriodLatencyPercentile::aNewQuantileAtOnce()
{
    PeriodLatencyPercentile p(0.5, 1000.0);
    recordOneTo(p, 100, 0.0);
    QCOMPARE(p.percentile(1200.0), 50.0);
    p.setQuantile(0.99);
    QCOMPARE(p.percentile(1200.0), 99.0);
}

void TestPeriodLatencyPercentile::peekReadsTheSame()
{
    PeriodLatencyPercentile p(0.75, 1000.0);
    for (int v = 40; v >= 1; --v) // out of order
        p.record(v, 10.0);
    QCOMPARE(p.peek(1500.0), 30.0);
    QCOMPARE(p.percentile(1500.0), 30.0);
    QCOMPARE(p.peek(1500.0), 30.0);
}

QTEST_APPLESS_MAIN(TestPeriodLatencyPercentile)
#include "tst_periodlatencypercentile.moc"
