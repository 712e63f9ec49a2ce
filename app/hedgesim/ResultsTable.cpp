#include "ResultsTable.h"

#include <algorithm>
#include <charconv>
#include <cmath>

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

std::string loadText(double load)
{
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, load);
    return ec == std::errc() ? std::string(buffer, end) : std::string("?");
}

} // namespace

ResultsTable::ResultsTable(std::vector<PointResult> points) : m_points(std::move(points)) {}

std::string ResultsTable::fixed(double value, int decimals)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
    char buffer[400];
    const auto [end, ec] =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    return ec == std::errc() ? std::string(buffer, end) : std::string("?");
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
    Row header{"setup", "load", "p99 ms", "p99.9 ms", "req/call", "rejected"};
    if (showFailed)
        header.push_back("failed");
    header.insert(header.end(), {"util", ""});
    const std::size_t columns = header.size();

    std::vector<Row> rows;
    std::vector<bool> groupStart;
    bool anyCollapsed = false;
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const PointResult& p = m_points[i];
        const bool first = i == 0 || m_points[i - 1].setup != p.setup;
        Row row{first ? p.setup : std::string(),
                loadText(p.load),
                latency(p.p99Ms),
                latency(p.p999Ms),
                fixed(p.requestsPerCall, 3),
                percent(p.rejectedFraction, 2)};
        if (showFailed)
            row.push_back(percent(p.failedFraction, 2));
        row.insert(row.end(), {percent(p.utilisation, 1), p.collapsed ? "COLLAPSED" : ""});
        rows.push_back(std::move(row));
        groupStart.push_back(first);
        anyCollapsed = anyCollapsed || p.collapsed;
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
    if (anyCollapsed)
        out += "\nCOLLAPSED: the queue never drained (a backlog still growing when the "
               "arrivals ended, or a safety cap hit); its latencies are not a steady state.\n";
    return out;
}

} // namespace hedge::cli
