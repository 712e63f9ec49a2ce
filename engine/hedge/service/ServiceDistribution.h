// Where a service's time comes from when it is not the model's log-normal body with uniform
// hiccups: measurements (a CSV of samples, an HdrHistogram log, a Prometheus histogram) or a
// dashboard's percentiles. Either way the simulation draws from one ServiceTimeTable; the
// rest says where the table came from, so that the explorer can show and redo the fit. A
// scenario file carries the table itself, so it runs without the original measurements.
#pragma once

#include <hedge/service/ServiceTimeTable.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hedge {

enum class DistributionKind : std::uint8_t { Empirical, Percentiles };
enum class MeasurementFormat : std::uint8_t { Csv, HdrHistogramLog, Prometheus };
enum class LatencyUnit : std::uint8_t { Milliseconds, Seconds, Microseconds };

// One percentile of a dashboard or of a fit: p in (0, 1), its latency in ms.
struct PercentilePoint {
    double p = 0.0;
    double ms = 0.0;
    bool operator==(const PercentilePoint&) const = default;
};

// Latencies measured under load (docs/service-data.md, "Measured under load: calibration"): the table was
// adjusted until the simulated response times at `utilisation`, without hedging, matched the
// measured percentiles; `residuals` are what was left, (simulated - measured) / measured.
struct Calibration {
    double utilisation = 0.0;
    int rounds = 0;
    std::vector<PercentilePoint> measured;  // the targets
    std::vector<PercentilePoint> simulated; // the simulated response times after `rounds`
    bool operator==(const Calibration&) const = default;
};

struct ServiceDistribution {
    DistributionKind kind = DistributionKind::Empirical;
    // Empirical: the measurements it was built from (a path as the user gave it).
    std::string source;
    MeasurementFormat format = MeasurementFormat::Csv;
    std::string column; // csv: the column, empty = the only one
    std::string metric; // prometheus: the histogram's name
    LatencyUnit unit = LatencyUnit::Milliseconds;
    std::int64_t samples = 0; // how many latencies the table summarises
    // Percentiles: the dashboard's points (p50 and p99 at least), and the ends.
    std::vector<PercentilePoint> percentiles;
    std::optional<double> minMs; // p0; none: half the p50
    std::optional<double> maxMs; // p100; none: see percentileTable()
    std::optional<Calibration> calibration;
    ServiceTimeTable table;

    bool operator==(const ServiceDistribution&) const = default;
};

// The table through a dashboard's percentiles and the ends (0, min) and (1, max): the log of
// the latency is linear in -log(1 - u) between two points (the tail's scale: p95 halfway
// between p90 and p99), and linear in u from the last point to max. Without min_ms the
// fastest time is half the p50; without max_ms the last step's ratio is taken once more
// (p99 = 100 ms, p99.9 = 200 ms: max 400 ms). Throws std::invalid_argument.
ServiceTimeTable percentileTable(const std::vector<PercentilePoint>& points,
                                 std::optional<double> minMs, std::optional<double> maxMs);

const char* toString(DistributionKind kind);
const char* toString(MeasurementFormat format);
const char* toString(LatencyUnit unit);
double millisecondsPer(LatencyUnit unit);
// What a recorded value means when the user does not say: seconds for a Prometheus histogram
// (the convention of its _seconds metrics), milliseconds otherwise.
LatencyUnit defaultUnit(MeasurementFormat format);
// The names toString gives; none for any other.
std::optional<MeasurementFormat> formatFromString(const std::string& name);
std::optional<LatencyUnit> unitFromString(const std::string& name);

// A distribution held by a ServiceConfig: shared, immutable, compared by value (a table is
// 4 001 numbers; setups and points copy services freely). Empty: the model's log-normal.
class SharedDistribution {
public:
    SharedDistribution() = default;
    SharedDistribution(ServiceDistribution d)
        : m_ptr(std::make_shared<const ServiceDistribution>(std::move(d))) {}

    explicit operator bool() const { return m_ptr != nullptr; }
    const ServiceDistribution& operator*() const { return *m_ptr; }
    const ServiceDistribution* operator->() const { return m_ptr.get(); }
    const ServiceDistribution* get() const { return m_ptr.get(); }
    void reset() { m_ptr.reset(); }

    bool operator==(const SharedDistribution& other) const
    {
        return m_ptr == other.m_ptr || (m_ptr && other.m_ptr && *m_ptr == *other.m_ptr);
    }

private:
    std::shared_ptr<const ServiceDistribution> m_ptr;
};

} // namespace hedge
