#include <hedge/policy/MurphyHedging.h>

#include <algorithm>

namespace hedge {

using family_detail::endCall;
using family_detail::launchNext;

int MurphyHedging::maxAttempts() const
{
    return std::clamp(1 + m_settings.maxExtraAttempts, 1, kMaxAttempts);
}

void MurphyHedging::armNext(CallState& call, double now, CallStep& step) const
{
    call.hedgeDueAt = kNever;
    if (call.hedgingStopped || call.launched >= maxAttempts() || m_settings.delayMs < 0.0)
        return;
    call.hedgeDueAt = now + m_settings.delayMs;
    step.hedgeAt = call.hedgeDueAt;
}

CallStep MurphyHedging::start(CallState& call, double now, const AttemptGate& gate)
{
    call.restart(now);
    if (launchNext(call, now, gate) < 0) {
        call.end = CallEnd::Rejected;
        return CallStep{.end = CallEnd::Rejected};
    }
    CallStep step{.launch = 0};
    armNext(call, now, step);
    return step;
}

CallStep MurphyHedging::sendNext(CallState& call, double now, const AttemptGate& gate)
{
    if (call.hedgingStopped || call.launched >= maxAttempts())
        return {};
    const int attempt = launchNext(call, now, gate);
    if (attempt < 0) {
        call.hedgingStopped = true; // the limiter refused it: no more asking for this call
        call.hedgeDueAt = kNever;
        return {};
    }
    CallStep step{.launch = attempt};
    armNext(call, now, step);
    return step;
}

CallStep MurphyHedging::hedgeDue(CallState& call, double now, const AttemptGate& gate)
{
    if (!family_detail::timerDue(call, now))
        return {};
    call.hedgeDueAt = kNever;
    return sendNext(call, now, gate);
}

CallStep MurphyHedging::attemptDone(CallState& call, int attempt, double now,
                                    AttemptOutcome outcome, const AttemptGate& gate)
{
    call.inFlight &= static_cast<std::uint16_t>(~(1u << attempt));
    if (outcome == AttemptOutcome::Success)
        return endCall(call, CallEnd::Succeeded, -1);
    if (outcome == AttemptOutcome::UnhandledError || !m_settings.handleErrors)
        return endCall(call, CallEnd::Failed, attempt);
    call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
    CallStep step = sendNext(call, now, gate);
    if (step.launch < 0 && call.inFlight == 0)
        return endCall(call, CallEnd::Failed, attempt); // the most recent failure
    return step;
}

CallStep MurphyHedging::abandon(CallState& call)
{
    if (call.end != CallEnd::Running)
        return {};
    return endCall(call, CallEnd::Abandoned, -1);
}

} // namespace hedge
