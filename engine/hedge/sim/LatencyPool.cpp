#include <hedge/sim/LatencyPool.h>

#include <hedge/sim/NearestRank.h>
#include <hedge/sim/RankSelection.h>

#include <algorithm>
#include <bit>

namespace hedge {

namespace {

// A positive double's bits, shifted to keep the exponent and the top 10 bits of the
// mantissa, grow with its value: consecutive keys are consecutive buckets of 1/1024 octave.
constexpr int kMantissaBitsDropped = 52 - 10;

std::uint64_t keyOf(double v)
{
    return std::bit_cast<std::uint64_t>(v) >> kMantissaBitsDropped;
}

const std::uint64_t kLowestKey = keyOf(0x1p-20);
const std::uint64_t kHighestKey = keyOf(0x1p40);
// Bucket 0: below 2^-20; then one bucket per key up to 2^40; the last one: 2^40 and above.
const std::size_t kBucketCount = static_cast<std::size_t>(kHighestKey - kLowestKey) + 2;

} // namespace

LatencyPool::LatencyPool(std::int64_t expectedLatencies)
{
    if (expectedLatencies <= kExactLimit)
        m_exact.reserve(static_cast<std::size_t>(std::max<std::int64_t>(expectedLatencies, 0)));
    else
        m_buckets.assign(kBucketCount, 0);
}

std::size_t LatencyPool::bucketOf(double latencyMs)
{
    if (!(latencyMs >= 0x1p-20))
        return 0;
    const std::uint64_t key = std::min(keyOf(latencyMs), kHighestKey);
    return static_cast<std::size_t>(key - kLowestKey) + 1;
}

double LatencyPool::bucketMidpoint(std::size_t bucket)
{
    if (bucket == 0)
        return 0.0;
    const std::uint64_t key = kLowestKey + bucket - 1;
    const double low = std::bit_cast<double>(key << kMantissaBitsDropped);
    const double high = std::bit_cast<double>((key + 1) << kMantissaBitsDropped);
    return low + (high - low) / 2.0;
}

void LatencyPool::add(const std::vector<double>& latencies)
{
    if (latencies.empty())
        return;
    const auto [lo, hi] = std::minmax_element(latencies.begin(), latencies.end());
    m_min = m_count == 0 ? *lo : std::min(m_min, *lo);
    m_max = m_count == 0 ? *hi : std::max(m_max, *hi);
    m_count += static_cast<std::int64_t>(latencies.size());
    if (exact()) {
        m_exact.insert(m_exact.end(), latencies.begin(), latencies.end());
        return;
    }
    for (double v : latencies)
        ++m_buckets[bucketOf(v)];
}

std::optional<double> LatencyPool::quantile(std::int64_t perTenThousand) const
{
    std::optional<double> out;
    quantiles(std::span(&perTenThousand, 1), std::span(&out, 1));
    return out;
}

void LatencyPool::quantiles(std::span<const std::int64_t> perTenThousand,
                            std::span<std::optional<double>> out) const
{
    if (m_count == 0) {
        std::fill(out.begin(), out.end(), std::nullopt);
        return;
    }
    std::vector<std::size_t> ranks;
    for (const std::int64_t q : perTenThousand)
        ranks.push_back(nearestRankIndex(static_cast<std::size_t>(m_count), q));
    if (exact()) {
        // The values nth_element would put at these ranks, without reordering the pool.
        std::vector<double> values(ranks.size());
        valuesAtRanks(m_exact, ranks, values);
        for (std::size_t i = 0; i < ranks.size(); ++i)
            out[i] = values[i];
        return;
    }
    for (std::size_t i = 0; i < ranks.size(); ++i)
        out[i] = fromHistogram(ranks[i]);
}

double LatencyPool::fromHistogram(std::size_t index) const
{
    // The extremes are known exactly.
    if (index == 0)
        return m_min;
    if (index + 1 == static_cast<std::size_t>(m_count))
        return m_max;
    std::int64_t seen = 0;
    for (std::size_t b = 0; b < m_buckets.size(); ++b) {
        seen += m_buckets[b];
        if (seen > static_cast<std::int64_t>(index))
            return b == 0 ? m_min : std::clamp(bucketMidpoint(b), m_min, m_max);
    }
    return m_max; // not reached: the counts add up to m_count
}

} // namespace hedge
