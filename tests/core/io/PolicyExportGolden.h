// The texts PolicyExport gives for the setups of tst_policyexport (golden: a change of a
// format shows here, line by line).
#pragma once

namespace golden {

const char* const kResilience4cataJava = R"txt(// resilience4cata hedging (docs/model.md), setup "demo" (Hedge Explorer).
HedgedCall call = HedgedCall.builder()
    .hedge(h -> h.delay(Duration.ofMillis(20))
                 .maxAttempts(2)
                 .budget(b -> b.percent(10).minPerSecond(1).window(Duration.ofMillis(10000))))
    .cancellation(Cancellation.CLIENT)
    .build();
)txt";

const char* const kGrpcJson = R"txt({
  "methodConfig": [
    {
      "name": [
        {}
      ],
      "hedgingPolicy": {
        "maxAttempts": 3,
        "hedgingDelay": "0.020s",
        "nonFatalStatusCodes": [
          "UNAVAILABLE"
        ]
      }
    }
  ],
  "retryThrottling": {
    "maxTokens": 10,
    "tokenRatio": 0.1
  }
}
)txt";

const char* const kEnvoyYaml = R"txt(# Envoy v3: the route's retry and hedge policies and the cluster's circuit breakers, setup
# "demo" (Hedge Explorer).
# Not in the explorer's model, or up to you:
#   - cancellation client: whether a cancelled attempt leaves the server's queue is the server's
#     doing, not this configuration's
#   - retry_on: connect-failure only gives the route a retry state; the explorer models no
#     retries on errors before the per-try timeout
#   - only the DEFAULT priority's max_retries and retry_budget are modelled; the cluster's other
#     thresholds are Envoy's defaults
route:                 # a RouteAction (routes[].route)
  retry_policy:
    retry_on: connect-failure
    num_retries: 2
    per_try_timeout: 0.020s
    retry_back_off:
      base_interval: 0.025s
  hedge_policy:
    hedge_on_per_try_timeout: true
cluster:               # the upstream Cluster
  circuit_breakers:
    thresholds:
    - priority: DEFAULT
      max_retries: 3
      retry_budget:
        budget_percent:
          value: 20
        min_retry_concurrency: 3
)txt";

const char* const kFinagleScala = R"txt(// Finagle backup requests (MethodBuilder) and RetryBudget, setup "demo" (Hedge Explorer).
// Not in the explorer's model, or up to you:
//   - cancellation client: whether a cancelled attempt leaves the server's queue is the
//     server's doing, not this configuration's
//   - the destination and the service are placeholders: put yours
import com.twitter.conversions.DurationOps._
import com.twitter.finagle.Http
import com.twitter.finagle.service.{ResponseClassifier, RetryBudget}
import com.twitter.util.Duration
import com.twitter.util.tunable.Tunable

val client = Http.client
  .withRetryBudget(RetryBudget(
    ttl = Duration.fromSeconds(10),
    minRetriesPerSec = 10,
    percentCanRetry = 0.2))
  .methodBuilder("inet!service.local:8080")
  .idempotent(
    maxExtraLoad = Tunable.const("maxExtraLoad", 0.02),
    sendInterrupts = true,
    minSendBackupAfterMs = 1,
    classifier = ResponseClassifier.Default)
  .newService("hedged")
)txt";

const char* const kTowerRust = R"txt(// tower::hedge, setup "demo" (Hedge Explorer).
// Not in the explorer's model, or up to you:
//   - cancellation client: whether a cancelled attempt leaves the server's queue is the
//     server's doing, not this configuration's
//   - the destination and the service are placeholders: put yours
use std::sync::Arc;
use std::time::Duration;
use tower::hedge::{Hedge, Policy};
use tower::retry::budget::{Budget, TpsBudget};

#[derive(Clone)]
struct HedgeAll {
    budget: Arc<TpsBudget>,
}

impl<Req: Clone> Policy<Req> for HedgeAll {
    fn clone_request(&self, req: &Req) -> Option<Req> {
        self.budget.deposit(); // every call deposits
        Some(req.clone())
    }
    fn can_retry(&self, _req: &Req) -> bool {
        self.budget.withdraw()
    }
}

let policy = HedgeAll {
    budget: Arc::new(TpsBudget::new(Duration::from_secs(10), 10, 0.2)),
};
let hedged = Hedge::new(service, policy, 20, 0.95, Duration::from_secs(1));
)txt";

