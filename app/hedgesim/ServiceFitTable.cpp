#include "ServiceFitTable.h"

#include "ResultsTable.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace hedge::cli {

ServiceFitTable::ServiceFitTable(std::vector<ServiceFitRow> rows, std::optional<double> utilisation)
    : m_rows(std::move(rows)), m_utilisation(utilisation)
{}

double ServiceFitTable::residual(const ServiceFitRow& row)
{
    const double model = row.simulatedMs.value_or(row.serviceMs);
    return model / row.measuredMs - 1.0;
}

std::string ServiceFitTable::latency(double ms)
{
    if (!(ms > 0.0) || !std::isfinite(ms))
        return ResultsTable::fixed(ms, 1);
    const int magnitude = static_cast<int>(std::floor(std::log10(ms)));
    return ResultsTable::fixed(ms, std::clamp(3 - magnitude, 0, 6));
}

std::string ServiceFitTable::format() const
{
    using Row = std::vector<std::string>;
    Row header{"", "measured ms", "service time ms"};
    if (m_utilisation) {
        // The load as a percentage ("at 70 % load"), as the calibration's sentence says it:
        // "at 0.7 ms" read as a latency. Rounded to 1e-6 %: 0.7 * 100 is 70.00000000000001.
        const double percent = std::round(*m_utilisation * 1e8) / 1e6;
        char load[400];
        const auto end =
            std::to_chars(load, load + sizeof load, percent, std::chars_format::fixed).ptr;
        header.push_back("response ms at " + std::string(load, end) + " % load");
    }
    header.push_back("residual");
    std::vector<Row> rows{header};
    for (const ServiceFitRow& r : m_rows) {
        Row row{r.label, latency(r.measuredMs), latency(r.serviceMs)};
        if (m_utilisation)
            row.push_back(r.simulatedMs ? latency(*r.simulatedMs) : std::string("-"));
        const double exact = residual(r) * 100.0;
        // A residual that rounds to nothing is "+0.0 %", as the explorer's fit table writes
        // it, never "-0.0 %".
        const double res = std::abs(exact) < 0.05 ? 0.0 : exact;
        // Piece by piece: g++ 12 warns falsely (-Wrestrict) on "+" + std::string.
        std::string cell = res >= 0 ? "+" : "";
        cell += ResultsTable::fixed(res, 1);
        cell += " %";
        row.push_back(std::isfinite(exact) ? cell : std::string("-"));
        rows.push_back(std::move(row));
    }
    std::vector<std::size_t> width(header.size(), 0);
    for (const Row& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c)
            width[c] = std::max(width[c], ResultsTable::displayWidth(row[c]));
    std::string out;
    for (const Row& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const std::string padding(width[c] - ResultsTable::displayWidth(row[c]), ' ');
            if (c > 0)
                line += "  ";
            // The percentile's label left-aligned, numbers right-aligned.
            line += c == 0 ? row[c] + padding : padding + row[c];
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out += line;
        out += "\n";
    }
    return out;
}

} // namespace hedge::cli
