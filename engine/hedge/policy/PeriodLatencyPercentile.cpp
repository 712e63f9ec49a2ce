#include <hedge/policy/PeriodLatencyPercentile.h>

#include <algorithm>
#include <bit>
#include <cmath>

namespace hedge {

PeriodLatencyPercentile::PeriodLatencyPercentile(double quantile, double periodMs)
    : m_quantile(quantile), m_periodMs(periodMs)
{}

std::int64_t PeriodLatencyPercentile::bucketed(double latencyMs)
{
    const auto ms = static_cast<std::int64_t>(std::ceil(std::max(latencyMs, 0.0)));
    // Three significant digits: 2048 sub-buckets, so steps of 1 below 2048 and of
    // 2^(⌊log2 ms⌋ − 10) above.
    if (ms < 2048)
        return ms;
    const int shift = std::bit_width(static_cast<std::uint64_t>(ms)) - 1 - 10;
    const std::int64_t step = std::int64_t(1) << shift;
    return (ms / step) * step + step - 1;
}

std::int64_t PeriodLatencyPercentile::periodAt(double nowMs) const
{
    return static_cast<std::int64_t>(std::floor(nowMs / m_periodMs));
}

void PeriodLatencyPercentile::rotate(std::int64_t period)
{
    if (period <= m_writing)
        return;
    if (period == m_writing + 1)
        m_read.swap(m_written);
    else
        m_read.clear();
    m_written.clear();
    m_readSorted = false;
    m_writing = period;
}

const std::vector<std::int64_t>& PeriodLatencyPercentile::previous(std::int64_t period) const
{
    if (period == m_writing)
        return m_read;
    if (period == m_writing + 1)
        return m_written; // not rotated yet: what is being written is the previous period
    static const std::vector<std::int64_t> none;
    return none;
}

void PeriodLatencyPercentile::record(double latencyMs, double nowMs)
{
    rotate(periodAt(nowMs));
    m_written.push_back(bucketed(latencyMs));
}

std::int64_t PeriodLatencyPercentile::count(double nowMs) const
{
    return static_cast<std::int64_t>(previous(periodAt(nowMs)).size());
}

std::int64_t PeriodLatencyPercentile::rankOf(std::size_t n) const
{
    // A hair below q·n, so that 0.9 × 10 (not exactly 9 in binary) is rank 9, not 10.
    const double q = std::min(m_quantile, 1.0);
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(q * double(n) - 1e-9)));
}

double PeriodLatencyPercentile::percentile(double nowMs)
{
    rotate(periodAt(nowMs));
    if (m_read.empty())
        return 0.0;
    if (!m_readSorted) {
        std::sort(m_read.begin(), m_read.end());
        m_readSorted = true;
    }
    return double(m_read[static_cast<std::size_t>(rankOf(m_read.size()) - 1)]);
}

double PeriodLatencyPercentile::peek(double nowMs) const
{
    const std::int64_t period = periodAt(nowMs);
    if (period == m_writing && m_readSorted && !m_read.empty()) // what percentile() keeps
        return double(m_read[static_cast<std::size_t>(rankOf(m_read.size()) - 1)]);
    std::vector<std::int64_t> values = previous(period);
    if (values.empty())
        return 0.0;
    const auto nth = values.begin() + (rankOf(values.size()) - 1);
    std::nth_element(values.begin(), nth, values.end());
    return double(*nth);
}

void PeriodLatencyPercentile::setQuantile(double quantile)
{
    m_quantile = quantile;
}

} // namespace hedge
