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

} // namespace

std::string writeResultsCsv(const Scenario& scenario, const std::vector<PointResult>& points)
{
    using io_detail::formatNumber;
    // The busiest replica's utilisation only with replicas, as in the JSON: a one-queue file
    // stays what it was before docs/topology.md.
    const bool withReplicas = scenario.service.replicas > 1;
    // The spread columns only when a point pooled replicates: a 1-replicate file stays as
    // it always was.
    const bool withSpread = std::any_of(points.begin(), points.end(),
                                        [](const PointResult& p) { return p.spread.has_value(); });
    // The same for a grid's knob value: only a grid run has the column.
    const bool withKnob = std::any_of(points.begin(), points.end(),
                                      [](const PointResult& p) { return p.knobValue.has_value(); });
    // A two-knob grid's against value likewise (docs/maps.md, "Two knobs").
    const bool withAgainst = std::any_of(points.begin(), points.end(), [](const PointResult& p) {
        return p.againstValue.has_value();
    });
    // Hedges refused only when a setup follows another family (docs/policies.md).
    const bool withRefused = scenario.hasPolicyFamilies();
    // The parts' figures only when a point fans out (docs/fanout.md, "Metrics").
    const bool withParts = std::any_of(points.begin(), points.end(),
                                       [](const PointResult& p) { return p.parts.has_value(); });
    std::string out;
    for (const std::string& column : resultsCsvColumns()) {
        if (withReplicas && column == "collapsed")
            out += ",replica_utilisation_max";
        out += (out.empty() ? "" : ",") + column;
    }
    if (withSpread)
        for (const std::string& column : resultsCsvSpreadColumns())
            out += "," + column;
    if (withKnob)
        out += ",knob_value";
    if (withAgainst)
        out += ",against_value";
    if (withRefused)
        out += ",hedges_refused_fraction";
    if (withParts)
        for (const std::string& column : resultsCsvPartColumns())
            out += "," + column;
    out += '\n';
    for (const PointResult& p : points) {
        const std::string cells[] = {io_detail::csvCell(p.setup),
                                     toString(p.cancellation),
                                     formatNumber(p.load),
                                     std::to_string(p.measuredCalls),
                                     io_detail::formatOptionalNumber(p.p50Ms),
                                     io_detail::formatOptionalNumber(p.p99Ms),
                                     io_detail::formatOptionalNumber(p.p999Ms),
                                     io_detail::formatOptionalNumber(p.meanMs),
                                     io_detail::formatOptionalNumber(p.maxMs),
                                     formatNumber(p.requestsPerCall),
                                     formatNumber(p.hedgedFraction),
                                     formatNumber(p.rejectedFraction),
                                     formatNumber(p.failedFraction),
                                     formatNumber(p.utilisation),
                                     p.collapsed ? "true" : "false"};
        const std::size_t collapsedCell = std::size(cells) - 1;
        for (std::size_t i = 0; i < std::size(cells); ++i) {
            if (i > 0)
                out += ',';
            if (withReplicas && i == collapsedCell)
                out += formatNumber(p.replicaUtilisationMax) + ',';
            out += cells[i];
        }
        if (withSpread) {
            out += ',' + std::to_string(p.replicates()) + ',' + std::to_string(p.collapsedRuns());
            for (const io_detail::SpreadFigure& figure : io_detail::spreadFigures())
                for (const auto& v :
                     io_detail::spreadValues(p.spread ? figure.get(*p.spread) : std::nullopt))
                    out += ',' + io_detail::formatOptionalNumber(v);
        }
        if (withKnob)
            out += ',' + io_detail::formatOptionalNumber(p.knobValue); // empty: not a grid cell
        if (withAgainst)
            out += ',' + io_detail::formatOptionalNumber(p.againstValue);
        if (withRefused)
            out += ',' + formatNumber(p.hedgesRefusedFraction);
        if (withParts)
            out += partCells(p);
        out += '\n';
    }
    return out;
}

} // namespace hedge
