// The hedging rule Polly's and Murphy's share (docs/policies.md, "Polly" and "Murphy"): the
// next attempt a delay after the most recently started one, all at once with a delay of 0,
// only after a failure with a negative one; a handled error starts the next attempt at once
// and the delay restarts from it; an unhandled one ends the call; the first success wins. No
// budget. They differ in their knobs and in which failure a call that failed everywhere
// reports; PollyHedging and MurphyHedging translate their settings into these rules.
#pragma once

#include <hedge/policy/FamilyPolicy.h>

#include <cstdint>
#include <vector>

namespace hedge {

struct LatestAttemptRules {
    int maxAttempts = 2;                  // the first included; at most kMaxAttempts
    std::vector<double> delaysMs{2000.0}; // before hedge k: entry k − 1, the last repeats
    bool handleErrors = true;             // the service's errors start the next attempt
    bool reportPrimaryFailure = false;    // all failed: the primary's error, else the latest
};

class LatestAttemptHedging {
public:
    explicit LatestAttemptHedging(LatestAttemptRules rules) : m_rules(std::move(rules)) {}

    CallStep start(CallState& call, double now, const AttemptGate& gate);
    CallStep hedgeDue(CallState& call, double now, const AttemptGate& gate);
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                         const AttemptGate& gate);
    CallStep abandon(CallState& call);

    FamilyGauges gauges(double) const { return {}; }
    std::int64_t hedgesRefused() const { return 0; } // no budget refuses anything
    int maxAttempts() const { return m_rules.maxAttempts; }

protected:
    // For calls' next decisions from now on (no state is kept between calls).
    void setRules(LatestAttemptRules rules) { m_rules = std::move(rules); }

private:
    // Arms the timer of the next hedge a delay from `now` (the latest attempt's start).
    void armNext(CallState& call, double now, CallStep& step) const;
    CallStep sendNext(CallState& call, double now, const AttemptGate& gate);

    LatestAttemptRules m_rules;
};

} // namespace hedge
