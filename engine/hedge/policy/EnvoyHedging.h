// Envoy's request hedging on per-try timeout (route hedge_policy + retry_policy, the cluster's
// retry circuit breaker; docs/policies.md, "Envoy") for one client. Each attempt's per-try
// timer starts when it is sent; when it fires the attempt goes on, a retry is used up, the
// call gives back its retry slot and asks for one again (EnvoyRetrySlots); granted, the hedge
// goes out after a jittered exponential backoff and its own per-try timer chains on. The first
// success wins and resets the rest; an error of an attempt that already triggered a hedge is
// discarded while another attempt is in flight or pending. With retry_on 5xx, an error of the
// latest attempt is retried on the same retry state — a retry used up, the slot given back and
// asked for again, the same doubling backoff — and, refused, ends the call as without it.
// Without hedge_on_per_try_timeout, a per-try timeout resets the latest attempt instead (the
// call no longer waits for it) and is retried as an error is (retry_on 5xx), or fails the call.
#pragma once

#include <hedge/policy/EnvoyRetrySlots.h>
#include <hedge/policy/FamilyPolicy.h>
#include <hedge/policy/PolicyFamily.h>
#include <hedge/policy/SplitMix64.h>

#include <cstdint>

namespace hedge {

class EnvoyHedging {
public:
    // CallState::familyFlags bits.
    static constexpr std::uint8_t kSlotHeld = 1;       // the call holds a retry slot
    static constexpr std::uint8_t kBackoffPending = 2; // the armed timer ends a backoff
    // (kRetryPendingFlag with it: the backoff is a retry's, after an error)

    // `seed` keys the backoff's jitter (FamilyPipelineConfig::seed).
    EnvoyHedging(const EnvoySettings& settings, std::uint64_t seed);

    CallStep start(CallState& call, double now, const AttemptGate& gate);
    CallStep hedgeDue(CallState& call, double now, const AttemptGate& gate);
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                         const AttemptGate& gate);
    CallStep abandon(CallState& call);

    // For calls' next decisions from now on; the slots held and the attempts in flight are
    // kept, and a call keeps the retries it started with.
    void reconfigure(const EnvoySettings& settings, double now);
    FamilyGauges gauges(double now) const;
    // Per-try timeouts whose slot request was refused while the call had retries left.
    std::int64_t hedgesRefused() const { return m_refused; }
    // Retries after an error that the slots refused (retry_overflow).
    std::int64_t retriesRefused() const { return m_retriesRefused; }
    const EnvoyRetrySlots& retrySlots() const { return m_slots; }
    // The bound of the backoff before the call's `extra`-th extra attempt (1 = the first):
    // min(base × 2^(extra−1), max); the backoff is drawn uniformly in [0, bound).
    double backoffBound(int extra) const;

private:
    CallStep perTryTimeout(CallState& call, double now);
    CallStep resetOnPerTryTimeout(CallState& call, double now);
    // The retry state asked for one more attempt: a retry used up, then a slot; granted, the
    // backoff is armed. Whether it was granted.
    bool shouldRetry(CallState& call, double now, std::int64_t& refused);
    CallStep sendHedge(CallState& call, double now, const AttemptGate& gate);
    // Arms the per-try timer of the attempt just sent, if its firing can still matter: the
    // call has retries left, or holds a slot that the timeout gives back.
    void armPerTry(CallState& call, double now, CallStep& step) const;
    void releaseSlot(CallState& call);
    // Ends the call: its slot goes back, its attempts in flight are reset (cancelled).
    CallStep end(CallState& call, CallEnd how, int errorAttempt);

    EnvoySettings m_settings;
    EnvoyRetrySlots m_slots;
    SplitMix64 m_random;
    std::int64_t m_refused = 0;
    std::int64_t m_retriesRefused = 0;
};

} // namespace hedge
