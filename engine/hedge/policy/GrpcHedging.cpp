#include <hedge/policy/GrpcHedging.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace hedge {

using family_detail::endCall;
using family_detail::launchNext;

GrpcHedging::GrpcHedging(const GrpcSettings& settings, std::uint64_t seed)
    : m_settings(settings), m_jsTimerMs(grpcJsTimerMs(settings.hedgingDelayMs)),
      m_backoff(backoffFor(settings)), m_random(seed)
{
    if (settings.throttling)
        m_throttle.emplace(*settings.throttling, arithmetic());
}

GrpcThrottle::Arithmetic GrpcHedging::arithmetic() const
{
    return m_settings.flavour == GrpcFlavour::Js ? GrpcThrottle::Arithmetic::JsDouble
                                                 : GrpcThrottle::Arithmetic::JavaThousandths;
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
    if (m_settings.flavour == GrpcFlavour::Js && m_settings.hedgingPolicy) {
        // RetryingCall.start: the first attempt, then maybeStartHedgingTimer, never the bucket.
        call.familyDelayMs = kNever;
        if (call.launched < maxAttempts()) {
            call.hedgeDueAt = now + m_jsTimerMs;
            step.hedgeAt = call.hedgeDueAt;
        }
        return step;
    }
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
    if (m_settings.flavour == GrpcFlavour::Js && m_settings.hedgingPolicy)
        return jsHedgeDue(call, now, gate);
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
    if (m_settings.flavour == GrpcFlavour::Js)
        return jsNonFatalError(call, attempt, now);
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
    const GrpcThrottle::Arithmetic before = arithmetic();
    m_settings = settings;
    m_backoff = backoffFor(settings);
    m_jsTimerMs = grpcJsTimerMs(settings.hedgingDelayMs);
    if (!settings.throttling)
        m_throttle.reset();
    else if (m_throttle && arithmetic() == before)
        m_throttle->reconfigure(*settings.throttling);
    else // a new bucket, or another client's arithmetic: a new client, whose bucket is full
        m_throttle.emplace(*settings.throttling, arithmetic());
}

FamilyGauges GrpcHedging::gauges(double) const
{
    FamilyGauges g;
    if (m_throttle)
        g.tokens = m_throttle->tokens();
    return g;
}

// --- grpc-js (src/retrying-call.ts, RetryingCall; docs/policies.md, "gRPC") ---
//
// grpc-js runs up to two timers a call: the hedging timer, and after a non-fatal status a
// follow-up 1 ms on. The call keeps the earlier in hedgeDueAt (the one its driver arms) and the
// later in familyDelayMs, with two of the family's bits: a follow-up is pending, and it is the
// earlier of the two. A second non-fatal status while a follow-up is pending keeps that one
// (grpc-js would run both; the second could start one more hedge within the millisecond).

namespace {

constexpr std::uint8_t kJsFollowUpPending = 0x01;
constexpr std::uint8_t kJsFollowUpFirst = 0x02;

struct JsTimers {
    double hedging = kNever;
    double followUp = kNever;
};

JsTimers jsTimersOf(const CallState& call)
{
    if (!(call.familyFlags & kJsFollowUpPending))
        return {.hedging = call.hedgeDueAt};
    if (call.familyFlags & kJsFollowUpFirst)
        return {.hedging = call.familyDelayMs, .followUp = call.hedgeDueAt};
    return {.hedging = call.hedgeDueAt, .followUp = call.familyDelayMs};
}

// Keeps `timers` on the call and arms the earlier. A timer event that was armed before and is
// still due fires once: the other copy finds hedgeDueAt moved on (timerDue).
void storeJsTimers(CallState& call, JsTimers timers, CallStep& step)
{
    call.familyFlags &= static_cast<std::uint8_t>(~(kJsFollowUpPending | kJsFollowUpFirst));
    call.familyDelayMs = kNever;
    call.hedgeDueAt = timers.hedging;
    if (timers.followUp != kNever) {
        call.familyFlags |= kJsFollowUpPending;
        // At the same moment the hedging timer, armed earlier, runs first.
        if (timers.followUp < timers.hedging) {
            call.familyFlags |= kJsFollowUpFirst;
            call.hedgeDueAt = timers.followUp;
            call.familyDelayMs = timers.hedging;
        } else {
            call.familyDelayMs = timers.followUp;
        }
    }
    step.hedgeAt = call.hedgeDueAt;
}

} // namespace

