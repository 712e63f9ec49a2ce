#include <hedge/policy/Gradient2Limit.h>

#include <algorithm>

namespace hedge {

Gradient2Limit::Gradient2Limit(const Gradient2Config& config)
    : m_config(config), m_limit(config.initialLimit), m_emaFactor(2.0 / (config.longWindow + 1))
{
}

void Gradient2Limit::addSample(double rttMs, int inflight)
{
    // Upstream measures in nanoseconds, so a round trip is never 0; a zero service time
    // is possible here (hiccup_min_ms = 0), so keep the ratio finite.
    const double shortRtt = std::max(rttMs, 1e-9);

    if (m_longCount < kWarmupSamples) {
        ++m_longCount;
        m_longSum += shortRtt;
        m_longRtt = m_longSum / m_longCount;
    } else {
        m_longRtt = m_longRtt * (1.0 - m_emaFactor) + shortRtt * m_emaFactor;
    }
    const double longRtt = m_longRtt;

    // After a long spell of overload the long average lags far behind; decay it faster so
    // the limit can recover. Only the stored value changes; this update uses `longRtt`.
    if (longRtt / shortRtt > 2.0)
        m_longRtt *= 0.95;

    // App-limited: too little traffic to learn anything, neither grow nor shrink.
    if (inflight < m_limit / 2.0)
        return;

    const double gradient = std::clamp(m_config.rttTolerance * longRtt / shortRtt, 0.5, 1.0);
    double next = m_limit * gradient + m_config.queueSize;
    next = m_limit * (1.0 - m_config.smoothing) + next * m_config.smoothing;
    m_limit = std::clamp(next, double(m_config.minLimit), double(m_config.maxLimit));
}

} // namespace hedge
