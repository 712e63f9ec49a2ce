#include <hedge/sim/Figures.h>

#include <hedge/PolicyFamilies.h>

namespace hedge {

namespace {

std::optional<double> percentOf(std::int64_t count, std::int64_t of)
{
    if (of == 0)
        return std::nullopt;
    return 100.0 * double(count) / double(of);
}

std::optional<double> ratioOf(std::int64_t count, std::int64_t of)
{
    if (of == 0)
        return std::nullopt;
    return double(count) / double(of);
}

// As KnobRegistry.cpp's, the table is kept out of clang-format so that a row reads as a row.
// clang-format off
std::vector<FigureRow> figureTable()
{
    using P = const PointResult&;
    using S = const ReplicateSpread&;
    using B = const TimelineBucket&;
    return {
        {.id = Figure::P99, .unit = "ms", .latency = true,
         .key = "p99", .resultsKey = "p99_ms", .title = "p99 latency (ms)",
         .chartTitle = "p99 latency vs load", .shortName = "p99", .chartAlwaysShown = true,
         .ofPoint = [](P p) { return p.p99Ms; },
         .ofSpread = [](S s) { return s.p99Ms; },
         .panelTitle = "p99 (ms, log)", .alwaysShown = true,
         .ofBucket = [](B b, bool) { return b.p99Ms; }},
        {.id = Figure::P999, .unit = "ms", .latency = true,
         .key = "p999", .resultsKey = "p999_ms", .title = "p99.9 latency (ms)",
         .chartTitle = "p99.9 latency vs load", .shortName = "p99.9",
         .ofPoint = [](P p) { return p.p999Ms; },
         .ofSpread = [](S s) { return s.p999Ms; }},
        {.id = Figure::P50, .unit = "ms", .latency = true,
         .key = "p50", .resultsKey = "p50_ms", .title = "p50 latency (ms)",
         .chartTitle = "p50 latency vs load", .shortName = "p50",
         .ofPoint = [](P p) { return p.p50Ms; },
         .ofSpread = [](S s) { return s.p50Ms; }},
        {.id = Figure::RequestsPerCall,
         .key = "requests_per_call", .resultsKey = "requests_per_call",
         .title = "requests per call", .chartTitle = "requests per call vs load",
         .shortName = "requests per call", .chartAlwaysShown = true,
         .ofPoint = [](P p) { return std::optional<double>(p.requestsPerCall); },
         .ofSpread = [](S s) { return std::optional<FigureSpread>(s.requestsPerCall); },
         .panelTitle = "Requests per call", .alwaysShown = true,
         .ofBucket = [](B b, bool) { return b.requestsPerCall; }},
        {.id = Figure::RejectedPercent, .unit = "%", .percent = true,
         .key = "rejected_percent", .resultsKey = "rejected_fraction",
         .title = "rejected calls (%)", .chartTitle = "rejected calls vs load",
         .shortName = "rejected %",
         .ofPoint = [](P p) { return std::optional<double>(p.rejectedFraction * 100.0); },
         .ofSpread = [](S s) { return std::optional<FigureSpread>(s.rejectedFraction); },
         .panelTitle = "Rejected (%)", .panelShortTitle = "Rejected %",
         .panelKey = "rejected_fraction",
         .ofBucket = [](B b, bool) { return percentOf(b.rejected, b.callsEnded); }},
        {.id = Figure::FailedPercent, .unit = "%", .percent = true,
         .key = "failed_percent", .resultsKey = "failed_fraction",
         .title = "failed calls (%)", .chartTitle = "failed calls vs load",
         .shortName = "failed %",
         .ofPoint = [](P p) { return std::optional<double>(p.failedFraction * 100.0); },
         .ofSpread = [](S s) { return std::optional<FigureSpread>(s.failedFraction); }},
        {.id = Figure::Utilisation, .unit = "%", .percent = true,
         .key = "utilisation", .resultsKey = "utilisation",
         .title = "server utilisation (%)", .chartTitle = "server utilisation vs load",
         .shortName = "utilisation",
         .ofPoint = [](P p) { return std::optional<double>(p.utilisation * 100.0); },
         .ofSpread = [](S s) { return std::optional<FigureSpread>(s.utilisation); },
         .panelTitle = "Utilisation (%)", .panelShortTitle = "Utilisation",
         .panelKey = "utilisation",
         .ofBucket = [](B b, bool) { return std::optional<double>(b.busyFraction * 100.0); }},
        // Replicates pool the calls that had a hedge refused, and fan-out parts: no spread is
        // kept for either.
        {.id = Figure::HedgesRefusedPercent, .unit = "%", .percent = true,
         .key = "hedges_refused_percent", .resultsKey = "hedges_refused_fraction",
         .title = "hedges refused (% of calls)", .chartTitle = "hedges refused vs load",
         .shortName = "hedges refused %",
         .ofPoint = [](P p) { return std::optional<double>(p.hedgesRefusedFraction * 100.0); },
         .panelTitle = "Hedges refused (% of calls)", .panelShortTitle = "Hedges refused",
         .panelKey = "hedges_refused_fraction",
         .gauge = true,
         // Only a world with a budget, a throttle or retry slots can refuse a hedge: the
         // others have no such figure (and no panel of their own).
         .ofBucket = [](B b, bool) {
             if (!(b.budgetBalance || b.throttleTokens || b.retrySlots))
                 return std::optional<double>();
             return percentOf(b.hedgesRefused, b.arrivals); }},
        {.id = Figure::PartP99, .unit = "ms", .latency = true,
         .key = "part_p99", .resultsKey = "part_p99_ms", .title = "part p99 latency (ms)",
         .chartTitle = "part p99 latency vs load", .shortName = "part p99", .part = true,
         .ofPoint = [](P p) { return p.parts ? p.parts->p99Ms : std::nullopt; }},
        {.id = Figure::Load, .unit = "%", .percent = true, .resultsKey = "load",
         .panelTitle = "Load (%)", .alwaysShown = true,
         .ofBucket = [](B b, bool) { return std::optional<double>(b.load * 100.0); }},
        {.id = Figure::Backlog, .unit = "s", .resultsKey = "backlog_ms",
         .panelTitle = "Backlog (s of work)", .alwaysShown = true,
         .ofBucket = [](B b, bool) { return std::optional<double>(b.backlogMs / 1000.0); }},
        // Several figures a bucket (LivePanelPainter draws the strip).
        {.id = Figure::ReplicaBacklog, .unit = "s",
         .panelTitle = "Backlog per replica (s of work)", .panelShortTitle = "Backlog per replica",
         .panelKey = "replica_backlog_ms",
         .ofBucket = [](B, bool) { return std::optional<double>(); }},
        {.id = Figure::Limit,
         .panelTitle = "Adaptive limit", .panelShortTitle = "Limit", .panelKey = "limit",
         .ofBucket = [](B b, bool) { return b.limit; }},
        {.id = Figure::BudgetBalance,
         .panelTitle = "Budget balance (hedges)", .panelShortTitle = "Budget balance",
         .panelKey = "budget_balance",
         .ofBucket = [](B b, bool tokensAreBudget) {
             return tokensAreBudget ? b.throttleTokens : b.budgetBalance; }},
        {.id = Figure::ThrottleTokens,
         .panelTitle = "gRPC tokens", .panelKey = "throttle_tokens", .gauge = true,
         .ofBucket = [](B b, bool tokensAreBudget) {
             return tokensAreBudget ? std::nullopt : b.throttleTokens; }},
        {.id = Figure::RetrySlots,
         .panelTitle = "Envoy retry slots (calls holding one)",
         .panelShortTitle = "Envoy retry slots", .panelKey = "retry_slots", .gauge = true,
         .ofBucket = [](B b, bool) { return b.retrySlots; }},
        {.id = Figure::PercentileDelay, .unit = "ms",
         .panelTitle = "Percentile delay (ms)", .panelShortTitle = "Percentile delay",
         .panelKey = "percentile_delay_ms", .gauge = true,
         .ofBucket = [](B b, bool) { return b.percentileDelayMs; }},
        // docs/model.md, "Metrics": the calls' outcomes (goodput + timed out + failed + rejected
        // = 100 % of the calls that ended) and where the work went. Replicates pool them; no
        // spread is kept. Sweep charts (View), Live panels and the hover's; the chart area
        // scrolls when more charts are on than fit (widgets/ChartArea.h).
        {.id = Figure::GoodputPercent, .unit = "%", .percent = true,
         .key = "goodput_percent", .resultsKey = "goodput_fraction",
         .title = "goodput (% of calls answered in time)", .chartTitle = "goodput vs load",
         .shortName = "goodput %",
         .ofPoint = [](P p) { return std::optional<double>(p.goodputFraction * 100.0); },
         .panelTitle = "Goodput (% of calls ended)", .panelShortTitle = "Goodput %",
         .panelKey = "goodput_fraction",
         .ofBucket = [](B b, bool) {
             return percentOf(b.callsEnded - b.rejected - b.failed - b.timedOut, b.callsEnded); }},
        {.id = Figure::GoodputPerSecond, .unit = "/s",
         .key = "goodput_per_s", .resultsKey = "goodput_per_s",
         .title = "goodput (calls answered in time per second)",
         .chartTitle = "goodput per second vs load", .shortName = "goodput /s",
         .ofPoint = [](P p) { return std::optional<double>(p.goodputPerSecond); },
         .panelTitle = "Goodput (calls per second)", .panelShortTitle = "Goodput /s",
         .panelKey = "goodput_per_s",
         .ofBucket = [](B b, bool) { return std::optional<double>(b.goodputPerS); }},
        {.id = Figure::TimedOutPercent, .unit = "%", .percent = true,
         .key = "timed_out_percent", .resultsKey = "timed_out_fraction",
         .title = "timed-out calls (%)", .chartTitle = "timed-out calls vs load",
         .shortName = "timed out %",
         .ofPoint = [](P p) { return std::optional<double>(p.timedOutFraction * 100.0); },
         .panelTitle = "Timed out (%)", .panelShortTitle = "Timed out %",
         .panelKey = "timed_out_fraction",
         .ofBucket = [](B b, bool) { return percentOf(b.timedOut, b.callsEnded); }},
        {.id = Figure::HedgesPerCall,
         .key = "hedges_per_call", .resultsKey = "hedges_per_call",
         .title = "hedges per call", .chartTitle = "hedges per call vs load",
         .shortName = "hedges per call",
         .ofPoint = [](P p) { return std::optional<double>(p.hedgesPerCall); },
         .panelTitle = "Hedges per call", .panelShortTitle = "Hedges per call",
         .panelKey = "hedges_per_call",
         .ofBucket = [](B b, bool) { return ratioOf(b.hedgesOfEnded, b.callsEnded); }},
        {.id = Figure::RetriesPerCall,
         .key = "retries_per_call", .resultsKey = "retries_per_call",
         .title = "retries per call", .chartTitle = "retries per call vs load",
         .shortName = "retries per call",
         .ofPoint = [](P p) { return std::optional<double>(p.retriesPerCall); },
         .panelTitle = "Retries per call", .panelShortTitle = "Retries per call",
         .panelKey = "retries_per_call",
         .ofBucket = [](B b, bool) { return ratioOf(b.retriesOfEnded, b.callsEnded); }},
        {.id = Figure::WastedWorkPercent, .unit = "%", .percent = true,
         .key = "wasted_work_percent", .resultsKey = "wasted_work_fraction",
         .title = "wasted work (% of busy time)", .chartTitle = "wasted work vs load",
         .shortName = "wasted work %",
         .ofPoint = [](P p) { return std::optional<double>(p.wastedWorkFraction * 100.0); },
         .panelTitle = "Wasted work (% of busy time)", .panelShortTitle = "Wasted work",
         .panelKey = "wasted_work_fraction",
         .ofBucket = [](B b, bool) { return std::optional<double>(b.wastedFraction * 100.0); }},
    };
}
// clang-format on

} // namespace

const std::vector<FigureRow>& figures()
{
    static const std::vector<FigureRow> table = figureTable();
    return table;
}

const FigureRow& figureRow(Figure figure)
{
    return figures().at(static_cast<std::size_t>(figure));
}

const std::vector<Figure>& metricFigures()
{
    // Goodput and timed out next to the two charts always shown: with a deadline they are what
    // a caller lives by (docs/user-guide.md, "Charts"); the other outcomes after the older
    // figures, the parts' p99 (a fan-out's only) last.
    static const std::vector<Figure> order{
        Figure::P99,           Figure::RequestsPerCall,      Figure::GoodputPercent,
        Figure::TimedOutPercent, Figure::P999,               Figure::P50,
        Figure::RejectedPercent, Figure::FailedPercent,      Figure::Utilisation,
        Figure::HedgesRefusedPercent, Figure::GoodputPerSecond, Figure::HedgesPerCall,
        Figure::RetriesPerCall, Figure::WastedWorkPercent,   Figure::PartP99};
    return order;
}

const std::vector<Figure>& panelFigures()
{
    static const std::vector<Figure> order{
        Figure::Load,          Figure::P99,           Figure::RequestsPerCall,
        Figure::Backlog,       Figure::ReplicaBacklog, Figure::Utilisation,
        Figure::Limit,         Figure::BudgetBalance, Figure::RejectedPercent,
        Figure::HedgesRefusedPercent, Figure::ThrottleTokens, Figure::RetrySlots,
        Figure::PercentileDelay, Figure::GoodputPercent, Figure::GoodputPerSecond,
        Figure::TimedOutPercent, Figure::HedgesPerCall, Figure::RetriesPerCall,
        Figure::WastedWorkPercent};
    return order;
}

const std::vector<Figure>& optionalPanelFigures()
{
    static const std::vector<Figure> optional = [] {
        std::vector<Figure> out;
        for (Figure figure : panelFigures())
            if (figureRow(figure).panelKey)
                out.push_back(figure);
        return out;
    }();
    return optional;
}

const std::vector<Figure>& defaultPanelFigures()
{
    static const std::vector<Figure> shown = [] {
        std::vector<Figure> out;
        for (Figure figure : optionalPanelFigures())
            if (figure == Figure::ReplicaBacklog || figureRow(figure).gauge)
                out.push_back(figure);
        return out;
    }();
    return shown;
}

std::optional<Figure> panelFromKey(std::string_view key)
{
    for (Figure figure : optionalPanelFigures())
        if (key == figureRow(figure).panelKey)
            return figure;
    return std::nullopt;
}

std::optional<Figure> figureFromResultsKey(std::string_view key, const std::vector<Figure>& among)
{
    for (Figure figure : among) {
        const char* own = figureRow(figure).resultsKey;
        if (own && key == own)
            return figure;
    }
    return std::nullopt;
}

std::optional<double> bucketFigure(Figure figure, const TimelineBucket& bucket,
                                   std::optional<PolicyFamily> family)
{
    const FigureRow& row = figureRow(figure);
    if (!row.ofBucket)
        return std::nullopt;
    return row.ofBucket(bucket, family && policyFamilyRow(*family).tokensAreBudget);
}

std::optional<std::pair<double, double>> figureBand(const PointResult& point, Figure figure)
{
    const FigureRow& row = figureRow(figure);
    if (!point.spread || point.spread->replicates < 2 || !row.ofSpread)
        return std::nullopt;
    const std::optional<FigureSpread> spread = row.ofSpread(*point.spread);
    if (!spread)
        return std::nullopt;
    const double scale = row.percent ? 100.0 : 1.0;
    const bool percentiles = spread->p5 && spread->p95;
    return std::make_pair((percentiles ? *spread->p5 : spread->min) * scale,
                          (percentiles ? *spread->p95 : spread->max) * scale);
}

} // namespace hedge