double GrpcHedging::grpcJsTimerMs(double delayMs)
{
    // The export's text (nanoseconds, PolicyText.cpp's formatDuration) read as a JavaScript
    // Number and multiplied by 1000 (maybeStartHedgingTimer): "0.029s" is 29 ms, "1.001s"
    // 1000.9999999999999, which Node's timer cuts to 1000.
    const long long nanos = std::llround(std::max(0.0, delayMs) * 1e6);
    char text[48];
    const int length = std::snprintf(text, sizeof text, "%lld.%09lld", nanos / 1000000000LL,
                                     nanos % 1000000000LL);
    double seconds = 0.0;
    std::from_chars(text, text + length, seconds);
    return std::max(1.0, std::trunc(seconds * 1000.0));
}

bool GrpcHedging::jsStartHedge(CallState& call, double now, const AttemptGate& gate,
                               CallStep& step)
{
    if (call.hedgingStopped || call.launched >= maxAttempts())
        return true; // maybeStartHedgingAttempt: nothing to start, the timer left as it is
    // The bucket is not asked (only maybeRetryCall asks it); what it holds is only noted.
    const bool belowThreshold = m_throttle && !m_throttle->isAboveThreshold();
    const int attempt = launchNext(call, now, gate);
    JsTimers timers = jsTimersOf(call);
    if (attempt < 0) {
        call.hedgingStopped = true;
        timers.hedging = kNever;
        storeJsTimers(call, timers, step);
        return false;
    }
    step.launch = attempt;
    if (belowThreshold) {
        ++m_belowThreshold;
        call.familyFlags |= kHedgeBelowThresholdFlag;
    }
    // maybeStartHedgingTimer: the old timer cleared, a new one while attempts remain.
    timers.hedging = call.launched < maxAttempts() ? now + m_jsTimerMs : kNever;
    storeJsTimers(call, timers, step);
    return true;
}

CallStep GrpcHedging::jsHedgeDue(CallState& call, double now, const AttemptGate& gate)
{
    JsTimers timers = jsTimersOf(call);
    CallStep step;
    if (call.familyFlags & kJsFollowUpFirst) {
        // The status's follow-up: maybeStartHedgingAttempt, then, with nothing left in flight,
        // the call ends with that status.
        timers.followUp = kNever;
        storeJsTimers(call, timers, step);
        jsStartHedge(call, now, gate, step);
        if (call.inFlight == 0)
            return endCall(call, CallEnd::Failed, call.lastErrorAttempt);
        return step;
    }
    // The hedging timer.
    timers.hedging = kNever;
    storeJsTimers(call, timers, step);
    if (!jsStartHedge(call, now, gate, step) && call.inFlight == 0 &&
        timers.followUp == kNever)
        return endCall(call, CallEnd::Failed, call.lastErrorAttempt);
    return step;
}

CallStep GrpcHedging::jsNonFatalError(CallState& call, int attempt, double now)
{
    // handleProcessedStatus: a token less, then a timer of 0 (1 ms in Node) for the follow-up.
    if (m_throttle)
        m_throttle->onQualifiedFailure();
    CallStep step;
    JsTimers timers = jsTimersOf(call);
    if (timers.followUp == kNever) {
        call.lastErrorAttempt = static_cast<std::int8_t>(attempt);
        timers.followUp = now + kJsFollowUpMs;
        storeJsTimers(call, timers, step);
    }
    return step;
}

} // namespace hedge
