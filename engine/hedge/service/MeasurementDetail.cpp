// What the three measurement readers share (MeasurementDetail.h).
#include <hedge/service/MeasurementDetail.h>

#include <hedge/io/FileText.h>
#include <hedge/io/ShippedFiles.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

namespace hedge::measurement_detail {

namespace {

constexpr double kHourMs = 3.6e6;

std::string readWholeFile(const std::string& path)
{
    std::error_code ignored;
    if (!isShippedFileName(path) && std::filesystem::is_directory(path, ignored))
        throw MeasurementError(path, 0, "a folder, not a file");
    FileText file = readFileText(path);
    if (!file.ok())
        throw MeasurementError(path, 0, "cannot be read: " + file.error);
    return std::move(file.bytes);
}

} // namespace

std::vector<std::string> readTextLines(const std::string& path)
{
    const std::string text = readWholeFile(path);
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        lines.push_back(std::move(line));
        line.clear();
    }
    // A UTF-8 byte-order mark (spreadsheets write one) is not part of the first field.
    if (!lines.empty() && startsWith(lines.front(), "\xEF\xBB\xBF"))
        lines.front().erase(0, 3);
    return lines;
}

std::string_view trimmed(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

std::optional<double> parseFiniteNumber(std::string_view text)
{
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    if (text.empty())
        return std::nullopt;
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::string describeNumber(double value)
{
    std::array<char, 32> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.6g", value);
    return buffer.data();
}

std::string describeMs(double ms)
{
    std::array<char, 32> buffer{};
    if (ms >= kHourMs)
        std::snprintf(buffer.data(), buffer.size(), "%.4g h", ms / kHourMs);
    else if (ms >= 1000.0)
        std::snprintf(buffer.data(), buffer.size(), "%.4g s", ms / 1000.0);
    else
        std::snprintf(buffer.data(), buffer.size(), "%.4g ms", ms);
    return buffer.data();
}

void checkUnitFits(const std::string& path, double smallestRaw, LatencyUnit unit)
{
    const double smallestMs = smallestRaw * millisecondsPer(unit);
    if (smallestMs <= kHourMs)
        return;
    std::string problem = "every latency is above 1 h read as ";
    problem += toString(unit);
    problem += " (the smallest is ";
    problem += describeMs(smallestMs);
    problem += ")";
    // The coarsest unit that brings the latencies under an hour is the likeliest slip.
    for (const LatencyUnit other :
         {LatencyUnit::Seconds, LatencyUnit::Milliseconds, LatencyUnit::Microseconds}) {
        const double otherMs = smallestRaw * millisecondsPer(other);
        if (otherMs <= kHourMs) {
            problem += "; read as ";
            problem += toString(other);
            problem += " the smallest would be ";
            problem += describeMs(otherMs);
            problem += ": is the unit ";
            problem += toString(other);
            problem += "?";
            throw MeasurementError(path, 0, problem);
        }
    }
    problem += ", even read as us: nanoseconds? Convert the latencies to us, ms or s";
    throw MeasurementError(path, 0, problem);
}

QuantilePoints quantilesOfCounts(const std::vector<std::pair<double, std::int64_t>>& counted)
{
    QuantilePoints points;
    std::int64_t total = 0;
    for (const auto& entry : counted)
        total += entry.second;
    if (total <= 0)
        return points;
    if (total == 1) {
        points.fraction = {0.0, 1.0};
        points.latencyMs = {counted.front().first, counted.front().first};
        return points;
    }
    const double last = double(total - 1);
    std::int64_t rank = 0; // of the run's first sample, from 0
    for (const auto& [ms, count] : counted) {
        if (count <= 0)
            continue;
        points.fraction.push_back(double(rank) / last);
        points.latencyMs.push_back(ms);
        if (count > 1) {
            points.fraction.push_back(double(rank + count - 1) / last);
            points.latencyMs.push_back(ms);
        }
        rank += count;
    }
    return points;
}

void noteEnds(MeasuredLatencies& result, const std::string& what, double smallestMs,
              double largestMs, std::int64_t zeros)
{
    result.notes.push_back("the slowest knot is the largest " + what + ", " +
                           describeMs(largestMs) + ": nothing is extrapolated past it");
    result.notes.push_back("the fastest knot is the smallest " + what + ", " +
                           describeMs(smallestMs));
    if (zeros > 0) {
        result.notes.push_back(std::to_string(zeros) +
                               (zeros == 1 ? " latency is 0: the table takes it"
                                           : " latencies are 0: the table takes them") +
                               " as " + describeNumber(ServiceTimeTable::kShortestMs) +
                               " ms (its times are positive)");
    }
}

} // namespace hedge::measurement_detail
