#include "ComparisonTable.h"

#include "ResultsTable.h"

#include <algorithm>
#include <charconv>

namespace hedge::cli {

namespace {

std::string number(const std::optional<double>& v, int decimals)
{
    return v ? ResultsTable::fixed(*v, decimals) : std::string("-");
}

std::string signedPercent(const std::optional<double>& fraction)
{
    if (!fraction)
        return "-";
    // Built by appending: g++ 12 at -O3 warns falsely (-Wrestrict, GCC bug 105651) on
    // "literal" + std::string.
    std::string text = *fraction >= 0 ? "+" : "";
    text += ResultsTable::fixed(*fraction * 100.0, 1);
    text += '%';
    return text;
}

std::string shortest(double v)
{
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    return ec == std::errc() ? std::string(buffer, end) : std::string();
}

std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (const char c : text)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

struct Metric {
    const char* name;
    std::optional<double> PointResult::*latency = nullptr;
    double PointResult::*value = nullptr;
    int decimals = 1;
    double scale = 1.0;
    bool difference = true;

    std::optional<double> of(const PointResult& p) const
    {
        if (latency)
            return p.*latency;
        return p.*value * scale;
    }
};

// `outcomes`: the calls' outcomes too (a setup with a deadline or retries).
const std::vector<Metric>& metrics(bool outcomes)
{
    static const std::vector<Metric> withOutcomes{
        {"p50_ms", &PointResult::p50Ms},
        {"p99_ms", &PointResult::p99Ms},
        {"p999_ms", &PointResult::p999Ms},
        {"requests_per_call", nullptr, &PointResult::requestsPerCall, 3},
        {"retries_per_call", nullptr, &PointResult::retriesPerCall, 3},
        {"goodput_percent", nullptr, &PointResult::goodputFraction, 1, 100.0, false},
        {"timed_out_percent", nullptr, &PointResult::timedOutFraction, 1, 100.0, false},
        {"failed_percent", nullptr, &PointResult::failedFraction, 1, 100.0, false},
        {"rejected_percent", nullptr, &PointResult::rejectedFraction, 1, 100.0, false},
        {"utilisation_percent", nullptr, &PointResult::utilisation, 1, 100.0, false},
    };
    if (outcomes)
        return withOutcomes;
    static const std::vector<Metric> all{
        {"p50_ms", &PointResult::p50Ms},
        {"p99_ms", &PointResult::p99Ms},
        {"p999_ms", &PointResult::p999Ms},
        {"requests_per_call", nullptr, &PointResult::requestsPerCall, 3},
        {"rejected_percent", nullptr, &PointResult::rejectedFraction, 1, 100.0, false},
        {"utilisation_percent", nullptr, &PointResult::utilisation, 1, 100.0, false},
    };
    return all;
}

} // namespace

ComparisonTable::ComparisonTable(std::vector<PointResult> measured,
                                 std::vector<PointResult> simulated)
    : m_measured(std::move(measured)), m_simulated(std::move(simulated))
{
}

std::optional<double> ComparisonTable::relativeDifference(const std::optional<double>& real,
                                                          const std::optional<double>& sim)
{
    if (!real || !sim || *sim == 0.0)
        return std::nullopt;
    return *real / *sim - 1.0;
}

std::string ComparisonTable::format() const
{
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header{"setup", "cancel", "load"};
    for (const Metric& m : metrics(m_outcomes)) {
        const std::string name = m.name;
        header.push_back(name + " real");
        header.push_back("sim");
        if (m.difference)
            header.push_back("diff");
    }
    if (m_belowThreshold)
        header.push_back("below_half_percent sim");
    rows.push_back(header);
    const std::size_t n = std::min(m_measured.size(), m_simulated.size());
    for (std::size_t i = 0; i < n; ++i) {
        const PointResult& real = m_measured[i];
        const PointResult& sim = m_simulated[i];
        const bool first = i == 0 || m_measured[i - 1].setup != real.setup;
        std::vector<std::string> row{first ? real.setup : "",
                                     first ? toString(real.cancellation) : "", shortest(real.load)};
        for (const Metric& m : metrics(m_outcomes)) {
            row.push_back(number(m.of(real), m.decimals));
            row.push_back(number(m.of(sim), m.decimals));
            if (m.difference)
                row.push_back(signedPercent(relativeDifference(m.of(real), m.of(sim))));
        }
        if (m_belowThreshold)
            row.push_back(ResultsTable::fixed(sim.hedgesBelowThresholdFraction * 100.0, 2));
        if (real.collapsed || sim.collapsed)
            row.push_back(std::string("COLLAPSED (") + (real.collapsed ? "real" : "") +
                          (real.collapsed && sim.collapsed ? ", " : "") +
                          (sim.collapsed ? "sim" : "") + ")");
        rows.push_back(row);
    }
    std::vector<std::size_t> widths;
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c) {
            widths.resize(std::max(widths.size(), row.size()));
            widths[c] = std::max(widths[c], ResultsTable::displayWidth(row[c]));
        }
    std::string out;
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const std::size_t pad = widths[c] - ResultsTable::displayWidth(row[c]);
            // Text columns to the left, numbers to the right.
            line += c < 2 ? row[c] + std::string(pad, ' ') : std::string(pad, ' ') + row[c];
            line += "  ";
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out += line + "\n";
    }
    return out;
}

std::string ComparisonTable::csv() const
{
    std::string out = "setup,cancellation,load";
    for (const Metric& m : metrics(m_outcomes)) {
        out += std::string(",") + m.name + "_real," + m.name + "_sim";
        if (m.difference)
            out += std::string(",") + m.name + "_diff";
    }
    out += ",collapsed_real,collapsed_sim";
    out += m_belowThreshold ? ",below_half_fraction_sim\n" : "\n";
    const auto field = [](const std::optional<double>& v) { return v ? shortest(*v) : ""; };
    const std::size_t n = std::min(m_measured.size(), m_simulated.size());
    for (std::size_t i = 0; i < n; ++i) {
        const PointResult& real = m_measured[i];
        const PointResult& sim = m_simulated[i];
        out += csvField(real.setup) + "," + toString(real.cancellation) + "," + shortest(real.load);
        for (const Metric& m : metrics(m_outcomes)) {
            // Appended piece by piece: see signedPercent.
            out += ',';
            out += field(m.of(real));
            out += ',';
            out += field(m.of(sim));
            if (m.difference) {
                out += ',';
                out += field(relativeDifference(m.of(real), m.of(sim)));
            }
        }
        out += std::string(",") + (real.collapsed ? "true" : "false") + "," +
               (sim.collapsed ? "true" : "false");
        if (m_belowThreshold) {
            out += ',';
            out += shortest(sim.hedgesBelowThresholdFraction);
        }
        out += '\n';
    }
    return out;
}

} // namespace hedge::cli
