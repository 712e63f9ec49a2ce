#include <hedge/policy/LatestAttemptHedging.h>

#include <algorithm>

namespace hedge {

using family_detail::endCall;
using family_detail::launchNext;

namespace {
// Attempts of the call's current try (a retry starts a new one).
int attemptsOfTry(const CallState& call)
{
    return call.launched - call.tryStart;
}
} // namespace

LatestAttemptHedging::LatestAttemptHedging(LatestAttemptRules rules, std::uint64_t seed)
    : m_rules(std::move(rules)), m_random(seed)
{
    if (m_rules.retry.budget)
        m_budget.emplace(*m_rules.retry.budget);
}

void LatestAttemptHedging::setRules(LatestAttemptRules rules)
{
    const auto& budget = rules.retry.budget;
    if (!budget)
        m_budget.reset();
    else if (m_budget)
        m_budget->reconfigure(*budget);
    else
        m_budget.emplace(*budget);
    m_rules = std::move(rules);
}

void LatestAttemptHedging::armNext(CallState& call, double now, CallStep& step) const
{
    call.hedgeDueAt = kNever;
    if (call.hedgingStopped || attemptsOfTry(call) >= m_rules.maxAttempts ||
        call.launched >= kMaxAttempts || m_rules.delaysMs.empty())
        return;
    const std::size_t hedge =
        std::min<std::size_t>(std::size_t(attemptsOfTry(call)), m_rules.delaysMs.size()) - 1;
    const double delay = m_rules.delaysMs[hedge];
    if (delay < 0.0) // only a handled error starts the next attempt
        return;
    call.hedgeDueAt = now + delay;
    step.hedgeAt = call.hedgeDueAt;
}

CallStep LatestAttemptHedging::start(CallState& call, double now, const AttemptGate& gate)
{
    if (m_budget)
        m_budget->deposit(now);
    CallStep step = family_detail::launchFirst(call, now, gate);
    if (step.end == CallEnd::Rejected)
        return step;
    armNext(call, now, step);
    return step;
}

CallStep LatestAttemptHedging::sendNext(CallState& call, double now, const AttemptGate& gate)
{
    if (call.hedgingStopped || attemptsOfTry(call) >= m_rules.maxAttempts ||
        call.launched >= kMaxAttempts)
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
    if (call.familyFlags & kRetryPendingFlag)
        return sendRetry(call, now, gate);
    return sendNext(call, now, gate);
}

// The backoff is over: the retry is the first attempt of a new try, which hedges as the first.
CallStep LatestAttemptHedging::sendRetry(CallState& call, double now, const AttemptGate& gate)
{
    call.familyFlags &= static_cast<std::uint8_t>(~kRetryPendingFlag);
    const int attempt = launchNext(call, now, gate);
    if (attempt < 0)
        return endCall(call, CallEnd::Failed, call.lastErrorAttempt);
    ++call.retries;
    call.tryStart = static_cast<std::uint8_t>(attempt);
    call.hedgingStopped = false;
    CallStep step{.launch = attempt};
    armNext(call, now, step);
    return step;
}

CallStep LatestAttemptHedging::retryOrFail(CallState& call, int errorAttempt, double now,
                                           AttemptOutcome outcome)
{
    const LatestAttemptRetry& retry = m_rules.retry;
    const bool wanted = outcome == AttemptOutcome::HandledError && call.inFlight == 0 &&
                        call.retries < retry.maxRetries && call.launched < kMaxAttempts;
    if (!wanted)
        return endCall(call, CallEnd::Failed, errorAttempt);
    if (m_budget && !m_budget->tryWithdraw(now)) {
        ++m_retriesRefused;
        return endCall(call, CallEnd::Failed, errorAttempt);
    }
    call.lastErrorAttempt = static_cast<std::int8_t>(errorAttempt);
    call.familyFlags |= kRetryPendingFlag;
    call.hedgeDueAt = now + retry.backoff.draw(call.retries + 1, call.retryJitter, m_random);
    return CallStep{.hedgeAt = call.hedgeDueAt};
}

CallStep LatestAttemptHedging::attemptDone(CallState& call, int attempt, double now,
                                           AttemptOutcome outcome, const AttemptGate& gate)
{
    call.inFlight &= static_cast<std::uint16_t>(~(1u << attempt));
    if (outcome == AttemptOutcome::Success)
        return endCall(call, CallEnd::Succeeded, -1);
    // An error the hedging does not handle is the try's result (a retry may still take it).
    if (outcome == AttemptOutcome::UnhandledError || !m_rules.handleErrors)
        return retryOrFail(call, attempt, now, outcome);
    call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
    CallStep step = sendNext(call, now, gate);
    if (step.launch < 0 && call.inFlight == 0)
        return retryOrFail(call, m_rules.reportPrimaryFailure ? call.tryStart : attempt, now,
                           outcome);
    return step;
}

CallStep LatestAttemptHedging::abandon(CallState& call)
{
    if (call.end != CallEnd::Running)
        return {};
    return endCall(call, CallEnd::Abandoned, -1);
}

} // namespace hedge
