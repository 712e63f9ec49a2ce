#include <hedge/policy/EnvoyHedging.h>

#include <algorithm>
#include <bit>
#include <cmath>

namespace hedge {

using family_detail::launchNext;

EnvoyHedging::EnvoyHedging(const EnvoySettings& settings, std::uint64_t seed)
    : m_settings(settings), m_slots(settings), m_random(seed)
{}

double EnvoyHedging::backoffBound(int extra) const
{
    return std::min(std::ldexp(m_settings.backoffBaseMs, std::max(extra, 1) - 1),
                    m_settings.backoffMax());
}

void EnvoyHedging::armPerTry(CallState& call, double now, CallStep& step) const
{
    call.hedgeDueAt = kNever;
    if (m_settings.perTryTimeoutMs <= 0.0) // none: Envoy never hedges
        return;
    // Hedging, a timeout that can ask nothing changes nothing; resetting, it fails the attempt.
    if (m_settings.hedgeOnPerTryTimeout && call.retriesLeft <= 0 &&
        !(call.familyFlags & kSlotHeld))
        return;
    call.hedgeDueAt = now + m_settings.perTryTimeoutMs;
    step.hedgeAt = call.hedgeDueAt;
}

CallStep EnvoyHedging::start(CallState& call, double now, const AttemptGate& gate)
{
    CallStep step = family_detail::launchFirst(call, now, gate);
    if (step.end == CallEnd::Rejected)
        return step;
    m_slots.attemptStarted();
    // A call has kMaxAttempts attempts at most: num_retries beyond that cannot be sent.
    call.retriesLeft =
        static_cast<std::int8_t>(std::clamp(m_settings.numRetries, 0, kMaxAttempts - 1));
    armPerTry(call, now, step);
    return step;
}

CallStep EnvoyHedging::hedgeDue(CallState& call, double now, const AttemptGate& gate)
{
    if (!family_detail::timerDue(call, now))
        return {};
    call.hedgeDueAt = kNever;
    if (call.familyFlags & kBackoffPending) {
        const bool retry = call.familyFlags & kRetryPendingFlag;
        call.familyFlags &= static_cast<std::uint8_t>(~(kBackoffPending | kRetryPendingFlag));
        CallStep step = sendHedge(call, now, gate);
        if (retry && step.launch >= 0)
            ++call.retries;
        return step;
    }
    if (!m_settings.hedgeOnPerTryTimeout)
        return resetOnPerTryTimeout(call, now);
    return perTryTimeout(call, now);
}

// Without hedge_on_per_try_timeout (Filter::onPerTryTimeout): the latest attempt is reset — the
// call stops waiting for it; the model leaves it to finish at the server unseen, as it does a
// dropped attempt — and, with retry_on 5xx, the timeout is retried on the retry state as an
// error is; refused, or without retry_on 5xx, the call fails (504, upstream request timeout).
CallStep EnvoyHedging::resetOnPerTryTimeout(CallState& call, double now)
{
    const int attempt = call.launched - 1;
    if (call.isInFlight(attempt)) {
        call.inFlight &= static_cast<std::uint16_t>(~(1u << attempt));
        m_slots.attemptsEnded(1);
    }
    call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
    if (m_settings.retryOn5xx && shouldRetry(call, now, m_retriesRefused)) {
        call.familyFlags |= kRetryPendingFlag;
        return CallStep{.hedgeAt = call.hedgeDueAt};
    }
    return end(call, CallEnd::Failed, attempt);
}

// RetryStateImpl::shouldRetry: the slot held since the last retry goes back (resetRetry); with
// no retry left, no; else one is used up before the slot is asked for (a refusal still costs
// it); granted, the backoff is drawn below the interval, which doubles from retry to retry.
bool EnvoyHedging::shouldRetry(CallState& call, double now, std::int64_t& refused)
{
    releaseSlot(call);
    if (call.retriesLeft <= 0)
        return false;
    --call.retriesLeft;
    if (!m_slots.tryAcquire()) {
        ++refused;
        return false;
    }
    call.familyFlags |= kSlotHeld | kBackoffPending;
    const double bound = backoffBound(call.launched);
    const double backoff = bound > 0.0 ? uniform01(m_random) * bound : 0.0;
    call.hedgeDueAt = now + backoff;
    return true;
}

// The latest attempt's per-try timer fired: it is not reset, and a hedge is asked for.
CallStep EnvoyHedging::perTryTimeout(CallState& call, double now)
{
    const std::int64_t before = m_refused;
    if (!shouldRetry(call, now, m_refused)) {
        // The attempt goes on alone; no timer is left to ask again.
        if (m_refused != before)
            call.familyFlags |= kHedgeRefusedFlag;
        return {};
    }
    return CallStep{.hedgeAt = call.hedgeDueAt};
}

CallStep EnvoyHedging::sendHedge(CallState& call, double now, const AttemptGate& gate)
{
    const int attempt = launchNext(call, now, gate);
    if (attempt < 0) {
        // The limiter refused it: no more hedges; the slot is held until the call ends.
        call.hedgingStopped = true;
        if (call.inFlight == 0)
            return end(call, CallEnd::Failed, call.lastErrorAttempt);
        return {};
    }
    m_slots.attemptStarted();
    CallStep step{.launch = attempt};
    armPerTry(call, now, step);
    return step;
}

CallStep EnvoyHedging::attemptDone(CallState& call, int attempt, double now,
                                   AttemptOutcome outcome, const AttemptGate&)
{
    if (!call.isInFlight(attempt))
        return {}; // reset at its per-try timeout: its answer is not seen
    call.inFlight &= static_cast<std::uint16_t>(~(1u << attempt));
    m_slots.attemptsEnded(1);
    if (outcome == AttemptOutcome::Success)
        return end(call, CallEnd::Succeeded, -1);
    const bool backoffPending = call.familyFlags & kBackoffPending;
    // With chaining, attempt a triggered a hedge iff attempt a + 1 exists or is pending.
    const bool triggeredHedge = attempt + 1 < call.launched || backoffPending;
    const bool othersLeft = call.inFlight != 0 || backoffPending;
    if (outcome == AttemptOutcome::HandledError && triggeredHedge && othersLeft) {
        call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
        return {}; // discarded: the attempts in flight or pending may still succeed
    }
    // retry_on 5xx: the latest attempt's error is retried when the retry state grants it.
    if (outcome == AttemptOutcome::HandledError && m_settings.retryOn5xx && !triggeredHedge) {
        call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
        if (shouldRetry(call, now, m_retriesRefused)) {
            call.familyFlags |= kRetryPendingFlag;
            return CallStep{.hedgeAt = call.hedgeDueAt};
        }
    }
    return end(call, CallEnd::Failed, attempt);
}

CallStep EnvoyHedging::abandon(CallState& call)
{
    if (call.end != CallEnd::Running)
        return {};
    return end(call, CallEnd::Abandoned, -1);
}

void EnvoyHedging::releaseSlot(CallState& call)
{
    if (!(call.familyFlags & kSlotHeld))
        return;
    call.familyFlags &= static_cast<std::uint8_t>(~kSlotHeld);
    m_slots.release();
}

CallStep EnvoyHedging::end(CallState& call, CallEnd how, int errorAttempt)
{
    releaseSlot(call);
    call.familyFlags &= static_cast<std::uint8_t>(~(kBackoffPending | kRetryPendingFlag));
    CallStep step = family_detail::endCall(call, how, errorAttempt);
    m_slots.attemptsEnded(std::popcount(step.cancel));
    return step;
}

void EnvoyHedging::reconfigure(const EnvoySettings& settings, double)
{
    m_settings = settings;
    m_slots.reconfigure(settings);
}

FamilyGauges EnvoyHedging::gauges(double) const
{
    FamilyGauges g;
    g.slotsInUse = m_slots.slotsInUse();
    g.slotLimit = m_slots.limit();
    return g;
}

} // namespace hedge
