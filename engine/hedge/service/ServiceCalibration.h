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

inline constexpr int kMaxCalibrationRounds = 100;
inline constexpr std::int64_t kMinCalibrationCalls = 1000;

struct CalibrationOptions {
    double utilisation = 0.5;    // of the service, without hedging, in (0, 1)
    double tolerance = 0.02;     // |residual| at every target percentile
    int maxRounds = 20;          // 0 … kMaxCalibrationRounds adjustments of the table
    std::int64_t calls = 200000; // per simulated round
    std::uint64_t seed = 1;
    // The percentiles matched; the measured values are read from the measured quantiles.
    std::vector<double> targets{0.5, 0.9, 0.99, 0.999};
};

// Round 0 simulates the measured quantile function taken as the service time; round r the
// table adjusted from the best one before it. The result is the best round's table (the
// smallest largest |residual|), `calibration.rounds` that round, and `calibration.simulated`
// the percentiles of that table's own run: what was measured, never extrapolated.
struct CalibrationResult {
    ServiceTimeTable table;   // the adjusted service-time table
    Calibration calibration;  // utilisation, rounds, measured and simulated percentiles
    bool converged = false;   // every residual within tolerance
};

// `service` supplies everything but the service time (workers, replicas, balancer, errors);
// `measured` is the measured response-time quantile function. Each round is one point of
// `options.calls` calls at load = utilisation, without hedging, with client cancellation and a
// scenario's default warm-up, always with `options.seed`: the same inputs give the same
// table. Percentiles are nearest rank, as a scenario's results. Throws std::invalid_argument
// ("FIELD: problem") for options out of range or a measured function that is not one. `onRound(round, residuals)`,
// when set, is told each round's largest |residual| (for a progress bar); returning false
// stops early with what the last round gave.
CalibrationResult calibrateService(const ServiceConfig& service, const QuantilePoints& measured,
                                   const CalibrationOptions& options,
                                   const std::function<bool(int, double)>& onRound = {});

// The simulated response-time percentiles of `service` at `utilisation`, without hedging: one
// round of calibrateService (p = 1: the slowest call).
std::vector<PercentilePoint> simulatedResponsePercentiles(const ServiceConfig& service,
                                                          double utilisation,
                                                          const std::vector<double>& ps,
                                                          std::int64_t calls,
                                                          std::uint64_t seed);

// A table's knots as a quantile function (fraction i / kSegments): what a dashboard's
// percentiles or an imported file give calibrateService as the measured response times.
QuantilePoints quantilePointsOf(const ServiceTimeTable& table);

} // namespace hedge
