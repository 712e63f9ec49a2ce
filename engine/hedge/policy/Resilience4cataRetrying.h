// resilience4cata's retry (docs/policies.md, "Retries"): a resilience4j Retry around the hedge.
// When a call's try — its first attempt and its hedges — has failed with the service's error and
// nothing is left in flight, a new try starts after the wait (waitDuration, grown and randomised
// as RetryConfig says), while tries remain (maxAttempts counts the first) and the optional rate
// budget allows; the new try hedges as the first did (HedgePolicy::retry sends it).
// HedgePipeline holds one per regime when the setup retries and asks it only when a call has
// failed, so a setup without retries never reaches it.
#pragma once

#include <hedge/policy/CallState.h>
#include <hedge/policy/HedgeBudget.h>
#include <hedge/policy/PolicyFamily.h>
#include <hedge/policy/RetryBackoff.h>
#include <hedge/policy/SplitMix64.h>

#include <cstdint>
#include <optional>

namespace hedge {

struct Resilience4cataRetryingConfig {
    int maxTries = 3; // the first included
    RetryBackoff backoff;
    std::optional<HedgeBudgetConfig> budget; // every call deposits, every retry withdraws
    std::uint64_t seed = 0;                  // keys the randomized wait's draws

    // The setup's knobs (Resilience4cataRetry) as the rule runs them; `seed`: the client's.
    static Resilience4cataRetryingConfig from(const Resilience4cataRetry& retry, std::uint64_t seed);
    bool operator==(const Resilience4cataRetryingConfig&) const = default;
};

class Resilience4cataRetrying {
public:
    explicit Resilience4cataRetrying(const Resilience4cataRetryingConfig& config);

    const Resilience4cataRetryingConfig& config() const { return m_config; }
    // A call started at `now`: it deposits into the budget, if there is one.
    void deposit(double now)
    {
        if (m_budget)
            m_budget->deposit(now);
    }
    // `failed` has just ended `call` at `now` (Failed by the service's error, nothing in flight).
    // Answers the retry's wait armed instead — the call running again with kRetryPendingFlag set,
    // the timer's time in `hedgeAt` — or `failed` as it was: no tries left, or the budget empty.
    CallStep afterFailure(CallState& call, const CallStep& failed, double now);

    // Retries the budget refused so far.
    std::int64_t retriesRefused() const { return m_refused; }
    const HedgeBudget* budget() const { return m_budget ? &*m_budget : nullptr; }

private:
    Resilience4cataRetryingConfig m_config;
    std::optional<HedgeBudget> m_budget;
    SplitMix64 m_random;
    std::int64_t m_refused = 0;
};

} // namespace hedge
