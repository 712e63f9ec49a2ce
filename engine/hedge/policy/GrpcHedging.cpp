#include <hedge/policy/GrpcHedging.h>

#include <algorithm>

namespace hedge {

using family_detail::endCall;
using family_detail::launchNext;

GrpcHedging::GrpcHedging(const GrpcSettings& settings, std::uint64_t seed)
    : m_settings(settings), m_backoff(backoffFor(settings)), m_random(seed)
{
    if (settings.throttling)
        m_throttle.emplace(*settings.throttling);
}

RetryBackoff GrpcHedging::backoffFor(const GrpcSettings& settings)
{
    const GrpcRetryPolicy policy = settings.retryPolicy.value_or(GrpcRetryPolicy{});
    // RetriableStream: the n-th backoff is drawn uniformly below min(initial × multiplier^(n−1),
    // max), the interval multiplied and capped after each draw.
    return RetryBackoff{.growth = RetryGrowth::Exponential,
                        .baseMs = policy.initialBackoffMs,
                        .multiplier = policy.backoffMultiplier,
                        .maxMs = policy.maxBackoffMs,
                        .jitter = RetryJitter::Full};
}

int GrpcHedging::maxAttempts() const
{
    if (!m_settings.hedgingPolicy)
        return 1;
    return std::min(m_settings.maxAttempts, kMaxAttemptsClamp);
}

int GrpcHedging::maxRetryAttempts() const
{
    if (m_settings.hedgingPolicy || !m_settings.retryPolicy)
        return 1;
    return std::clamp(m_settings.retryPolicy->maxAttempts, 1, kMaxAttemptsClamp);
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
    if (call.familyFlags & kRetryPendingFlag)
        return sendRetry(call, now, gate);
    return sendNow(call, now, gate);
}

// The backoff is over: the retry goes out if the limiter admits it (the throttle was asked when
// the error came).
CallStep GrpcHedging::sendRetry(CallState& call, double now, const AttemptGate& gate)
{
    call.familyFlags &= static_cast<std::uint8_t>(~kRetryPendingFlag);
    const int attempt = launchNext(call, now, gate);
    if (attempt < 0)
        return endCall(call, CallEnd::Failed, call.lastErrorAttempt);
    ++call.retries;
    return CallStep{.launch = attempt};
}

// RetriableStream's retry decision after a failed attempt (makeRetryDecision): a status outside
// retryableStatusCodes (an unhandled error) ends the call and leaves the bucket alone; a
// retryable one takes a token first, then is retried while attempts remain and the bucket is
// above half.
CallStep GrpcHedging::retryAfterError(CallState& call, int attempt, double now,
                                      AttemptOutcome outcome)
{
    call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
    if (outcome != AttemptOutcome::HandledError)
        return endCall(call, CallEnd::Failed, attempt);
    const bool throttled = m_throttle && !m_throttle->onQualifiedFailure();
    if (call.launched >= maxRetryAttempts())
        return endCall(call, CallEnd::Failed, attempt);
    if (throttled) {
        ++m_retriesRefused;
        return endCall(call, CallEnd::Failed, attempt);
    }
    const double backoff = m_backoff.draw(call.retries + 1, call.retryJitter, m_random);
    call.familyFlags |= kRetryPendingFlag;
    call.hedgeDueAt = now + backoff;
    return CallStep{.hedgeAt = call.hedgeDueAt};
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
    if (maxRetryAttempts() > 1)
        return retryAfterError(call, attempt, now, outcome);
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
    m_backoff = backoffFor(settings);
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
