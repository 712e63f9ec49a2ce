// WindowedLatencyPercentile on a manual clock (docs/policies.md, "Finagle"): latencies go to
// 10 s buckets, the window is the last three complete ones, the percentile is read every 3 s,
// none before 3 s, values clamped to 1…2000 ms, the nearest rank.
#include <hedge/policy/WindowedLatencyPercentile.h>

#include <QTest>

using namespace hedge;

class TestWindowedLatencyPercentile : public QObject {
    Q_OBJECT

private slots:
    void nothingBeforeTheFirstThreeSeconds();
    void anEmptyWindowReadsZero();
    void aBucketCountsFromTheFirstReadAfterItEnds();
    void theReadIsKeptForThreeSeconds();
    void atThirtySecondsTheBucketJoinsBeforeTheRead();
    void aBucketLeavesAfterThreeMore();
    void valuesAreClampedToOneAndTwoThousand();
    void nearestRank();
    void peekReadsTheSameWithoutKeeping();
    void aNewQuantileFromTheNextRead();
};

namespace {
// Latencies 1, 2, …, n ms recorded at `at`.
void recordOneTo(WindowedLatencyPercentile& w, int n, double at)
{
    for (int v = 1; v <= n; ++v)
        w.record(v, at);
}
} // namespace

void TestWindowedLatencyPercentile::nothingBeforeTheFirstThreeSeconds()
{
    WindowedLatencyPercentile w(0.99);
    recordOneTo(w, 100, 0.0);
    QVERIFY(!w.read(0.0));
    QVERIFY(!w.read(2999.9));
    QVERIFY(w.read(3000.0).has_value());
}

void TestWindowedLatencyPercentile::anEmptyWindowReadsZero()
{
    // Before the first bucket has ended the window is empty: Finagle reads 0.
    WindowedLatencyPercentile w(0.99);
    recordOneTo(w, 100, 1000.0);
    QCOMPARE(w.read(3000.0), std::optional<int>(0));
    QCOMPARE(w.read(9999.0), std::optional<int>(0));
}

void TestWindowedLatencyPercentile::aBucketCountsFromTheFirstReadAfterItEnds()
{
    WindowedLatencyPercentile w(0.99);
    recordOneTo(w, 100, 1000.0);
    // The bucket ends at 10 s, but the percentile read at 9 s stands until 12 s.
    QCOMPARE(w.read(10000.0), std::optional<int>(0));
    QCOMPARE(w.read(11999.0), std::optional<int>(0));
    QCOMPARE(w.read(12000.0), std::optional<int>(99));
}

void TestWindowedLatencyPercentile::theReadIsKeptForThreeSeconds()
{
    WindowedLatencyPercentile w(0.5);
    recordOneTo(w, 10, 1000.0); // bucket 0: median 5
    QCOMPARE(w.read(12000.0), std::optional<int>(5));
    for (int i = 0; i < 30; ++i)
        w.record(1000, 12500.0); // bucket 1: not in the window until 20 s
    QCOMPARE(w.read(14999.0), std::optional<int>(5));
    QCOMPARE(w.read(20999.0), std::optional<int>(5)); // read at 18 s
    QCOMPARE(w.read(21000.0), std::optional<int>(1000));
}

void TestWindowedLatencyPercentile::atThirtySecondsTheBucketJoinsBeforeTheRead()
{
    WindowedLatencyPercentile w(0.5);
    w.record(7, 1000.0);    // bucket 0
    w.record(8, 11000.0);   // bucket 1
    w.record(900, 21000.0); // bucket 2, ending at 30 s
    w.record(901, 22000.0);
    w.record(902, 23000.0);
    QCOMPARE(w.read(29999.0), std::optional<int>(7));   // 27 s: {7, 8}, the first
    QCOMPARE(w.read(30000.0), std::optional<int>(900)); // 30 s: bucket 2 too
}

void TestWindowedLatencyPercentile::aBucketLeavesAfterThreeMore()
{
    WindowedLatencyPercentile w(0.5);
    w.record(40, 5000.0); // bucket 0, in the windows read from 12 s to 39 s
    QCOMPARE(w.read(39999.0), std::optional<int>(40));
    QCOMPARE(w.read(42000.0), std::optional<int>(0));
}

void TestWindowedLatencyPercentile::valuesAreClampedToOneAndTwoThousand()
{
    WindowedLatencyPercentile low(0.5);
    low.record(0, 0.0);
    low.record(-3, 0.0);
    QCOMPARE(low.read(12000.0), std::optional<int>(1));
    WindowedLatencyPercentile high(0.5);
    high.record(5000, 0.0);
    QCOMPARE(high.read(12000.0), std::optional<int>(WindowedLatencyPercentile::kMaxValueMs));
}

void TestWindowedLatencyPercentile::nearestRank()
{
    // 0.99 of 100 values is the 99th (⌈99.0⌉, even though 0.99 × 100 is not 99 in binary);
    // 0.95 of 20 is the 19th; 0.9 of 11 is the 10th (⌈9.9⌉); 0 is the first.
    const struct {
        double quantile;
        int values, expected;
    } cases[] = {{0.99, 100, 99}, {0.95, 20, 19}, {0.9, 11, 10}, {0.0, 10, 1}, {1.0, 10, 10}};
    for (const auto& c : cases) {
        WindowedLatencyPercentile w(c.quantile);
        recordOneTo(w, c.values, 0.0);
        QCOMPARE(w.read(12000.0), std::optional<int>(c.expected));
    }
}

void TestWindowedLatencyPercentile::peekReadsTheSameWithoutKeeping()
{
    WindowedLatencyPercentile w(0.5);
    recordOneTo(w, 9, 0.0);
    QVERIFY(!w.peek(1000.0));
    QCOMPARE(w.peek(12000.0), std::optional<int>(5));
    recordOneTo(w, 100, 10500.0); // bucket 1
    QCOMPARE(w.peek(21000.0), w.read(21000.0));
    QCOMPARE(w.read(21000.0), std::optional<int>(46)); // 109 values: the 55th is 46
}

void TestWindowedLatencyPercentile::aNewQuantileFromTheNextRead()
{
    WindowedLatencyPercentile w(0.5);
    recordOneTo(w, 100, 0.0);
    QCOMPARE(w.read(12000.0), std::optional<int>(50));
    w.setQuantile(0.99, 13000.0);
    QCOMPARE(w.read(14999.0), std::optional<int>(50));
    QCOMPARE(w.read(15000.0), std::optional<int>(99));
}

QTEST_APPLESS_MAIN(TestWindowedLatencyPercentile)
#include "tst_windowedlatencypercentile.moc"
