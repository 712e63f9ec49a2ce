// A CSV of latencies, one a row: a header row names the columns and the request picks one
// (MeasurementImport.h). Blank lines and `#` comments are skipped; a field may be quoted.
#include <hedge/service/MeasurementDetail.h>

#include <algorithm>
#include <cstddef>

namespace hedge {

namespace measurement_detail::csv {

// The fields of one line, commas between them; "a ""quoted"" field" keeps its commas.
std::vector<std::string> splitFields(std::string_view line)
{
    std::vector<std::string> fields;
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"' && trimmed(field).empty()) {
            field.clear();
            quoted = true;
        } else if (c == ',') {
            fields.emplace_back(trimmed(field));
            field.clear();
        } else {
            field += c;
        }
    }
    fields.emplace_back(quoted ? field : std::string(trimmed(field)));
    return fields;
}

bool skipped(std::string_view line)
{
    const std::string_view text = trimmed(line);
    return text.empty() || text.front() == '#';
}

std::string listed(const std::vector<std::string>& names)
{
    std::string text;
    for (const std::string& name : names) {
        if (!text.empty())
            text += ", ";
        text += name;
    }
    return text;
}

std::string ordinal(std::size_t n)
{
    const std::size_t tens = n % 100;
    const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                         : n % 10 == 1              ? "st"
                         : n % 10 == 2              ? "nd"
                         : n % 10 == 3              ? "rd"
                                                    : "th";
    return std::to_string(n) + suffix;
}

// Where the latencies are: the first line that is data and the column.
struct CsvColumn {
    std::size_t firstDataLine = 0; // index into the lines
    std::size_t index = 0;
    std::string name; // as the messages call it: the header's name, or "latency"
    bool headed = true;
};

CsvColumn headerlessColumn(const MeasurementRequest& request, std::size_t line,
                           std::size_t fieldCount)
{
    const int lineNumber = int(line + 1);
    if (!request.column.empty())
        throw MeasurementError(request.path, lineNumber,
                               "no header row names the columns, so there is no column \"" +
                                   request.column + "\"");
    if (fieldCount > 1)
        throw MeasurementError(request.path, lineNumber,
                               std::to_string(fieldCount) +
                                   " columns and no header row: name them in a first row "
                                   "and choose the latencies' column");
    return {line, 0, "latency", false};
}

CsvColumn findColumn(const MeasurementRequest& request, const std::vector<std::string>& lines)
{
    std::size_t line = 0;
    while (line < lines.size() && skipped(lines[line]))
        ++line;
    if (line == lines.size())
        throw MeasurementError(request.path, 0,
                               lines.empty() ? "no latencies: the file is empty"
                                             : "no latencies: no line holds data");
    const std::vector<std::string> header = splitFields(lines[line]);
    const bool numeric = std::all_of(header.begin(), header.end(), [](const std::string& f) {
        return parseFiniteNumber(f).has_value();
    });
    if (numeric)
        return headerlessColumn(request, line, header.size());
    const int lineNumber = int(line + 1);
    if (request.column.empty()) {
        if (header.size() == 1)
            return {line + 1, 0, header.front()};
        throw MeasurementError(request.path, lineNumber,
                               std::to_string(header.size()) + " columns (" + listed(header) +
                                   "): say which holds the latencies");
    }
    std::vector<std::size_t> matches;
    for (std::size_t i = 0; i < header.size(); ++i) {
        if (header[i] == request.column)
            matches.push_back(i);
    }
    if (matches.empty())
        throw MeasurementError(request.path, lineNumber,
                               "no column \"" + request.column + "\"; the columns are " +
                                   listed(header));
    if (matches.size() > 1)
        throw MeasurementError(request.path, lineNumber,
                               "the column \"" + request.column + "\" is there " +
                                   std::to_string(matches.size()) + " times (the " +
                                   ordinal(matches[0] + 1) + " and the " + ordinal(matches[1] + 1) +
                                   " columns)");
    return {line + 1, matches.front(), request.column};
}

// One row's latency in the file's unit; throws FILE:LINE for anything but a number >= 0.
double rowLatency(const std::string& path, int lineNumber, const std::string& line,
                  const CsvColumn& column)
{
    const std::vector<std::string> fields = splitFields(line);
    if (fields.size() <= column.index)
        throw MeasurementError(path, lineNumber,
                               "no " + column.name + " value: the row has " +
                                   std::to_string(fields.size()) + " field" +
                                   (fields.size() == 1 ? "" : "s") + ", the latencies are the " +
                                   ordinal(column.index + 1));
    const std::string& text = fields[column.index];
    if (text.empty())
        throw MeasurementError(path, lineNumber, "an empty " + column.name + " value");
    const std::optional<double> value = parseFiniteNumber(text);
    if (!value)
        throw MeasurementError(path, lineNumber,
                               "\"" + text + "\" is not a number (" + column.name + ")");
    if (*value < 0.0)
        throw MeasurementError(path, lineNumber,
                               "a negative latency, " + text + " (" + column.name +
                                   "): latencies are 0 or more");
    return *value;
}

} // namespace measurement_detail::csv

MeasuredLatencies readCsvLatencies(const MeasurementRequest& request)
{
    using namespace measurement_detail;
    using namespace measurement_detail::csv;
    const std::vector<std::string> lines = readTextLines(request.path);
    const CsvColumn column = findColumn(request, lines);
    std::vector<double> raw;
    raw.reserve(lines.size());
    for (std::size_t i = column.firstDataLine; i < lines.size(); ++i) {
        if (!skipped(lines[i]))
            raw.push_back(rowLatency(request.path, int(i + 1), lines[i], column));
    }
    if (raw.empty())
        throw MeasurementError(request.path, 0, "no latencies: the header has no rows below it");
    std::sort(raw.begin(), raw.end());
    checkUnitFits(request.path, raw.front(), request.unit);

    const double factor = millisecondsPer(request.unit);
    std::vector<std::pair<double, std::int64_t>> counted;
    std::int64_t zeros = 0;
    for (const double value : raw) {
        zeros += value == 0.0 ? 1 : 0;
        if (!counted.empty() && counted.back().first == value * factor)
            ++counted.back().second;
        else
            counted.emplace_back(value * factor, 1);
    }
    MeasuredLatencies result;
    result.quantiles = quantilesOfCounts(counted);
    result.samples = std::int64_t(raw.size());
    result.notes.push_back(std::to_string(raw.size()) +
                           (raw.size() == 1 ? " latency from " : " latencies from ") +
                           (column.headed ? "the column " + column.name
                                          : std::string("the one column (no header row)")) +
                           ", read as " + toString(request.unit));
    noteEnds(result, "observed value", counted.front().first, counted.back().first, zeros);
    return result;
}

} // namespace hedge
