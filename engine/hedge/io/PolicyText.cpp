#include "PolicyText.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace hedge::io_detail {

namespace {

constexpr std::array<const char*, 17> kStatusNames{
    "OK",        "CANCELLED",      "UNKNOWN",           "INVALID_ARGUMENT",   "DEADLINE_EXCEEDED",
    "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION",
    "ABORTED",   "OUT_OF_RANGE",   "UNIMPLEMENTED",     "INTERNAL",           "UNAVAILABLE",
    "DATA_LOSS", "UNAUTHENTICATED"};

constexpr std::int64_t kNanosPerSecond = 1'000'000'000;

} // namespace

std::string formatDuration(double ms)
{
    const auto nanos = static_cast<std::int64_t>(std::llround(ms * 1e6));
    char fraction[16];
    std::snprintf(fraction, sizeof fraction, "%09lld",
                  static_cast<long long>(nanos % kNanosPerSecond));
    std::string digits = fraction;
    while (digits.size() > 3 && digits.back() == '0')
        digits.pop_back();
    return std::to_string(nanos / kNanosPerSecond) + "." + digits + "s";
}

std::optional<double> parseDuration(std::string_view text)
{
    if (text.size() < 2 || text.back() != 's')
        return std::nullopt;
    text.remove_suffix(1);
    const auto dot = text.find('.');
    const std::string_view whole = text.substr(0, dot);
    const std::string_view fraction =
        dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
    if (whole.empty() || whole.size() > 12 || fraction.size() > 9 ||
        (dot != std::string_view::npos && fraction.empty()))
        return std::nullopt;
    std::int64_t seconds = 0;
    auto [end, ec] = std::from_chars(whole.data(), whole.data() + whole.size(), seconds);
    if (ec != std::errc() || end != whole.data() + whole.size() || whole.front() == '-' ||
        whole.front() == '+')
        return std::nullopt;
    std::int64_t nanos = 0;
    for (std::size_t i = 0; i < 9; ++i) {
        const char c = i < fraction.size() ? fraction[i] : '0';
        if (c < '0' || c > '9')
            return std::nullopt;
        nanos = nanos * 10 + (c - '0');
    }
    // One division of exact integers: a value written by formatDuration reads back as the
    // same double when it had at most nanosecond digits.
    return static_cast<double>(seconds * kNanosPerSecond + nanos) / 1e6;
}

std::optional<int> grpcStatusCode(std::string_view name)
{
    for (std::size_t i = 0; i < kStatusNames.size(); ++i)
        if (name == kStatusNames[i])
            return static_cast<int>(i);
    return std::nullopt;
}

const char* grpcStatusName(int code)
{
    return code >= 0 && code < static_cast<int>(kStatusNames.size())
               ? kStatusNames[std::size_t(code)]
               : "UNKNOWN";
}

} // namespace hedge::io_detail
