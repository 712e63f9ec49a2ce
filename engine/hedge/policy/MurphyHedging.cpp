#include <hedge/policy/MurphyHedging.h>

#include <algorithm>

namespace hedge {

LatestAttemptRules MurphyHedging::rules(const MurphySettings& settings)
{
    return LatestAttemptRules{
        .maxAttempts = std::clamp(1 + settings.maxExtraAttempts, 1, kMaxAttempts),
        .delaysMs = {settings.delayMs},
        .handleErrors = settings.handleErrors,
        .reportPrimaryFailure = false,
        .retry = retryRules(settings.retry)};
}

LatestAttemptRetry MurphyHedging::retryRules(const std::optional<MurphyRetry>& retry)
{
    if (!retry)
        return {};
    LatestAttemptRetry rules{
        .maxRetries = retry->maxRetries,
        .backoff = RetryBackoff{.growth = RetryGrowth::Exponential,
                                .baseMs = retry->backoffMs,
                                .multiplier = retry->backoffMultiplier,
                                .maxMs = retry->maxBackoffMs,
                                .jitter = retry->jitter ? RetryJitter::Full : RetryJitter::None}};
    if (retry->budget)
        rules.budget = HedgeBudgetConfig{.percent = retry->budget->percent,
                                         .minPerSecond = retry->budget->minPerSecond,
                                         .windowSeconds = retry->budget->windowSeconds};
    return rules;
}

} // namespace hedge
