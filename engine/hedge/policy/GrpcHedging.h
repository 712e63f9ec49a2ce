// gRPC's hedging (gRFC A6, grpc-java's RetriableStream, grpc-js's RetryingCall;
// docs/policies.md, "gRPC") for one client: attempt 1 at once, the next after each hedging
// delay while attempts remain and the throttle (if any) is above half; the first success wins
// and refills the bucket; a fatal error ends the call; a non-fatal one drains a token and,
// throttled, ends the call (java) or stops hedging (a6). The js flavour follows grpc-js 1.14.7:
// timers of whole milliseconds re-armed per attempt, a non-fatal error starts the next hedge
// 1 ms later and re-arms the timer, and the bucket is counted but never asked about a hedge.
// With a retryPolicy instead of the hedgingPolicy (every flavour alike): one attempt at a time,
// a retryable error (the service's) retried after a fully jittered exponential backoff while
// maxAttempts (at most 5) allows and the throttle, told of the failure first, is above half.
#pragma once

#include <hedge/policy/FamilyPolicy.h>
#include <hedge/policy/GrpcThrottle.h>
#include <hedge/policy/PolicyFamily.h>
#include <hedge/policy/RetryBackoff.h>
#include <hedge/policy/SplitMix64.h>

#include <optional>

namespace hedge {

class GrpcHedging {
public:
    static constexpr int kMaxAttemptsClamp = 5; // what the clients clamp maxAttempts to

    // `seed` keys the retries' jitter (FamilyPipelineConfig::seed).
    explicit GrpcHedging(const GrpcSettings& settings, std::uint64_t seed = 0);

    CallStep start(CallState& call, double now, const AttemptGate& gate);
    CallStep hedgeDue(CallState& call, double now, const AttemptGate& gate);
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome,
                         const AttemptGate& gate);
    CallStep abandon(CallState& call);

    // For calls' next decisions from now on; the bucket keeps its tokens.
    void reconfigure(const GrpcSettings& settings, double now);
    FamilyGauges gauges(double now) const;
    // Timers the throttle kept from being armed while the call had attempts left.
    std::int64_t hedgesRefused() const { return m_refused; }
    // js: hedges sent while the bucket was at or below half (java and a6 send none).
    std::int64_t hedgesBelowThreshold() const { return m_belowThreshold; }
    int maxAttempts() const;
    // The retryPolicy's maxAttempts as the clients clamp it; 1 without a retryPolicy, or with a
    // hedgingPolicy (gRPC takes one or the other).
    int maxRetryAttempts() const;
    // Retries the throttle refused after a retryable error.
    std::int64_t retriesRefused() const { return m_retriesRefused; }
    // The backoff the retries draw from (nominal(n): the bound of retry n's draw).
    const RetryBackoff& retryBackoff() const { return m_backoff; }
    const GrpcThrottle* throttle() const { return m_throttle ? &*m_throttle : nullptr; }

    // The time grpc-js's hedging timer waits for a hedging delay of `delayMs`: the service
    // config's duration text in seconds times 1000 (a double), as Node's setTimeout takes it —
    // whole milliseconds, the fraction cut, and at least 1 ("0s" waits 1 ms).
    static double grpcJsTimerMs(double delayMs);
    // The follow-up of a non-fatal status in grpc-js: a setTimeout of 0, which Node runs 1 ms on.
    static constexpr double kJsFollowUpMs = 1.0;

private:
    // Arms the timer for the next attempt `delay` from `now`, if attempts remain and the
    // throttle allows it.
    void armNext(CallState& call, double now, CallStep& step);
    CallStep nonFatalError(CallState& call, int attempt, double now, const AttemptGate& gate);
    CallStep sendNow(CallState& call, double now, const AttemptGate& gate);
    CallStep retryAfterError(CallState& call, int attempt, double now, AttemptOutcome outcome);
    CallStep sendRetry(CallState& call, double now, const AttemptGate& gate);
    static RetryBackoff backoffFor(const GrpcSettings& settings);

    // The js flavour (GrpcHedging.cpp, "grpc-js").
    CallStep jsHedgeDue(CallState& call, double now, const AttemptGate& gate);
    CallStep jsNonFatalError(CallState& call, int attempt, double now);
    // Sends the next attempt if attempts remain (grpc-js maybeStartHedgingAttempt) and re-arms
    // the hedging timer from `now` (maybeStartHedgingTimer); false when the gate refused it.
    bool jsStartHedge(CallState& call, double now, const AttemptGate& gate, CallStep& step);
    GrpcThrottle::Arithmetic arithmetic() const;

    GrpcSettings m_settings;
    double m_jsTimerMs = 1.0;
    std::optional<GrpcThrottle> m_throttle;
    RetryBackoff m_backoff;
    SplitMix64 m_random;
    std::int64_t m_refused = 0;
    std::int64_t m_retriesRefused = 0;
    std::int64_t m_belowThreshold = 0;
};

} // namespace hedge
