// What the three measurement readers share: reading a file's lines, numbers, the quantile
// function of counted values, the unit's sanity check and the words of their notes.
#pragma once

#include <hedge/service/MeasurementImport.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hedge::measurement_detail {

// The file's lines without their line ends (LF or CRLF) and without a UTF-8 byte-order mark;
// line n of the file is lines[n - 1]. An unreadable file: MeasurementError "FILE: ...".
std::vector<std::string> readTextLines(const std::string& path);

std::string_view trimmed(std::string_view text);
bool startsWith(std::string_view text, std::string_view prefix);

// A decimal number (as std::from_chars reads it, a leading '+' allowed); none when the text
// is anything else or not finite.
std::optional<double> parseFiniteNumber(std::string_view text);

// 412.3 ms, 2.5 s, 1.2 h: a latency in the words of a note or an error.
std::string describeMs(double ms);
// A number as short as it reads exactly enough (%.6g).
std::string describeNumber(double value);

// Latencies are for a service, not for a batch job: when even the smallest one is above an
// hour in `unit`, the unit is wrong. Throws "FILE: every latency is above 1 h ..." naming the
// unit that would fit. `smallestRaw` is in the file's own unit.
void checkUnitFits(const std::string& path, double smallestRaw, LatencyUnit unit);

// Distinct latencies (ms, ascending) and how many of each. The quantile function of the
// samples they stand for: the k-th smallest of n at fraction k / (n - 1), linear between
// (one sample: the same latency at 0 and at 1). A run of equal samples needs only its ends.
QuantilePoints quantilesOfCounts(const std::vector<std::pair<double, std::int64_t>>& counted);

// The notes about the table's ends: `what` names the ends ("observed value"), e.g. "the
// slowest knot is the largest observed value, 412.3 ms: nothing is extrapolated past it".
// `zeros` latencies of 0 ms get a note of their own (the table's times are positive).
void noteEnds(MeasuredLatencies& result, const std::string& what, double smallestMs,
              double largestMs, std::int64_t zeros);

} // namespace hedge::measurement_detail
