#include <hedge/policy/FinagleBudget.h>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {
constexpr double kScale = 1000.0; // tokens per deposit: Finagle's scale factor
std::int64_t wholeMs(double ms)
{
    return static_cast<std::int64_t>(std::floor(ms));
}
// Whole tokens, truncated as Finagle's toInt; bounded so that percents and reserves outside
// what Finagle accepts (percent ≤ 1000, ttl ≤ 60 s) still give a working budget.
std::int64_t tokens(double amount)
{
    return static_cast<std::int64_t>(std::clamp(amount, 1.0, 1e15));
}
} // namespace

FinagleBudget::FinagleBudget(double percentCanRetry, double minRetriesPerSec, double ttlSeconds,
                             double startMs)
    : m_empty(percentCanRetry <= 0.0 && minRetriesPerSec <= 0.0),
      m_deposit(percentCanRetry > 0.0 ? static_cast<std::int64_t>(kScale) : 0),
      m_withdrawal(percentCanRetry > 0.0 ? tokens(kScale / percentCanRetry) : 1),
      m_reserve(static_cast<std::int64_t>(
          std::clamp(std::floor(minRetriesPerSec) * std::floor(ttlSeconds) * double(m_withdrawal),
                     0.0, 1e15))),
      // A slice of at least 1 ms, whatever ttl a caller passes.
      m_sliceMs(std::max<std::int64_t>(1, wholeMs(ttlSeconds * 1000.0) / 10))
{
    m_window.startMs = wholeMs(startMs);
}

std::int64_t FinagleBudget::Window::sum() const
{
    std::int64_t total = writer;
    for (const std::int64_t s : slices)
        total += s;
    return total;
}

void FinagleBudget::Window::expire(std::int64_t nowMs, std::int64_t sliceMs)
{
    if (nowMs - startMs < sliceMs)
        return;
    // The writer's events belong to the slice that just ended, however late this is.
    slices[static_cast<std::size_t>(head)] = writer;
    writer = 0;
    head = (head + 1) % kBuffered;
    // Whole slices that passed without an event are emptied.
    const auto skipped = std::min<std::int64_t>((nowMs - startMs) / sliceMs - 1, kBuffered);
    for (std::int64_t i = 0; i < skipped; ++i) {
        slices[static_cast<std::size_t>(head)] = 0;
        head = (head + 1) % kBuffered;
    }
    startMs = nowMs;
}

void FinagleBudget::deposit(double nowMs)
{
    m_window.expire(wholeMs(nowMs), m_sliceMs);
    m_window.writer += m_deposit;
}

bool FinagleBudget::tryWithdraw(double nowMs)
{
    if (m_empty)
        return false;
    m_window.expire(wholeMs(nowMs), m_sliceMs);
    if (m_window.sum() + m_reserve < m_withdrawal)
        return false;
    m_window.writer -= m_withdrawal;
    return true;
}

std::int64_t FinagleBudget::balance(double nowMs) const
{
    if (m_empty)
        return 0;
    Window w = m_window; // what the window holds at nowMs, leaving this one as it is
    w.expire(wholeMs(nowMs), m_sliceMs);
    return (w.sum() + m_reserve) / m_withdrawal;
}

} // namespace hedge
