// What Service → From Measurements… computes off the GUI thread: the measurements read (a file,
// or a dashboard's typed percentiles), the service-time table made of them, and, for latencies
// measured under load, the table calibrated until the simulated response times at that load
// match them (docs/user-guide.md, "Your own service"). Throws MeasurementError for a file that
// does not read and std::invalid_argument for percentiles that make no table.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/service/MeasurementImport.h>
#include <hedge/service/ServiceCalibration.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hedge {

struct ServiceFitRequest {
    // A file, or else the typed percentiles (p50 and p99 at least) and their optional max.
    std::optional<MeasurementRequest> file;
    std::vector<PercentilePoint> percentiles;
    std::optional<double> maxMs;
    // The load the latencies were measured at; none: low, the latencies are service times.
    std::optional<double> utilisation;
    // Everything but the service time: what the calibration simulates.
    ServiceConfig service;
};

struct ServiceFit {
    ServiceDistribution distribution; // what OK sets on the service
    QuantilePoints measured;          // the measurements' quantile function (ms)
    // The measured latency at each of the fit table's rows it has (p = 1: the slowest).
    std::vector<PercentilePoint> measuredPoints;
    std::vector<std::string> notes; // what the import assumed, and how the calibration went
    // Calibrated: the whole simulated response-time distribution of the fit's run.
    QuantilePoints simulatedResponse;
    bool converged = true;
};

// What a table of typed percentiles assumed beyond them (the rows of the fit table not given,
// the fastest, the slowest), in ms: the one wording of the dialog and `hedgesim service fit`.
std::vector<std::string> percentileNotes(const ServiceDistribution& distribution);

// `onRound(round, largest |residual|)` as calibrateService's; returning false stops the
// calibration with what its last round gave.
ServiceFit fitService(const ServiceFitRequest& request,
                      const std::function<bool(int, double)>& onRound = {});

// The fit a scenario keeps, without its file: the table, and what the calibration matched
// (its targets and the simulated percentiles) or, for a table not calibrated, the table as
// measured. A saved scenario's fit is reviewed from this when its file is elsewhere. The
// whole simulated distribution is not kept (simulatedResponse is empty).
ServiceFit fitOfDistribution(const ServiceDistribution& distribution);

} // namespace hedge
