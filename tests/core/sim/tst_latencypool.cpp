// Pooled latencies: exact nearest-rank while they fit, a histogram within its stated relative
// error beyond, and the same answer whatever order the replicates come in.
#include <hedge/sim/LatencyPool.h>
#include <hedge/sim/NearestRank.h>
#include <hedge/sim/RandomStreams.h>

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace hedge;

namespace {

// Latencies over many orders of magnitude, like a collapse next to a healthy run: log-uniform
// between 1e-4 ms and 1e7 ms, a few exactly 0 and some tiny ones.
std::vector<std::vector<double>> replicateLatencies()
{
    SplitMix64 rng(42);
    std::vector<std::vector<double>> replicates(5);
    for (auto& latencies : replicates) {
        for (int i = 0; i < 20000; ++i) {
            const double u = double(rng() >> 11) * 0x1p-53;
            latencies.push_back(std::pow(10.0, -4.0 + 11.0 * u));
        }
        latencies.push_back(0.0);
        latencies.push_back(1e-9);
    }
    return replicates;
}

const std::int64_t kQuantiles[] = {1, 100, 5000, 9900, 9990, 9999, 10000};

} // namespace

class TestLatencyPool : public QObject {
    Q_OBJECT

private slots:
    void exactWhileItFits()
    {
        const auto replicates = replicateLatencies();
        LatencyPool pool(LatencyPool::kExactLimit);
        std::vector<double> all;
        for (const auto& r : replicates) {
            pool.add(r);
            all.insert(all.end(), r.begin(), r.end());
        }
        QVERIFY(pool.exact());
        QCOMPARE(pool.count(), std::int64_t(all.size()));
        std::sort(all.begin(), all.end());
        for (std::int64_t q : kQuantiles)
            QCOMPARE(*pool.quantile(q), all[nearestRankIndex(all.size(), q)]);
    }

    void histogramWithinItsRelativeError()
    {
        const auto replicates = replicateLatencies();
        LatencyPool pool(LatencyPool::kExactLimit + 1);
        std::vector<double> all;
        for (const auto& r : replicates) {
            pool.add(r);
            all.insert(all.end(), r.begin(), r.end());
        }
        QVERIFY(!pool.exact());
        std::sort(all.begin(), all.end());
        for (std::int64_t q : kQuantiles) {
            const double exact = all[nearestRankIndex(all.size(), q)];
            const double approx = *pool.quantile(q);
            // Below 2^-20 ms the error is absolute (under 1 ns).
            const double bound = std::max(exact * LatencyPool::kRelativeError, 0x1p-20);
            QVERIFY2(std::abs(approx - exact) <= bound,
                     qPrintable(QString("q %1: %2 vs exact %3").arg(q).arg(approx).arg(exact)));
        }
        QCOMPARE(*pool.quantile(10000), all.back()); // clamped to the exact maximum
    }

    void everyBucketWithinTheBound()
    {
        SplitMix64 rng(7);
        for (int i = 0; i < 100000; ++i) {
            const double u = double(rng() >> 11) * 0x1p-53;
            const double x = std::pow(2.0, -19.0 + 58.0 * u);
            const double mid = LatencyPool::bucketMidpoint(LatencyPool::bucketOf(x));
            QVERIFY2(std::abs(mid - x) <= x * LatencyPool::kRelativeError,
                     qPrintable(QString("%1 reported as %2").arg(x).arg(mid)));
        }
        QCOMPARE(LatencyPool::bucketOf(0.0), std::size_t(0));
        QVERIFY(LatencyPool::bucketOf(1.0) <
                LatencyPool::bucketOf(std::nextafter(1.0 + 1.0 / 1024, 2.0)));
    }

    void sameResultInAnyOrder()
    {
        auto replicates = replicateLatencies();
        for (std::int64_t limit : {LatencyPool::kExactLimit, LatencyPool::kExactLimit + 1}) {
            LatencyPool forward(limit), backward(limit);
            for (const auto& r : replicates)
                forward.add(r);
            for (auto it = replicates.rbegin(); it != replicates.rend(); ++it)
                backward.add(*it);
            for (std::int64_t q : kQuantiles)
                QCOMPARE(*forward.quantile(q), *backward.quantile(q));
        }
    }

    void emptyHasNoQuantile()
    {
        LatencyPool pool(LatencyPool::kExactLimit + 1);
        pool.add({});
        QVERIFY(!pool.quantile(5000));
    }
};

QTEST_GUILESS_MAIN(TestLatencyPool)
#include "tst_latencypool.moc"
