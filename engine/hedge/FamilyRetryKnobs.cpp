// The policy families' retry rows (docs/policies.md, "Retries"), kept apart from FamilyKnobs.cpp
// only for length: each family's knob list (FamilyKnobs.cpp) ends with its retry rows. Every row
// is written only when it is not its default (`omitDefault`), so a file written before retries
// existed is written the same.
#include <hedge/Knob.h>

#include <vector>

namespace hedge {

// Translated where they are shown, as KnobRegistry.cpp's (context "KnobRegistry").
#define KNOB_TEXT(text) text

// clang-format off
std::vector<Knob> grpcRetryKnobs()
{
    return {
        {.field = "grpc.hedging_policy",
         .member = familyMember<&GrpcSettings::hedgingPolicy>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("Whether the method's config has the hedgingPolicy above. gRPC takes "
                              "a hedgingPolicy or a retryPolicy per method, never both: turn it "
                              "off to retry.\nDefault: on (grpc-java ManagedChannelServiceConfig "
                              "refuses a method with both)."),
         .editor = {.label = "&Hedging policy (hedgingPolicy)", .name = "Hedging policy"},
         .omitDefault = true},
        {.field = "grpc.retry_policy",
         .member = familyMember<&GrpcSettings::retryPolicy>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("retryPolicy: a failed attempt whose status is retryable (the "
                              "service's errors, sheds included) is retried, one attempt at a "
                              "time, after a backoff drawn uniformly below the current interval. "
                              "With retryThrottling, each such failure takes a token and no retry "
                              "goes out at or below half.\nDefault: off (grpc-java "
                              "RetriableStream.java, makeRetryDecision)."),
         .editor = {.label = "Retry polic&y (retryPolicy)", .name = "Retry policy"},
         .omitDefault = true},
        {.field = "grpc.retry_policy.max_attempts",
         .member = familyMember<&GrpcSettings::retryPolicy, &GrpcRetryPolicy::maxAttempts>(),
         .range = {.min = 2.0},
         .tooltip = KNOB_TEXT("maxAttempts of the retryPolicy: attempts a call may make, the first "
                              "included (at least 2). Above 5 the clients clamp it to 5.\n"
                              "Default: %1 (gRPC has none: gRFC A6's example; grpc-java "
                              "ManagedChannelServiceConfig clamps it to 5)."),
         .editor = {.label = "Retry max attempts:", .name = "Retry max attempts", .min = 2.0,
                    .max = 10.0, .clampAbove = 5.0},
         .grid = GridSpread{.from = 2, .to = 5, .count = 4}},
        {.field = "grpc.retry_policy.initial_backoff_ms",
         .member = familyMember<&GrpcSettings::retryPolicy, &GrpcRetryPolicy::initialBackoffMs>(),
         .unit = "ms",
         .range = {.min = 0.0, .max = kUnbounded, .minExclusive = true},
         .tooltip = KNOB_TEXT("initialBackoff: the first retry waits a random time below it.\n"
                              "Default: %1 ms (gRPC has none: gRFC A6's example; grpc-java "
                              "RetriableStream.java)."),
         .editor = {.label = "Initial backoff:", .name = "Initial backoff", .min = 0.1,
                    .max = 600000.0, .decimals = 1, .suffix = " ms"},
         .grid = GridSpread{.from = 10, .to = 1000, .count = 8, .log = true}},
        {.field = "grpc.retry_policy.max_backoff_ms",
         .member = familyMember<&GrpcSettings::retryPolicy, &GrpcRetryPolicy::maxBackoffMs>(),
         .unit = "ms",
         .range = {.min = 0.0, .max = kUnbounded, .minExclusive = true},
         .tooltip = KNOB_TEXT("maxBackoff: the interval the backoff is drawn below never grows "
                              "past it.\nDefault: %1 ms (gRPC has none: gRFC A6's example; "
                              "grpc-java RetriableStream.java)."),
         .editor = {.label = "Max backoff:", .name = "Max backoff", .min = 0.1, .max = 600000.0,
                    .decimals = 1, .suffix = " ms"}},
        {.field = "grpc.retry_policy.backoff_multiplier",
         .member = familyMember<&GrpcSettings::retryPolicy, &GrpcRetryPolicy::backoffMultiplier>(),
         .range = {.min = 0.0, .max = kUnbounded, .minExclusive = true},
         .tooltip = KNOB_TEXT("backoffMultiplier: the interval is multiplied by it after each "
                              "retry.\nDefault: %1 (gRPC has none: gRFC A6's example; grpc-java "
                              "RetriableStream.java)."),
         .editor = {.label = "Backoff multiplier:", .name = "Backoff multiplier", .min = 0.1,
                    .max = 100.0, .decimals = 2, .step = 0.5}},
    };
}

std::vector<Knob> envoyRetryKnobs()
{
    return {
        {.field = "envoy.retry_on_5xx",
         .member = familyMember<&EnvoySettings::retryOn5xx>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("retry_on \"5xx\": an error of the latest attempt (the service's "
                              "errors and sheds answer 5xx) is retried on the same retry state as "
                              "the hedges: it uses up one of num_retries, takes a retry slot "
                              "(retry_budget or max_retries) and waits the same doubling backoff."
                              "\nDefault: off (Envoy retries nothing unless retry_on says; envoy "
                              "source/common/router/retry_state_impl.cc, shouldRetry)."),
         .editor = {.label = "Retry on &5xx (retry_on)", .name = "Retry on 5xx"},
         .omitDefault = true},
        {.field = "envoy.hedge_on_per_try_timeout",
         .member = familyMember<&EnvoySettings::hedgeOnPerTryTimeout>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("hedge_on_per_try_timeout: at a per-try timeout the attempt goes "
                              "on and a hedge is sent beside it. Off, the timeout resets the "
                              "attempt (the call no longer waits for it) and, with retry_on 5xx, "
                              "retries it on the same retry state; without, the call fails "
                              "(504).\nDefault: on (the explorer's, which hedges; Envoy's own "
                              "default is false; envoy source/common/router/router.cc, "
                              "onPerTryTimeout)."),
         .editor = {.label = "Hedge on per-tr&y timeout", .name = "Hedge on per-try timeout"},
         .omitDefault = true},
    };
}

std::vector<Knob> finagleRetryKnobs()
{
    return {
        {.field = "finagle.retry_policy",
         .member = familyMember<&FinagleSettings::retryPolicy>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("A RetryFilter with RetryPolicy.tries: a call whose attempts all "
                              "failed with the service's error is retried after a decorrelated "
                              "jittered backoff (5 ms, then up to 3 × the last, at most 200 ms) "
                              "while the client's RetryBudget allows.\nDefault: off (finagle "
                              "RetryPolicy.scala, tries; RetryFilter.scala)."),
         .editor = {.label = "Retr&y policy (RetryPolicy.tries)", .name = "Retry policy"},
         .omitDefault = true},
        {.field = "finagle.retry_policy.num_tries",
         .member = familyMember<&FinagleSettings::retryPolicy, &FinagleRetryPolicy::numTries>(),
         .range = {.min = 2.0, .max = 10.0},
         .tooltip = KNOB_TEXT("numTries of RetryPolicy.tries: attempts a call may make, the first "
                              "included (2 … 10).\nDefault: %1 (Finagle has none: tries() takes "
                              "it; finagle RetryPolicy.scala)."),
         .editor = {.label = "Num tries:", .name = "Num tries", .min = 2.0, .max = 10.0},
         .grid = GridSpread{.from = 2, .to = 5, .count = 4}},
    };
}

std::vector<Knob> towerRetryKnobs()
{
    return {
        {.field = "tower.retry",
         .member = familyMember<&TowerSettings::retry>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("tower::retry::Retry around the hedge: a Policy that retries the "
                              "service's errors after an ExponentialBackoff, withdrawing from the "
                              "TpsBudget when Budget is on.\nDefault: off (tower "
                              "src/retry/mod.rs, src/retry/backoff.rs)."),
         .editor = {.label = "&Retry (tower::retry)", .name = "Retry"},
         .omitDefault = true},
        {.field = "tower.retry.max_retries",
         .member = familyMember<&TowerSettings::retry, &TowerRetry::maxRetries>(),
         .range = {.min = 0.0, .max = 9.0},
         .tooltip = KNOB_TEXT("Retries the Policy allows a request (0 … 9).\nDefault: %1 (tower "
                              "has none: a Policy counts its own attempts; tower "
                              "src/retry/policy.rs)."),
         .editor = {.label = "Max retries:", .name = "Max retries", .max = 9.0},
         .grid = GridSpread{.from = 0, .to = 4, .count = 5}},
        {.field = "tower.retry.min_backoff_ms",
         .member = familyMember<&TowerSettings::retry, &TowerRetry::minBackoffMs>(),
         .unit = "ms",
         .range = {.min = 0.0, .max = kUnbounded, .minExclusive = true},
         .tooltip = KNOB_TEXT("min of ExponentialBackoffMaker::new: the first retry's base "
                              "backoff; it doubles for each retry.\nDefault: %1 ms (tower has "
                              "none: new() takes it; tower src/retry/backoff.rs)."),
         .editor = {.label = "Min backoff:", .name = "Min backoff", .min = 0.1, .max = 600000.0,
                    .decimals = 1, .suffix = " ms"}},
        {.field = "tower.retry.max_backoff_ms",
         .member = familyMember<&TowerSettings::retry, &TowerRetry::maxBackoffMs>(),
         .unit = "ms",
         .range = {.min = 0.0, .max = kUnbounded, .minExclusive = true},
         .tooltip = KNOB_TEXT("max of ExponentialBackoffMaker::new: no backoff, jitter included, "
                              "is longer (≥ min).\nDefault: %1 ms (tower has none: new() takes "
                              "it; tower src/retry/backoff.rs)."),
         .editor = {.label = "Max backoff:", .name = "Max backoff", .min = 0.1, .max = 600000.0,
                    .decimals = 1, .suffix = " ms"}},
        {.field = "tower.retry.jitter",
         .member = familyMember<&TowerSettings::retry, &TowerRetry::jitter>(),
         .range = {.min = 0.0, .max = 100.0},
         .tooltip = KNOB_TEXT("jitter of ExponentialBackoffMaker::new: a random share of the base "
                              "backoff, up to this ratio, is added to it (0 … 100).\nDefault: %1 "
                              "(tower has none: new() takes it; tower src/retry/backoff.rs)."),
         .editor = {.label = "Jitter:", .name = "Jitter", .max = 100.0, .decimals = 2,
                    .step = 0.1}},
    };
}

std::vector<Knob> pollyRetryKnobs()
{
    return {
        {.field = "polly.retry",
         .member = familyMember<&PollySettings::retry>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("A retry strategy before the hedging one in the pipeline: when the "
                              "hedged try failed with the service's error, it is run again after "
                              "the delay. Polly has no budget.\nDefault: off (Polly.Core "
                              "RetryResilienceStrategy.cs)."),
         .editor = {.label = "&Retry strategy (AddRetry)", .name = "Retry strategy"},
         .omitDefault = true},
        {.field = "polly.retry.max_retry_attempts",
         .member = familyMember<&PollySettings::retry, &PollyRetry::maxRetryAttempts>(),
         .range = {.min = 1.0, .max = 9.0},
         .tooltip = KNOB_TEXT("MaxRetryAttempts: retries after the first try (1 … 9 here; a call "
                              "makes 10 attempts at most).\nDefault: %1 (Polly's default; "
                              "Polly.Core RetryStrategyOptions.cs)."),
         .editor = {.label = "Max retry attempts:", .name = "Max retry attempts", .min = 1.0,
                    .max = 9.0},
         .grid = GridSpread{.from = 1, .to = 4, .count = 4}},
        {.field = "polly.retry.delay_ms",
         .member = familyMember<&PollySettings::retry, &PollyRetry::delayMs>(),
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("Delay: the base delay before a retry, grown by the backoff type.\n"
                              "Default: %1 ms (Polly's default, 2 s; Polly.Core "
                              "RetryStrategyOptions.cs)."),
         .editor = {.label = "Retry delay:", .name = "Retry delay", .max = 600000.0,
                    .decimals = 1, .suffix = " ms"},
         .grid = GridSpread{.from = 0, .to = 200, .count = 5}},
        {.field = "polly.retry.backoff_type",
         .member = familyMember<&PollySettings::retry, &PollyRetry::backoffType>(),
         .range = {.min = 0.0, .max = 2.0},
         .tooltip = KNOB_TEXT("BackoffType, as DelayBackoffType numbers it: 0 constant (the delay), "
                              "1 linear (delay × n before retry n), 2 exponential (delay × "
                              "2^(n−1)).\nDefault: %1, constant (Polly's default; Polly.Core "
                              "RetryStrategyOptions.cs, RetryHelper.cs)."),
         .editor = {.label = "Backoff type:", .name = "Backoff type", .max = 2.0,
                    .choices = KNOB_TEXT("Constant|Linear|Exponential")}},
        {.field = "polly.retry.use_jitter",
         .member = familyMember<&PollySettings::retry, &PollyRetry::useJitter>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("UseJitter: constant and linear delays vary by ±25 %; exponential "
                              "ones follow Polly's decorrelated jitter formula.\nDefault: off "
                              "(Polly's default; Polly.Core RetryHelper.cs)."),
         .editor = {.label = "Use &jitter", .name = "Use jitter"}},
        {.field = "polly.retry.max_delay_ms",
         .member = familyMember<&PollySettings::retry, &PollyRetry::maxDelayMs>(),
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("MaxDelay: no retry waits longer. 0: none.\nDefault: none (Polly's "
                              "default; Polly.Core RetryStrategyOptions.cs)."),
         .editor = {.label = "Max delay:", .name = "Max delay", .max = 600000.0, .decimals = 1,
                    .suffix = " ms", .zeroText = "none"}},
    };
}

// The three rows of a plain retry's rate budget (RetryRateBudget: Murphy's, resilience4cata's),
// under the family's field names; `Retry` is the family's retry member, `Budget` its budget's.
template <auto Retry, auto Budget>
std::vector<Knob> retryRateBudgetKnobs(const char* percentField, const char* minPerSecondField,
                                       const char* windowField)
{
    return {
        {.field = percentField,
         .member = familyMember<Retry, Budget, &RetryRateBudget::percent>(),
         .unit = "%",
         .range = {.min = 0.0, .max = 100.0},
         .tooltip = KNOB_TEXT("Retries allowed per 100 calls.\nDefault: %1 % (the explorer's own; "
                              "Finagle's RetryBudget allows 20 %)."),
         .editor = {.label = "Budget percent:", .name = "Budget percent", .max = 100.0,
                    .decimals = 1, .suffix = " %"},
         .grid = GridSpread{.from = 0, .to = 50, .count = 6}},
        {.field = minPerSecondField,
         .member = familyMember<Retry, Budget, &RetryRateBudget::minPerSecond>(),
         .unit = "/s",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("Retries always allowed per second.\nDefault: %1 per second (the "
                              "explorer's own; Finagle's RetryBudget allows 10)."),
         .editor = {.label = "Min per second:", .name = "Min per second", .max = 1e6,
                    .decimals = 1, .suffix = " /s"}},
        {.field = windowField,
         .member = familyMember<Retry, Budget, &RetryRateBudget::windowSeconds>(),
         .unit = "s",
         .range = {.min = 1.0, .max = 60.0},
         .tooltip = KNOB_TEXT("How long deposits and withdrawals count (1 … 60 s).\nDefault: %1 s "
                              "(the explorer's own)."),
         .editor = {.label = "Budget window:", .name = "Budget window", .min = 1.0, .max = 60.0,
                    .decimals = 1, .suffix = " s"}},
    };
}

std::vector<Knob> murphyRetryKnobs()
{
    std::vector<Knob> rows{
        {.field = "murphy.retry",
         .member = familyMember<&MurphySettings::retry>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("The model's plain retry outside the hedging: when the hedged try "
                              "failed with the service's error, it is run again after an "
                              "exponential backoff.\nDefault: off (the explorer's own: "
                              "docs/policies.md, \"Retries\")."),
         .editor = {.label = "&Retry", .name = "Retry"},
         .omitDefault = true},
        {.field = "murphy.retry.max_retries",
         .member = familyMember<&MurphySettings::retry, &MurphyRetry::maxRetries>(),
         .range = {.min = 0.0, .max = 9.0},
         .tooltip = KNOB_TEXT("Retries after the first try (0 … 9).\nDefault: %1 (the explorer's "
                              "own)."),
         .editor = {.label = "Max retries:", .name = "Max retries", .max = 9.0},
         .grid = GridSpread{.from = 0, .to = 4, .count = 5}},
        {.field = "murphy.retry.backoff_ms",
         .member = familyMember<&MurphySettings::retry, &MurphyRetry::backoffMs>(),
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("The backoff before the first retry; it grows by the multiplier.\n"
                              "Default: %1 ms (the explorer's own)."),
         .editor = {.label = "Backoff:", .name = "Backoff", .max = 600000.0, .decimals = 1,
                    .suffix = " ms"}},
        {.field = "murphy.retry.backoff_multiplier",
         .member = familyMember<&MurphySettings::retry, &MurphyRetry::backoffMultiplier>(),
         .range = {.min = 1.0},
         .tooltip = KNOB_TEXT("The backoff is multiplied by it after each retry (≥ 1).\nDefault: "
                              "%1 (the explorer's own)."),
         .editor = {.label = "Backoff multiplier:", .name = "Backoff multiplier", .min = 1.0,
                    .max = 100.0, .decimals = 2, .step = 0.5}},
        {.field = "murphy.retry.max_backoff_ms",
         .member = familyMember<&MurphySettings::retry, &MurphyRetry::maxBackoffMs>(),
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("The backoff never grows past it.\nDefault: %1 ms (the explorer's "
                              "own)."),
         .editor = {.label = "Max backoff:", .name = "Max backoff", .max = 600000.0,
                    .decimals = 1, .suffix = " ms"}},
        {.field = "murphy.retry.jitter",
         .member = familyMember<&MurphySettings::retry, &MurphyRetry::jitter>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("Full jitter: the backoff is drawn uniformly below its value.\n"
                              "Default: on (the explorer's own; the AWS Builders' Library's "
                              "advice)."),
         .editor = {.label = "&Jitter", .name = "Jitter"}},
        {.field = "murphy.retry.budget",
         .member = familyMember<&MurphySettings::retry, &MurphyRetry::budget>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("A rate budget for the retries: every call deposits, every retry "
                              "withdraws, over a sliding window; an empty budget sends no retry."
                              "\nDefault: off (the explorer's own)."),
         .editor = {.label = "Retry &budget", .name = "Retry budget"}},
    };
    for (Knob& row : retryRateBudgetKnobs<&MurphySettings::retry, &MurphyRetry::budget>(
             "murphy.retry.budget.percent", "murphy.retry.budget.min_per_sec",
             "murphy.retry.budget.window_s"))
        rows.push_back(std::move(row));
    return rows;
}
// resilience4cata's retry: a resilience4j Retry around the hedge, its RetryConfig's names.
std::vector<Knob> resilience4cataRetryKnobs()
{
    std::vector<Knob> rows{
        {.field = "resilience4cata.retry",
         .member = familyMember<&Resilience4cataSettings::retry>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("A resilience4j Retry around the hedge: when the hedged try failed "
                              "with the service's error (retryExceptions: its errors and sheds; "
                              "a call past its deadline is not retried), it is run again after "
                              "waitDuration, while maxAttempts allows.\nDefault: off "
                              "(resilience4j retries only what a Retry decorates; Retry.java, "
                              "RetryConfig.java)."),
         .editor = {.label = "&Retry", .name = "Retry"},
         .omitDefault = true},
        {.field = "resilience4cata.retry.max_attempts",
         .member = familyMember<&Resilience4cataSettings::retry, &Resilience4cataRetry::maxAttempts>(),
         .range = {.min = 2.0, .max = 10.0},
         .tooltip = KNOB_TEXT("maxAttempts: tries a call may make, the first included (2 … 10; a "
                              "call sends 10 attempts at most, hedges included).\nDefault: %1 "
                              "(resilience4j's default; RetryConfig.java)."),
         .editor = {.label = "Max attempts:", .name = "Max attempts", .min = 2.0, .max = 10.0},
         .grid = GridSpread{.from = 2, .to = 5, .count = 4}},
        {.field = "resilience4cata.retry.wait_duration_ms",
         .member = familyMember<&Resilience4cataSettings::retry, &Resilience4cataRetry::waitDurationMs>(),
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("waitDuration: the wait before a retry (the first one's, when the "
                              "backoff is exponential).\nDefault: %1 ms (resilience4j's default; "
                              "RetryConfig.java)."),
         .editor = {.label = "Wait duration:", .name = "Wait duration", .max = 600000.0,
                    .decimals = 1, .suffix = " ms"},
         .grid = GridSpread{.from = 0, .to = 1000, .count = 6}},
        {.field = "resilience4cata.retry.exponential_backoff",
         .member = familyMember<&Resilience4cataSettings::retry, &Resilience4cataRetry::exponentialBackoff>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("enableExponentialBackoff: the wait before retry n is waitDuration "
                              "× exponentialBackoffMultiplier^(n−1).\nDefault: off, a constant "
                              "wait (resilience4j's default; IntervalFunction.java)."),
         .editor = {.label = "E&xponential backoff", .name = "Exponential backoff"}},
        {.field = "resilience4cata.retry.exponential_backoff_multiplier",
         .member = familyMember<&Resilience4cataSettings::retry,
                                &Resilience4cataRetry::exponentialBackoffMultiplier>(),
         .range = {.min = 1.0},
         .tooltip = KNOB_TEXT("exponentialBackoffMultiplier: the wait grows by it from retry to "
                              "retry (≥ 1).\nDefault: %1 (resilience4j's default; "
                              "IntervalFunction.java, DEFAULT_MULTIPLIER)."),
         .editor = {.label = "Backoff multiplier:", .name = "Backoff multiplier", .min = 1.0,
                    .max = 100.0, .decimals = 2, .step = 0.5}},
        {.field = "resilience4cata.retry.exponential_max_wait_ms",
         .member = familyMember<&Resilience4cataSettings::retry,
                                &Resilience4cataRetry::exponentialMaxWaitMs>(),
         .unit = "ms",
         .range = {.min = 0.0},
         .tooltip = KNOB_TEXT("exponentialMaxWaitDuration: the exponential wait never grows past "
                              "it. 0: none.\nDefault: none (resilience4j's default; "
                              "IntervalFunction.java)."),
         .editor = {.label = "Max wait:", .name = "Max wait", .max = 600000.0, .decimals = 1,
                    .suffix = " ms", .zeroText = "none"}},
        {.field = "resilience4cata.retry.randomized_wait",
         .member = familyMember<&Resilience4cataSettings::retry, &Resilience4cataRetry::randomizedWait>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("enableRandomizedWait: the wait is drawn uniformly within ± "
                              "randomizedWaitFactor of it.\nDefault: off (resilience4j's "
                              "default; IntervalFunction.java, randomize)."),
         .editor = {.label = "Randomi&zed wait", .name = "Randomized wait"}},
        {.field = "resilience4cata.retry.randomized_wait_factor",
         .member = familyMember<&Resilience4cataSettings::retry,
                                &Resilience4cataRetry::randomizedWaitFactor>(),
         .range = {.min = 0.0, .max = 1.0, .maxExclusive = true},
         .tooltip = KNOB_TEXT("randomizedWaitFactor: the share of the wait it may be shorter or "
                              "longer by (≥ 0 and < 1).\nDefault: %1 (resilience4j's default; "
                              "IntervalFunction.java, DEFAULT_RANDOMIZATION_FACTOR)."),
         .editor = {.label = "Randomized factor:", .name = "Randomized factor", .max = 0.99,
                    .decimals = 2, .step = 0.1}},
        {.field = "resilience4cata.retry.budget",
         .member = familyMember<&Resilience4cataSettings::retry, &Resilience4cataRetry::budget>(),
         .range = {.min = 0.0, .max = 1.0},
         .tooltip = KNOB_TEXT("A rate budget for the retries, like the hedge's: every call "
                              "deposits, every retry withdraws, over a sliding window; an empty "
                              "budget sends no retry.\nDefault: off (the explorer's own: "
                              "resilience4j's Retry has no budget)."),
         .editor = {.label = "Retry &budget", .name = "Retry budget"}},
    };
    for (Knob& row :
         retryRateBudgetKnobs<&Resilience4cataSettings::retry, &Resilience4cataRetry::budget>(
             "resilience4cata.retry.budget.percent", "resilience4cata.retry.budget.min_per_sec",
             "resilience4cata.retry.budget.window_s"))
        rows.push_back(std::move(row));
    return rows;
}
// clang-format on

#undef KNOB_TEXT

} // namespace hedge
