// An HdrHistogram interval log (.hlog), as HistogramLogWriter writes it in Java, C and
// JavaScript (MeasurementImport.h): `#` comment lines ([StartTime: ...], [BaseTime: ...]),
// a legend line "StartTimestamp","Interval_Length",..., and one line an interval,
// `[Tag=name,]start,length,max,histogram` with the histogram in the V2 compressed encoding,
// base64. Every interval of every tag is summed into one distribution.
#include <hedge/service/HdrHistogramDecode.h>
#include <hedge/service/MeasurementDetail.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string_view>

namespace hedge {

namespace measurement_detail::hdr {

struct HlogTotals {
    std::map<std::int64_t, std::int64_t> counts; // bucket's highest value -> count
    std::int64_t intervals = 0;
    std::set<std::string> tags;
    std::int64_t untagged = 0; // intervals without a tag
    int fewestDigits = 5;
    double firstStart = 0.0;
    double lastEnd = 0.0;
};

std::vector<std::string> splitCommas(std::string_view line)
{
    std::vector<std::string> fields;
    std::size_t from = 0;
    for (;;) {
        const auto comma = line.find(',', from);
        fields.emplace_back(trimmed(line.substr(from, comma - from)));
        if (comma == std::string_view::npos)
            return fields;
        from = comma + 1;
    }
}

// The value of one base64 digit (RFC 4648, the standard alphabet), or -1.
int base64Digit(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

// Strict: only the alphabet, '=' padding only at the end (at most two), and no lone digit
// left over, so that a corrupt line is refused rather than half-read.
std::vector<unsigned char> base64Bytes(const std::string& path, int lineNumber,
                                       const std::string& text)
{
    const auto corrupt = [&] {
        return MeasurementError(path, lineNumber, "a corrupt histogram: its text is not base64");
    };
    std::string_view digits = text;
    std::size_t padding = 0;
    while (!digits.empty() && digits.back() == '=' && padding < 2) {
        digits.remove_suffix(1);
        ++padding;
    }
    if (digits.empty() || digits.size() % 4 == 1 ||
        (padding > 0 && (digits.size() + padding) % 4 != 0))
        throw corrupt();
    std::vector<unsigned char> bytes;
    bytes.reserve(digits.size() * 3 / 4);
    std::uint32_t bits = 0;
    int held = 0;
    for (const char c : digits) {
        const int value = base64Digit(c);
        if (value < 0)
            throw corrupt();
        bits = (bits << 6) | std::uint32_t(value);
        held += 6;
        if (held >= 8) {
            held -= 8;
            bytes.push_back(static_cast<unsigned char>((bits >> held) & 0xFFu));
        }
    }
    return bytes;
}

// One interval line into the totals; throws FILE:LINE.
void addInterval(const std::string& path, int lineNumber, std::string_view line, HlogTotals& totals)
{
    std::vector<std::string> fields = splitCommas(line);
    std::string tag;
    if (startsWith(fields.front(), "Tag=")) {
        tag = fields.front().substr(4);
        fields.erase(fields.begin());
    }
    if (fields.size() != 4)
        throw MeasurementError(path, lineNumber,
                               "an interval line is [Tag=name,]start,length,max,histogram; "
                               "this one has " +
                                   std::to_string(fields.size()) +
                                   (fields.size() == 1 ? " field" : " fields") +
                                   (tag.empty() ? "" : " after its tag") + " (truncated?)");
    static const char* const kNames[] = {"start", "length", "max"};
    double numbers[3] = {};
    for (int i = 0; i < 3; ++i) {
        const std::optional<double> value = parseFiniteNumber(fields[std::size_t(i)]);
        if (!value)
            throw MeasurementError(path, lineNumber,
                                   "\"" + fields[std::size_t(i)] +
                                       "\" is not a number (the interval's " + kNames[i] + ")");
        numbers[i] = *value;
    }
    DecodedHistogram histogram;
    try {
        histogram = decodeCompressedHistogram(base64Bytes(path, lineNumber, fields[3]));
    } catch (const CorruptHistogram& error) {
        throw MeasurementError(path, lineNumber,
                               std::string("a truncated or corrupt histogram: ") + error.what());
    }
    for (const auto& [value, count] : histogram.buckets)
        totals.counts[value] += count;
    totals.firstStart =
        totals.intervals == 0 ? numbers[0] : std::min(totals.firstStart, numbers[0]);
    totals.lastEnd = std::max(totals.lastEnd, numbers[0] + numbers[1]);
    ++totals.intervals;
    totals.fewestDigits = std::min(totals.fewestDigits, histogram.significantDigits);
    if (!tag.empty())
        totals.tags.insert(tag);
    else
        ++totals.untagged;
}

std::string hlogSummary(const HlogTotals& totals, std::int64_t samples, LatencyUnit unit)
{
    std::string text =
        std::to_string(samples) + (samples == 1 ? " latency in " : " latencies in ") +
        std::to_string(totals.intervals) + " interval" + (totals.intervals == 1 ? "" : "s") + " (" +
        describeNumber(totals.firstStart) + " s to " + describeNumber(totals.lastEnd) +
        " s) summed, read as " + toString(unit);
    if (!totals.tags.empty()) {
        text += totals.tags.size() == 1 ? "; the tag " : "; the tags ";
        bool first = true;
        for (const std::string& tag : totals.tags) {
            text += first ? "" : ", ";
            text += tag;
            first = false;
        }
        text += totals.tags.size() == 1 ? " was summed" : " were summed";
        if (totals.untagged > 0)
            text += " with the untagged intervals";
    }
    return text;
}

std::string resolutionNote(int digits)
{
    // A bucket's width is at most 1 / 2^(halfMagnitude) of its values; 3 digits: 1/1024.
    const BucketLayout layout = BucketLayout::of(digits, 1, 2);
    const double percent = 100.0 / double(std::int64_t(1) << layout.subBucketHalfCountMagnitude);
    char within[16] = {};
    std::snprintf(within, sizeof within, "%.2g", percent);
    // The highest rather than the median equivalent value: the percentiles then match what
    // HdrHistogram's own tools print for the same log, and a latency is never understated.
    return "each recorded value is taken as the highest value of its HdrHistogram bucket, as "
           "HdrHistogram's own percentiles report it (" +
           std::to_string(digits) + " significant digits: within " + within + " %)";
}

} // namespace measurement_detail::hdr

MeasuredLatencies readHdrHistogramLog(const MeasurementRequest& request)
{
    using namespace measurement_detail;
    using namespace measurement_detail::hdr;
    const std::vector<std::string> lines = readTextLines(request.path);
    HlogTotals totals;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = trimmed(lines[i]);
        // Comments carry [StartTime: ...] and [BaseTime: ...]; the start times are the
        // intervals' own, and only the latencies matter here. The legend line is quoted.
        if (line.empty() || line.front() == '#' || line.front() == '"')
            continue;
        addInterval(request.path, int(i + 1), line, totals);
    }
    if (totals.intervals == 0)
        throw MeasurementError(request.path, 0,
                               lines.empty() ? "no latencies: the file is empty"
                                             : "no latencies: no interval lines "
                                               "([Tag=name,]start,length,max,histogram)");
    if (totals.counts.empty())
        throw MeasurementError(request.path, 0, "no latencies: every interval is empty");
    checkUnitFits(request.path, double(totals.counts.begin()->first), request.unit);

    const double factor = millisecondsPer(request.unit);
    std::vector<std::pair<double, std::int64_t>> counted;
    std::int64_t samples = 0;
    for (const auto& [value, count] : totals.counts) {
        counted.emplace_back(double(value) * factor, count);
        samples += count;
    }
    MeasuredLatencies result;
    result.quantiles = quantilesOfCounts(counted);
    result.samples = samples;
    result.notes.push_back(hlogSummary(totals, samples, request.unit));
    result.notes.push_back(resolutionNote(totals.fewestDigits));
    const std::int64_t zeros = counted.front().first == 0.0 ? totals.counts.begin()->second : 0;
    noteEnds(result, "recorded value (the top of its bucket)", counted.front().first,
             counted.back().first, zeros);
    return result;
}

} // namespace hedge
