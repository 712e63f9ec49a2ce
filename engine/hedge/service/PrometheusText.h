// Prometheus' text exposition format, as much as reading one histogram needs: the `# TYPE`
// lines and the samples' names, labels and values. Label values are unescaped (\\, \", \n);
// a timestamp or an OpenMetrics exemplar after the value is read past.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hedge::measurement_detail::prom {

using Labels = std::vector<std::pair<std::string, std::string>>;

struct PromSample {
    std::string name;
    Labels labels;
    std::string valueText;
};

// The metric name at the start of a sample line (empty when the line starts otherwise).
std::string_view sampleName(std::string_view line);
// A whole sample line; none, with `problem` set, when it is not one.
std::optional<PromSample> parseSample(std::string_view line, std::string& problem);
// `name` or `name{k="v",...}` as PromQL writes a selector; none when it is neither.
std::optional<std::pair<std::string, Labels>> parseSelector(std::string_view text);
// {k="v",...} in the exposition's own quoting; "" for no labels.
std::string describeLabels(const Labels& labels);
// +Inf, -Inf, NaN or a decimal number.
std::optional<double> parsePromNumber(std::string_view text);

} // namespace hedge::measurement_detail::prom
