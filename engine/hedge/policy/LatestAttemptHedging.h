// The hedging rule Polly's and Murphy's share (docs/policies.md, "Polly" and "Murphy"): the
// next attempt a delay after the most recently started one, all at once with a delay of 0,
// only after a failure with a negative one; a handled error starts the next attempt at once
// and the delay restarts from it; an unhandled one ends the call; the first success wins. No
// budget. They differ in their knobs and in which failure a call that failed everywhere
// reports; PollyHedging and MurphyHedging translate their settings into these rules.
// A retry outside the hedging (Polly's retry strategy before the hedging one in a pipeline,
// Murphy's plain retry): when a try — the first attempt and its hedges — has failed with the
// service's error and nothing is left in flight, a new try starts after the backoff, while
// retries remain and the optional rate budget allows; it hedges as the first did.
#pragma once

#include <hedge/policy/FamilyPolicy.h>
#include <hedge/policy/HedgeBudget.h>
#include <hedge/policy/RetryBackoff.h>
#include <hedge/policy/SplitMix64.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace hedge {

struct LatestAttemptRetry {
    int maxRetries = 0; // 0: no retries
    RetryBackoff backoff;
    std::optional<HedgeBudgetConfig> budget; // every call deposits, every retry withdraws
};

struct LatestAttemptRules {
    int maxAttempts = 2;                  // the first included; at most kMaxAttempts
    std::vector<double> delaysMs{2000.0}; // before hedge k: entry k − 1, the last repeats
    bool handleErrors = true;             // the service's errors start the next attempt
    bool reportPrimaryFailure = false;    // all failed: the primary's error, else the latest
    LatestAttemptRetry retry;
};

class LatestAttemptHedging {
public:
    // `seed` keys the retries' jitter (FamilyPipelineConfig::seed).
    explicit LatestAttemptHedging(LatestAttemptRules rules, std::uint64_t seed = 0);

    CallStep start(CallState& call, double now, const AttemptGate& gate);
    CallStep hedgeDue(CallState& call, double now, const AttemptGate& gate);
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                         const AttemptGate& gate);
    CallStep abandon(CallState& call);

    FamilyGauges gauges(double) const { return {}; }
    std::int64_t hedgesRefused() const { return 0; } // no budget refuses anything
    int maxAttempts() const { return m_rules.maxAttempts; }
    const LatestAttemptRules& rules() const { return m_rules; }
    // Retries the rate budget refused.
    std::int64_t retriesRefused() const { return m_retriesRefused; }
    const HedgeBudget* retryBudget() const { return m_budget ? &*m_budget : nullptr; }

protected:
    // For calls' next decisions from now on; a budget of the same window keeps its tokens.
    void setRules(LatestAttemptRules rules);

private:
    // The call's try has failed with nothing in flight: a retry's backoff armed, or the end.
    CallStep retryOrFail(CallState& call, int errorAttempt, double now, AttemptOutcome outcome);
    CallStep sendRetry(CallState& call, double now, const AttemptGate& gate);
    // Arms the timer of the next hedge a delay from `now` (the latest attempt's start).
    void armNext(CallState& call, double now, CallStep& step) const;
    CallStep sendNext(CallState& call, double now, const AttemptGate& gate);

    LatestAttemptRules m_rules;
    std::optional<HedgeBudget> m_budget;
    SplitMix64 m_random;
    std::int64_t m_retriesRefused = 0;
};

} // namespace hedge
