// The state of one call and the answer to one event: plain data that drivers store and
// copy freely (the simulation keeps one CallState per live call, without allocation).
#pragma once

#include <cstdint>
#include <limits>

namespace hedge {

inline constexpr int kMaxAttempts = 10;
inline constexpr double kNever = std::numeric_limits<double>::infinity();
inline constexpr int kRefused = -1; // a gate's answer when it does not admit an attempt
// In CallState::familyFlags, for every policy: the call's budget or throttle refused it a hedge
// (the figure "hedges refused" counts such calls; no policy refuses a call twice). The
// families keep their own bits below it.
inline constexpr std::uint8_t kHedgeRefusedFlag = 0x80;
// In CallState::familyFlags, for the families' retry rules: the armed timer ends a retry's
// backoff (hedgeDue sends the retry, counted in CallState::retries, not a hedge).
inline constexpr std::uint8_t kRetryPendingFlag = 0x40;
// Also for every policy: the call sent a hedge while the policy's throttle was at or below its
// threshold — a hedge the throttle would have refused had it been asked (gRPC's js flavour,
// docs/policies.md, "gRPC"). A diagnostic of the real grpc-js run's comparison.
inline constexpr std::uint8_t kHedgeBelowThresholdFlag = 0x20;

enum class AttemptOutcome : std::uint8_t {
    Success,
    HandledError,   // retryable: hedges at once
    UnhandledError, // ends the call with this error
};

enum class CallEnd : std::uint8_t {
    Running,
    Succeeded,
    Failed,    // every attempt failed (or one failed unhandled)
    Rejected,  // the first attempt was not admitted
    Abandoned, // the caller gave up
    TimedOut,  // the call's deadline passed first; its attempts still out are losers
};

struct CallState {
    double startedAt = 0.0;
    double hedgeDueAt = kNever;
    // Zero when a state is made (a call slot, once), never by restart(): the compiler cannot
    // tell that launch() writes an entry before it is read, and warns where a caller made one.
    double launchedAt[kMaxAttempts]{};
    int permit[kMaxAttempts]{};
    std::uint16_t inFlight = 0; // bit i: attempt i launched and not ended
    std::uint8_t launched = 0;
    bool hedgingStopped = false;
    CallEnd end = CallEnd::Running;
    std::int8_t lastErrorAttempt = -1;
    // For the policy families (FamilyPipeline) only; resilience4cata leaves them alone.
    std::int8_t retriesLeft = 0;  // envoy: extra attempts the call may still ask for
    std::uint8_t familyFlags = 0; // the family's own bits, and kHedgeRefusedFlag for all
    std::uint8_t retries = 0;     // attempts sent as retries (after an error), not as hedges
    std::uint8_t tryStart = 0;    // the first attempt of the call's current try (a retry starts one)
    float retryJitter = 0.0f;     // what a decorrelated backoff carries to the next retry
    double familyDelayMs = 0.0;   // the delay this call read at its start (percentile families)

    void launch(int attempt, double now, int permitToken)
    {
        launchedAt[attempt] = now;
        permit[attempt] = permitToken;
        inFlight |= static_cast<std::uint16_t>(1u << attempt);
        launched = static_cast<std::uint8_t>(attempt + 1);
    }
    bool isInFlight(int attempt) const { return (inFlight >> attempt) & 1u; }

    // The state of a new call started at `now`, like `CallState{}` but leaving the
    // per-attempt arrays as they are: launch() writes an attempt's entries before anything
    // reads them, and zeroing 120 bytes a call was 7 % of a simulation's time.
    void restart(double now)
    {
        startedAt = now;
        hedgeDueAt = kNever;
        inFlight = 0;
        launched = 0;
        hedgingStopped = false;
        end = CallEnd::Running;
        lastErrorAttempt = -1;
        retriesLeft = 0;
        familyFlags = 0;
        retries = 0;
        tryStart = 0;
        retryJitter = 0.0f;
        familyDelayMs = 0.0;
    }
};
// A field added to CallState must be reset by restart() too: this fails until it is looked at.
static_assert(sizeof(CallState) == 3 * sizeof(double) + kMaxAttempts * (sizeof(double) + sizeof(int)) + 16);

// What a driver must do after one event of a call.
struct CallStep {
    int launch = -1;           // send this attempt now (0 = the first)
    double hedgeAt = kNever;   // arm the hedge timer for this time (supersedes an older one)
    CallEnd end = CallEnd::Running;
    std::uint16_t cancel = 0;  // with an end: attempts still in flight, to cancel
    int errorAttempt = -1;     // with Failed: the attempt whose error ends the call
};

} // namespace hedge
