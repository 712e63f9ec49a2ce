// The table `hedgesim service fit` prints: per percentile (p50, p90, p99, p99.9, max) the
// measured latency, the model's service time and, once calibrated, the simulated response
// time at the utilisation; the residual is what the model gives against what was measured.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hedge::cli {

struct ServiceFitRow {
    std::string label; // "p50", ..., "max"
    double measuredMs = 0.0;
    double serviceMs = 0.0;            // the table's service time at the same fraction
    std::optional<double> simulatedMs; // the simulated response time (calibrated fits)
};

class ServiceFitTable {
public:
    // `utilisation`: the calibration's (the simulated column is then shown); none: the
    // service time is compared with the measurements themselves.
    ServiceFitTable(std::vector<ServiceFitRow> rows, std::optional<double> utilisation);

    // The header and one row per percentile, numbers right-aligned to 4 significant digits,
    // the residual as a signed percentage with one decimal. Locale-independent.
    std::string format() const;

    // (model - measured) / measured, the model being the simulated response when there is
    // one, otherwise the service time.
    static double residual(const ServiceFitRow& row);
    // A latency to 4 significant digits (at most 6 decimals): 10.00, 123.4, 0.05000.
    static std::string latency(double ms);

private:
    std::vector<ServiceFitRow> m_rows;
    std::optional<double> m_utilisation;
};

} // namespace hedge::cli
