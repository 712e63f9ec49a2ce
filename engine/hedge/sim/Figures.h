// The figures the explorer plots, as one catalogue (docs/user-guide.md, "Charts" and "Live
// view"): a sweep's charts (a point's figure against load) and the Live view's panels (a
// bucket's figure over time) read the same rows — the figure's keys, titles and unit, and how to
// read it from a PointResult, from a replicates' spread and from a TimelineBucket. A figure that
// one of them has not is nullptr there. The widgets translate and draw; nothing here is Qt.
#pragma once

#include <hedge/policy/PolicyFamily.h>
#include <hedge/sim/PointResult.h>
#include <hedge/sim/TimelineResult.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace hedge {

enum class Figure : std::uint8_t {
    P99,
    P999,
    P50,
    RequestsPerCall,
    RejectedPercent,
    FailedPercent,
    Utilisation,
    // Calls whose hedge the policy's budget or throttle refused (docs/policies.md, "Hedges
    // refused").
    HedgesRefusedPercent,
    // The p99 of a fan-out call's parts (docs/fanout.md, "Metrics"): only a service that fans
    // out has it.
    PartP99,
    Load,
    Backlog,
    ReplicaBacklog, // a strip, not a line: one figure per replica
    Limit,
    BudgetBalance,
    // A policy's state (docs/policies.md, "State over time").
    ThrottleTokens,  // gRPC's throttle tokens (Finagle's and Tower's budget: BudgetBalance)
    RetrySlots,      // Envoy's calls holding a retry slot
    PercentileDelay, // Finagle's and Tower's delay a call starting now reads
    // docs/model.md, "Deadlines" and "Metrics": the calls' outcomes and where the work went.
    GoodputPercent,   // calls answered successfully (within the deadline)
    GoodputPerSecond, // the same, per second
    TimedOutPercent,  // calls that reached their deadline (apart from failed)
    HedgesPerCall,    // extra attempts sent as hedges
    RetriesPerCall,   // extra attempts sent as retries (after an error)
    WastedWorkPercent, // busy time spent on attempts whose call had already ended
};

struct FigureRow {
    Figure id = Figure::P99;
    const char* unit = ""; // "ms", "%", "" (a count or a ratio)
    bool latency = false;  // drawn on a log axis, missing when no call succeeded
    bool percent = false;  // a fraction × 100

    // --- as a sweep's chart plots it (a Metric): nullptr `key` for a figure of the Live view
    // only.
    const char* key = nullptr; // settings and file names: "p99", "requests_per_call"
    // The results file's ("p99_ms", "rejected_fraction"; a timeline's "load", "backlog_ms"), as
    // scenario styles, presets and lessons name a figure.
    const char* resultsKey = nullptr;
    const char* title = nullptr;      // the axis: "p99 latency (ms)"
    const char* chartTitle = nullptr; // "p99 latency vs load"
    const char* shortName = nullptr;  // "p99", "requests per call"
    bool part = false;                // only a fan-out point has it (PointResult::parts)
    bool chartAlwaysShown = false;    // p99, requests per call: no View toggle, never hidden
    // The value as the chart plots it (ms, or percent); none when the point has no such figure.
    std::optional<double> (*ofPoint)(const PointResult& point) = nullptr;
    // The replicates' spread of it, in the results' unit (a fraction); nullptr: none is kept.
    std::optional<FigureSpread> (*ofSpread)(const ReplicateSpread& spread) = nullptr;

    // --- as the Live view draws it (a panel): nullptr `panelTitle` for a sweep's figure only.
    const char* panelTitle = nullptr;      // "p99 (ms, log)"
    const char* panelShortTitle = nullptr; // a check box's: "Budget balance"
    bool alwaysShown = false; // load, p99, requests per call, backlog: no check box
    // The panel's name in a scenario file's `style.panels` (docs/scenario.md): the timeline
    // results file's key of the figure; nullptr for a panel always shown.
    const char* panelKey = nullptr;
    bool gauge = false;       // a policy's state: drawn only while a world has the figure
    // The figure of a bucket; none where it has none. `tokensAreBudget`: the world's family
    // keeps a budget in the bucket's tokens (PolicyFamilyRow::tokensAreBudget).
    std::optional<double> (*ofBucket)(const TimelineBucket& bucket, bool tokensAreBudget) = nullptr;
};

// Every figure, in the order of the enum.
const std::vector<FigureRow>& figures();
const FigureRow& figureRow(Figure figure);
// The sweep's figures in the order a chooser lists them and the window lays out its charts
// (the rows with a key): the one chart order.
const std::vector<Figure>& metricFigures();
// The Live view's panels, top to bottom (the rows with a panel title).
const std::vector<Figure>& panelFigures();
// The Live view's panels a user turns on and off (the rows with a panel key), top to bottom, and
// those on in a new window: the replica strip and a policy's state (each drawn only where a world
// has it).
const std::vector<Figure>& optionalPanelFigures();
const std::vector<Figure>& defaultPanelFigures();
// The optional panel a scenario file's `style.panels` names ("utilisation", "limit"), if any.
std::optional<Figure> panelFromKey(std::string_view key);
// The figure a results file's key names ("p99_ms", "backlog_ms"), among `among`.
std::optional<Figure> figureFromResultsKey(std::string_view key, const std::vector<Figure>& among);
// The Live view's figure of a bucket (the row's ofBucket); none where the bucket has none (no
// calls, no limit, the replica strip's several figures, a figure the panel has not). Given the
// world's family, Finagle's and Tower's budget (the bucket's tokens) is a budget balance, not
// gRPC tokens.
std::optional<double> bucketFigure(Figure figure, const TimelineBucket& bucket,
                                   std::optional<PolicyFamily> family = std::nullopt);
// The band a point's replicates span for `figure` in its chart's unit: p5–p95 with at least 10
// replicates, else min–max. Empty for a single run or a figure no replicate had.
std::optional<std::pair<double, double>> figureBand(const PointResult& point, Figure figure);

} // namespace hedge
