// gRPC's retryThrottling (docs/policies.md, "gRPC"): a token bucket per client that non-fatal
// errors drain and successes refill. Two clients' arithmetic: grpc-java keeps thousandths of a
// token in an int, so that 0.1 × 10 successes is exactly one token; grpc-js keeps a JavaScript
// number (a double) and rounds maxTokens and tokenRatio to three decimals when it reads them
// (grpc-js src/service-config.ts, validateRetryThrottling; src/retrying-call.ts, RetryThrottler).
#pragma once

#include <hedge/policy/PolicyFamily.h>

namespace hedge {

class GrpcThrottle {
public:
    enum class Arithmetic : std::uint8_t { JavaThousandths, JsDouble };

    explicit GrpcThrottle(const GrpcThrottling& config,
                          Arithmetic arithmetic = Arithmetic::JavaThousandths);

    // Not throttled: more than half the bucket is left.
    bool isAboveThreshold() const { return m_tokens > m_threshold; }
    // A non-fatal error: one token less (never below 0); whether the bucket is still above
    // its threshold.
    bool onQualifiedFailure();
    // A call succeeded: token_ratio more, up to max_tokens.
    void onSuccess();

    double tokens() const { return m_tokens / m_unit; }
    // New terms. grpc-java keeps the tokens (at most the new maximum); grpc-js rescales them to
    // the new maximum (RetryThrottler's constructor given the previous throttler).
    void reconfigure(const GrpcThrottling& config);

private:
    Arithmetic m_arithmetic;
    // In thousandths (java: every value a whole number, so the doubles are exact) or in tokens
    // (js); m_unit is what one token is in them.
    double m_unit;
    double m_max;
    double m_threshold;
    double m_ratio;
    double m_tokens;
};

} // namespace hedge
