// What the policy families (docs/policies.md) share: the gate an attempt passes (the setup's
// adaptive limiter, orthogonal to the family), the gauges a family shows over time, and how a
// call ends. Each family is a small sans-I/O object with the same four entry points as
// HedgePolicy — start, hedgeDue, attemptDone, abandon — told `now` and answering a CallStep;
// FamilyPipeline picks the setup's family and feeds the limiter.
#pragma once

#include <hedge/policy/AdaptiveLimiter.h>
#include <hedge/policy/CallState.h>

#include <cstdint>
#include <limits>

namespace hedge {

// Admits an attempt, first or hedge, against the adaptive limiter when the setup has one: a
// permit token (≥ 0) or kRefused. A family asks it for every attempt it sends.
struct AttemptGate {
    AdaptiveLimiter* limiter = nullptr;

    int operator()() const
    {
        if (!limiter)
            return 0;
        const auto permit = limiter->tryAcquire();
        return permit ? permit->inflightAtAdmission : kRefused;
    }
};

// A family's state at a moment, for the Live view; a gauge the family has not is NaN (or −1).
struct FamilyGauges {
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    double tokens = kNone;  // grpc: the throttle's tokens; finagle, tower: the budget's balance
    int slotsInUse = -1;    // envoy: calls holding a retry slot
    int slotLimit = -1;     // envoy: the bound those slots are held against now
    double delayMs = kNone; // finagle, tower: the percentile delay a call starting now reads
};

namespace family_detail {

// Ends `call` as `how`; every attempt still in flight is to be cancelled.
inline CallStep endCall(CallState& call, CallEnd how, int errorAttempt)
{
    call.end = how;
    call.hedgeDueAt = kNever;
    CallStep step{.end = how, .cancel = call.inFlight, .errorAttempt = errorAttempt};
    call.inFlight = 0;
    return step;
}

// Sends attempt `call.launched` at `now` if the gate admits it: its number, or −1.
inline int launchNext(CallState& call, double now, const AttemptGate& gate)
{
    const int permit = gate();
    if (permit == kRefused)
        return -1;
    const int attempt = call.launched;
    call.launch(attempt, now, permit);
    return attempt;
}

// Starts `call` at `now` with its first attempt if the gate admits it. Returns the step: the
// launch of attempt 0, or the call's rejection (then `call` has ended).
inline CallStep launchFirst(CallState& call, double now, const AttemptGate& gate)
{
    call.restart(now);
    if (launchNext(call, now, gate) < 0) {
        call.end = CallEnd::Rejected;
        return CallStep{.end = CallEnd::Rejected};
    }
    return CallStep{.launch = 0};
}

// The family's budget or throttle refused `call` a hedge: counted once in `refused` and marked
// on the call (kHedgeRefusedFlag), where the results count it.
inline void noteRefused(CallState& call, std::int64_t& refused)
{
    ++refused;
    call.familyFlags |= kHedgeRefusedFlag;
}

// A timer that was superseded (re-armed, or the call ended) is not due.
inline bool timerDue(const CallState& call, double now)
{
    return call.end == CallEnd::Running && now >= call.hedgeDueAt;
}

} // namespace family_detail

} // namespace hedge
