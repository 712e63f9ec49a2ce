#include <hedge/policy/GrpcThrottle.h>

#include <algorithm>

namespace hedge {

namespace {
int thousandths(double value)
{
    return static_cast<int>(value * 1000.0); // truncated, as grpc-java's (int) cast
}
} // namespace

GrpcThrottle::GrpcThrottle(const GrpcThrottling& config)
    : m_max(thousandths(config.maxTokens)), m_threshold(m_max / 2),
      m_ratio(thousandths(config.tokenRatio)), m_tokens(m_max)
{
}

bool GrpcThrottle::onQualifiedFailure()
{
    m_tokens = std::max(m_tokens - 1000, 0);
    return isAboveThreshold();
}

void GrpcThrottle::onSuccess()
{
    m_tokens = std::min(m_tokens + m_ratio, m_max);
}

void GrpcThrottle::reconfigure(const GrpcThrottling& config)
{
    const int tokens = m_tokens;
    *this = GrpcThrottle(config);
    m_tokens = std::min(tokens, m_max);
}

} // namespace hedge
