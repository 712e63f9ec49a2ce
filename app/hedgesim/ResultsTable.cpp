#include "ResultsTable.h"

#include <hedge/io/Format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>

namespace hedge::cli {

namespace {

using Row = std::vector<std::string>;

std::string latency(const std::optional<double>& ms)
{
    return ms ? ResultsTable::fixed(*ms, 1) : std::string("-");
}

std::string percent(double fraction, int decimals)
{
    return ResultsTable::fixed(fraction * 100.0, decimals) + " %";
}

// "212.0 [55.0–238.0]": the pooled value, then the replicates' 5th to 95th percentile when
// there are (from 10 replicates; up to 19 they are the min and the max), else their range.
std::string withSpread(std::string value, const std::optional<FigureSpread>& spread,
                       const std::function<std::string(double)>& text)
{
    if (!spread)
        return value;
    const double low = spread->p5.value_or(spread->min);
    const double high = spread->p95.value_or(spread->max);
    return value + " [" + text(low) + "–" + text(high) + "]";
}

std::string collapseMark(const PointResult& p)
{
    if (!p.spread)
        return p.collapsed ? "COLLAPSED" : "";
    if (p.collapsedRuns() == 0)
        return "";
    const std::string runs =
        std::to_string(p.collapsedRuns()) + "/" + std::to_string(p.replicates());
    return (p.collapsed ? "COLLAPSED " : "collapsed ") + runs;
}

std::string loadText(double load)
{
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, load);
    return ec == std::errc() ? std::string(buffer, end) : std::string("?");
}

// One point's row: its figures, with the replicates' spread where there is one.
Row pointRow(const PointResult& p, bool first, bool showFailed, bool replicaColumn,
             bool partColumn, bool outcomeColumns)
{
    const auto spreadOf = [&p](auto field) {
        return p.spread ? std::optional<FigureSpread>((*p.spread).*field) : std::nullopt;
    };
    const auto ms = [](double v) { return ResultsTable::fixed(v, 1); };
    const auto pct = [](double v) { return ResultsTable::fixed(v * 100.0, 1); };
    const auto number = [](double v) {
        char text[32];
        return std::string(text, std::to_chars(text, text + sizeof text, v).ptr);
    };
    std::string label = p.setup;
    if (p.knobValue)
        label += " @ " + number(*p.knobValue);
    // A two-knob grid's point (docs/maps.md, "Two knobs"): its against value too.
    if (p.againstValue)
        label += (p.knobValue ? " × " : " @ ") + number(*p.againstValue);
    Row row{first ? label : std::string(),
            loadText(p.load),
            withSpread(latency(p.p99Ms), p.spread ? p.spread->p99Ms : std::nullopt, ms),
            withSpread(latency(p.p999Ms), p.spread ? p.spread->p999Ms : std::nullopt, ms)};
    if (partColumn) // the parts' p99 beside the call's: how much the slowest part adds
        row.push_back(latency(p.parts ? p.parts->p99Ms : std::nullopt));
    row.push_back(withSpread(ResultsTable::fixed(p.requestsPerCall, 3),
                             spreadOf(&ReplicateSpread::requestsPerCall),
                             [](double v) { return ResultsTable::fixed(v, 3); }));
    row.push_back(percent(p.rejectedFraction, 2));
    if (showFailed)
        row.push_back(percent(p.failedFraction, 2));
    if (outcomeColumns) {
        row.push_back(percent(p.goodputFraction, 2));
        row.push_back(percent(p.timedOutFraction, 2));
        row.push_back(ResultsTable::fixed(p.hedgesPerCall, 3));
        row.push_back(ResultsTable::fixed(p.retriesPerCall, 3));
        row.push_back(percent(p.wastedWorkFraction, 1));
    }
    row.push_back(
        withSpread(percent(p.utilisation, 1), spreadOf(&ReplicateSpread::utilisation), pct));
    if (replicaColumn)
        row.push_back(percent(p.replicaUtilisationMax, 1));
    row.push_back(collapseMark(p));
    return row;
}

// What the table's marks mean, for the marks it shows.
std::string footnotes(bool anySpread, bool anyCollapsed)
{
    std::string text;
    if (anySpread)
        text += "\n[a–b]: the spread over the replicates — their range (min–max) under 20 "
                "replicates, their 5th to 95th percentile from 20; the value before it pools "
                "them all.\n";
    if (anyCollapsed)
        text += "\nCOLLAPSED: the queue never drained (a backlog still growing when the "
                "arrivals ended, or a safety cap hit); its latencies are not a steady state.\n";
    if (anyCollapsed && anySpread)
        text += "k/N: collapsed in k of N replicates; capitals when most did (the point counts "
                "as collapsed).\n";
    return text;
}

} // namespace

