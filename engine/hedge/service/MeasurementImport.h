// Reading a service's measured latencies: a CSV of samples, an HdrHistogram interval log or a
// Prometheus histogram, into a quantile function and then a ServiceDistribution. A bad file
// gets a MeasurementError, "FILE:LINE: problem", and nothing else changes.
#pragma once

#include <hedge/service/ServiceDistribution.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hedge {

class MeasurementError : public std::runtime_error {
public:
    // line 0: the file as a whole ("FILE: problem").
    MeasurementError(std::string file, int line, std::string problem);
    const std::string& file() const noexcept { return m_file; }
    int line() const noexcept { return m_line; }
    const std::string& problem() const noexcept { return m_problem; }

private:
    std::string m_file;
    int m_line;
    std::string m_problem;
};

struct MeasurementRequest {
    std::string path;
    MeasurementFormat format = MeasurementFormat::Csv;
    std::string column; // csv: the header's column; empty: the only column
    // prometheus: a metric name, optionally with its label set as PromQL writes it,
    // `http_request_duration_seconds{handler="/api"}`; several label sets and none chosen:
    // an error that lists them.
    std::string metric;
    LatencyUnit unit = LatencyUnit::Milliseconds;
};

struct MeasuredLatencies {
    QuantilePoints quantiles;     // in ms
    std::int64_t samples = 0;     // how many latencies were read
    std::vector<std::string> notes; // what the import assumed ("the +Inf bucket's 12 ...")
};

// The format a file's name suggests: .csv, .hlog, .prom / .txt / .metrics; none otherwise.
std::optional<MeasurementFormat> formatFromPath(const std::string& path);

// Each reader throws MeasurementError.
MeasuredLatencies readCsvLatencies(const MeasurementRequest& request);
MeasuredLatencies readHdrHistogramLog(const MeasurementRequest& request);
MeasuredLatencies readPrometheusHistogram(const MeasurementRequest& request);
MeasuredLatencies readMeasurements(const MeasurementRequest& request); // by request.format

// Every series of every histogram of a Prometheus text file, as the request's metric takes
// them: `http_request_duration_seconds{handler="/api"}`, a series without labels by its name
// alone. For a picker; throws MeasurementError for a file that does not read.
std::vector<std::string> prometheusSeries(const std::string& path);

// The empirical distribution of a file: its table and where it came from.
ServiceDistribution importMeasurements(const MeasurementRequest& request,
                                       std::vector<std::string>* notes = nullptr);

} // namespace hedge
