// Envoy's retry concurrency bound for one client (docs/policies.md, "Envoy"): the cluster's
// retry resource. A call holds one slot from the hedge it was granted until its next per-try
// timeout or its end; a new slot is granted while fewer calls hold one than the bound allows.
// With a retry_budget the bound grows with the attempts in flight (hedges included), so hedges
// raise their own budget; without one it is the max_retries circuit breaker.
#pragma once

#include <hedge/policy/PolicyFamily.h>

#include <optional>

namespace hedge {

class EnvoyRetrySlots {
public:
    explicit EnvoyRetrySlots(const EnvoySettings& settings);

    // New knobs; the slots held and the attempts in flight are kept.
    void reconfigure(const EnvoySettings& settings);

    // Every upstream attempt of the client is counted from its send to its end or cancel.
    void attemptStarted() { ++m_attemptsInFlight; }
    void attemptsEnded(int count);

    // A call asks for a slot: granted iff slotsInUse() < limit() now.
    bool tryAcquire();
    // The call gives back the slot it held.
    void release();

    // max(floor(budget_percent / 100 × attempts in flight), min_retry_concurrency) with a
    // retry_budget; max_retries without.
    int limit() const;
    int slotsInUse() const { return m_slotsInUse; }
    int attemptsInFlight() const { return m_attemptsInFlight; }

private:
    std::optional<EnvoyRetryBudget> m_budget;
    int m_maxRetries;
    int m_slotsInUse = 0;
    int m_attemptsInFlight = 0;
};

} // namespace hedge
