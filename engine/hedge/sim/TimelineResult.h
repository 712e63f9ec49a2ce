// What a timeline reports (docs/timeline.md, "Results"): per world, one set of figures per bucket.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hedge {

struct TimelineBucket {
    double tS = 0.0;  // the bucket's end
    double load = 0.0; // offered load in force (time average over the bucket)
    std::int64_t arrivals = 0;
    std::int64_t callsEnded = 0;
    // Latency of the calls that succeeded during the bucket (by end time); empty when none.
    std::optional<double> p50Ms, p99Ms, p999Ms;
    // Attempts admitted during the bucket / calls that arrived in it; empty without arrivals.
    std::optional<double> requestsPerCall;
    std::int64_t hedges = 0;   // hedges launched
    std::int64_t rejected = 0; // calls ended rejected
    std::int64_t failed = 0;   // calls ended failed
    // docs/model.md, "Deadlines": calls ended timed out; the extra attempts of the calls that
    // ended in the bucket, sent as hedges and as retries; the share of the bucket's busy time
    // spent on attempts whose call had already ended (wasted work). Written only in a timeline
    // with a setup that has a deadline (WorldResult::deadline): older files stay as they were.
    std::int64_t timedOut = 0;
    std::int64_t hedgesOfEnded = 0, retriesOfEnded = 0;
    double wastedFraction = 0.0;
    double goodputPerS = 0.0; // calls that succeeded in the bucket, per second of it
    std::int64_t queueLength = 0; // at the end (attempts that will be served)
    std::int64_t queueMax = 0;    // its maximum in the bucket
    double backlogMs = 0.0;       // queued work over workers, at the end
    // With several replicas (docs/topology.md), each replica's backlog at the end: its queued
    // work over its own workers (backlogMs is their mean). Empty with one replica, whose
    // backlog is backlogMs: a one-queue timeline's buckets are what they always were.
    std::vector<double> replicaBacklogMs;
    double busyFraction = 0.0;    // worker busy time / worker time in the bucket
    std::int64_t inFlight = 0;    // attempts at the service (in service or queued), at the end
    std::optional<double> limit;         // Gradient2's estimate at the end; none without a limiter
    std::optional<double> budgetBalance; // hedges the budget would allow; none without a budget
    bool collapsed = false; // backlog > 1 s of work and larger than 5 s earlier (CollapseWatch)
    // docs/policies.md, "Hedges refused" and "State over time": written only in a timeline
    // with a setup of a family other than resilience4cata (WorldResult::policyFamily), so
    // that a file of resilience4cata worlds stays as it always was.
    std::int64_t hedgesRefused = 0;          // hedges the budget or throttle refused
    std::optional<double> throttleTokens;    // grpc: the bucket's tokens at the end
    std::optional<double> retrySlots;        // envoy: calls holding a retry slot at the end
    std::optional<double> retrySlotLimit;    // envoy: the bound those slots are held against
    std::optional<double> percentileDelayMs; // finagle, tower: the delay a call would read

    bool operator==(const TimelineBucket&) const = default;
};

struct WorldResult {
    std::string setup;
    std::optional<double> stoppedAtS; // when the safety cap stopped this world
    bool policyFamily = false;        // the setup follows a family other than resilience4cata
    std::vector<TimelineBucket> buckets;
    bool deadline = false; // the setup has a deadline (docs/model.md, "Deadlines")

    bool operator==(const WorldResult&) const = default;
};

} // namespace hedge
