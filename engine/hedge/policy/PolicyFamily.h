// The hedging policies of real stacks (docs/policies.md): which family a setup follows and each
// family's knobs under the stack's own names, units and defaults. Plain data: the decision rules
// live in the family's policy object (GrpcHedging, EnvoyHedging, ...), composed by
// FamilyPipeline; the scenario file, validation and the editors read the knobs' rows
// (KnobRegistry).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace hedge {

// resilience4cata is the explorer's own model (Setup::hedge and its windowed rate budget); the
// others are configured by their FamilySettings member below.
enum class PolicyFamily : std::uint8_t { Resilience4cata, Murphy, Grpc, Envoy, Polly, Finagle, Tower };

// --- gRPC (gRFC A6 hedgingPolicy + retryThrottling) ---
struct GrpcThrottling {
    double maxTokens = 10.0; // (0, 1000]
    double tokenRatio = 0.1; // > 0; grpc keeps three decimals
    bool operator==(const GrpcThrottling&) const = default;
};
// java: a throttled non-fatal error ends the call at once (grpc-java's RetriableStream); a6: the
// call ends only when no other attempt is in flight, and an unthrottled one hedges at once; js:
// grpc-js 1.14.7's RetryingCall — timers of whole milliseconds, a non-fatal error hedges 1 ms
// later, and the bucket is counted but never consulted for a hedge (docs/policies.md, "gRPC").
enum class GrpcFlavour : std::uint8_t { Java, A6, Js };
// A method's retryPolicy (gRFC A6; grpc-java RetriableStream): the service's errors are in
// retryableStatusCodes. gRPC has no defaults (the service config gives them): these are A6's
// example.
struct GrpcRetryPolicy {
    int maxAttempts = 4;             // total, ≥ 2; above 5 clamped to 5, as the clients do
    double initialBackoffMs = 100.0; // > 0
    double maxBackoffMs = 1000.0;    // > 0
    double backoffMultiplier = 2.0;  // > 0
    bool operator==(const GrpcRetryPolicy&) const = default;
};
struct GrpcSettings {
    int maxAttempts = 2;         // total; 2 … 5 (more is clamped to 5, as the clients do)
    double hedgingDelayMs = 0.0; // 0: every attempt at once (the A6 default)
    bool nonFatalErrors = false; // the service's errors are in nonFatalStatusCodes
    std::optional<GrpcThrottling> throttling; // none: no retryThrottling
    GrpcFlavour flavour = GrpcFlavour::Java;
    // The method's config has a hedgingPolicy (the knobs above). gRPC allows it or a
    // retryPolicy, not both (validation refuses both on).
    bool hedgingPolicy = true;
    std::optional<GrpcRetryPolicy> retryPolicy; // none: no retries
    bool operator==(const GrpcSettings&) const = default;
};

// --- Envoy (route hedge_policy + retry_policy; cluster circuit breakers) ---
struct EnvoyRetryBudget {
    double budgetPercent = 20.0;
    int minRetryConcurrency = 3;
    bool operator==(const EnvoyRetryBudget&) const = default;
};
struct EnvoySettings {
    double perTryTimeoutMs = 0.0; // the hedge trigger; 0: none, never hedges (Envoy's default)
    int numRetries = 1;           // extra attempts in flight at most
    double backoffBaseMs = 25.0;
    double backoffMaxMs = 0.0;    // 0: 10 × base (Envoy's default)
    std::optional<EnvoyRetryBudget> retryBudget; // none: the max_retries circuit breaker bounds
    int maxRetries = 3;                          // the cluster's circuit breaker
    bool retryOn5xx = false; // retry_on "5xx": the service's errors (and sheds, 503) are retried
    // hedge_policy.hedge_on_per_try_timeout: a per-try timeout hedges (the attempt goes on), the
    // explorer's default since Envoy hedges only so; off (Envoy's own default), it resets the
    // attempt and, with retry_on 5xx, retries it.
    bool hedgeOnPerTryTimeout = true;
    double backoffMax() const { return backoffMaxMs > 0.0 ? backoffMaxMs : 10.0 * backoffBaseMs; }
    bool operator==(const EnvoySettings&) const = default;
};

