// The plain data of a scenario (docs/scenario.md): the service, the run and the
// setups. Defaults are those of docs/model.md; validation and JSON live in hedge/io.
#pragma once

#include <hedge/Timeline.h>
#include <hedge/policy/Gradient2Limit.h>
#include <hedge/policy/PolicyFamily.h>
#include <hedge/service/ServiceDistribution.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hedge {

// How the balancer picks the replica of an attempt (docs/topology.md).
enum class BalancerKind : std::uint8_t { RoundRobin, Random, LeastOutstanding, TwoChoices };

// Slow periods of each replica (docs/topology.md): Poisson starts, a fixed length, merged when
// they overlap; an attempt that starts service in one takes `factor` × its service time.
struct Slowdowns {
    double perMinute = 1.0;
    double durationMs = 1000.0;
    double factor = 10.0;

    bool operator==(const Slowdowns&) const = default;
};

// The shared downstream of docs/model.md, "The service", split into replicas by docs/topology.md.
struct ServiceConfig {
    int workers = 16; // per replica
    double medianMs = 10.0;
    double sigma = 0.25;
    double hiccupProbability = 0.02;
    double hiccupMinMs = 100.0;
    double hiccupMaxMs = 300.0;
    double errorProbability = 0.0;
    // docs/topology.md (after docs/model.md's fields: aggregates list them in this order)
    int replicas = 1;
    BalancerKind balancer = BalancerKind::RoundRobin;
    double hiccupCorrelation = 0.0;     // a hedge copies the first attempt's hiccup state
    std::optional<Slowdowns> slowdowns; // none: replicas are never slow
    // docs/model.md, "The service": an attempt that finds more backlog than this (ms of queued
    // work over the workers) is answered at once with an error; 0: the service never sheds.
    double shedBacklogMs = 0.0;
    // docs/service-data.md: where the service time comes from when it is not the log-normal
    // body with hiccups above (measurements or a dashboard's percentiles); empty: the model.
    // A table replaces median_ms, sigma and the hiccups; workers, errors, the topology and
    // shedding apply to every kind.
    SharedDistribution distribution;
    // docs/fanout.md: a call fans out into one part per partition, `fanoutParts` partitions of
    // `fanoutCopies` replicas each (`replicas` is then their product), and is done when
    // `fanoutWaitFor` parts have answered (0: all of them). One part: the calls of before.
    int fanoutParts = 1;
    int fanoutWaitFor = 0;
    int fanoutCopies = 1;
    // docs/model.md, "A fleet of clients": the calls come from this many clients, each with its
    // own copy of the setup's policy state (budgets, throttles, limits, percentile windows),
    // sharing the service. 1: one client, as before.
    int clients = 1;

    // E[S] of docs/model.md, "The service": turns a load into an arrival rate.
    double meanServiceMs() const;
    int totalWorkers() const { return workers * replicas; }
    // Arrival rate (calls per ms) that would keep the service `load` busy without hedges. A call
    // that fans out sends a part to every partition: each replica is busy `load` of the time.
    double arrivalRatePerMs(double load) const
    {
        const double parts = load * totalWorkers() / meanServiceMs();
        return fansOut() ? parts / fanoutParts : parts;
    }
    // Calls of several parts (docs/fanout.md); with one part (copies alone) a call is a call.
    bool fansOut() const { return fanoutParts > 1; }
    // Whether the file has a "fanout" object: any of its knobs not at its default.
    bool hasFanout() const { return fanoutParts != 1 || fanoutWaitFor != 0 || fanoutCopies != 1; }
    // The parts a call waits for: k of docs/fanout.md.
    int partsToWaitFor() const { return fanoutWaitFor > 0 ? fanoutWaitFor : fanoutParts; }
    // One queue, no shared slowness: the model of docs/model.md alone.
    bool isSingleQueue() const { return replicas == 1 && !slowdowns; }

    bool operator==(const ServiceConfig&) const = default;
};

enum class Cancellation : std::uint8_t {
    Client, // only the caller stops waiting; the server finishes the work (HTTP)
    Server, // the cancellation reaches the server (gRPC): queued losers leave, workers free
};

// Where a hedge may go (docs/topology.md, "Placement"): wherever the balancer likes, or to a
// replica that has no attempt of this call yet (all replicas again once each has one).
enum class HedgePlacement : std::uint8_t { Any, OtherReplica };

// The hedge knobs of one setup, as a scenario file spells them. A budget of 0 % means
// "no budget": hedges are unlimited.
struct HedgeSettings {
    double delayMs = 20.0; // the presets' delay; the library's HedgePolicy defaults to 2000
    int maxAttempts = 2;
    double budgetPercent = 10.0;
    double budgetMinPerSecond = 1.0;
    double budgetWindowSeconds = 10.0;
    HedgePlacement placement = HedgePlacement::Any;

