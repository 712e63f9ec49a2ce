#include <hedge/policy/Resilience4cataRetrying.h>

namespace hedge {

Resilience4cataRetryingConfig Resilience4cataRetryingConfig::from(const Resilience4cataRetry& retry,
                                                                  std::uint64_t seed)
{
    // RetryConfig: waitDuration, × exponentialBackoffMultiplier^(n−1) when enabled, at most
    // exponentialMaxWaitDuration; ± randomizedWaitFactor when enabled.
    Resilience4cataRetryingConfig config{
        .maxTries = retry.maxAttempts,
        .backoff = RetryBackoff{.growth = retry.exponentialBackoff ? RetryGrowth::Exponential
                                                                   : RetryGrowth::Constant,
                                .baseMs = retry.waitDurationMs,
                                .multiplier = retry.exponentialBackoffMultiplier,
                                .maxMs = retry.exponentialBackoff && retry.exponentialMaxWaitMs > 0.0
                                             ? retry.exponentialMaxWaitMs
                                             : kNever,
                                .jitter = retry.randomizedWait ? RetryJitter::Randomized
                                                               : RetryJitter::None,
                                .jitterRatio = retry.randomizedWaitFactor},
        .seed = seed};
    if (const auto& b = retry.budget)
        config.budget = HedgeBudgetConfig{
            .percent = b->percent, .minPerSecond = b->minPerSecond, .windowSeconds = b->windowSeconds};
    return config;
}

Resilience4cataRetrying::Resilience4cataRetrying(const Resilience4cataRetryingConfig& config)
    : m_config(config), m_random(config.seed)
{
    if (config.budget)
        m_budget.emplace(*config.budget);
}

CallStep Resilience4cataRetrying::afterFailure(CallState& call, const CallStep& failed, double now)
{
    // maxAttempts counts the tries; a call never sends more than kMaxAttempts attempts.
    if (call.retries + 1 >= m_config.maxTries || call.launched >= kMaxAttempts)
        return failed;
    if (m_budget && !m_budget->tryWithdraw(now)) {
        ++m_refused;
        return failed;
    }
    call.end = CallEnd::Running;
    call.lastErrorAttempt = static_cast<std::int8_t>(failed.errorAttempt);
    call.familyFlags |= kRetryPendingFlag;
    call.hedgeDueAt = now + m_config.backoff.draw(call.retries + 1, call.retryJitter, m_random);
    return CallStep{.hedgeAt = call.hedgeDueAt};
}

} // namespace hedge
