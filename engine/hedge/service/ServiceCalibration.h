// Latencies measured in production include queueing: at utilisation U a response time is a
// service time plus a wait. calibrateService adjusts a service-time table until the simulated
// response times at U, without hedging, match the measured percentiles (iterated quantile
// mapping), and says how close it got: the residuals are measured, never assumed.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/service/ServiceDistribution.h>

#include <functional>
#include <vector>

namespace hedge {

struct CalibrationOptions {
    double utilisation = 0.5;    // of the service, without hedging, in (0, 1)
    double tolerance = 0.02;     // |residual| at every target percentile
    int maxRounds = 20;
    std::int64_t calls = 200000; // per simulated round
    std::uint64_t seed = 1;
    // The percentiles matched; the measured values are read from the measured quantiles.
    std::vector<double> targets{0.5, 0.9, 0.99, 0.999};
};

struct CalibrationResult {
    ServiceTimeTable table;   // the adjusted service-time table
    Calibration calibration;  // utilisation, rounds, measured and simulated percentiles
    bool converged = false;   // every residual within tolerance
};

// `service` supplies everything but the service time (workers, replicas, balancer, errors);
// `measured` is the measured response-time quantile function. `onRound(round, residuals)`,
// when set, is told each round's largest |residual| (for a progress bar); returning false
// stops early with what the last round gave.
CalibrationResult calibrateService(const ServiceConfig& service, const QuantilePoints& measured,
                                   const CalibrationOptions& options,
                                   const std::function<bool(int, double)>& onRound = {});

// The simulated response-time percentiles of `service` at `utilisation`, without hedging.
std::vector<PercentilePoint> simulatedResponsePercentiles(const ServiceConfig& service,
                                                          double utilisation,
                                                          const std::vector<double>& ps,
                                                          std::int64_t calls,
                                                          std::uint64_t seed);

} // namespace hedge