const char* const kPollyCSharp = R"txt(// Polly v8 hedging strategy, setup "demo" (Hedge Explorer).
// Not in the explorer's model, or up to you:
//   - cancellation client: whether a cancelled attempt leaves the server's queue is the
//     server's doing, not this configuration's
//   - the explorer's service errors are taken as HTTP 503 (handled errors)
var pipeline = new ResiliencePipelineBuilder<HttpResponseMessage>()
    .AddHedging(new HedgingStrategyOptions<HttpResponseMessage>
    {
        MaxHedgedAttempts = 2,
        Delay = TimeSpan.FromMilliseconds(20),
        DelayGenerator = args => ValueTask.FromResult(args.AttemptNumber switch
        {
            1 => TimeSpan.FromMilliseconds(10),
            _ => TimeSpan.FromMilliseconds(30),
        }),
        ShouldHandle = new PredicateBuilder<HttpResponseMessage>()
            .Handle<HttpRequestException>()
            .HandleResult(r => r.StatusCode == HttpStatusCode.ServiceUnavailable),
    })
    .Build();
)txt";

const char* const kMurphyDelphi = R"txt(// Murphy hedging policy (THedgingBuilder), setup "demo" (Hedge Explorer).
// Not in the explorer's model, or up to you:
//   - losers are abandoned, never cancelled: the server finishes their work
//   - the explorer's service errors are taken as HTTP 503 (handled errors)
Policy := THedgingBuilder.Create
  .Delay(20)              // ms
  .MaxExtraAttempts(2)
  .Handle(function(const E: Exception): Boolean
    begin Result := E is EServiceUnavailable end)
  .OnHedging(procedure(const Attempt: Integer) begin end)
  .Build;
)txt";

const char* const kUnhedgedJava = R"txt(// resilience4cata hedging (docs/model.md), setup "no hedge" (Hedge Explorer).
HedgedCall call = HedgedCall.builder()
    // no hedge: one attempt per call
    .adaptiveLimit(g -> g.initialLimit(20).minLimit(20).maxLimit(200)
                         .smoothing(0.2).rttTolerance(1.5).longWindow(600).queueSize(4))
    .cancellation(Cancellation.SERVER)
    .build();
)txt";

const char* const kUnbudgetedAsPolly = R"txt(// Polly v8 hedging strategy, setup "3 attempts, no budget" (Hedge Explorer).
// Not in the explorer's model, or up to you:
//   - cancellation client: whether a cancelled attempt leaves the server's queue is the
//     server's doing, not this configuration's
//   - the explorer's service errors are taken as HTTP 503 (handled errors)
var pipeline = new ResiliencePipelineBuilder<HttpResponseMessage>()
    .AddHedging(new HedgingStrategyOptions<HttpResponseMessage>
    {
        MaxHedgedAttempts = 2,
        Delay = TimeSpan.FromMilliseconds(12.5),
        ShouldHandle = new PredicateBuilder<HttpResponseMessage>()
            .Handle<HttpRequestException>()
            .HandleResult(r => r.StatusCode == HttpStatusCode.ServiceUnavailable),
    })
    .Build();
)txt";

const char* const kUnbudgetedAsMurphy = R"txt(// Murphy hedging policy (THedgingBuilder), setup "3 attempts, no budget" (Hedge Explorer).
// Not in the explorer's model, or up to you:
//   - losers are abandoned, never cancelled: the server finishes their work
//   - the explorer's service errors are taken as HTTP 503 (handled errors)
Policy := THedgingBuilder.Create
  .Delay(12.5)              // ms
  .MaxExtraAttempts(2)
  .Handle(function(const E: Exception): Boolean
    begin Result := E is EServiceUnavailable end)
  .OnHedging(procedure(const Attempt: Integer) begin end)
  .Build;
)txt";

const char* const kPollyAfterFailure = R"txt(// Polly v8 hedging strategy, setup "demo" (Hedge Explorer).
// Not in the explorer's model, or up to you:
//   - cancellation client: whether a cancelled attempt leaves the server's queue is the
//     server's doing, not this configuration's
//   - the explorer's service errors are taken as HTTP 503 (handled errors)
var pipeline = new ResiliencePipelineBuilder<HttpResponseMessage>()
    .AddHedging(new HedgingStrategyOptions<HttpResponseMessage>
    {
        MaxHedgedAttempts = 3,
        Delay = Timeout.InfiniteTimeSpan, // hedge only after a failure
        ShouldHandle = _ => PredicateResult.False(), // errors end the call
    })
    .Build();
)txt";

const char* const kTowerUnbudgeted = R"txt(// tower::hedge, setup "demo" (Hedge Explorer).
// Not in the explorer's model, or up to you:
//   - cancellation client: whether a cancelled attempt leaves the server's queue is the
//     server's doing, not this configuration's
//   - the destination and the service are placeholders: put yours
use std::time::Duration;
use tower::hedge::{Hedge, Policy};

#[derive(Clone)]
struct HedgeAll;

impl<Req: Clone> Policy<Req> for HedgeAll {
    fn clone_request(&self, req: &Req) -> Option<Req> {
        Some(req.clone())
    }
    fn can_retry(&self, _req: &Req) -> bool {
        true
    }
}

let policy = HedgeAll;
let hedged = Hedge::new(service, policy, 20, 0.95, Duration::from_secs_f64(0.5));
)txt";

} // namespace golden
