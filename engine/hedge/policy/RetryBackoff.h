// The delay before a call's retries as each stack draws it (docs/policies.md, "Retries"): how
// the nominal delay grows from retry to retry (constant, linear, exponential up to a cap) and
// the stack's jitter on it. A family's retry rule holds one, set from its knobs, and draws from
// its own seeded stream; the call carries what a decorrelated jitter needs from its last draw
// (CallState::retryJitter).
#pragma once

#include <hedge/policy/CallState.h>
#include <hedge/policy/SplitMix64.h>

#include <cstdint>

namespace hedge {

enum class RetryGrowth : std::uint8_t { Constant, Linear, Exponential };

enum class RetryJitter : std::uint8_t {
    None,         // the nominal delay
    Full,         // uniform in [0, nominal): gRPC, Envoy, the plain retry
    Proportional, // nominal + uniform in [0, ratio × nominal], at most the cap: Tower
    Polly,        // constant and linear: ±25 %; exponential: Polly's decorrelated formula (V2)
    Decorrelated, // the first is the base; then uniform in [last, min(3 × last, cap)): Finagle
    Randomized,   // uniform in [(1 − ratio) × nominal, (1 + ratio) × nominal], at most the cap:
                  // resilience4j's randomized wait (IntervalFunction.randomize)
};

struct RetryBackoff {
    RetryGrowth growth = RetryGrowth::Exponential;
    double baseMs = 0.0;
    double multiplier = 2.0; // exponential growth
    double maxMs = kNever;   // the cap (kNever: none)
    RetryJitter jitter = RetryJitter::None;
    double jitterRatio = 0.0; // Proportional, Randomized

    bool operator==(const RetryBackoff&) const = default;

    // The delay before retry `retry` (1 = the first) before any jitter.
    double nominal(int retry) const;
    // The delay drawn before retry `retry`; `carried` is the call's CallState::retryJitter,
    // read and updated by the decorrelated kinds.
    double draw(int retry, float& carried, SplitMix64& random) const;
};

} // namespace hedge
