// Polly v8's hedging strategy (docs/policies.md, "Polly") for one client: the next attempt
// after a delay from the most recently started one (the DelayGenerator's entry for it), all at
// once with a delay of 0, only after a failure with a negative one; a handled error starts the
// next attempt at once and the delay restarts from it; the first success wins and the rest are
// cancelled; when every attempt failed the call fails with the primary's error. No budget.
#pragma once

#include <hedge/policy/FamilyPolicy.h>
#include <hedge/policy/PolicyFamily.h>

#include <cstdint>

namespace hedge {

class PollyHedging {
public:
    explicit PollyHedging(const PollySettings& settings) : m_settings(settings) {}

    CallStep start(CallState& call, double now, const AttemptGate& gate);
    CallStep hedgeDue(CallState& call, double now, const AttemptGate& gate);
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                         const AttemptGate& gate);
    CallStep abandon(CallState& call);

    // For calls' next decisions from now on (Polly keeps no state between calls).
    void reconfigure(const PollySettings& settings, double) { m_settings = settings; }
    FamilyGauges gauges(double) const { return {}; }
    std::int64_t hedgesRefused() const { return 0; } // no budget refuses anything
    // Attempts of a call, the primary included: 1 + max_hedged_attempts, at most kMaxAttempts.
    int maxAttempts() const;

private:
    // Arms the timer of the next hedge a delay from `now` (the latest attempt's start).
    void armNext(CallState& call, double now, CallStep& step) const;
    CallStep sendNext(CallState& call, double now, const AttemptGate& gate);

    PollySettings m_settings;
};

} // namespace hedge
