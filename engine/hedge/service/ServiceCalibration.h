// Latencies measured in production include queueing: at utilisation U a response time is a
// service time plus a wait. calibrateService adjusts a service-time table until the simulated
// response times at U, without hedging, match the measured percentiles (iterated quantile
// mapping), and says how close it got: the residuals are measured, never assumed.
//
// Round 0 simulates the measured quantile function taken as the service time. Each later
// round maps the best table so far two ways and simulates both: every knot's time scaled by
// measured / simulated response time at the level the simulated responses reach at that time
// ("level"), and every knot moved by the difference of the measured and simulated CDFs at its
// time ("mass"); when neither beats the best table, the ratio at the knot's own fraction
// ("direct", the plain quantile mapping); when that does not either, the next round takes
// half steps (down to 1/16, then it stops). The plain mapping alone lets the lower knots
// drift; the level mapping fits the body, the mass mapping the corners of a dashboard's
// percentiles. At high utilisation with one or two workers a 200 000-call run's p99 and p99.9
// vary by 5–10 % from seed to seed, and a fit within 2 % is often out of reach there.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/service/ServiceDistribution.h>

#include <functional>
#include <string>
#include <vector>

namespace hedge {

inline constexpr int kMaxCalibrationRounds = 100;
inline constexpr std::int64_t kMinCalibrationCalls = 1000;

struct CalibrationOptions {
    double utilisation = 0.5;    // of the service, without hedging, in (0, 1)
    double tolerance = 0.02;     // |residual| at every target percentile
    int maxRounds = 20;          // 0 … kMaxCalibrationRounds rounds after round 0
    std::int64_t calls = 200000; // per simulation (a round runs one to three)
    std::uint64_t seed = 1;
    // The percentiles matched; the measured values are read from the measured quantiles.
    std::vector<double> targets{0.5, 0.9, 0.99, 0.999};
};

// The best round's table (the smallest largest |residual|), `calibration.rounds` that round
// (0: the measurements as they are), and `calibration.simulated` the percentiles of that
// table's own run: what was measured, never extrapolated.
// The largest vertical distance between the measured and the simulated response-time CDFs
// (the Kolmogorov-Smirnov distance), in fractions of the calls, and the latency where it is.
struct CdfGap {
    double fraction = 0.0;
    double atMs = 0.0;
};

struct CalibrationResult {
    ServiceTimeTable table;  // the adjusted service-time table
    Calibration calibration; // utilisation, rounds, measured and simulated percentiles
    bool converged = false;  // every residual within tolerance
    // The whole simulated response-time distribution of that run (1 001 points), and where it
    // departs most from the measured one: four percentiles can match while the shape between
    // them does not (a bimodal service's gap between its modes), and the fit must show it.
    QuantilePoints simulatedResponse;
    CdfGap largestGap;
};

// `service` supplies everything but the service time (workers, replicas, balancer, errors);
// `measured` is the measured response-time quantile function. Each simulation is one point of
// `options.calls` calls at load = utilisation, without hedging, with client cancellation and a
// scenario's default warm-up, always with `options.seed`: the same inputs give the same
// table. Percentiles are nearest rank, as a scenario's results. Throws std::invalid_argument
// ("FIELD: problem") for options out of range or a measured function that is not one.
// `onRound(round, worst)`, when set, is told each round's largest |residual| (of its best
// candidate; for a progress bar); returning false stops with the best round so far.
CalibrationResult calibrateService(const ServiceConfig& service, const QuantilePoints& measured,
                                   const CalibrationOptions& options,
                                   const std::function<bool(int, double)>& onRound = {});

// "the simulated and measured response times differ by at most 6.7 % of the calls (at 3.54
// ms)", and, above 5 %, whether the percentiles match while the distribution between them does
// not: what a fit says beside its residuals.
std::string describeShape(const CdfGap& gap, bool converged);

// The simulated response-time percentiles of `service` at `utilisation`, without hedging: one
// round of calibrateService (p = 1: the slowest call).
std::vector<PercentilePoint> simulatedResponsePercentiles(const ServiceConfig& service,
                                                          double utilisation,
                                                          const std::vector<double>& ps,
                                                          std::int64_t calls, std::uint64_t seed);

// A table's knots as a quantile function (fraction i / kSegments): what a dashboard's
// percentiles or an imported file give calibrateService as the measured response times.
QuantilePoints quantilePointsOf(const ServiceTimeTable& table);

} // namespace hedge
