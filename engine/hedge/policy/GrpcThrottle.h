// gRPC's retryThrottling (docs/policies.md, "gRPC"): a token bucket per client that non-fatal
// errors drain and successes refill. Kept in thousandths of a token, as grpc-java keeps it, so
// that 0.1 × 10 successes is exactly one token.
#pragma once

#include <hedge/policy/PolicyFamily.h>

namespace hedge {

class GrpcThrottle {
public:
    explicit GrpcThrottle(const GrpcThrottling& config);

    // Not throttled: more than half the bucket is left.
    bool isAboveThreshold() const { return m_tokens > m_threshold; }
    // A non-fatal error: one token less (never below 0); whether the bucket is still above
    // its threshold.
    bool onQualifiedFailure();
    // A call succeeded: token_ratio more, up to max_tokens.
    void onSuccess();

    double tokens() const { return m_tokens / 1000.0; }
    // New terms; the tokens are kept (at most the new maximum).
    void reconfigure(const GrpcThrottling& config);

private:
    int m_max;
    int m_threshold;
    int m_ratio;
    int m_tokens;
};

} // namespace hedge
