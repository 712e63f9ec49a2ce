// Murphy's hedging policy (docs/policies.md, "Murphy") for one client: the next attempt
// delay_ms after the most recently started one, up to max_extra_attempts; a handled error
// starts the next attempt at once (the delay restarts from it); an unhandled error ends the
// call with it; when every attempt failed the call fails with the most recent failure. Losers
// are abandoned, never cancelled at the server (serverCancels, sim/SetupPipelineConfig.h).
#pragma once

#include <hedge/policy/FamilyPolicy.h>
#include <hedge/policy/PolicyFamily.h>

#include <cstdint>

namespace hedge {

class MurphyHedging {
public:
    explicit MurphyHedging(const MurphySettings& settings) : m_settings(settings) {}

    CallStep start(CallState& call, double now, const AttemptGate& gate);
    CallStep hedgeDue(CallState& call, double now, const AttemptGate& gate);
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                         const AttemptGate& gate);
    CallStep abandon(CallState& call);

    void reconfigure(const MurphySettings& settings, double) { m_settings = settings; }
    FamilyGauges gauges(double) const { return {}; }
    std::int64_t hedgesRefused() const { return 0; } // no budget refuses anything
    // 1 + max_extra_attempts, at most kMaxAttempts.
    int maxAttempts() const;

private:
    void armNext(CallState& call, double now, CallStep& step) const;
    CallStep sendNext(CallState& call, double now, const AttemptGate& gate);

    MurphySettings m_settings;
};

} // namespace hedge