    bool hasBudget() const { return budgetPercent > 0.0; }
    bool operator==(const HedgeSettings&) const = default;
};

struct Setup {
    std::string name;
    Cancellation cancellation = Cancellation::Client;
    std::optional<HedgeSettings> hedge;           // none: one attempt per call (resilience4cata)
    std::optional<Gradient2Config> adaptiveLimit; // none: no limiter (every family)
    // Whose hedging rules the setup follows (docs/policies.md). resilience4cata: `hedge`;
    // another family: its member of `families` (and `hedge` is not used).
    PolicyFamily policy = PolicyFamily::Resilience4cata;
    FamilySettings families;
    // The call's deadline (docs/model.md, "Deadlines"): a call still running this long after it
    // started ends timed out and its attempts still out are abandoned as losers. 0: none (every
    // family; the file writes the key only when it is set).
    double deadlineMs = 0.0;

    bool isFamily() const { return policy != PolicyFamily::Resilience4cata; }
    bool hasDeadline() const { return deadlineMs > 0.0; }
    // Whether a call may have an attempt cancelled (so the cancellation changes the run): a
    // second attempt, or a deadline that abandons the only one.
    bool mayCancel() const
    {
        return isFamily() || (hedge && hedge->maxAttempts > 1) || hasDeadline();
    }
    // Everything but the name, and only the knobs of the setup's own family: two setups with
    // equal policies give equal numbers.
    bool samePolicy(const Setup& other) const;
    // The name the policy gives, as the reference setups are named: "hedge, budget 5 % /
    // server", "3 attempts, no budget / client", "hedge, no budget, other replica / client". The
    // delay and the advanced knobs are not in it.
    std::string generatedName() const;
    // Whether the name is the generated one, perhaps with the " 2" a list adds to keep names
    // unique. Such a name follows the policy when it is edited; any other name is the user's
    // and is kept (no flag in the file: the name itself says which it is).
    bool nameFollowsPolicy() const;
    // Equal names and policies (samePolicy): another family's knobs, which the file does not
    // keep, do not count.
    bool operator==(const Setup& other) const { return name == other.name && samePolicy(other); }
};

// The second knob of a two-knob map (docs/maps.md, "Two knobs"): it takes each of `values` in
// place of the scenario's loads, and every cell runs at the one `load` (any load in (0, 1.5],
// one of the scenario's or not).
struct GridAgainst {
    std::string knob;
    std::vector<double> values;
    double load = 0.5;

    bool operator==(const GridAgainst&) const = default;
};

// A 2-D sweep (docs/maps.md): one setup's knob takes each of `values` at each of
// the scenario's loads (or, with `against`, at each of the second knob's values); every cell is
// a point of the results. `knob` is spelt as in the file ("hedge.delay_ms", "service.workers",
// ...; the knobs with a grid spread in hedge/KnobRegistry.cpp).
struct Grid {
    std::string setup;
    std::string knob;
    std::vector<double> values;
    // The setup the cells are compared with at each load. Empty: "no hedge" with the
    // gridded setup's cancellation (a setup of the scenario with that policy if there is
    // one, otherwise one the run adds, named by gridBaselineName()).
    std::string baseline;
    std::optional<GridAgainst> against; // none: the knob against the scenario's loads

    bool operator==(const Grid&) const = default;
};

struct Scenario {
    std::uint64_t seed = 1;
    std::int64_t calls = 200000;
    // Independent runs of every point, pooled (docs/replicates.md). Replicate 0
    // is the single run of a 1-replicate scenario, so adding replicates keeps its numbers.
    int replicates = 1;
    double warmupFraction = 0.1;
    std::vector<double> loads{0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95};
    ServiceConfig service;
    std::vector<Setup> setups = referenceSetups();
    std::optional<Grid> grid;
    // A timeline scenario (docs/timeline.md, "Results"): the setups run as worlds through time
    // instead of a sweep; `calls`, `warmup_fraction` and `loads` do not apply to it.
    std::optional<Timeline> timeline;

    // Some setup follows a family other than resilience4cata (docs/policies.md): its results
    // then carry the hedges refused (a file of resilience4cata setups stays as it was).
    bool hasPolicyFamilies() const;
    // Some setup has a deadline, or retries errors: results files then carry the calls'
    // outcomes (timed out, goodput, wasted work, hedges and retries per call; docs/scenario.md).
    bool hasCallOutcomes() const;

    // The six setups of docs/model.md, "Reference setups", each with client then server
    // cancellation (12 setups).
    static std::vector<Setup> referenceSetups();

    bool operator==(const Scenario&) const = default;
};

const char* toString(Cancellation c);
const char* toString(BalancerKind b);
const char* toString(HedgePlacement p);
// The kind named `name` as a scenario file spells it, or nothing.
std::optional<BalancerKind> balancerFromString(std::string_view name);
std::optional<HedgePlacement> placementFromString(std::string_view name);

} // namespace hedge
