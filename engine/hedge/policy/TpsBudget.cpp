#include <hedge/policy/TpsBudget.h>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {
struct Amounts {
    std::int64_t deposit, withdrawal;
};
// Whole credits, truncated as tower's `as isize`; bounded so that values outside what tower
// accepts (retry_percent ≤ 1000, ttl ≤ 60 s) still give a working budget.
std::int64_t credits(double amount)
{
    return static_cast<std::int64_t>(std::clamp(amount, 1.0, 1e15));
}
Amounts amountsFor(double retryPercent)
{
    if (retryPercent <= 0.0)
        return {0, 1}; // deposits earn nothing: only the reserve can be withdrawn
    if (retryPercent <= 1.0)
        return {1, credits(1.0 / retryPercent)};
    return {1000, credits(1000.0 / retryPercent)};
}
} // namespace

TpsBudget::TpsBudget(double ttlSeconds, double minPerSec, double retryPercent, double startMs)
    : m_deposit(amountsFor(retryPercent).deposit),
      m_withdrawal(amountsFor(retryPercent).withdrawal),
      m_reserve(static_cast<std::int64_t>(std::clamp(
          std::floor(minPerSec) * std::floor(ttlSeconds) * double(m_withdrawal), 0.0, 1e15))),
      m_slotMs(std::max(ttlSeconds * 1000.0 / kSlots, 1e-3))
{
    m_bucket.startMs = startMs;
}

std::int64_t TpsBudget::Bucket::sum() const
{
    std::int64_t total = writer;
    for (const std::int64_t s : credits)
        total += s;
    return total;
}

void TpsBudget::Bucket::expire(double nowMs, double slotMs)
{
    double elapsed = nowMs - startMs;
    if (elapsed < slotMs)
        return;
    credits[static_cast<std::size_t>(index)] = writer;
    writer = 0;
    int next = (index + 1) % kSlots;
    // Every slot time beyond the first empties one more slot; after kSlots of them all are
    // empty, and where the index then stands no longer matters.
    for (int round = 0; elapsed > slotMs && round < kSlots; ++round) {
        credits[static_cast<std::size_t>(next)] = 0;
        elapsed -= slotMs;
        next = (next + 1) % kSlots;
    }
    index = next;
    startMs = nowMs;
}

void TpsBudget::deposit(double nowMs)
{
    m_bucket.expire(nowMs, m_slotMs);
    m_bucket.writer += m_deposit;
}

bool TpsBudget::withdraw(double nowMs)
{
    m_bucket.expire(nowMs, m_slotMs);
    if (m_bucket.sum() + m_reserve < m_withdrawal)
        return false;
    m_bucket.writer -= m_withdrawal;
    return true;
}

double TpsBudget::balance(double nowMs) const
{
    Bucket b = m_bucket; // what the bucket holds at nowMs, leaving this one as it is
    b.expire(nowMs, m_slotMs);
    return double(b.sum() + m_reserve) / double(m_withdrawal);
}

} // namespace hedge
