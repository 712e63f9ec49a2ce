// Prometheus' text exposition format, as much as reading one histogram needs
// (PrometheusText.h).
#include <hedge/service/MeasurementDetail.h>
#include <hedge/service/PrometheusText.h>

#include <cmath>
#include <limits>

namespace hedge::measurement_detail::prom {

namespace {

bool nameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}

bool nameChar(char c)
{
    return nameStart(c) || (c >= '0' && c <= '9');
}

void skipSpaces(std::string_view text, std::size_t& pos)
{
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t'))
        ++pos;
}

// `{k="v",...}` from `pos` (at the brace); false with `problem` set when malformed.
bool parseLabels(std::string_view text, std::size_t& pos, Labels& labels, std::string& problem)
{
    ++pos; // '{'
    for (;;) {
        skipSpaces(text, pos);
        if (pos < text.size() && text[pos] == '}') {
            ++pos;
            return true;
        }
        const std::size_t nameFrom = pos;
        while (pos < text.size() && nameChar(text[pos]))
            ++pos;
        std::string name(text.substr(nameFrom, pos - nameFrom));
        skipSpaces(text, pos);
        const bool equals = pos < text.size() && text[pos] == '=';
        if (equals) {
            ++pos;
            skipSpaces(text, pos);
        }
        if (name.empty() || !equals || pos >= text.size() || text[pos] != '"') {
            problem = "a label is not name=\"value\"";
            return false;
        }
        ++pos;
        std::string value;
        while (pos < text.size() && text[pos] != '"') {
            if (text[pos] == '\\' && pos + 1 < text.size()) {
                const char escaped = text[++pos];
                value += escaped == 'n' ? '\n' : escaped;
            } else {
                value += text[pos];
            }
            ++pos;
        }
        if (pos >= text.size()) {
            problem = "a label value has no closing quote";
            return false;
        }
        ++pos; // '"'
        labels.emplace_back(std::move(name), std::move(value));
        skipSpaces(text, pos);
        if (pos < text.size() && text[pos] == ',')
            ++pos;
        else if (pos >= text.size() || text[pos] != '}') {
            problem = "the labels have no closing brace";
            return false;
        }
    }
}

} // namespace

std::string_view sampleName(std::string_view line)
{
    std::size_t end = 0;
    if (line.empty() || !nameStart(line.front()))
        return {};
    while (end < line.size() && nameChar(line[end]))
        ++end;
    return line.substr(0, end);
}

std::optional<PromSample> parseSample(std::string_view line, std::string& problem)
{
    PromSample sample;
    sample.name = std::string(sampleName(line));
    if (sample.name.empty()) {
        problem = "not a sample (name{label=\"value\",...} value)";
        return std::nullopt;
    }
    std::size_t pos = sample.name.size();
    skipSpaces(line, pos);
    if (pos < line.size() && line[pos] == '{' && !parseLabels(line, pos, sample.labels, problem))
        return std::nullopt;
    skipSpaces(line, pos);
    const std::size_t valueFrom = pos;
    while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t')
        ++pos;
    sample.valueText = std::string(line.substr(valueFrom, pos - valueFrom));
    if (sample.valueText.empty()) {
        problem = "a sample without a value";
        return std::nullopt;
    }
    return sample;
}

std::optional<std::pair<std::string, Labels>> parseSelector(std::string_view text)
{
    text = trimmed(text);
    const std::string_view name = sampleName(text);
    if (name.empty())
        return std::nullopt;
    std::size_t pos = name.size();
    skipSpaces(text, pos);
    Labels labels;
    std::string problem;
    if (pos < text.size() && text[pos] == '{' && !parseLabels(text, pos, labels, problem))
        return std::nullopt;
    skipSpaces(text, pos);
    if (pos != text.size())
        return std::nullopt;
    return std::make_pair(std::string(name), std::move(labels));
}

std::string describeLabels(const Labels& labels)
{
    if (labels.empty())
        return "";
    std::string text = "{";
    for (const auto& [name, value] : labels) {
        if (text.size() > 1)
            text += ',';
        text += name;
        text += "=\"";
        for (const char c : value) {
            if (c == '\\' || c == '"')
                text += '\\';
            text += c == '\n' ? std::string("\\n") : std::string(1, c);
        }
        text += '"';
    }
    text += '}';
    return text;
}

std::optional<double> parsePromNumber(std::string_view text)
{
    if (text == "+Inf" || text == "Inf" || text == "+inf" || text == "inf")
        return std::numeric_limits<double>::infinity();
    if (text == "-Inf" || text == "-inf")
        return -std::numeric_limits<double>::infinity();
    if (text == "NaN" || text == "nan")
        return std::numeric_limits<double>::quiet_NaN();
    return parseFiniteNumber(text);
}

} // namespace hedge::measurement_detail::prom