ResultsTable::ResultsTable(std::vector<PointResult> points, bool replicaColumn,
                           bool outcomeColumns)
    : m_points(std::move(points)), m_replicaColumn(replicaColumn), m_outcomeColumns(outcomeColumns)
{}

std::string ResultsTable::fixed(double value, int decimals)
{
    return io_detail::fixed(value, decimals);
}

std::size_t ResultsTable::displayWidth(const std::string& utf8)
{
    // Count code points: every byte but UTF-8 continuation bytes (10xxxxxx).
    return static_cast<std::size_t>(std::count_if(utf8.begin(), utf8.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

std::string ResultsTable::format() const
{
    // "failed" only matters when the service has errors: shown when a point has failures.
    const bool showFailed = std::any_of(m_points.begin(), m_points.end(),
                                        [](const PointResult& p) { return p.failedFraction > 0; });
    // A service that fans out: its parts' p99 too (docs/fanout.md, "Metrics").
    const bool partColumn = std::any_of(m_points.begin(), m_points.end(),
                                        [](const PointResult& p) { return p.parts.has_value(); });
    Row header{"setup", "load", "p99 ms", "p99.9 ms"};
    if (partColumn)
        header.push_back("part p99 ms");
    header.insert(header.end(), {"req/call", "rejected"});
    if (showFailed)
        header.push_back("failed");
    if (m_outcomeColumns)
        header.insert(header.end(), {"goodput", "timed out", "hedges/call", "retries/call", "wasted"});
    header.push_back("util");
    if (m_replicaColumn)
        header.push_back("busiest");
    header.push_back("");
    const std::size_t columns = header.size();

    std::vector<Row> rows;
    std::vector<bool> groupStart;
    bool anyCollapsed = false;
    bool anySpread = false;
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const PointResult& p = m_points[i];
        // A grid cell's rows group by knob value too: each value is a curve of its own.
        const bool first = i == 0 || m_points[i - 1].setup != p.setup ||
                           m_points[i - 1].knobValue != p.knobValue ||
                           m_points[i - 1].againstValue != p.againstValue;
        rows.push_back(
            pointRow(p, first, showFailed, m_replicaColumn, partColumn, m_outcomeColumns));
        groupStart.push_back(first);
        anyCollapsed = anyCollapsed || p.collapsedRuns() > 0;
        anySpread = anySpread || p.spread.has_value();
    }

    std::vector<std::size_t> width(columns);
    for (std::size_t c = 0; c < columns; ++c) {
        width[c] = displayWidth(header[c]);
        for (const Row& row : rows)
            width[c] = std::max(width[c], displayWidth(row[c]));
    }
    const auto line = [&width, columns](const Row& row) {
        std::string out;
        for (std::size_t c = 0; c < columns; ++c) {
            const std::string padding(width[c] - displayWidth(row[c]), ' ');
            if (c > 0)
                out += "  ";
            // Text columns (setup, mark) left-aligned; numbers right-aligned.
            if (c == 0 || c == columns - 1)
                out += row[c] + padding;
            else
                out += padding + row[c];
        }
        while (!out.empty() && out.back() == ' ')
            out.pop_back();
        return out + "\n";
    };

    std::string out = line(header);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (groupStart[i] && i > 0)
            out += "\n";
        out += line(rows[i]);
    }
    return out + footnotes(anySpread, anyCollapsed);
}

} // namespace hedge::cli
