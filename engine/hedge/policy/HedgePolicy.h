// The hedge rules of docs/model.md, "Hedge delay and attempts" for one call, as a sans-I/O state
// machine: it is told what happened and when, and answers with what to do. It knows nothing of
// budgets, limiters, queues or clocks: the caller passes `now`, and a gate that admits or refuses
// each attempt (HedgePipeline's gate asks the budget, then the limiter).
#pragma once

#include <hedge/policy/CallState.h>

#include <functional>

namespace hedge {

struct HedgePolicyConfig {
    double delayMs = 2000.0; // the library's default; the explorer's presets use 20
    int maxAttempts = 2;     // total, the first included; 1 .. kMaxAttempts

    bool operator==(const HedgePolicyConfig&) const = default;
};

class HedgePolicy {
public:
    // Called just before each extra attempt is sent, with its number (1 = first hedge).
    using OnHedge = std::function<void(int attemptNumber)>;

    explicit HedgePolicy(const HedgePolicyConfig& config = {}, OnHedge onHedge = {});

    const HedgePolicyConfig& config() const { return m_config; }
    // For calls started after this; a call in flight keeps the policy it started with
    // (HedgePipeline::reconfigure keeps the earlier policy for it).
    void setConfig(const HedgePolicyConfig& config) { m_config = config; }
    void setOnHedge(OnHedge onHedge) { m_onHedge = std::move(onHedge); }

    // Gate: `int gate(bool isHedge)` returns a permit token (≥ 0) or kRefused.

    // A new call at `now`: launch attempt 0 if the gate admits it, else the call is rejected.
    template <class Gate>
    CallStep start(CallState& call, double now, Gate&& gate) const;

    // A hedge timer fired at `now`. A timer that was superseded (re-armed, or the call ended)
    // answers with nothing to do, so drivers may leave stale timers running. A timer counts
    // as due when `now` is at or after the armed time: a real clock's timer fires late, and a
    // superseded one is always due earlier than the one that replaced it.
    template <class Gate>
    CallStep hedgeDue(CallState& call, double now, Gate&& gate) const;

    // Attempt `attempt` ended at `now`. Only for attempts in flight (call.inFlight).
    template <class Gate>
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                         Gate&& gate) const;

    // The caller gave up on the call: everything in flight is to be cancelled.
    CallStep abandon(CallState& call) const;

    // A retry's wait (kRetryPendingFlag, Resilience4cataRetrying) is over at `now`: the first
    // attempt of a new try, which hedges as the first try did, counted in CallState::retries and
    // never told to OnHedge; refused by the gate, the call fails with its last error. A
    // superseded timer answers nothing, as in hedgeDue.
    template <class Gate>
    CallStep retry(CallState& call, double now, Gate&& gate) const;

private:
    // The call's current try has all its attempts (a retry starts a new try at tryStart, 0
    // without retries), or the call all it may ever send.
    bool tryFull(const CallState& call) const
    {
        return call.launched >= m_config.maxAttempts + call.tryStart || call.launched >= kMaxAttempts;
    }
    template <class Gate>
    CallStep tryHedge(CallState& call, double now, Gate&& gate) const;
    CallStep end(CallState& call, CallEnd how, int errorAttempt) const;

    HedgePolicyConfig m_config;
    OnHedge m_onHedge;
};

// Every call ends here (200 000 times a point): in the header, so that the simulation's
// flattened loop inlines it (out of line: 4 % of a no-hedge point's instructions).
inline CallStep HedgePolicy::end(CallState& call, CallEnd how, int errorAttempt) const
{
    CallStep step{.end = how, .cancel = call.inFlight, .errorAttempt = errorAttempt};
    call.end = how;
    call.inFlight = 0;
    call.hedgeDueAt = kNever;
    return step;
}

template <class Gate>
CallStep HedgePolicy::start(CallState& call, double now, Gate&& gate) const
{
    call.restart(now);
    const int permit = gate(false);
    if (permit == kRefused) {
        call.end = CallEnd::Rejected;
        return CallStep{.end = CallEnd::Rejected};
    }
    call.launch(0, now, permit);
    CallStep step{.launch = 0};
    if (m_config.maxAttempts > 1) {
        call.hedgeDueAt = now + m_config.delayMs;
        step.hedgeAt = call.hedgeDueAt;
    }
    return step;
}

template <class Gate>
CallStep HedgePolicy::hedgeDue(CallState& call, double now, Gate&& gate) const
{
    if (call.end != CallEnd::Running || now < call.hedgeDueAt)
        return {};
    call.hedgeDueAt = kNever;
    return tryHedge(call, now, gate);
}

template <class Gate>
CallStep HedgePolicy::tryHedge(CallState& call, double now, Gate&& gate) const
{
    if (call.hedgingStopped || tryFull(call))
        return {};
    const int permit = gate(true);
    if (permit == kRefused) {
        // A refused hedge (budget or limiter) stops hedging for this call: asking again
        // every delay would only turn a full limiter into a retry storm.
        call.hedgingStopped = true;
        call.hedgeDueAt = kNever;
        return {};
    }
    const int attempt = call.launched;
    if (m_onHedge)
        m_onHedge(attempt);
    call.launch(attempt, now, permit);
    CallStep step{.launch = attempt};
    if (!tryFull(call)) {
        call.hedgeDueAt = now + m_config.delayMs;
        step.hedgeAt = call.hedgeDueAt;
    } else {
        call.hedgeDueAt = kNever;
    }
    return step;
}

template <class Gate>
CallStep HedgePolicy::retry(CallState& call, double now, Gate&& gate) const
{
    if (call.end != CallEnd::Running || now < call.hedgeDueAt)
        return {};
    call.familyFlags &= static_cast<std::uint8_t>(~kRetryPendingFlag);
    call.hedgeDueAt = kNever;
    const int permit = gate(false); // a retry is no hedge: the limiter's leave alone
    if (permit == kRefused)
        return end(call, CallEnd::Failed, call.lastErrorAttempt);
    const int attempt = call.launched;
    call.launch(attempt, now, permit);
    ++call.retries;
    call.tryStart = static_cast<std::uint8_t>(attempt);
    call.hedgingStopped = false;
    CallStep step{.launch = attempt};
    if (!tryFull(call)) {
        call.hedgeDueAt = now + m_config.delayMs;
        step.hedgeAt = call.hedgeDueAt;
    }
    return step;
}

template <class Gate>
CallStep HedgePolicy::attemptDone(CallState& call, int attempt, double now,
                                  AttemptOutcome outcome, Gate&& gate) const
{
    call.inFlight &= static_cast<std::uint16_t>(~(1u << attempt));
    switch (outcome) {
    case AttemptOutcome::Success:
        return end(call, CallEnd::Succeeded, -1);
    case AttemptOutcome::UnhandledError:
        return end(call, CallEnd::Failed, attempt);
    case AttemptOutcome::HandledError:
        break;
    }
    call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
    // A handled error hedges at once, without waiting out the delay.
    CallStep step = tryHedge(call, now, gate);
    if (step.launch < 0 && call.inFlight == 0)
        return end(call, CallEnd::Failed, call.lastErrorAttempt);
    return step;
}

} // namespace hedge
