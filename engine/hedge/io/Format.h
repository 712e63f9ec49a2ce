// Internal to hedge/io: number formatting shared by messages, CSV and tables.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace hedge::io_detail {

// The shortest text that reads back as the same double (std::to_chars): 0.3, 20, 1e-05.
std::string formatNumber(double value);

// The shortest text that reads back as the same double, never with an exponent: 0.0004, 20,
// 1500000. For sentences a person reads ("tokenRatio 0.0004 is written as 0.001").
std::string formatPlainNumber(double value);

// `value` with `decimals` digits after the point, as tables give figures ("212.0"); "nan", "inf".
std::string fixed(double value, int decimals);

// formatNumber, or an empty cell when there is no figure.
std::string formatOptionalNumber(const std::optional<double>& value);

// "<value> is out of range (allowed <range>)".
std::string outOfRange(const std::string& value, const std::string& range);

// "lo … hi", or "≥ lo" when hi is the type's maximum (docs/scenario.md gives no upper bound).
std::string intRange(std::int64_t lo, std::int64_t hi);

// Digits in groups of three, as messages give large counts: "4 294 967 295".
std::string groupedInteger(std::int64_t value);

// A CSV cell, quoted as RFC 4180 says when it holds a comma, a quote or a line end.
std::string csvCell(const std::string& cell);

} // namespace hedge::io_detail
