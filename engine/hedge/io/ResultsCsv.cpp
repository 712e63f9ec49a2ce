#include <hedge/io/ResultsCsv.h>

#include "Format.h"
#include "SpreadColumns.h"

#include <algorithm>
#include <optional>

namespace hedge {

const std::vector<std::string>& resultsCsvColumns()
{
    static const std::vector<std::string> columns{"setup",
                                                  "cancellation",
                                                  "load",
                                                  "measured_calls",
                                                  "p50_ms",
                                                  "p99_ms",
                                                  "p999_ms",
                                                  "mean_ms",
                                                  "max_ms",
                                                  "requests_per_call",
                                                  "hedged_fraction",
                                                  "rejected_fraction",
                                                  "failed_fraction",
                                                  "utilisation",
                                                  "collapsed"};
    return columns;
}

const std::vector<std::string>& resultsCsvSpreadColumns()
{
    static const std::vector<std::string> columns = [] {
        std::vector<std::string> c{"replicates", "collapsed_runs"};
        for (const io_detail::SpreadFigure& figure : io_detail::spreadFigures())
            for (const char* suffix : io_detail::kSpreadSuffixes)
                c.push_back(std::string(figure.name) + suffix);
        return c;
    }();
    return columns;
}

const std::vector<std::string>& resultsCsvPartColumns()
{
    static const std::vector<std::string> columns{"part_p50_ms", "part_p99_ms", "part_p999_ms",
                                                  "slowest_part_hedged_fraction",
                                                  "slower_than_part_p99_fraction"};
    return columns;
}

namespace {

// The part columns' cells, each after a comma: empty for a point without parts and for a
// latency no part had.
std::string partCells(const PointResult& p)
{
    if (!p.parts)
        return std::string(resultsCsvPartColumns().size(), ',');
    const PartFigures& parts = *p.parts;
    return ',' + io_detail::formatOptionalNumber(parts.p50Ms) + ',' +
           io_detail::formatOptionalNumber(parts.p99Ms) + ',' +
           io_detail::formatOptionalNumber(parts.p999Ms) + ',' +
           io_detail::formatNumber(parts.slowestHedgedFraction) + ',' +
           io_detail::formatNumber(parts.slowerThanPartP99Fraction);
}

// The optional columns a file has: each only when some point has the figure, so that a
// file of a run without it stays as it always was.
struct OptionalColumns {
    bool replicas = false; // the busiest replica's utilisation, as in the JSON (docs/topology.md)
    bool spread = false;   // a point pooled replicates
    bool knob = false;     // a grid's knob value
    bool against = false;  // a two-knob grid's against value (docs/maps.md, "Two knobs")
    bool refused = false;  // a setup follows another family (docs/policies.md)
    bool parts = false;    // a point fans out (docs/fanout.md, "Metrics")
    bool outcomes = false; // a setup has a deadline (docs/model.md, "Deadlines")
};

OptionalColumns optionalColumns(const Scenario& scenario, const std::vector<PointResult>& points)
{
    const auto any = [&points](auto has) { return std::any_of(points.begin(), points.end(), has); };
    return {.replicas = scenario.service.replicas > 1,
            .spread = any([](const PointResult& p) { return p.spread.has_value(); }),
            .knob = any([](const PointResult& p) { return p.knobValue.has_value(); }),
            .against = any([](const PointResult& p) { return p.againstValue.has_value(); }),
            .refused = scenario.hasPolicyFamilies(),
            .parts = any([](const PointResult& p) { return p.parts.has_value(); }),
            .outcomes = scenario.hasCallOutcomes()};
}

std::string headerLine(const OptionalColumns& with)
{
    std::string out;
    for (const std::string& column : resultsCsvColumns()) {
        if (with.replicas && column == "collapsed")
            out += ",replica_utilisation_max";
        out += (out.empty() ? "" : ",") + column;
    }
    if (with.spread)
        for (const std::string& column : resultsCsvSpreadColumns())
            out += "," + column;
    if (with.knob)
        out += ",knob_value";
    if (with.against)
        out += ",against_value";
    if (with.refused)
        out += ",hedges_refused_fraction";
    if (with.parts)
        for (const std::string& column : resultsCsvPartColumns())
            out += "," + column;
    if (with.outcomes)
        for (const std::string& column : resultsCsvOutcomeColumns())
            out += "," + column;
    return out + '\n';
}

std::string pointLine(const OptionalColumns& with, const PointResult& p)
{
    using io_detail::formatNumber;
    using io_detail::formatOptionalNumber;
    const std::string cells[] = {io_detail::csvCell(p.setup),    toString(p.cancellation),
                                 formatNumber(p.load),           std::to_string(p.measuredCalls),
                                 formatOptionalNumber(p.p50Ms),  formatOptionalNumber(p.p99Ms),
                                 formatOptionalNumber(p.p999Ms), formatOptionalNumber(p.meanMs),
                                 formatOptionalNumber(p.maxMs),  formatNumber(p.requestsPerCall),
                                 formatNumber(p.hedgedFraction), formatNumber(p.rejectedFraction),
                                 formatNumber(p.failedFraction), formatNumber(p.utilisation),
                                 p.collapsed ? "true" : "false"};
    const std::size_t collapsedCell = std::size(cells) - 1;
    std::string out;
    for (std::size_t i = 0; i < std::size(cells); ++i) {
        if (i > 0)
            out += ',';
        if (with.replicas && i == collapsedCell)
            out += formatNumber(p.replicaUtilisationMax) + ',';
        out += cells[i];
    }
    if (with.spread) {
        out += ',' + std::to_string(p.replicates()) + ',' + std::to_string(p.collapsedRuns());
        for (const io_detail::SpreadFigure& figure : io_detail::spreadFigures())
            for (const auto& v :
                 io_detail::spreadValues(p.spread ? figure.get(*p.spread) : std::nullopt))
                out += ',' + formatOptionalNumber(v);
    }
    if (with.knob)
        out += ',' + formatOptionalNumber(p.knobValue); // empty: not a grid cell
    if (with.against)
        out += ',' + formatOptionalNumber(p.againstValue);
    if (with.refused)
        out += ',' + formatNumber(p.hedgesRefusedFraction);
    if (with.parts)
        out += partCells(p);
    if (with.outcomes)
        for (double v : {p.timedOutFraction, p.goodputFraction, p.goodputPerSecond,
                         p.hedgesPerCall, p.retriesPerCall, p.wastedWorkFraction})
            out += ',' + formatNumber(v);
    return out + '\n';
}

} // namespace

const std::vector<std::string>& resultsCsvOutcomeColumns()
{
    static const std::vector<std::string> columns{"timed_out_fraction", "goodput_fraction",
                                                  "goodput_per_s",      "hedges_per_call",
                                                  "retries_per_call",   "wasted_work_fraction"};
    return columns;
}

std::string writeResultsCsv(const Scenario& scenario, const std::vector<PointResult>& points)
{
    const OptionalColumns with = optionalColumns(scenario, points);
    std::string out = headerLine(with);
    for (const PointResult& p : points)
        out += pointLine(with, p);
    return out;
}

} // namespace hedge
