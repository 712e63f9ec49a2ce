// Polly v8's hedging strategy (docs/policies.md, "Polly") for one client: LatestAttemptHedging
// with Polly's knobs — max_hedged_attempts extra attempts, the DelayGenerator's delay per hedge
// (or delay_ms), ShouldHandle accepting the service's errors or not — and, when every attempt
// failed, the primary's failure. A retry strategy (PollyRetry) sits outside it in the pipeline:
// MaxRetryAttempts, Delay grown by BackoffType, UseJitter, MaxDelay; no budget (Polly has none).
#pragma once

#include <hedge/policy/LatestAttemptHedging.h>
#include <hedge/policy/PolicyFamily.h>

namespace hedge {

class PollyHedging : public LatestAttemptHedging {
public:
    explicit PollyHedging(const PollySettings& settings, std::uint64_t seed = 0)
        : LatestAttemptHedging(rules(settings), seed)
    {
    }
    void reconfigure(const PollySettings& settings, double) { setRules(rules(settings)); }

    static LatestAttemptRules rules(const PollySettings& settings);
    // RetryHelper.GetRetryDelay's rule for `retry` (src/Polly.Core/Retry/RetryHelper.cs).
    static RetryBackoff retryBackoff(const PollyRetry& retry);
};

} // namespace hedge
