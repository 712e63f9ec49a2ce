#include "Format.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

namespace hedge::io_detail {

std::string formatNumber(double value)
{
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    if (ec != std::errc())
        return "?";
    return std::string(buffer, end);
}

std::string formatPlainNumber(double value)
{
    char buffer[400]; // DBL_MAX in fixed notation has 309 digits
    const auto [end, ec] =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    if (ec != std::errc())
        return formatNumber(value);
    return std::string(buffer, end);
}

std::string fixed(double value, int decimals)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
    char buffer[400];
    const auto [end, ec] =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    return ec == std::errc() ? std::string(buffer, end) : std::string("?");
}

std::string formatOptionalNumber(const std::optional<double>& value)
{
    return value ? formatNumber(*value) : std::string();
}

std::string outOfRange(const std::string& value, const std::string& range)
{
    return value + " is out of range (allowed " + range + ")";
}

std::string intRange(std::int64_t lo, std::int64_t hi)
{
    if (hi == std::numeric_limits<int>::max() || hi == std::numeric_limits<std::int64_t>::max())
        return "≥ " + std::to_string(lo);
    return std::to_string(lo) + " … " + std::to_string(hi);
}

std::string groupedInteger(std::int64_t value)
{
    const std::string digits = std::to_string(value);
    const std::size_t first = digits.front() == '-' ? 1 : 0;
    std::string out = digits.substr(0, first);
    for (std::size_t i = first; i < digits.size(); ++i) {
        if (i > first && (digits.size() - i) % 3 == 0)
            out += ' ';
        out += digits[i];
    }
    return out;
}

std::string csvCell(const std::string& cell)
{
    if (cell.find_first_of(",\"\r\n") == std::string::npos)
        return cell;
    std::string out = "\"";
    for (char c : cell) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
    return out;
}

} // namespace hedge::io_detail
