// The advisor's question (docs/advisor.md, "The question"): the world as it stands, one stack
// (a setup of one policy family) and which of its knobs to search over which values, the loads
// the setting must live with, the limits it must keep and what it should make small.
#pragma once

#include <hedge/Scenario.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hedge {

struct Knob;

// One knob searched: `steps` values from `from` to `to` (equal steps, or equal ratios when `log`).
struct KnobSearch {
    std::string field; // a KnobRegistry row that applies to the stack: "hedge.delay_ms"
    double from = 0.0;
    double to = 0.0;
    int steps = 1;
    bool log = false;

    // The values, ascending, rounded as the knob's editor shows them (whole numbers for counts),
    // duplicates removed.
    std::vector<double> values() const;
    bool operator==(const KnobSearch&) const = default;
};

// docs/advisor.md, "The question": the limits. An empty limit is not checked.
struct AdviceLimits {
    std::optional<double> maxRequestsPerCallAtTarget = 1.05;
    std::optional<double> maxRequestsPerCall;           // at every held load
    std::optional<double> maxFailedFraction = 0.001;    // failed or rejected calls, every held load
    // Full-length runs (replicates) at each held load in which no collapse may be seen (≥ 1).
    int collapseRuns = 10;

    bool operator==(const AdviceLimits&) const = default;
};

// A burst the setting must come back from: the target load × `factor` for `lengthS`, then the
// target again; the world must not be collapsed `recoverS` after the burst ends.
struct AdviceBurst {
    double factor = 1.3;
    double lengthS = 20.0;
    double recoverS = 60.0;

    bool operator==(const AdviceBurst&) const = default;
};

enum class AdviceObjective : std::uint8_t { P50, P99, P999 };
const char* toString(AdviceObjective objective); // "p50", "p99", "p99.9"
std::optional<AdviceObjective> adviceObjectiveFromString(const std::string& name);

struct AdviceQuestion {
    // The service (any kind), replicas, fan-out, seed, calls and warm-up of the runs. Its setups,
    // loads, grid and timeline are not read.
    Scenario world;
    // The stack: its family, cancellation and every knob that is not searched.
    Setup stack;
    std::vector<KnobSearch> search;
    std::vector<double> heldLoads{0.3, 0.6, 0.725, 0.85}; // ascending
    double targetLoad = 0.6;
    std::optional<AdviceBurst> burst;
    AdviceLimits limits;
    AdviceObjective objective = AdviceObjective::P99;

    bool operator==(const AdviceQuestion&) const = default;
};

// The knobs of `stack`'s family searched by default, with their registry ranges: a delay from the
// service's p50 to its p99.9, attempts, the family's budget (Knob::advice).
std::vector<KnobSearch> defaultSearch(const Setup& stack, const ServiceConfig& service);
// The default range of one knob (its registry row's, or its grid spread's when it has no advice
// row); none when the knob cannot be searched for this stack.
std::optional<KnobSearch> defaultKnobSearch(const Knob& knob, const Setup& stack,
                                            const ServiceConfig& service);
// The knobs a user may search for `stack`: the registry rows of its family (and the hedge's for
// resilience4cata) that a grid may sweep or that have an advice row, in registry order.
std::vector<const Knob*> searchableKnobs(const Setup& stack);

// Held loads from a range: `from`, `to`, the target when inside, and the midpoint between the
// target and `to` (where a hedge's collapse comes first), ascending, without duplicates.
std::vector<double> heldLoadsBetween(double from, double to, double target);

// Every point of the search's grid (one value per searched knob, in order), the first knob's
// values slowest.
std::vector<std::vector<double>> searchGrid(const AdviceQuestion& question);

// A question with the defaults for `stack` in `world`.
AdviceQuestion defaultQuestion(const Scenario& world, const Setup& stack);

// The first thing wrong with the question, naming the field and the allowed range ("search
// hedge.delay_ms: from must be ≥ 0", "target load must be > 0 and ≤ 1.5"); none when it can be run.
std::optional<std::string> adviceQuestionError(const AdviceQuestion& question);

// The rule of thumb compared with the advice: `stack` with its delay at the service's p95 (its
// family's delay knob; Finagle's and Tower's percentile set to match) and every other searched
// knob at its default ("the stack's default budget"). Named "rule of thumb".
Setup ruleOfThumb(const AdviceQuestion& question);
// `stack` with no hedge at all (one attempt a call), the same cancellation. Named "no hedge".
Setup noHedge(const AdviceQuestion& question);
// `stack` with `values` (one per question.search, in order) written.
Setup withSearchedValues(const AdviceQuestion& question, const std::vector<double>& values);
// "delay 23.4 ms, budget 5 %": the searched knobs' values as their editors name and show them.
std::string describeValues(const AdviceQuestion& question, const std::vector<double>& values);

} // namespace hedge
