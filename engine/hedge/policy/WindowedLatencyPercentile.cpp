#include <hedge/policy/WindowedLatencyPercentile.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hedge {

namespace {
std::int64_t indexAt(double nowMs, double spanMs)
{
    return static_cast<std::int64_t>(std::floor(nowMs / spanMs));
}
} // namespace

WindowedLatencyPercentile::WindowedLatencyPercentile(double quantile)
    : m_quantile(quantile), m_counts(std::size_t(kRing) * kValues, 0u)
{
    std::fill(std::begin(m_bucketOf), std::end(m_bucketOf), -1);
    std::fill(std::begin(m_totalOf), std::end(m_totalOf), 0);
}

void WindowedLatencyPercentile::record(int latencyMs, double nowMs)
{
    const std::int64_t bucket = indexAt(nowMs, kBucketMs);
    const int slot = static_cast<int>(bucket % kRing);
    if (m_bucketOf[slot] != bucket) { // a bucket five marks old: no window reads it again
        std::fill_n(countsOf(slot), kValues, 0u);
        m_bucketOf[slot] = bucket;
        m_totalOf[slot] = 0;
    }
    ++countsOf(slot)[std::clamp(latencyMs, kMinValueMs, kMaxValueMs)];
    ++m_totalOf[slot];
}

// The percentile of the window as it stood at 3 s mark `mark`: the three buckets that had
// ended by then. The count to reach is the nearest rank, ⌈q·n⌉ with q lowered by one ulp (as
// HdrHistogram does, so that 0.99 × 100 reads the 99th value, not the 100th).
int WindowedLatencyPercentile::percentileAtMark(std::int64_t mark) const
{
    const std::int64_t ended = indexAt(double(mark) * kRefreshMs, kBucketMs); // buckets < ended
    int filled[kBuckets];
    int used = 0;
    std::int64_t total = 0;
    for (std::int64_t b = std::max<std::int64_t>(0, ended - kBuckets); b < ended; ++b) {
        const int slot = static_cast<int>(b % kRing);
        if (m_bucketOf[slot] != b)
            continue; // nothing was recorded in that bucket
        filled[used++] = slot;
        total += m_totalOf[slot];
    }
    if (total == 0)
        return 0;
    const double percent = std::clamp(
        std::nextafter(m_quantile * 100.0, -std::numeric_limits<double>::infinity()), 0.0, 100.0);
    const auto rank = std::max<std::int64_t>(
        1, static_cast<std::int64_t>(std::ceil(percent * double(total) / 100.0)));
    std::int64_t seen = 0;
    for (int value = kMinValueMs; value <= kMaxValueMs; ++value) {
        for (int i = 0; i < used; ++i)
            seen += countsOf(filled[i])[value];
        if (seen >= rank)
            return value;
    }
    return kMaxValueMs;
}

std::optional<int> WindowedLatencyPercentile::read(double nowMs)
{
    const std::int64_t mark = indexAt(nowMs, kRefreshMs);
    if (mark < 1)
        return std::nullopt;
    if (mark != m_cachedMark) {
        m_cachedValue = percentileAtMark(mark);
        m_cachedMark = mark;
    }
    return m_cachedValue;
}

std::optional<int> WindowedLatencyPercentile::peek(double nowMs) const
{
    const std::int64_t mark = indexAt(nowMs, kRefreshMs);
    if (mark < 1)
        return std::nullopt;
    return mark == m_cachedMark ? m_cachedValue : percentileAtMark(mark);
}

void WindowedLatencyPercentile::setQuantile(double quantile, double nowMs)
{
    read(nowMs); // the current mark keeps the value it was read with
    m_quantile = quantile;
}

} // namespace hedge