// --- Polly v8 hedging strategy, and a retry strategy outside it in the pipeline ---
struct PollyRetry {
    int maxRetryAttempts = 3; // retries after the first try, ≥ 1
    double delayMs = 2000.0;  // the base delay, ≥ 0
    int backoffType = 0;      // DelayBackoffType's value: 0 constant, 1 linear, 2 exponential
    bool useJitter = false;
    double maxDelayMs = 0.0;  // MaxDelay; 0: none
    bool operator==(const PollyRetry&) const = default;
};
struct PollySettings {
    int maxHedgedAttempts = 1; // extra attempts, 1 … 10
    double delayMs = 2000.0;   // 0: all at once; negative: only after a failure
    std::vector<double> delayPerAttemptMs; // the DelayGenerator: entry k for hedge k+1, the last repeats
    bool handleErrors = true;              // ShouldHandle accepts the service's errors
    std::optional<PollyRetry> retry;       // none: no retry strategy
    bool operator==(const PollySettings&) const = default;
};

// --- Finagle (BackupRequestFilter + RetryBudget) ---
struct FinagleRetryBudget {
    double percentCanRetry = 0.2;
    double minRetriesPerSec = 10.0;
    double ttlSeconds = 10.0;
    bool operator==(const FinagleRetryBudget&) const = default;
};
// A RetryFilter with RetryPolicy.tries: the service's errors are retried under the client's
// RetryBudget, with Finagle's decorrelated jittered backoff from 5 ms to 200 ms.
struct FinagleRetryPolicy {
    int numTries = 2; // attempts, the first included, ≥ 2
    bool operator==(const FinagleRetryPolicy&) const = default;
};
struct FinagleSettings {
    double maxExtraLoad = 0.01;     // [0, 1): the backup delay is the 1 − max_extra_load percentile
    bool sendInterrupts = true;     // losers are interrupted (cancelled) or left running
    double minSendBackupAfterMs = 1.0;
    FinagleRetryBudget clientBudget;
    std::optional<FinagleRetryPolicy> retryPolicy; // none: no retries
    bool operator==(const FinagleSettings&) const = default;
};

// --- Tower (tower::hedge + TpsBudget) ---
struct TowerBudget {
    double retryPercent = 0.2;
    double minPerSec = 10.0;
    double ttlSeconds = 10.0;
    bool operator==(const TowerBudget&) const = default;
};
// tower::retry::Retry around the hedge: a Policy that retries the service's errors up to
// max_retries times, with an ExponentialBackoff (tower has no defaults: these are the model's),
// withdrawing from the TpsBudget when the setup has one.
struct TowerRetry {
    int maxRetries = 3;
    double minBackoffMs = 100.0;  // > 0
    double maxBackoffMs = 10000.0; // ≥ min
    double jitter = 1.0;          // ≥ 0: up to this share of the backoff is added at random
    bool operator==(const TowerRetry&) const = default;
};
struct TowerSettings {
    double latencyPercentile = 0.9; // of the previous period's latencies
    int minDataPoints = 10;
    double periodSeconds = 1.0;
    std::optional<TowerBudget> budget; // none: unbudgeted
    std::optional<TowerRetry> retry;   // none: no retries
    bool operator==(const TowerSettings&) const = default;
};

// The model's rate budget for a plain retry (Murphy's, resilience4cata's; the explorer's own):
// every call deposits, every retry withdraws, over a sliding window.
struct RetryRateBudget {
    double percent = 20.0;      // retries per 100 calls
    double minPerSecond = 10.0; // always allowed
    double windowSeconds = 10.0;
    bool operator==(const RetryRateBudget&) const = default;
};

// --- Murphy (Delphi THedgingPolicy), with the model's plain retry ---
using MurphyRetryBudget = RetryRateBudget;
struct MurphyRetry {
    int maxRetries = 2;
    double backoffMs = 100.0;      // ≥ 0: before the first retry
    double backoffMultiplier = 2.0; // ≥ 1
    double maxBackoffMs = 10000.0;  // ≥ 0
    bool jitter = true;             // full jitter: uniform below the backoff
    std::optional<MurphyRetryBudget> budget; // none: unbudgeted
    bool operator==(const MurphyRetry&) const = default;
};
struct MurphySettings {
    double delayMs = 2000.0;
    int maxExtraAttempts = 1; // ≥ 0; total = 1 + extra
    bool handleErrors = true; // the service's errors are handled: the next attempt starts at once
    std::optional<MurphyRetry> retry; // none: no retries
    bool operator==(const MurphySettings&) const = default;
};

