#include <hedge/policy/HedgeBudget.h>

#include <algorithm>
#include <cmath>

namespace hedge {

HedgeBudget::HedgeBudget(const HedgeBudgetConfig& config)
    : m_config(config), m_sliceMs(config.windowSeconds * 1000.0 / kSlices),
      m_reserve(config.minPerSecond * config.windowSeconds)
{
}

void HedgeBudget::reconfigure(const HedgeBudgetConfig& config)
{
    if (config.windowSeconds != m_config.windowSeconds) {
        *this = HedgeBudget(config);
        return;
    }
    m_config = config;
    m_reserve = config.minPerSecond * config.windowSeconds;
}

void HedgeBudget::advance(double nowMs)
{
    const auto slice = static_cast<std::int64_t>(std::floor(nowMs / m_sliceMs));
    if (slice <= m_slice)
        return; // time never runs backwards here; an older timestamp counts as now
    const std::int64_t expired = std::min<std::int64_t>(slice - m_slice, kSlices);
    for (std::int64_t i = 1; i <= expired; ++i) {
        const auto s = static_cast<std::size_t>((m_slice + i) % kSlices);
        m_depositTotal -= m_deposits[s];
        m_withdrawalTotal -= m_withdrawals[s];
        m_deposits[s] = 0;
        m_withdrawals[s] = 0;
    }
    m_slice = slice;
}

double HedgeBudget::balanceHundredths(double reserve, double percent) const
{
    // In hundredths so that integral percents compare exactly (0.05 · 20 is not 1 in binary).
    return reserve * 100.0 + percent * double(m_depositTotal) - 100.0 * double(m_withdrawalTotal);
}

void HedgeBudget::deposit(double nowMs)
{
    advance(nowMs);
    ++m_deposits[static_cast<std::size_t>(m_slice % kSlices)];
    ++m_depositTotal;
}

bool HedgeBudget::tryWithdraw(double nowMs)
{
    return withdraw(nowMs, m_reserve, m_config.percent);
}

bool HedgeBudget::tryWithdraw(double nowMs, const HedgeBudgetConfig& terms)
{
    return withdraw(nowMs, terms.minPerSecond * terms.windowSeconds, terms.percent);
}

bool HedgeBudget::withdraw(double nowMs, double reserve, double percent)
{
    advance(nowMs);
    if (balanceHundredths(reserve, percent) < 100.0)
        return false;
    ++m_withdrawals[static_cast<std::size_t>(m_slice % kSlices)];
    ++m_withdrawalTotal;
    return true;
}

double HedgeBudget::balance(double nowMs)
{
    advance(nowMs);
    return balanceHundredths() / 100.0;
}

} // namespace hedge
