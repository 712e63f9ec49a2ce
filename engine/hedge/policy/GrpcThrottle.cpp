#include <hedge/policy/GrpcThrottle.h>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {
// grpc-java's (int) cast of value × 1000.
double grpcJavaThousandths(double value)
{
    return static_cast<double>(static_cast<int>(value * 1000.0));
}

// grpc-js's +value.toFixed(3): the nearest number of three decimals.
double grpcJsThreeDecimals(double value)
{
    return std::round(value * 1000.0) / 1000.0;
}
} // namespace

GrpcThrottle::GrpcThrottle(const GrpcThrottling& config, Arithmetic arithmetic)
    : m_arithmetic(arithmetic)
{
    if (arithmetic == Arithmetic::JavaThousandths) {
        m_unit = 1000.0;
        m_max = grpcJavaThousandths(config.maxTokens);
        m_threshold = std::floor(m_max / 2.0); // an int's division
        m_ratio = grpcJavaThousandths(config.tokenRatio);
    } else {
        m_unit = 1.0;
        m_max = grpcJsThreeDecimals(config.maxTokens);
        m_threshold = m_max / 2.0;
        m_ratio = grpcJsThreeDecimals(config.tokenRatio);
    }
    m_tokens = m_max;
}

bool GrpcThrottle::onQualifiedFailure()
{
    m_tokens = std::max(m_tokens - m_unit, 0.0);
    return isAboveThreshold();
}

void GrpcThrottle::onSuccess()
{
    m_tokens = std::min(m_tokens + m_ratio, m_max);
}

void GrpcThrottle::reconfigure(const GrpcThrottling& config)
{
    const double tokens = m_tokens;
    const double max = m_max;
    *this = GrpcThrottle(config, m_arithmetic);
    if (m_arithmetic == Arithmetic::JavaThousandths)
        m_tokens = std::min(tokens, m_max);
    else
        m_tokens = tokens * (m_max / max);
}

} // namespace hedge
