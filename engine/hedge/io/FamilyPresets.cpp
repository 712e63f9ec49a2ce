#include <hedge/io/FamilyPresets.h>

#include <hedge/sim/ServiceTimeQuantiles.h>

#include <cmath>
#include <string>

namespace hedge {

namespace {

// A setup of `family` with client cancellation, named as the editor names it ("grpc,
// throttled / client").
Setup familySetup(PolicyFamily family, const FamilySettings& settings)
{
    Setup s;
    s.policy = family;
    s.families = settings;
    s.name = s.generatedName();
    return s;
}

// The explorer's usual hedge: 20 ms, a 10 % rate budget (Scenario::referenceSetups()).
Setup resilience4cata()
{
    Setup s;
    s.hedge = HedgeSettings{};
    s.name = s.generatedName();
    return s;
}

Setup grpc(bool nonFatalErrors, bool throttled)
{
    FamilySettings f;
    f.grpc = GrpcSettings{.maxAttempts = 2,
                          .hedgingDelayMs = HedgeSettings{}.delayMs,
                          .nonFatalErrors = nonFatalErrors,
                          .throttling = throttled ? std::optional(GrpcThrottling{}) : std::nullopt};
    Setup s = familySetup(PolicyFamily::Grpc, f);
    if (!nonFatalErrors) // the generated name does not tell the two apart
        s.name = "grpc, throttled, errors fatal / client";
    return s;
}

Setup envoy()
{
    FamilySettings f;
    f.envoy.perTryTimeoutMs = HedgeSettings{}.delayMs;
    f.envoy.retryBudget = EnvoyRetryBudget{};
    return familySetup(PolicyFamily::Envoy, f);
}

Setup finagle()
{
    FamilySettings f;
    f.finagle.maxExtraLoad = 0.02;
    return familySetup(PolicyFamily::Finagle, f);
}

std::string ms(double v)
{
    return std::to_string(static_cast<int>(std::lround(v)));
}

// Every figure of the run the text states is checked against the run by
// tests/core/io/tst_familypresetclaims.cpp.
Preset fourStacks()
{
    Scenario s;
    s.loads = {0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95};
    s.setups = {resilience4cata(), grpc(false, true), envoy(), finagle()};
    const double p95 = serviceTimeQuantile(s.service, 0.95);
    return Preset{
        "four-stacks",
        "Same budget? Four stacks at 50–95 % load",
        "Four stacks' hedging, each with its own bound on extra work, at the same 20 ms delay "
        "(next to the service's p95, " +
            ms(p95) +
            " ms) and client cancellation: resilience4cata with its default 10 % budget, gRPC "
            "with retry throttling (10 tokens, 0.1 back per success) and errors fatal, Envoy "
            "with its default retry budget (20 %, at least 3) and Finagle with max_extra_load "
            "0.02. At 50 % load all four cut the tail: a p99 between 30 and 43 ms, about 1.02 "
            "requests per call. They part as the load grows, because each bounds something "
            "else.\n\n"
            "gRPC collapses first, from 60 % load: requests per call go to 2 and the p99 to "
            "tens of seconds. Its throttle counts failures, and a queue that is only slow answers "
            "every request successfully: no token is spent, no hedge is refused, and the "
            "throttled gRPC is an unbudgeted hedge. Throttling never stops a latency-only "
            "collapse.\n\n"
            "Envoy holds at 60 % (p99 about 44 ms) and collapses from 70 %. Its budget is a "
            "concurrency bound, 20 % of the attempts in flight: as the queue grows more attempts "
            "are in flight and the bound grows with them, so at 70 % it refuses hardly any hedge "
            "(0.3 % of the calls) while requests per call climb to 1.93.\n\n"
            "resilience4cata's budget is a rate, 10 % of the calls, which does not grow with the "
            "queue: it holds to 90 % load, where it refuses the hedges of 85 % of the calls, "
            "keeps requests per call at 1.10 and the p99 at about 510 ms, and collapses at 95 %, "
            "where the load plus 10 % is more than the service can do.\n\n"
            "Finagle never collapses here: its delay is the 98th percentile of recent latencies, "
            "so it grows with the queue and at most about 2 % of the calls hedge at any load "
            "(at most 1.02 requests per call). Its p99 rises with the queueing alone, to about 220 ms at "
            "90 % and about 630 ms at 95 %.",
        s,
        {"p99_ms", "requests_per_call"},
        0.6};
}

// Finagle's percentile delay after a burst: 50 % (a minute, to settle), 95 % from 60 s to 80 s,
// 50 % again.
Preset finagleLag()
{
    Scenario s;
    s.loads = {0.5};
    s.setups = {finagle()};
    Timeline t;
    t.durationS = 180.0;
    t.bucketMs = 1000.0;
    t.loadSteps = {{0.0, 0.5}, {60.0, 0.95}, {80.0, 0.5}};
    s.timeline = t;
    return Preset{
        "finagle-lag",
        "Finagle's delay lags a burst, both ways",
        "A timeline: Finagle with max_extra_load 0.02 (hedge the slowest 2 % of calls) at 50 % "
        "load, a burst to 95 % from 60 s to 80 s, then 50 % again. Finagle's delay is a "
        "percentile of the latencies of the last window of calls, recomputed every few seconds; "
        "each bucket of the timeline gives the delay in force (percentile_delay_ms).\n\n"
        "Before the burst the delay is between 22 and 38 ms, about 11 calls a second hedge and "
        "the p99 is about 38 ms. When the burst starts the window still holds the calm: the "
        "delay stays at about 29 ms for the burst's first ten seconds while queueing makes most "
        "calls slower than that, so most calls are due a backup and the budgets refuse several "
        "hundred a second. Then the window holds the burst and the delay jumps to about 89 ms, "
        "with the p99 at about 350 ms.\n\n"
        "After the burst it lags the other way: back at 50 % load the delay is about 290 ms for "
        "30 s, longer than almost every hiccup (100–300 ms), so at most 2 calls a second hedge "
        "and the p99 is about 200 ms, as if there were no hedging. Only 40 s after the burst, "
        "once the window has forgotten it, is the delay back at about 20 ms and the p99 at "
        "about 30 ms.",
        s,
        {"p99_ms"},
        0.5};
}

// A service that sheds load, and gRPC's errors non-fatal and throttled, not throttled, fatal.
Preset grpcShedding()
{
    Scenario s;
    s.loads = {0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1};
    s.service.shedBacklogMs = 50.0;
    s.setups = {grpc(true, true), grpc(true, false), grpc(false, true)};
    const GrpcThrottling bucket;
    // Tokens fall while more than ratio / (1 + ratio) of the attempts fail (−1 each, +ratio
    // a success).
    const double oneIn = (1.0 + bucket.tokenRatio) / bucket.tokenRatio;
    return Preset{
        "grpc-shedding",
        "gRPC's throttle: only a service that sheds load engages it",
        "The service sheds load: an attempt that finds more than " +
            ms(s.service.shedBacklogMs) +
            " ms of queued work (service.shed_backlog_ms) is answered at once with an error, "
            "as a server answers UNAVAILABLE. Three gRPC setups hedge after 20 ms with at most 2 "
            "attempts: errors non-fatal with retry throttling (10 tokens, 0.1 back per "
            "success), errors non-fatal without throttling, and throttled with the errors fatal. "
            "None collapses: the queue never holds more than " +
            ms(s.service.shedBacklogMs) +
            " ms of work, so the p99 stays below 230 ms at every load up to 110 %. The price is "
            "failed calls.\n\n"
            "Only here does the throttle engage. A non-fatal error takes a token and a success "
            "gives back 0.1, so once more than about one attempt in " +
            ms(oneIn) +
            " fails the bucket sinks to half and hedging is frozen: the throttled setup "
            "refuses the hedges of 12 % of the calls at 70 % load, 70 % at 90 % and 85 % at "
            "110 %. It sends at most 1.32 requests per call, and fewer calls end failed: 16 % "
            "at 90 % load, against 23 % without throttling, which from 80 % hedges every call "
            "(2 requests per call) into a queue that sheds the hedges.\n\n"
            "With the errors fatal the bucket is never touched (no hedge is refused) and a shed "
            "attempt ends its call at once, even when the other attempt would have succeeded: "
            "a hedge sent into the full queue is shed and takes its call down with it. 36 % of "
            "the calls fail at 70 % load, 55 % at 90 % and 66 % at 110 %.",
        s,
        {"p99_ms", "requests_per_call", "failed_fraction"},
        0.7};
}

} // namespace

void addFamilyPresets(std::vector<Preset>& list)
{
    list.push_back(fourStacks());
    list.push_back(finagleLag());
    list.push_back(grpcShedding());
}

} // namespace hedge
