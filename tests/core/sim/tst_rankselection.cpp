// valuesAtRanks must find exactly the values a full sort puts at the ranks asked for, on the
// latencies a simulation gives and on sets built to hit its corners (ties, one value, zeros,
// a range of many octaves, values that make it fall back to nth_element).
#include <hedge/sim/RankSelection.h>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace hedge;

namespace {

// Fails the test unless valuesAtRanks agrees with a sorted copy at every rank of `ranks`.
void checkAgainstSort(const std::vector<double>& values, const std::vector<std::size_t>& ranks)
{
    const std::vector<double> before = values;
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    std::vector<double> got(ranks.size(), -1.0);
    valuesAtRanks(values, ranks, got);
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (std::bit_cast<std::uint64_t>(got[i]) != std::bit_cast<std::uint64_t>(sorted[ranks[i]]))
            QFAIL(qPrintable(QStringLiteral("rank %1 of %2: got %3, sorted has %4")
                                 .arg(ranks[i])
                                 .arg(values.size())
                                 .arg(got[i], 0, 'g', 17)
                                 .arg(sorted[ranks[i]], 0, 'g', 17)));
    }
    QVERIFY2(values == before, "the values were reordered");
}

// The percentile ranks a point asks for, plus the ends.
std::vector<std::size_t> percentileRanks(std::size_t n)
{
    const auto at = [n](std::size_t perTenThousand) {
        return std::max<std::size_t>((n * perTenThousand + 9999) / 10000, 1) - 1;
    };
    return {at(5000), at(9900), at(9990), 0, n - 1, at(5000)};
}

} // namespace

class TestRankSelection : public QObject {
    Q_OBJECT

private slots:
    void latenciesLikeASimulation()
    {
        // Log-normal around 10 ms with 2 % hiccups of 100-300 ms: a point's latencies.
        std::mt19937_64 rng(7);
        std::lognormal_distribution<double> body(std::log(10.0), 0.25);
        std::uniform_real_distribution<double> hiccup(100.0, 300.0);
        std::bernoulli_distribution isHiccup(0.02);
        std::vector<double> v(180000);
        for (double& x : v)
            x = isHiccup(rng) ? hiccup(rng) : body(rng);
        checkAgainstSort(v, percentileRanks(v.size()));
        // Every rank in a stretch around the median: neighbours in one bucket and across two.
        std::vector<std::size_t> around;
        for (std::size_t r = 89000; r < 91000; r += 7)
            around.push_back(r);
        checkAgainstSort(v, around);
    }

    void manyTies()
    {
        // Values on a coarse grid: runs of equal values, and ranks inside a run.
        std::mt19937_64 rng(11);
        std::uniform_int_distribution<int> grid(1, 40);
        std::vector<double> v(50000);
        for (double& x : v)
            x = grid(rng) * 0.5;
        std::vector<std::size_t> ranks = percentileRanks(v.size());
        for (std::size_t r = 0; r < v.size(); r += 997)
            ranks.push_back(r);
        checkAgainstSort(v, ranks);
    }

    void oneValueAndZeros()
    {
        checkAgainstSort(std::vector<double>(10000, 42.0), percentileRanks(10000));
        std::vector<double> v(10000, 0.0);
        for (std::size_t i = 0; i < v.size(); i += 3)
            v[i] = double(i);
        checkAgainstSort(v, percentileRanks(v.size()));
    }

    void manyOctaves()
    {
        // From 1e-300 to 1e300 (a collapse's minutes beside microseconds, and beyond): the
        // buckets grow coarse, the answer must stay exact.
        std::mt19937_64 rng(3);
        std::uniform_real_distribution<double> exponent(-300.0, 300.0);
        std::vector<double> v(40000);
        for (double& x : v)
            x = std::pow(10.0, exponent(rng));
        v[5] = std::numeric_limits<double>::infinity();
        v[6] = std::numeric_limits<double>::denorm_min();
        checkAgainstSort(v, percentileRanks(v.size()));
    }

    void smallSetsAndNegatives()
    {
        // Few values, and negative ones: the nth_element fallback, same answers.
        checkAgainstSort({3.0}, {0, 0});
        checkAgainstSort({5.0, 1.0, 4.0, 1.0, 2.0}, {0, 1, 2, 3, 4});
        std::mt19937_64 rng(5);
        std::normal_distribution<double> normal(0.0, 10.0);
        std::vector<double> v(20000);
        for (double& x : v)
            x = normal(rng);
        checkAgainstSort(v, percentileRanks(v.size()));
    }
};

QTEST_APPLESS_MAIN(TestRankSelection)
#include "tst_rankselection.moc"
