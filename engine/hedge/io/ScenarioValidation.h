// The valid ranges of a scenario (docs/scenario.md) and their check. The parser
// runs the same check, so a scenario the GUI builds from its own fields and one read from a
// file are held to the same rules and get the same messages.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/io/ScenarioError.h>

#include <cstdint>
#include <limits>
#include <optional>

namespace hedge {

// Bounds for editors (spin boxes) and messages. Where docs/scenario.md gives only a lower bound,
// the upper one is the type's.
namespace limits {
inline constexpr std::int64_t kMinCalls = 1000;
inline constexpr std::int64_t kMaxCalls = 100'000'000;
inline constexpr int kMinReplicates = 1;
inline constexpr int kMaxReplicates = 100;
inline constexpr double kMaxWarmupFraction = 0.9;
inline constexpr double kMaxLoad = 1.5; // loads are in (0, kMaxLoad]
inline constexpr int kMinWorkers = 1;
inline constexpr int kMaxWorkers = 10000;
inline constexpr int kMinReplicas = 1;
inline constexpr int kMaxReplicas = 64;
inline constexpr int kMaxTotalWorkers = 10000; // replicas × workers
// Fan-out (docs/fanout.md, "Limits"): the balancer chooses among one partition's copies (its
// 64-bit mask: kMaxReplicas), and a worker's replica index is 8 bits, so a service that fans out
// may have up to 255 replicas in all; a part's index is 32 bits, so calls × parts stays below
// 2^32 − 1.
inline constexpr int kMaxFanoutParts = 200;
inline constexpr int kMaxFanoutCopies = kMaxReplicas;
inline constexpr int kMaxFanoutReplicas = 255;
inline constexpr std::int64_t kPartsPerRunBound = 4'294'967'295; // calls × parts < this
// A fleet (docs/model.md, "A fleet of clients"): a call slot keeps its client in 16 bits.
inline constexpr int kMinClients = 1;
inline constexpr int kMaxClients = 10000;
inline constexpr double kMinSlowdownFactor = 1.0;
inline constexpr double kMaxSigma = 3.0;
inline constexpr int kMinAttempts = 1;
inline constexpr int kMaxAttempts = 10;
inline constexpr double kMaxBudgetPercent = 100.0;
// A call's deadline (docs/model.md, "Deadlines"): 0 (none) up to ten minutes, the safety cap's
// backlog; a longer one is none in effect.
inline constexpr double kMaxDeadlineMs = 600000.0;
inline constexpr int kMinLimit = 1;             // initial, min and max limit
inline constexpr double kMinRttTolerance = 1.0; // Gradient2's own precondition
inline constexpr int kMinLongWindow = 1;
inline constexpr int kMinQueueSize = 0;
inline constexpr std::size_t kMaxGridValues = 1000;
inline constexpr int kMaxInt = std::numeric_limits<int>::max();
// Timelines (docs/timeline.md, "Results"): a day at most, buckets of 10 ms … 1 min, at most 1e6 of
// them.
inline constexpr double kMaxTimelineSeconds = 86400.0;
inline constexpr double kMinBucketMs = 10.0;
inline constexpr double kMaxBucketMs = 60000.0;
inline constexpr std::int64_t kMaxBuckets = 1'000'000;
} // namespace limits

// Why a timeline change cannot set "policy" (the file's reader and the check say the same).
inline constexpr const char* kPolicyIsNotAKnob =
    "a change cannot set the policy: a world keeps its policy family from start to end (a "
    "change may set the family's knobs, e.g. grpc.hedging_delay_ms)";

// Throws ScenarioError for the first value out of its range, in file order, e.g.
// `setups[2].hedge.max_attempts: 11 is out of range (allowed 1 … 10)`.
void validateScenario(const Scenario& scenario);

// The same check without an exception: the first error, or nothing when the scenario is valid.
std::optional<ScenarioError> firstScenarioError(const Scenario& scenario);

} // namespace hedge
