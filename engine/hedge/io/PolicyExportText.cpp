#include "PolicyExportText.h"

#include "Format.h"
#include "PolicyText.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hedge::io_detail {

namespace {

constexpr std::size_t kCommentWidth = 96;

// `text` as comment lines of at most kCommentWidth characters (a longer word stays whole), the
// first starting with `first`, the others with as many spaces.
std::string wrapped(const std::string& prefix, const std::string& first, const std::string& text)
{
    std::string out, line = prefix + first;
    const std::string indent = prefix + std::string(first.size(), ' ');
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t space = text.find(' ', at);
        const std::string word = text.substr(at, space == std::string::npos ? space : space - at);
        at = space == std::string::npos ? text.size() : space + 1;
        if (line.size() > indent.size() && line.size() + 1 + word.size() > kCommentWidth) {
            out += line + "\n";
            line = indent;
        }
        line += (line.size() > indent.size() ? " " : "") + word;
    }
    return out + line + "\n";
}

} // namespace

// The header comment: what the snippet is, then what the model leaves out.
std::string comment(const char* prefix, const std::string& what, const ExportHeader& header)
{
    const std::string p = std::string(prefix) + " ";
    std::string out =
        wrapped(p, "", what + ", setup \"" + header.setupName + "\" (Hedge Explorer).");
    if (!header.uncovered.empty()) {
        out += p + "Not in the explorer's model, or up to you:\n";
        for (const std::string& note : header.uncovered)
            out += wrapped(p, "  - ", note);
    }
    return out;
}

std::string milliseconds(const char* unit, double ms)
{
    return std::string(unit) + "(" + formatNumber(ms) + ")";
}

// A Rust or Scala Duration in whole seconds when it is one, else in fractional seconds.
std::string seconds(double s, const char* whole, const char* fractional)
{
    if (s == std::floor(s) && s < 1e15)
        return std::string(whole) + "(" + formatNumber(s) + ")";
    return std::string(fractional) + "(" + formatNumber(s) + ")";
}

// A java.time.Duration: whole milliseconds as ofMillis, anything finer as ofNanos.
std::string javaDuration(double ms)
{
    if (ms == std::floor(ms) && std::fabs(ms) < 1e15)
        return "Duration.ofMillis(" + formatNumber(ms) + ")";
    return "Duration.ofNanos(" + std::to_string(std::llround(ms * 1e6)) + ")";
}

// A number without an exponent (YAML readers differ on "1e-05"), as short as it reads back.
std::string plainNumber(double value)
{
    std::string text = formatNumber(value);
    if (text.find('e') == std::string::npos)
        return text;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.12f", value);
    text = buffer;
    while (text.back() == '0')
        text.pop_back();
    if (text.back() == '.')
        text.pop_back();
    return text;
}

const char* boolText(bool b)
{
    return b ? "true" : "false";
}

void noteRounded(const char* what, double value, std::vector<std::string>& notes)
{
    if (value != std::round(value))
        notes.push_back(std::string(what) + " " + formatPlainNumber(value) + " is written as " +
                        formatPlainNumber(std::round(value)) + ": the stack takes a whole number");
}

} // namespace hedge::io_detail
