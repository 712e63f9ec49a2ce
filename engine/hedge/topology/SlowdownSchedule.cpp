#include <hedge/topology/SlowdownSchedule.h>

#include <boost/random/exponential_distribution.hpp>

#include <algorithm>
#include <limits>

namespace hedge {

SlowdownSchedule::SlowdownSchedule(const Slowdowns& slowdowns, SplitMix64 random)
    : m_random(random), m_ratePerMs(slowdowns.perMinute / 60000.0),
      m_durationMs(slowdowns.durationMs), m_factor(slowdowns.factor)
{
    m_nextStart = nextGapMs();
}

double SlowdownSchedule::nextGapMs()
{
    if (!(m_ratePerMs > 0.0))
        return std::numeric_limits<double>::infinity();
    return boost::random::exponential_distribution<double>(m_ratePerMs)(m_random);
}

bool SlowdownSchedule::slowAt(double nowMs)
{
    while (m_nextStart <= nowMs) {
        m_slowUntil = std::max(m_slowUntil, m_nextStart + m_durationMs);
        m_nextStart += nextGapMs();
    }
    return nowMs < m_slowUntil;
}

} // namespace hedge
