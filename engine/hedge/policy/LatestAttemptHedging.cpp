#include <hedge/policy/LatestAttemptHedging.h>

#include <algorithm>

namespace hedge {

using family_detail::endCall;
using family_detail::launchNext;

void LatestAttemptHedging::armNext(CallState& call, double now, CallStep& step) const
{
    call.hedgeDueAt = kNever;
    if (call.hedgingStopped || call.launched >= m_rules.maxAttempts || m_rules.delaysMs.empty())
        return;
    const std::size_t hedge = std::min<std::size_t>(call.launched, m_rules.delaysMs.size()) - 1;
    const double delay = m_rules.delaysMs[hedge];
    if (delay < 0.0) // only a handled error starts the next attempt
        return;
    call.hedgeDueAt = now + delay;
    step.hedgeAt = call.hedgeDueAt;
}

CallStep LatestAttemptHedging::start(CallState& call, double now, const AttemptGate& gate)
{
    CallStep step = family_detail::launchFirst(call, now, gate);
    if (step.end == CallEnd::Rejected)
        return step;
    armNext(call, now, step);
    return step;
}

CallStep LatestAttemptHedging::sendNext(CallState& call, double now, const AttemptGate& gate)
{
    if (call.hedgingStopped || call.launched >= m_rules.maxAttempts)
        return {};
    const int attempt = launchNext(call, now, gate);
    if (attempt < 0) {
        // The limiter refused it: asking again every delay would only hammer a full limiter.
        call.hedgingStopped = true;
        call.hedgeDueAt = kNever;
        return {};
    }
    CallStep step{.launch = attempt};
    armNext(call, now, step);
    return step;
}

CallStep LatestAttemptHedging::hedgeDue(CallState& call, double now, const AttemptGate& gate)
{
    if (!family_detail::timerDue(call, now))
        return {};
    call.hedgeDueAt = kNever;
    return sendNext(call, now, gate);
}

CallStep LatestAttemptHedging::attemptDone(CallState& call, int attempt, double now,
                                           AttemptOutcome outcome, const AttemptGate& gate)
{
    call.inFlight &= static_cast<std::uint16_t>(~(1u << attempt));
    if (outcome == AttemptOutcome::Success)
        return endCall(call, CallEnd::Succeeded, -1);
    // An error the policy does not handle is the call's result.
    if (outcome == AttemptOutcome::UnhandledError || !m_rules.handleErrors)
        return endCall(call, CallEnd::Failed, attempt);
    call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
    CallStep step = sendNext(call, now, gate);
    if (step.launch < 0 && call.inFlight == 0)
        return endCall(call, CallEnd::Failed, m_rules.reportPrimaryFailure ? 0 : attempt);
    return step;
}

CallStep LatestAttemptHedging::abandon(CallState& call)
{
    if (call.end != CallEnd::Running)
        return {};
    return endCall(call, CallEnd::Abandoned, -1);
}

} // namespace hedge