// --- resilience4cata's retry (a resilience4j Retry around its hedge) ---
// resilience4cata's hedge is Setup::hedge; its retry is the family's own part here, beside it.
using Resilience4cataRetryBudget = RetryRateBudget;
// RetryConfig's names: maxAttempts counts the first call; the wait is waitDuration, grown by
// IntervalFunction's exponential backoff when enabled, randomised by ± the factor when enabled.
struct Resilience4cataRetry {
    int maxAttempts = 3;                     // tries, the first included (resilience4j: 3)
    double waitDurationMs = 500.0;           // resilience4j: 500 ms
    bool exponentialBackoff = false;         // enableExponentialBackoff
    double exponentialBackoffMultiplier = 1.5; // IntervalFunction's default
    double exponentialMaxWaitMs = 0.0;       // exponentialMaxWaitDuration; 0: none
    bool randomizedWait = false;             // enableRandomizedWait
    double randomizedWaitFactor = 0.5;       // [0, 1): the wait ± this share of it
    std::optional<Resilience4cataRetryBudget> budget; // the explorer's own; none: unbudgeted
    bool operator==(const Resilience4cataRetry&) const = default;
};
struct Resilience4cataSettings {
    std::optional<Resilience4cataRetry> retry; // none: no retries
    bool operator==(const Resilience4cataSettings&) const = default;
};

// Every family's knobs: a setup keeps all of them, so switching the family in the editor and
// back keeps what was typed; only the chosen family's are written to a file or compared.
struct FamilySettings {
    GrpcSettings grpc;
    EnvoySettings envoy;
    PollySettings polly;
    FinagleSettings finagle;
    TowerSettings tower;
    MurphySettings murphy;
    Resilience4cataSettings resilience4cata; // its retry; its hedge is Setup::hedge
    bool operator==(const FamilySettings&) const = default;
};

// Which family's settings a struct is, and where Setup::families keeps them (a knob row names
// its member by path, FamilyMember.h).
template <class Settings> struct FamilyOf;
template <> struct FamilyOf<GrpcSettings> {
    static constexpr PolicyFamily family = PolicyFamily::Grpc;
    static constexpr auto settings = &FamilySettings::grpc;
};
template <> struct FamilyOf<EnvoySettings> {
    static constexpr PolicyFamily family = PolicyFamily::Envoy;
    static constexpr auto settings = &FamilySettings::envoy;
};
template <> struct FamilyOf<PollySettings> {
    static constexpr PolicyFamily family = PolicyFamily::Polly;
    static constexpr auto settings = &FamilySettings::polly;
};
template <> struct FamilyOf<FinagleSettings> {
    static constexpr PolicyFamily family = PolicyFamily::Finagle;
    static constexpr auto settings = &FamilySettings::finagle;
};
template <> struct FamilyOf<TowerSettings> {
    static constexpr PolicyFamily family = PolicyFamily::Tower;
    static constexpr auto settings = &FamilySettings::tower;
};
template <> struct FamilyOf<MurphySettings> {
    static constexpr PolicyFamily family = PolicyFamily::Murphy;
    static constexpr auto settings = &FamilySettings::murphy;
};

template <> struct FamilyOf<Resilience4cataSettings> {
    static constexpr PolicyFamily family = PolicyFamily::Resilience4cata;
    static constexpr auto settings = &FamilySettings::resilience4cata;
};

// As a scenario file spells the family: "resilience4cata", "grpc", ...
const char* toString(PolicyFamily family);
std::optional<PolicyFamily> policyFamilyFromString(std::string_view name);
// Every family, in the order the docs and the editor's chooser list them.
const std::vector<PolicyFamily>& allPolicyFamilies();
const char* toString(GrpcFlavour flavour);
std::optional<GrpcFlavour> grpcFlavourFromString(std::string_view name);

} // namespace hedge
