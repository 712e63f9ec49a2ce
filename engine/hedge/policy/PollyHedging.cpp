#include <hedge/policy/PollyHedging.h>

#include <algorithm>

namespace hedge {

LatestAttemptRules PollyHedging::rules(const PollySettings& settings)
{
    return LatestAttemptRules{
        .maxAttempts = std::clamp(1 + settings.maxHedgedAttempts, 1, kMaxAttempts),
        .delaysMs = settings.delayPerAttemptMs.empty() ? std::vector<double>{settings.delayMs}
                                                       : settings.delayPerAttemptMs,
        .handleErrors = settings.handleErrors,
        .reportPrimaryFailure = true,
        .retry = settings.retry ? LatestAttemptRetry{.maxRetries = settings.retry->maxRetryAttempts,
                                                     .backoff = retryBackoff(*settings.retry)}
                                : LatestAttemptRetry{}};
}

RetryBackoff PollyHedging::retryBackoff(const PollyRetry& retry)
{
    constexpr RetryGrowth kGrowth[] = {RetryGrowth::Constant, RetryGrowth::Linear,
                                       RetryGrowth::Exponential};
    return RetryBackoff{.growth = kGrowth[std::clamp(retry.backoffType, 0, 2)],
                        .baseMs = retry.delayMs,
                        .multiplier = 2.0,
                        .maxMs = retry.maxDelayMs > 0.0 ? retry.maxDelayMs : kNever,
                        .jitter = retry.useJitter ? RetryJitter::Polly : RetryJitter::None};
}

} // namespace hedge
