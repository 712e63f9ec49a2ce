#include <hedge/FamilyKnobs.h>

#include <hedge/PolicyFamilies.h>

#include <limits>

namespace hedge {

// Translated where they are shown, as KnobRegistry.cpp's (context "KnobRegistry").
#define KNOB_TEXT(text) text

// Each family's retry rows (FamilyRetryKnobs.cpp), after its hedging rows.
std::vector<Knob> grpcRetryKnobs();
std::vector<Knob> envoyRetryKnobs();
std::vector<Knob> finagleRetryKnobs();
std::vector<Knob> towerRetryKnobs();
std::vector<Knob> pollyRetryKnobs();
std::vector<Knob> murphyRetryKnobs();

namespace {
std::vector<Knob> withRetryRows(std::vector<Knob> rows, std::vector<Knob> more)
{
    for (Knob& knob : more)
        rows.push_back(std::move(knob));
    return rows;
}
} // namespace

// Each tooltip says what the knob is in the stack's own words, then its default here and the
// stack's, with the file of the stack's source the default comes from. As in KnobRegistry.cpp,
// the table is kept out of clang-format so that a row reads as a row.
// clang-format off
std::vector<Knob> grpcKnobs()
{
    return withRetryRows({
        {.field = "grpc.max_attempts",
         .member = familyMember<&GrpcSettings::maxAttempts>(),
         .range = {.min = 2.0},
         .tooltip = KNOB_TEXT("maxAttempts of the hedgingPolicy: attempts a call may make, the "
                              "first included (at least 2). Above 5 the clients clamp it to 5.\n"
                              "Default: %1 (gRPC has none: the service config must give it; "
                              "grpc-java RetriableStream.java clamps it to 5)."),
         .editor = {.label = "&Max attempts:", .name = "Max attempts", .min = 2.0, .max = 10.0,
                    .sliderLow = 2.0, .sliderHigh = 10.0, .clampAbove = 5.0},
         .grid = GridSpread{.from = 2, .to = 5, .count = 4},
         .advice = AdviceSpread{.from = 2, .to = 3, .count = 2, .byDefault = true}},
        {.field = "grpc.hedging_delay_ms",
         .member = familyMember<&GrpcSettings::hedgingDelayMs>(),
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("hedgingDelay: the time between one attempt and the next while no "
                              "response has come; 0 sends every attempt at once.\n"
                              "Default: %1 ms (gRFC A6's default, 0 s; grpc-java "
                              "RetriableStream.java)."),
         .editor = {.label = "Hedging &delay:", .name = "Hedging delay", .max = 600000.0,
                    .decimals = 1, .suffix = " ms", .sliderHigh = 1000.0, .sliderCurvature = 6.9},
         .grid = GridSpread{.from = 5, .to = 60, .count = 12},
         .advice = kAdviceDelay},
        {.field = "grpc.non_fatal_errors",
         .member = familyMember<&GrpcSettings::nonFatalErrors>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("Whether the service's errors are in nonFatalStatusCodes: a "
                              "non-fatal error spends a throttling token and the other attempts "
                              "go on; a fatal one ends the call at once.\nDefault: off "
                              "(nonFatalStatusCodes is empty unless the config lists codes; "
                              "grpc-java RetriableStream.java)."),
         .editor = {.label = "&Non-fatal errors (nonFatalStatusCodes)", .name = "Non-fatal errors"}},
        {.field = "grpc.throttling",
         .member = familyMember<&GrpcSettings::throttling>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("retryThrottling: one token bucket per client, starting full. "
                              "Each non-fatal error spends a token, each successful call returns "
                              "token_ratio; at or below half the tokens no hedge is armed. "
                              "Slow but successful answers never spend a token.\nDefault: off "
                              "(gRPC throttles only when the service config has retryThrottling; "
                              "grpc-java RetriableStream.java, Throttle)."),
         .editor = {.label = "&Throttling (retryThrottling)", .name = "Throttling"}},
        {.field = "grpc.throttling.max_tokens",
         .member = familyMember<&GrpcSettings::throttling, &GrpcThrottling::maxTokens>(),
         .range = {.min = 0.0, .max = 1000.0, .minExclusive = true},
         .tooltip = KNOB_TEXT("maxTokens: the bucket's size; hedging stops at or below half of it "
                              "(> 0 and ≤ 1000).\nDefault: %1 (gRPC has none: retryThrottling must "
                              "give it; grpc-java RetriableStream.java, Throttle)."),
         .editor = {.label = "Max &tokens:", .name = "Max tokens", .min = 0.1, .max = 1000.0,
                    .decimals = 1},
         .grid = GridSpread{.from = 2, .to = 20, .count = 10},
         .advice = AdviceSpread{.from = 2, .to = 20, .count = 4}},
        {.field = "grpc.throttling.token_ratio",
         .member = familyMember<&GrpcSettings::throttling, &GrpcThrottling::tokenRatio>(),
         .range = {.min = 0.0, .max = kUnbounded, .minExclusive = true},
         .tooltip = KNOB_TEXT("tokenRatio: the tokens a successful call returns to the bucket "
                              "(gRPC keeps three decimals).\nDefault: %1 (gRPC has none: "
                              "retryThrottling must give it; grpc-java RetriableStream.java, "
                              "Throttle)."),
         .editor = {.label = "Token &ratio:", .name = "Token ratio", .min = 0.001, .max = 1000.0,
                    .decimals = 3, .step = 0.01},
         .grid = GridSpread{.from = 0.05, .to = 0.5, .count = 10},
         .advice = AdviceSpread{.from = 0.05, .to = 0.5, .count = 4}},
    }, grpcRetryKnobs());
}

// The route's retry_policy: the per-try timeout that triggers a hedge, retries, backoff.
namespace {

std::vector<Knob> envoyRouteKnobs()
{
    return {
        {.field = "envoy.per_try_timeout_ms",
         .member = familyMember<&EnvoySettings::perTryTimeoutMs>(),
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("per_try_timeout of the route's retry_policy, with "
                              "hedge_on_per_try_timeout: an attempt that has not answered by then "
                              "gets a hedge beside it (it is not reset). 0: none, never hedges.\n"
                              "Default: %1 ms = none (Envoy's default; envoy "
                              "source/common/router/retry_state_impl.cc)."),
         .editor = {.label = "&Per-try timeout:", .name = "Per-try timeout", .max = 600000.0,
                    .decimals = 1, .suffix = " ms", .zeroText = "none", .sliderHigh = 1000.0,
                    .sliderCurvature = 6.9},
         .grid = GridSpread{.from = 5, .to = 60, .count = 12},
         .advice = kAdviceDelay},
        {.field = "envoy.num_retries",
         .member = familyMember<&EnvoySettings::numRetries>(),
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("num_retries: extra attempts a call may make (hedges included).\n"
                              "Default: %1 (Envoy's default; envoy "
                              "source/common/router/retry_state_impl.cc)."),
         .editor = {.label = "Num &retries:", .name = "Num retries", .max = 10.0},
         .grid = GridSpread{.from = 1, .to = 4, .count = 4},
         .advice = AdviceSpread{.from = 1, .to = 2, .count = 2, .byDefault = true}},
        {.field = "envoy.backoff_base_ms",
         .member = familyMember<&EnvoySettings::backoffBaseMs>(),
         .unit = "ms",
         .range = {.min = 0.0, .max = kUnbounded, .minExclusive = true},
         .tooltip = KNOB_TEXT("base_interval of retry_back_off: the n-th hedge of a call waits a "
                              "random time below base × 2^(n−1) (at most the max interval).\n"
                              "Default: %1 ms (Envoy's default; envoy "
                              "source/common/router/retry_state_impl.cc)."),
         .editor = {.label = "Backoff base:", .name = "Backoff base", .min = 0.1, .max = 600000.0,
                    .decimals = 1, .suffix = " ms"}},
        {.field = "envoy.backoff_max_ms",
         .member = familyMember<&EnvoySettings::backoffMaxMs>(),
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("max_interval of retry_back_off: the longest backoff. 0: 10 × the "
                              "base.\nDefault: 10 × the base (Envoy's default; envoy "
                              "source/common/router/retry_state_impl.cc)."),
         .editor = {.label = "Backoff max:", .name = "Backoff max", .max = 600000.0,
                    .decimals = 1, .suffix = " ms", .zeroText = "10 × base"}},
    };
}

// The cluster's circuit breakers: the retry budget, or max_retries without one.
std::vector<Knob> envoyClusterKnobs()
{
    return {
        {.field = "envoy.retry_budget",
         .member = familyMember<&EnvoySettings::retryBudget>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("retry_budget of the cluster's circuit_breakers: calls holding a "
                              "retry slot may be at most budget_percent of the attempts in "
                              "flight, and at least min_retry_concurrency. It grows with the "
                              "queue.\nDefault: off — the max_retries circuit breaker bounds "
                              "hedges (Envoy's default; envoy "
                              "api/envoy/config/cluster/v3/circuit_breaker.proto)."),
         .editor = {.label = "Retry &budget (retry_budget)", .name = "Retry budget"}},
        {.field = "envoy.retry_budget.budget_percent",
         .member = familyMember<&EnvoySettings::retryBudget, &EnvoyRetryBudget::budgetPercent>(),
         .unit = "%",
         .range = {.min = 0.0, .max = 100.0},
         .tooltip = KNOB_TEXT("budget_percent: the share of the attempts in flight that may hold "
                              "a retry slot.\nDefault: %1 % (Envoy's default; envoy "
                              "api/envoy/config/cluster/v3/circuit_breaker.proto)."),
         .editor = {.label = "Budget percent:", .name = "Budget percent", .max = 100.0,
                    .decimals = 1, .suffix = " %"},
         .grid = GridSpread{.from = 0, .to = 50, .count = 6},
         .advice = AdviceSpread{.from = 5, .to = 50, .count = 4}},
        {.field = "envoy.retry_budget.min_retry_concurrency",
         .member = familyMember<&EnvoySettings::retryBudget,
                                &EnvoyRetryBudget::minRetryConcurrency>(),
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("min_retry_concurrency: retry slots always allowed, whatever the "
                              "share.\nDefault: %1 (Envoy's default; envoy "
                              "api/envoy/config/cluster/v3/circuit_breaker.proto)."),
         .editor = {.label = "Min concurrency:", .name = "Min retry concurrency",
                    .max = 100000.0}},
        {.field = "envoy.max_retries",
         .member = familyMember<&EnvoySettings::maxRetries>(),
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("max_retries of the cluster's circuit_breakers: calls holding a "
                              "retry slot at once, for the whole client, when there is no retry "
                              "budget.\nDefault: %1 (Envoy's default; envoy "
                              "api/envoy/config/cluster/v3/circuit_breaker.proto)."),
         .editor = {.label = "Max retries:", .name = "Max retries",
                    .max = 100000.0},
         .unusedWhileOn = "envoy.retry_budget",
         .unusedWhy = KNOB_TEXT("max_retries counts only without a retry budget: while Retry "
                                "budget is on, the budget bounds the retry slots and Envoy "
                                "ignores max_retries (docs/policies.md, \"Envoy\"). Turn the "
                                "budget off to set it.")},
    };
}

} // namespace

std::vector<Knob> finagleKnobs()
{
    return withRetryRows({
        {.field = "finagle.max_extra_load",
         .member = familyMember<&FinagleSettings::maxExtraLoad>(),
         .range = {.min = 0.0, .max = 1.0, .maxExclusive = true},
         .tooltip = KNOB_TEXT("maxExtraLoad of idempotent(): the backup delay is the latency "
                              "percentile 1 − max_extra_load of recent calls, so about this share "
                              "of calls send a backup; it also sizes the filter's own budget.\n"
                              "Default: %1 % (Finagle has none: idempotent() takes it; finagle "
                              "BackupRequestFilter.scala)."),
         .editor = {.label = "Max &extra load:", .name = "Max extra load", .max = 99.0,
                    .decimals = 2, .step = 0.5, .scale = 100.0, .suffix = " %"},
         .grid = GridSpread{.from = 0.005, .to = 0.05, .count = 10},
         .advice = AdviceSpread{.from = 0.005, .to = 0.1, .count = 8, .log = true, .byDefault = true, .thumbKind = AdviceSpread::Thumb::Value, .thumb = 0.05}},
        {.field = "finagle.send_interrupts",
         .member = familyMember<&FinagleSettings::sendInterrupts>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("sendInterrupts of idempotent(): whether the loser is interrupted "
                              "(cancelled as the cancellation says) or left running to the end.\n"
                              "Default: on (Finagle has none: idempotent() takes it; finagle "
                              "BackupRequestFilter.scala)."),
         .editor = {.label = "Send &interrupts", .name = "Send interrupts"}},
        {.field = "finagle.min_send_backup_after_ms",
         .member = familyMember<&FinagleSettings::minSendBackupAfterMs>(),
         .unit = "ms",
         .range = {.min = 1.0},
         .tooltip = KNOB_TEXT("minSendBackupAfterMs: the backup delay is never shorter.\n"
                              "Default: %1 ms (Finagle's default; finagle "
                              "BackupRequestFilter.scala)."),
         .editor = {.label = "Min backup delay:", .name = "Min send backup after",
                    .min = 1.0, .max = 60000.0, .decimals = 1, .suffix = " ms"}},
        {.field = "finagle.client_budget.percent_can_retry",
         .member = familyMember<&FinagleSettings::clientBudget,
                                &FinagleRetryBudget::percentCanRetry>(),
         .range = {.min = 0.0, .max = 10.0},
         .tooltip = KNOB_TEXT("percentCanRetry of the client's RetryBudget: backups may be at "
                              "most this share of the calls (plus the reserve).\nDefault: %1 % "
                              "(Finagle's default; finagle RetryBudget.scala)."),
         .editor = {.label = "Client budget:", .name = "Client budget percent can retry",
                    .max = 1000.0, .decimals = 1, .scale = 100.0, .suffix = " %"},
         .grid = GridSpread{.from = 0, .to = 0.5, .count = 6},
         .advice = AdviceSpread{.from = 0.05, .to = 0.5, .count = 4}},
        {.field = "finagle.client_budget.min_retries_per_sec",
         .member = familyMember<&FinagleSettings::clientBudget,
                                &FinagleRetryBudget::minRetriesPerSec>(),
         .unit = "/s",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("minRetriesPerSec of the client's RetryBudget: backups always "
                              "allowed per second (the reserve is this × the ttl).\nDefault: %1 "
                              "per second (Finagle's default; finagle RetryBudget.scala)."),
         .editor = {.label = "Min per second:", .name = "Min retries per second",
                    .max = 1e6, .decimals = 1, .suffix = " /s"}},
        {.field = "finagle.client_budget.ttl_s",
         .member = familyMember<&FinagleSettings::clientBudget, &FinagleRetryBudget::ttlSeconds>(),
         .unit = "s",
         .range = {.min = 1.0, .max = 60.0},
         .tooltip = KNOB_TEXT("ttl of the client's RetryBudget: how long deposits and "
                              "withdrawals count (1 … 60 s).\nDefault: %1 s (Finagle's default; "
                              "finagle RetryBudget.scala)."),
         .editor = {.label = "Budget TTL:", .name = "Budget TTL", .min = 1.0, .max = 60.0,
                    .decimals = 1, .suffix = " s"}},
    }, finagleRetryKnobs());
}

std::vector<Knob> towerKnobs()
{
    return withRetryRows({
        {.field = "tower.latency_percentile",
         .member = familyMember<&TowerSettings::latencyPercentile>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("latency_percentile of Hedge::new: the hedge is sent after this "
                              "percentile of the previous period's latencies.\nDefault: %1 % "
                              "(tower has none: Hedge::new takes it; tower src/hedge/mod.rs)."),
         .editor = {.label = "Latency &percentile:", .name = "Latency percentile", .max = 100.0,
                    .decimals = 1, .scale = 100.0, .suffix = " %"},
         .grid = GridSpread{.from = 0.5, .to = 0.99, .count = 8},
         .advice = AdviceSpread{.from = 0.5, .to = 0.99, .count = 8, .byDefault = true, .thumbKind = AdviceSpread::Thumb::Value, .thumb = 0.95}},
        {.field = "tower.min_data_points",
         .member = familyMember<&TowerSettings::minDataPoints>(),
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("min_data_points of Hedge::new: with fewer latencies in the "
                              "previous period, no hedge.\nDefault: %1 (tower has none: "
                              "Hedge::new takes it; tower src/hedge/mod.rs)."),
         .editor = {.label = "Min &data points:", .name = "Min data points", .max = 1000000.0}},
        {.field = "tower.period_s",
         .member = familyMember<&TowerSettings::periodSeconds>(),
         .unit = "s",
         .range = {.min = 0.0, .max = kUnbounded, .minExclusive = true},
         .tooltip = KNOB_TEXT("period of Hedge::new: how long each period's latencies are "
                              "gathered before they give the next percentile.\nDefault: %1 s "
                              "(tower has none: Hedge::new takes it; tower src/hedge/mod.rs)."),
         .editor = {.label = "Period:", .name = "Period", .min = 0.1, .max = 3600.0,
                    .decimals = 1, .suffix = " s"}},
        {.field = "tower.budget",
         .member = familyMember<&TowerSettings::budget>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("A TpsBudget around the hedge: every call deposits, every hedge "
                              "withdraws; an empty budget sends no hedge.\nDefault: off (tower's "
                              "hedge has no budget of its own; tower src/hedge/mod.rs)."),
         .editor = {.label = "&Budget (TpsBudget)", .name = "Budget"}},
        {.field = "tower.budget.retry_percent",
         .member = familyMember<&TowerSettings::budget, &TowerBudget::retryPercent>(),
         .range = {.min = 0.0, .max = 10.0},
         .tooltip = KNOB_TEXT("retry_percent of TpsBudget: hedges may be at most this share of "
                              "the calls.\nDefault: %1 % (TpsBudget's default; tower "
                              "src/retry/budget/tps_budget.rs)."),
         .editor = {.label = "Retry percent:", .name = "Retry percent", .max = 1000.0,
                    .decimals = 1, .scale = 100.0, .suffix = " %"},
         .advice = AdviceSpread{.from = 0.05, .to = 0.5, .count = 4}},
        {.field = "tower.budget.min_per_sec",
         .member = familyMember<&TowerSettings::budget, &TowerBudget::minPerSec>(),
         .unit = "/s",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("min_per_sec of TpsBudget: hedges always allowed per second.\n"
                              "Default: %1 per second (TpsBudget's default; tower "
                              "src/retry/budget/tps_budget.rs)."),
         .editor = {.label = "Min per second:", .name = "Min per second", .max = 1e6,
                    .decimals = 1, .suffix = " /s"}},
        {.field = "tower.budget.ttl_s",
         .member = familyMember<&TowerSettings::budget, &TowerBudget::ttlSeconds>(),
         .unit = "s",
         .range = {.min = 1.0, .max = 60.0},
         .tooltip = KNOB_TEXT("ttl of TpsBudget: how long deposits count (1 … 60 s).\n"
                              "Default: %1 s (TpsBudget's default; tower "
                              "src/retry/budget/tps_budget.rs)."),
         .editor = {.label = "TTL:", .name = "TTL", .min = 1.0, .max = 60.0, .decimals = 1,
                    .suffix = " s"}},
    }, towerRetryKnobs());
}

std::vector<Knob> pollyKnobs()
{
    return withRetryRows({
        {.field = "polly.max_hedged_attempts",
         .member = familyMember<&PollySettings::maxHedgedAttempts>(),
         .range = {.min = 1.0, .max = 10.0},
         .tooltip = KNOB_TEXT("MaxHedgedAttempts: extra attempts a call may make, the first not "
                              "counted (1 … 10).\nDefault: %1 (Polly's default; Polly.Core "
                              "HedgingStrategyOptions.cs)."),
         .editor = {.label = "Max &hedged attempts:", .name = "Max hedged attempts", .min = 1.0,
                    .max = 10.0},
         .grid = GridSpread{.from = 1, .to = 4, .count = 4},
         .advice = AdviceSpread{.from = 1, .to = 2, .count = 2, .byDefault = true}},
        {.field = "polly.delay_ms",
         .member = familyMember<&PollySettings::delayMs>(),
         .unit = "ms",
         .range = {.min = -kUnbounded},
         .tooltip = KNOB_TEXT("Delay: how long the most recent attempt may run before the next "
                              "starts; 0 starts every attempt at once, a negative delay only "
                              "after a handled failure.\nDefault: %1 ms (Polly's default, 2 s; "
                              "Polly.Core HedgingStrategyOptions.cs)."),
         // No slider: the box says "-1" (only after a failure) better than a handle could.
         .editor = {.label = "&Delay:", .name = "Delay", .min = -1.0, .max = 600000.0,
                    .decimals = 1, .suffix = " ms"},
         .grid = GridSpread{.from = 5, .to = 60, .count = 12},
         .advice = kAdviceDelay},
        {.field = "polly.handle_errors",
         .member = familyMember<&PollySettings::handleErrors>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("ShouldHandle: whether the service's errors are handled; a "
                              "handled error starts the next attempt at once.\nDefault: on "
                              "(Polly's default handles every exception; Polly.Core "
                              "HedgingStrategyOptions.cs)."),
         .editor = {.label = "Handle &errors (ShouldHandle)", .name = "Handle errors"}},
    }, pollyRetryKnobs());
}

std::vector<Knob> murphyKnobs()
{
    return withRetryRows({
        {.field = "murphy.delay_ms",
         .member = familyMember<&MurphySettings::delayMs>(),
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("Delay: how long an attempt may run before the next starts.\n"
                              "Default: %1 ms (Murphy's default; Murphy's hedging unit, "
                              "THedgingPolicy)."),
         .editor = {.label = "&Delay:", .name = "Delay", .max = 600000.0, .decimals = 1,
                    .suffix = " ms"},
         .grid = GridSpread{.from = 5, .to = 60, .count = 12},
         .advice = kAdviceDelay},
        {.field = "murphy.max_extra_attempts",
         .member = familyMember<&MurphySettings::maxExtraAttempts>(),
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("MaxExtraAttempts: attempts after the first (0: never hedges).\n"
                              "Default: %1 (Murphy's default; Murphy's hedging unit, "
                              "THedgingPolicy)."),
         .editor = {.label = "Max &extra attempts:", .name = "Max extra attempts", .max = 10.0},
         .grid = GridSpread{.from = 1, .to = 4, .count = 4},
         .advice = AdviceSpread{.from = 1, .to = 2, .count = 2, .byDefault = true}},
        {.field = "murphy.handle_errors",
         .member = familyMember<&MurphySettings::handleErrors>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("Whether the service's errors are handled: a handled error starts "
                              "the next attempt at once, an unhandled one ends the call.\n"
                              "Default: on (Murphy's default; Murphy's hedging unit, "
                              "THedgingPolicy)."),
         .editor = {.label = "Handle &errors", .name = "Handle errors"}},
    }, murphyRetryKnobs());
}

// clang-format on

#undef KNOB_TEXT

// The route's rows, then the cluster's.
std::vector<Knob> envoyKnobs()
{
    std::vector<Knob> all = envoyRouteKnobs();
    for (Knob& knob : envoyClusterKnobs())
        all.push_back(std::move(knob));
    return withRetryRows(std::move(all), envoyRetryKnobs());
}

std::vector<Knob> familyKnobs()
{
    std::vector<Knob> all;
    // The table's order: the docs' and the editor's chooser's.
    for (const PolicyFamilyRow& family : policyFamilies())
        if (family.knobs)
            for (Knob& knob : family.knobs())
                all.push_back(std::move(knob));
    return all;
}

} // namespace hedge
