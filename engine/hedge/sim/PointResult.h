// The figures of one (setup, load) point, as docs/model.md, "Metrics" defines them.
#pragma once

#include <hedge/Scenario.h>

#include <cstdint>
#include <optional>
#include <string>

namespace hedge {

// How one figure varied across a point's replicates: the smallest and largest replicate's
// value and, with at least 10 replicates, the 5th and 95th percentiles of the replicates'
// values (nearest rank, as the latency percentiles). With 10 to 19 replicates those are the
// smallest and the largest value themselves (spreadIsRange): not a 90 % interval.
struct FigureSpread {
    double min = 0.0;
    double max = 0.0;
    std::optional<double> p5, p95;

    bool operator==(const FigureSpread&) const = default;
};

// Nearest rank puts the 5th percentile of n values at rank ⌈0.05·n⌉ and the 95th at ⌈0.95·n⌉:
// ranks 1 and n while n < 20. Below 20 replicates a spread is therefore their range, whatever
// its fields are called, and texts say "min–max" (docs/replicates.md, "Spread").
inline constexpr int kReplicatesForPercentileSpread = 20;
inline bool spreadIsRange(int replicates)
{
    return replicates < kReplicatesForPercentileSpread;
}

// The spread of every figure of a point run as several replicates. Latency spreads are
// over the replicates that had a latency, and empty when none had.
struct ReplicateSpread {
    int replicates = 1;
    int collapsedRuns = 0; // replicates that collapsed
    std::optional<FigureSpread> p50Ms, p99Ms, p999Ms, meanMs, maxMs;
    FigureSpread requestsPerCall, hedgedFraction, rejectedFraction, failedFraction, utilisation;

    bool operator==(const ReplicateSpread&) const = default;
};

// The parts of a call that fans out (docs/fanout.md): the figures of the parts that answered
// (a part cancelled because its call had its k answers has no latency).
struct PartFigures {
    std::int64_t answered = 0; // parts of the measured calls that succeeded
    std::optional<double> p50Ms, p99Ms, p999Ms;
    double hedgedFraction = 0.0; // parts that sent more than one attempt
    // Calls whose slowest part — the part whose answer completed the call — was hedged.
    double slowestHedgedFraction = 0.0;
    // Measured calls slower than the parts' p99 (failed calls included): without hedging,
    // 1 − 0.99^n for n independent parts (docs/fanout.md, "Metrics"). Replicates: each
    // replicate's calls against its own parts' p99.
    double slowerThanPartP99Fraction = 0.0;

    bool operator==(const PartFigures&) const = default;
};

// The seed check of a point run once (docs/replicates.md, "Seed check"): the point's verdict
// over its own run and a few more replicates of it, each full length on its own random
// numbers. Only the verdicts are kept; the point's figures stay those of its one run.
struct SeedCheck {
    int runs = 1;          // the point's run included
    int collapsedRuns = 0; // of those

    bool operator==(const SeedCheck&) const = default;
};

struct PointResult {
    std::string setup;
    Cancellation cancellation = Cancellation::Client;
    double load = 0.0;
    // A grid cell (docs/maps.md): the value of the grid's knob; `setup` is then the
    // gridded setup's name.
    std::optional<double> knobValue;
    // A two-knob grid's cell or baseline (docs/maps.md, "Two knobs"): the against knob's value.
    std::optional<double> againstValue;

    std::int64_t measuredCalls = 0;
    // Latency of the measured calls that succeeded; empty when none did.
    std::optional<double> p50Ms, p99Ms, p999Ms, meanMs, maxMs;
    double requestsPerCall = 0.0;
    double hedgedFraction = 0.0;
    double rejectedFraction = 0.0;
    double failedFraction = 0.0;
    // Calls the policy's budget or throttle refused a hedge (docs/policies.md, "Hedges refused").
    double hedgesRefusedFraction = 0.0;
    // docs/model.md, "Deadlines" and "Metrics": calls that ended timed out (apart from failed),
    // calls answered successfully (within the deadline, when there is one) and their rate per
    // second of the measured window; extra attempts sent as hedges and as retries, per call
    // (requests per call = 1 + hedges + retries for calls not rejected); the share of the busy
    // time spent on attempts whose call had already ended.
    double timedOutFraction = 0.0;
    double goodputFraction = 0.0;
    double goodputPerSecond = 0.0;
    double hedgesPerCall = 0.0;
    double retriesPerCall = 0.0;
    double wastedWorkFraction = 0.0;
    double utilisation = 0.0;
    double replicaUtilisationMax = 0.0; // the busiest replica's (docs/topology.md); 0: one replica
    bool collapsed = false; // with replicates: most of them collapsed
    // Present only when the service fans out: the parts' figures; the latencies above and
    // requests per call (every part's attempts) are then the whole call's.
    std::optional<PartFigures> parts;

    // Present when the point pooled more than one replicate; the figures above are then the
    // pooled ones (percentiles over every replicate's measured calls together).
    std::optional<ReplicateSpread> spread;
    int replicates() const { return spread ? spread->replicates : 1; }
    int collapsedRuns() const { return spread ? spread->collapsedRuns : int(collapsed); }
    // Collapsed in some replicates but not in all: the collapse is a matter of chance.
    bool partiallyCollapsed() const
    {
        return collapsedRuns() > 0 && collapsedRuns() < replicates();
    }

    // Present when a sweep checked this point's verdict on other seeds (a point run once).
    std::optional<SeedCheck> seedCheck;
    // The runs the point's verdict rests on, and how many of them collapsed: its replicates,
    // or its seed check's runs.
    int verdictRuns() const { return seedCheck ? seedCheck->runs : replicates(); }
    int verdictCollapsedRuns() const
    {
        return seedCheck ? seedCheck->collapsedRuns : collapsedRuns();
    }
    // The verdict differs between the runs: healthy on some seeds, collapsed on others.
    bool verdictVaries() const
    {
        return verdictCollapsedRuns() > 0 && verdictCollapsedRuns() < verdictRuns();
    }
    // One run and no check: the verdict may change with the seed.
    bool verdictUnchecked() const { return verdictRuns() <= 1; }

    // Diagnostics, not part of the results file.
    bool stoppedBySafetyCap = false;
    std::int64_t simulatedCalls = 0; // warm-up included
    std::int64_t events = 0;
    int limiterInflightAtEnd = 0;  // 0 after a complete run: every place was given back
    double measuredWindowMs = 0.0; // the span utilisation is measured over
    double busyMs = 0.0, wastedMs = 0.0; // worker time in that span, and the wasted part of it
    int replicaOutstandingAtEnd = 0; // the same for the balancer's counts, all replicas
    // docs/model.md, "Stopping early": the run stopped once its collapse was proved, at the
    // arrival of call `stoppedAtCall` (warm-up included; with replicates, the earliest).
    bool stoppedEarly = false;
    std::int64_t stoppedAtCall = 0;
    // Measured calls that sent a hedge while the policy's throttle was at or below its
    // threshold (gRPC's js flavour, docs/policies.md, "gRPC"): what `hedgesim confirm
    // --measured` compares with the real grpc-js run.
    double hedgesBelowThresholdFraction = 0.0;

    bool operator==(const PointResult&) const = default;
};

} // namespace hedge
