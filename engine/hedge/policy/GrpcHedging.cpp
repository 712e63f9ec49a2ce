#include <hedge/policy/GrpcHedging.h>

#include <algorithm>

namespace hedge {

using family_detail::endCall;
using family_detail::launchNext;

GrpcHedging::GrpcHedging(const GrpcSettings& settings) : m_settings(settings)
{
    if (settings.throttling)
        m_throttle.emplace(*settings.throttling);
}

int GrpcHedging::maxAttempts() const
{
    return std::min(m_settings.maxAttempts, kMaxAttemptsClamp);
}

void GrpcHedging::armNext(CallState& call, double now, CallStep& step)
{
    call.hedgeDueAt = kNever;
    if (call.hedgingStopped || call.launched >= maxAttempts())
        return;
    if (m_throttle && !m_throttle->isAboveThreshold()) {
        // The throttle keeps this timer from being armed: hedging is frozen for the call.
        family_detail::noteRefused(call, m_refused);
        call.hedgingStopped = true;
        return;
    }
    call.hedgeDueAt = now + m_settings.hedgingDelayMs;
    step.hedgeAt = call.hedgeDueAt;
}

CallStep GrpcHedging::start(CallState& call, double now, const AttemptGate& gate)
{
    // The throttle never blocks the first attempt; only the limiter may.
    CallStep step = family_detail::launchFirst(call, now, gate);
    if (step.end == CallEnd::Rejected)
        return step;
    armNext(call, now, step);
    return step;
}

// Sends the next attempt now (the timer fired, or a6's unthrottled error); the bucket is not
// asked again, only the limiter.
CallStep GrpcHedging::sendNow(CallState& call, double now, const AttemptGate& gate)
{
    if (call.hedgingStopped || call.launched >= maxAttempts())
        return {};
    const int attempt = launchNext(call, now, gate);
    if (attempt < 0) {
        call.hedgingStopped = true;
        call.hedgeDueAt = kNever;
        if (call.inFlight == 0)
            return endCall(call, CallEnd::Failed, call.lastErrorAttempt);
        return {};
    }
    CallStep step{.launch = attempt};
    armNext(call, now, step);
    return step;
}

CallStep GrpcHedging::hedgeDue(CallState& call, double now, const AttemptGate& gate)
{
    if (!family_detail::timerDue(call, now))
        return {};
    call.hedgeDueAt = kNever;
    return sendNow(call, now, gate);
}

CallStep GrpcHedging::attemptDone(CallState& call, int attempt, double now,
                                  AttemptOutcome outcome, const AttemptGate& gate)
{
    call.inFlight &= static_cast<std::uint16_t>(~(1u << attempt));
    if (outcome == AttemptOutcome::Success) {
        if (m_throttle)
            m_throttle->onSuccess();
        return endCall(call, CallEnd::Succeeded, -1);
    }
    const bool fatal = outcome == AttemptOutcome::UnhandledError || !m_settings.nonFatalErrors;
    if (fatal)
        return endCall(call, CallEnd::Failed, attempt); // the bucket is not touched
    return nonFatalError(call, attempt, now, gate);
}

CallStep GrpcHedging::nonFatalError(CallState& call, int attempt, double now,
                                    const AttemptGate& gate)
{
    call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
    const bool above = m_throttle ? m_throttle->onQualifiedFailure() : true;
    const bool java = m_settings.flavour == GrpcFlavour::Java;
    if (!above) {
        call.hedgingStopped = true;
        call.hedgeDueAt = kNever;
        if (java || call.inFlight == 0)
            return endCall(call, CallEnd::Failed, attempt);
        return {}; // a6: the attempts in flight may still succeed
    }
    // a6: the next hedge at once, its timer from now; java: it waits for its timer.
    CallStep step = java ? CallStep{} : sendNow(call, now, gate);
    // No timer armed and nothing in flight: the call has nothing left to wait for.
    if (step.end == CallEnd::Running && step.launch < 0 && call.hedgeDueAt == kNever &&
        call.inFlight == 0)
        return endCall(call, CallEnd::Failed, attempt);
    return step;
}

CallStep GrpcHedging::abandon(CallState& call)
{
    if (call.end != CallEnd::Running)
        return {};
    return endCall(call, CallEnd::Abandoned, -1);
}

void GrpcHedging::reconfigure(const GrpcSettings& settings, double)
{
    m_settings = settings;
    if (!settings.throttling)
        m_throttle.reset();
    else if (m_throttle)
        m_throttle->reconfigure(*settings.throttling);
    else
        m_throttle.emplace(*settings.throttling);
}

FamilyGauges GrpcHedging::gauges(double) const
{
    FamilyGauges g;
    if (m_throttle)
        g.tokens = m_throttle->tokens();
    return g;
}

} // namespace hedge
