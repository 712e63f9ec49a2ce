// tower::hedge::Hedge with an optional TpsBudget (docs/policies.md, "Tower"): at a call's start
// the previous period's latencies decide — fewer than min_data_points, no hedge; otherwise one
// hedge when the original has run for their latency_percentile. The budget takes a deposit at
// every call's start and a withdrawal when the timer fires (refused: no hedge). The first result
// wins, even an error, and the other attempt is dropped; only winners' successes are recorded.
// With a retry (tower::retry::Retry around the hedge, its Policy retrying the service's errors):
// an error that wins is retried after an ExponentialBackoff while retries remain and the
// budget, if any, gives a withdrawal; the retry is a new request to the hedge, which may hedge
// it. The dropped attempt is left to finish unseen (the model cancels attempts only when a call
// ends).
#pragma once

#include <hedge/policy/FamilyPolicy.h>
#include <hedge/policy/PeriodLatencyPercentile.h>
#include <hedge/policy/PolicyFamily.h>
#include <hedge/policy/RetryBackoff.h>
#include <hedge/policy/SplitMix64.h>
#include <hedge/policy/TpsBudget.h>

#include <cstdint>
#include <optional>

namespace hedge {

class TowerHedge {
public:
    // `seed` keys the retries' jitter (FamilyPipelineConfig::seed).
    explicit TowerHedge(const TowerSettings& settings, std::uint64_t seed = 0);

    CallStep start(CallState& call, double now, const AttemptGate& gate);
    CallStep hedgeDue(CallState& call, double now, const AttemptGate& gate);
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                         const AttemptGate& gate);
    CallStep abandon(CallState& call);

    // New knobs from `now`: percentile and min_data_points at once on the latencies kept; a new
    // period starts an empty histogram; a new budget starts afresh (none: unbudgeted).
    void reconfigure(const TowerSettings& settings, double now);
    FamilyGauges gauges(double now) const;
    // Hedges the budget refused when their timer fired.
    std::int64_t hedgesRefused() const { return m_refused; }
    // Retries the budget refused.
    std::int64_t retriesRefused() const { return m_retriesRefused; }
    // ExponentialBackoff's rule (tower src/retry/backoff.rs).
    static RetryBackoff retryBackoff(const TowerRetry& retry);

    const PeriodLatencyPercentile& latencies() const { return m_latencies; }
    const TpsBudget* budget() const { return m_budget ? &*m_budget : nullptr; }

private:
    static std::optional<TpsBudget> budgetFor(const TowerSettings& settings, double now);
    // Arms the hedge of the try just started, when the previous period has enough latencies.
    void armHedge(CallState& call, double now, CallStep& step);
    CallStep retryOrFail(CallState& call, int attempt, double now, AttemptOutcome outcome);

    TowerSettings m_settings;
    PeriodLatencyPercentile m_latencies;
    std::optional<TpsBudget> m_budget;
    SplitMix64 m_random;
    std::int64_t m_refused = 0;
    std::int64_t m_retriesRefused = 0;
};

} // namespace hedge
