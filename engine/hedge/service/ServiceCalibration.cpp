#include <hedge/service/ServiceCalibration.h>

#include <hedge/sim/LatencySummary.h>
#include <hedge/sim/NearestRank.h>
#include <hedge/sim/Simulation.h>

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <stdexcept>
#include <string>

namespace hedge {

namespace calibration_detail {

namespace {

std::string numberText(double value)
{
    std::string text = std::to_string(value);
    // std::to_string gives six decimals: drop the trailing zeros for a message.
    while (text.size() > 1 && text.back() == '0')
        text.pop_back();
    if (!text.empty() && text.back() == '.')
        text.pop_back();
    return text;
}

[[noreturn]] void badOption(const std::string& field, double value, const std::string& range)
{
    std::string message = field;
    message += ": ";
    message += numberText(value);
    message += " is out of range (allowed ";
    message += range;
    message += ")";
    throw std::invalid_argument(message);
}

void checkOptions(const CalibrationOptions& o)
{
    if (!(o.utilisation > 0.0 && o.utilisation < 1.0))
        badOption("utilisation", o.utilisation, "0 < U < 1");
    if (!(o.tolerance > 0.0 && o.tolerance < 1.0))
        badOption("tolerance", o.tolerance, "0 < tolerance < 1");
    if (o.maxRounds < 0 || o.maxRounds > kMaxCalibrationRounds)
        badOption("max_rounds", o.maxRounds, "0 … " + std::to_string(kMaxCalibrationRounds));
    if (o.calls < kMinCalibrationCalls)
        badOption("calls", double(o.calls), "≥ " + std::to_string(kMinCalibrationCalls));
    if (o.targets.empty())
        throw std::invalid_argument("targets: none (at least one percentile to match)");
    for (double p : o.targets)
        if (!(p > 0.0 && p <= 1.0))
            badOption("targets", p, "0 < p ≤ 1");
}

void checkMeasured(const QuantilePoints& measured)
{
    const std::size_t n = measured.fraction.size();
    if (n < 2 || measured.latencyMs.size() != n)
        throw std::invalid_argument("measured: a quantile function needs at least two points, "
                                    "one latency per fraction");
    if (measured.fraction.front() != 0.0 || measured.fraction.back() != 1.0)
        throw std::invalid_argument("measured: the fractions must run from 0 to 1");
    for (std::size_t i = 0; i < n; ++i) {
        const double f = measured.fraction[i];
        const double ms = measured.latencyMs[i];
        if (!std::isfinite(ms) || ms < 0.0)
            badOption("measured.latency_ms[" + std::to_string(i) + "]", ms, "≥ 0, finite");
        if (i > 0 && (f < measured.fraction[i - 1] || ms < measured.latencyMs[i - 1]))
            throw std::invalid_argument("measured: point " + std::to_string(i) +
                                        " decreases (fractions and latencies must not)");
    }
}

// The latency at cumulative fraction u of sorted samples, linear between order statistics
// (sample k at fraction k / (n - 1)): the simulated quantile function the mapping compares.
double interpolatedQuantile(const std::vector<double>& sorted, double u)
{
    const double position = u * double(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(position);
    if (below + 1 >= sorted.size())
        return sorted.back();
    const double frac = position - double(below);
    return sorted[below] + frac * (sorted[below + 1] - sorted[below]);
}

// Nearest rank as the engine's results (NearestRank.h): the same figure a scenario's run
// reports for the same percentile.
double nearestRankOf(const std::vector<double>& sorted, double p)
{
    const double perTenThousand = p * 10000.0;
    if (std::abs(perTenThousand - std::round(perTenThousand)) < 1e-9)
        return sorted[nearestRankIndex(sorted.size(), std::llround(perTenThousand))];
    const auto rank = static_cast<std::size_t>(std::ceil(p * double(sorted.size()) - 1e-9));
    return sorted[std::max<std::size_t>(rank, 1) - 1];
}

// Halving the step after a round that did not improve, down to this: then the calibration
// stops where it is.
constexpr double kSmallestDamping = 1.0 / 16.0;

std::vector<PercentilePoint> percentilesOf(const std::vector<double>& sorted,
                                           const std::vector<double>& ps)
{
    std::vector<PercentilePoint> points;
    points.reserve(ps.size());
    for (double p : ps)
        points.push_back({p, nearestRankOf(sorted, p)});
    return points;
}

// The largest |simulated / measured - 1| over the targets.
double worstResidual(const std::vector<PercentilePoint>& measured,
                     const std::vector<PercentilePoint>& simulated)
{
    double worst = 0.0;
    for (std::size_t i = 0; i < measured.size(); ++i)
        worst = std::max(worst, std::abs(simulated[i].ms / measured[i].ms - 1.0));
    return worst;
}

// How a round maps the best table onto the next.
enum class Mapping : std::uint8_t {
    // The ratio measured / simulated response time at the response level where the simulated
    // response time equals the knot's service time: a call's response is its service time
    // plus a wait, so the knot at fraction u shapes the responses near the level F_R(S(u)),
    // below u. The body of the distribution converges on it where the direct mapping drifts.
    Level,
    // The ratio at the knot's own fraction u: what the tail needs when the level mapping
    // stalls (heavy queueing, where a response's tail is mostly wait).
    Direct,
};

// One mapping step: each knot's service time times (measured / simulated)^damping, then kept
// positive and non-decreasing (a table's knots must be).
ServiceTimeTable mappedTable(const ServiceTimeTable& from, const QuantilePoints& measured,
                             const std::vector<double>& simulatedSorted, Mapping mapping,
                             double damping)
{
    std::vector<double> knots = from.knotsMs();
    const double n = double(simulatedSorted.size());
    double floor = ServiceTimeTable::kShortestMs;
    for (std::size_t i = 0; i < knots.size(); ++i) {
        double level = double(i) / ServiceTimeTable::kSegments;
        if (mapping == Mapping::Level)
            level = double(std::upper_bound(simulatedSorted.begin(), simulatedSorted.end(),
                                            knots[i]) -
                           simulatedSorted.begin()) /
                    n;
        const double simulated = interpolatedQuantile(simulatedSorted, level);
        const double target = measured.at(level);
        // A zero latency (a measured minimum of 0) has no ratio: the knot keeps its time.
        if (simulated > 0.0 && target > 0.0)
            knots[i] *= std::pow(target / simulated, damping);
        knots[i] = std::max(knots[i], floor);
        floor = knots[i];
    }
    return ServiceTimeTable(std::move(knots));
}

// The sorted latencies of the measured calls of one point without hedging.
std::vector<double> simulatedResponseTimes(const ServiceConfig& service, double utilisation,
                                           std::int64_t calls, std::uint64_t seed)
{
    PointSpec spec;
    spec.service = service;
    spec.setup.name = "no hedge";
    spec.setup.cancellation = Cancellation::Client;
    spec.load = utilisation;
    spec.seed = seed;
    spec.calls = calls;
    spec.warmupFraction = Scenario{}.warmupFraction;
    std::vector<double> latencies;
    simulatePoint(spec, {}, {}, nullptr, &latencies);
    if (latencies.empty())
        throw std::invalid_argument("service: no call succeeded (an error probability of 1?)");
    std::sort(latencies.begin(), latencies.end());
    return latencies;
}

} // namespace

} // namespace calibration_detail

QuantilePoints quantilePointsOf(const ServiceTimeTable& table)
{
    QuantilePoints points;
    const std::vector<double>& knots = table.knotsMs();
    points.latencyMs = knots;
    points.fraction.reserve(knots.size());
    for (std::size_t i = 0; i < knots.size(); ++i)
        points.fraction.push_back(double(i) / ServiceTimeTable::kSegments);
    return points;
}

std::vector<PercentilePoint> simulatedResponsePercentiles(const ServiceConfig& service,
                                                          double utilisation,
                                                          const std::vector<double>& ps,
                                                          std::int64_t calls, std::uint64_t seed)
{
    using namespace calibration_detail;
    CalibrationOptions check;
    check.utilisation = utilisation;
    check.calls = calls;
    check.targets = ps;
    checkOptions(check);
    return percentilesOf(simulatedResponseTimes(service, utilisation, calls, seed), ps);
}

CalibrationResult calibrateService(const ServiceConfig& service, const QuantilePoints& measured,
                                   const CalibrationOptions& options,
                                   const std::function<bool(int, double)>& onRound)
{
    using namespace calibration_detail;
    checkOptions(options);
    checkMeasured(measured);

    std::vector<PercentilePoint> targets;
    for (double p : options.targets) {
        targets.push_back({p, measured.at(p)});
        if (!(targets.back().ms > 0.0))
            badOption("measured p" + numberText(p * 100.0), targets.back().ms, "> 0");
    }
    // Each round simulates one table. The next steps from the best table so far: the level
    // mapping first, the direct one when that did not improve, then smaller steps. A round
    // that made things worse costs a round, never the fit. The result is the best table with
    // the percentiles its own run gave: never a figure from another table's run.
    ServiceConfig trial = service;
    ServiceDistribution distribution;
    const auto simulate = [&](const ServiceTimeTable& table) {
        distribution.table = table;
        trial.distribution = SharedDistribution(distribution);
        return simulatedResponseTimes(trial, options.utilisation, options.calls, options.seed);
    };
    CalibrationResult best;
    best.table = ServiceTimeTable::fromQuantiles(measured);
    std::vector<double> bestSorted = simulate(best.table);
    std::vector<PercentilePoint> simulated = percentilesOf(bestSorted, options.targets);
    double bestWorst = worstResidual(targets, simulated);
    best.calibration = {options.utilisation, 0, targets, simulated};
    best.converged = bestWorst <= options.tolerance;
    bool stopped = onRound && !onRound(0, bestWorst);
    double damping = 1.0;
    Mapping mapping = Mapping::Level;
    int round = 0;
    while (!stopped && !best.converged && round < options.maxRounds) {
        ++round;
        const ServiceTimeTable table = mappedTable(best.table, measured, bestSorted, mapping,
                                                   damping);
        std::vector<double> sorted = simulate(table);
        simulated = percentilesOf(sorted, options.targets);
        const double worst = worstResidual(targets, simulated);
        stopped = onRound && !onRound(round, worst);
        if (worst < bestWorst) {
            best.table = table;
            best.calibration = {options.utilisation, round, targets, simulated};
            best.converged = worst <= options.tolerance;
            bestSorted = std::move(sorted);
            bestWorst = worst;
            mapping = Mapping::Level;
        } else if (mapping == Mapping::Level) {
            mapping = Mapping::Direct;
        } else if (damping > kSmallestDamping) {
            mapping = Mapping::Level;
            damping /= 2.0;
        } else {
            break; // even the smallest steps from the best table make it worse
        }
    }
    return best;
}

} // namespace hedge
