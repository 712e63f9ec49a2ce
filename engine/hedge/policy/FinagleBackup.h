// Finagle's BackupRequestFilter under its client's RetryBudget (docs/policies.md, "Finagle"):
// at most one backup, sent when the original has run for the delay read at the call's start —
// the 1 − max_extra_load percentile of recent latencies (WindowedLatencyPercentile), at least
// min_send_backup_after_ms; none while there is no percentile yet or when it reaches 2000 ms.
// When the timer fires the filter's own budget and then the client's are asked; either refusing
// means no backup. The first success wins; a first finisher that failed hands the call over to
// the other attempt. Successful attempts' latencies are recorded, and a loser's at the moment it
// is interrupted (send_interrupts). With a retry_policy (a RetryFilter, RetryPolicy.tries): when
// the call's attempts have all failed with the service's error, it is retried — alone, without
// a backup — after Finagle's decorrelated jittered backoff, while tries remain and the client's
// RetryBudget gives a withdrawal.
#pragma once

#include <hedge/policy/FamilyPolicy.h>
#include <hedge/policy/FinagleBudget.h>
#include <hedge/policy/PolicyFamily.h>
#include <hedge/policy/RetryBackoff.h>
#include <hedge/policy/SplitMix64.h>
#include <hedge/policy/WindowedLatencyPercentile.h>

#include <cstdint>

namespace hedge {

class FinagleBackup {
public:
    // The filter's own budget: max_extra_load of the calls, a reserve of 10 per second and a
    // ttl of 10 s — Finagle's RetryBudget defaults but for the percent.
    static constexpr double kFilterMinPerSecond = 10.0;
    static constexpr double kFilterTtlSeconds = 10.0;

    // RetryPolicy.tries' backoff: Backoff.decorrelatedJittered(5 ms, 200 ms).
    static constexpr double kRetryBackoffStartMs = 5.0;
    static constexpr double kRetryBackoffMaxMs = 200.0;
    static constexpr RetryBackoff kRetryBackoff{.growth = RetryGrowth::Constant,
                                                .baseMs = kRetryBackoffStartMs,
                                                .maxMs = kRetryBackoffMaxMs,
                                                .jitter = RetryJitter::Decorrelated};

    // `seed` keys the retries' jitter (FamilyPipelineConfig::seed).
    explicit FinagleBackup(const FinagleSettings& settings, std::uint64_t seed = 0);

    CallStep start(CallState& call, double now, const AttemptGate& gate);
    CallStep hedgeDue(CallState& call, double now, const AttemptGate& gate);
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                         const AttemptGate& gate);
    CallStep abandon(CallState& call);

    // New knobs from `now`: a new max_extra_load makes a new filter budget (Finagle does not
    // carry the balance over) and a new quantile from the next 3 s mark; a new client budget
    // starts afresh; the latencies are kept.
    void reconfigure(const FinagleSettings& settings, double now);
    FamilyGauges gauges(double now) const;
    // Backups a budget refused when their timer fired.
    std::int64_t hedgesRefused() const { return m_refused; }
    // Retries the client's budget refused.
    std::int64_t retriesRefused() const { return m_retriesRefused; }

    // The backup delay a call starting at `now` reads; kNever: no backup for it.
    double delayAt(double now) const;
    const FinagleBudget& filterBudget() const { return m_filterBudget; }
    const FinagleBudget& clientBudget() const { return m_clientBudget; }
    const WindowedLatencyPercentile& latencies() const { return m_latencies; }

private:
    static FinagleBudget filterBudgetFor(const FinagleSettings& settings, double now);
    static FinagleBudget clientBudgetFor(const FinagleRetryBudget& budget, double now);
    double delayFrom(std::optional<int> percentile) const;
    void record(const CallState& call, int attempt, double now);
    CallStep retryOrFail(CallState& call, int attempt, double now);

    FinagleSettings m_settings;
    WindowedLatencyPercentile m_latencies;
    FinagleBudget m_filterBudget;
    FinagleBudget m_clientBudget;
    SplitMix64 m_random;
    std::int64_t m_refused = 0;
    std::int64_t m_retriesRefused = 0;
};

} // namespace hedge
