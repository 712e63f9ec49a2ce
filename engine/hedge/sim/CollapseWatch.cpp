#include <hedge/sim/CollapseWatch.h>

namespace hedge {

CollapseWatch::CollapseWatch()
{
    m_history.emplace_back(0.0, 0.0);
}

double CollapseWatch::backlogBefore(double endMs) const
{
    const double target = endMs - kLookBackMs;
    // The two samples around the target: the newest at or before it, and the next one.
    std::size_t i = 0;
    while (i + 1 < m_history.size() && m_history[i + 1].first <= target)
        ++i;
    const auto [t0, b0] = m_history[i];
    if (t0 == target || i + 1 == m_history.size())
        return b0;
    const auto [t1, b1] = m_history[i + 1];
    return b0 + (b1 - b0) * (target - t0) / (t1 - t0);
}

bool CollapseWatch::observe(double endMs, double backlogMs)
{
    m_history.emplace_back(endMs, backlogMs);
    if (endMs < kLookBackMs)
        return false; // no 5 s to look back over yet
    // Look-backs only move forward: the samples before the newest at or before this one's
    // target are needed no more.
    const double target = endMs - kLookBackMs;
    while (m_history.size() >= 2 && m_history[1].first <= target)
        m_history.pop_front();
    return backlogMs > kBacklogMs && backlogMs > backlogBefore(endMs);
}

} // namespace hedge
