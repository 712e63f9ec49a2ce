#include <hedge/service/ServiceCalibration.h>

#include <hedge/sim/LatencySummary.h>
#include <hedge/sim/NearestRank.h>
#include <hedge/sim/Simulation.h>

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <cstdint>
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

// The fraction of sorted samples at or below `ms`.
double sampleCdf(const std::vector<double>& sorted, double ms)
{
    return double(std::upper_bound(sorted.begin(), sorted.end(), ms) - sorted.begin()) /
           double(sorted.size());
}

// The measured fraction at or below `ms`: the inverse of QuantilePoints::at.
double measuredCdf(const QuantilePoints& measured, double ms)
{
    const std::vector<double>& l = measured.latencyMs;
    const auto above = std::upper_bound(l.begin(), l.end(), ms);
    if (above == l.begin())
        return 0.0;
    if (above == l.end())
        return 1.0;
    const auto i = std::size_t(above - l.begin());
    const double f = (ms - l[i - 1]) / (l[i] - l[i - 1]);
    return measured.fraction[i - 1] + f * (measured.fraction[i] - measured.fraction[i - 1]);
}

// How a round maps the best table so far onto a candidate. A response time is a service time
// plus a wait, and no one mapping converges everywhere: each round tries the level and the
// mass mappings and keeps the better, the direct one when neither improves.
enum class Mapping : std::uint8_t {
    // Each knot's service time times measured / simulated response time at the response
    // level where the simulated response time equals that service time (F_R(S(u)), below
    // u): the knot at u shapes the responses there. The body converges on it, where the
    // ratio at u itself (Direct) makes the lower knots drift.
    Level,
    // Each knot moves to the fraction u + (F_measured - F_simulated)(S(u)) (Van Cittert's
    // iteration on the distribution functions): it moves probability across a corner of
    // the measured function (a dashboard's percentiles are joined by corners), where scaling
    // times barely moves it.
    Mass,
    // Each knot's service time times measured / simulated response time at its own fraction
    // u: the quantile mapping itself, for a tail the other two leave.
    Direct,
};

// Level and Direct: knots scaled by (measured / simulated)^damping, kept positive and
// non-decreasing (a table's knots must be).
ServiceTimeTable scaledTable(const ServiceTimeTable& from, const QuantilePoints& measured,
                             const std::vector<double>& simulatedSorted, Mapping mapping,
                             double damping)
{
    std::vector<double> knots = from.knotsMs();
    double floor = ServiceTimeTable::kShortestMs;
    for (std::size_t i = 0; i < knots.size(); ++i) {
        const double level = mapping == Mapping::Level ? sampleCdf(simulatedSorted, knots[i])
                                                       : double(i) / ServiceTimeTable::kSegments;
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

// Mass: the knots' times at their moved fractions, read back at i / kSegments (log-linear
// between them). The fastest and slowest times stay: Level and Direct move those.
ServiceTimeTable movedTable(const ServiceTimeTable& from, const QuantilePoints& measured,
                            const std::vector<double>& simulatedSorted, double damping)
{
    const std::vector<double>& x = from.knotsMs();
    std::vector<double> moved(x.size());
    double floor = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double shift = measuredCdf(measured, x[i]) - sampleCdf(simulatedSorted, x[i]);
        const double u = double(i) / ServiceTimeTable::kSegments + damping * shift;
        moved[i] = std::max(std::clamp(u, 0.0, 1.0), floor);
        floor = moved[i];
    }
    std::vector<double> knots(x.size());
    std::size_t j = 0;
    for (std::size_t i = 0; i < knots.size(); ++i) {
        const double u = double(i) / ServiceTimeTable::kSegments;
        while (j + 1 < moved.size() && moved[j + 1] < u)
            ++j;
        if (u <= moved.front() || j + 1 >= moved.size()) {
            knots[i] = u <= moved.front() ? x.front() : x.back();
        } else {
            const double span = moved[j + 1] - moved[j];
            const double f = span > 0.0 ? std::clamp((u - moved[j]) / span, 0.0, 1.0) : 1.0;
            knots[i] = std::exp(std::log(x[j]) + f * (std::log(x[j + 1]) - std::log(x[j])));
        }
        if (i > 0)
            knots[i] = std::max(knots[i], knots[i - 1]);
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

// The simulated response times as a quantile function of 1 001 points.
QuantilePoints responseQuantiles(const std::vector<double>& sorted)
{
    QuantilePoints points;
    constexpr int kPoints = 1000;
    for (int i = 0; i <= kPoints; ++i) {
        points.fraction.push_back(double(i) / kPoints);
        points.latencyMs.push_back(interpolatedQuantile(sorted, points.fraction.back()));
    }
    return points;
}

// The largest |F_measured - F_simulated|, looked for at every measured point and every
// 1/1000 of the simulated calls: where one of the two CDFs jumps, the gap is largest.
CdfGap largestCdfGap(const QuantilePoints& measured, const std::vector<double>& sorted)
{
    CdfGap gap;
    const auto consider = [&](double ms) {
        const double d = std::abs(measuredCdf(measured, ms) - sampleCdf(sorted, ms));
        if (d > gap.fraction)
            gap = {d, ms};
    };
    for (double ms : measured.latencyMs)
        consider(ms);
    for (int i = 0; i <= 1000; ++i)
        consider(interpolatedQuantile(sorted, i / 1000.0));
    return gap;
}

// A table and what its simulation gave.
struct Trial {
    ServiceTimeTable table;
    std::vector<double> sorted; // the measured calls' response times
    std::vector<PercentilePoint> simulated;
    double worst = 0.0; // the largest |residual|
    double gap = 0.0;   // the largest gap between the measured and simulated CDFs
    // What a round is judged by: its residuals, and its shape between them. Four residuals
    // alone let a bimodal service's slow mode shrink to a sliver while they match (a
    // quantile at the edge of a mode is ill-conditioned); the shape keeps it.
    double score() const { return std::max(worst, gap); }
};

// The rounds of one calibration: the service, the options, the targets.
struct Rounds {
    const ServiceConfig& service;
    const CalibrationOptions& options;
    const QuantilePoints& measured;
    const std::vector<PercentilePoint>& targets;

    Trial trial(ServiceTimeTable table) const
    {
        ServiceConfig trialService = service;
        ServiceDistribution distribution;
        distribution.table = table;
        trialService.distribution = SharedDistribution(std::move(distribution));
        Trial t;
        t.sorted =
            simulatedResponseTimes(trialService, options.utilisation, options.calls, options.seed);
        t.simulated = percentilesOf(t.sorted, options.targets);
        t.worst = worstResidual(targets, t.simulated);
        t.gap = largestCdfGap(measured, t.sorted).fraction;
        t.table = std::move(table);
        return t;
    }

    // The best candidate of a round from `best`: of Level and Mass, then of Direct when
    // neither beats `best`.
    Trial step(const Trial& best, double damping) const
    {
        Trial winner;
        for (const auto& candidates : {std::vector<Mapping>{Mapping::Level, Mapping::Mass},
                                       std::vector<Mapping>{Mapping::Direct}}) {
            for (Mapping mapping : candidates) {
                Trial t =
                    trial(mapping == Mapping::Mass
                              ? movedTable(best.table, measured, best.sorted, damping)
                              : scaledTable(best.table, measured, best.sorted, mapping, damping));
                if (winner.table.empty() || t.score() < winner.score())
                    winner = std::move(t);
            }
            if (winner.score() < best.score())
                break;
        }
        return winner;
    }
};

// Halving the step after a round that did not improve, down to this: then the calibration
// stops where it is.
constexpr double kSmallestDamping = 1.0 / 16.0;

} // namespace

} // namespace calibration_detail

std::string describeShape(const CdfGap& gap, bool converged)
{
    const auto fixed = [](double value, int decimals) {
        char text[32];
        std::snprintf(text, sizeof text, "%.*f", decimals, value);
        return std::string(text);
    };
    std::string line = "the simulated and measured response times differ by at most ";
    line += fixed(gap.fraction * 100.0, 1);
    line += " % of the calls (at ";
    // Three significant digits, whole milliseconds from 100 ms up: a sub-millisecond service's
    // gap reads "at 0.412 ms", never "at 0.00 ms".
    const int magnitude = gap.atMs > 0.0 ? static_cast<int>(std::floor(std::log10(gap.atMs))) : 0;
    line += fixed(gap.atMs, std::clamp(2 - magnitude, 0, 9));
    line += " ms)";
    // Beyond sampling noise (a 200 000-call run's CDF is good to a few tenths of a percent).
    if (gap.fraction > 0.05)
        line += converged ? ": the percentiles match, the distribution between them does not"
                          : ": the distribution is off between the percentiles too";
    return line;
}

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
    // Qualified: in a unity build other files' helpers share the translation unit.
    namespace cd = calibration_detail;
    CalibrationOptions check;
    check.utilisation = utilisation;
    check.calls = calls;
    check.targets = ps;
    cd::checkOptions(check);
    return cd::percentilesOf(cd::simulatedResponseTimes(service, utilisation, calls, seed), ps);
}

CalibrationResult calibrateService(const ServiceConfig& service, const QuantilePoints& measured,
                                   const CalibrationOptions& options,
                                   const std::function<bool(int, double)>& onRound)
{
    namespace cd = calibration_detail;
    cd::checkOptions(options);
    cd::checkMeasured(measured);
    std::vector<PercentilePoint> targets;
    for (double p : options.targets) {
        targets.push_back({p, measured.at(p)});
        if (!(targets.back().ms > 0.0))
            cd::badOption("measured p" + cd::numberText(p * 100.0), targets.back().ms, "> 0");
    }

    // Each round steps from the best table so far, so that a round that made things worse
    // costs a round (and a smaller step), never the fit. The result is the best table with
    // the percentiles its own run gave: never a figure from another table's run.
    const cd::Rounds rounds{service, options, measured, targets};
    cd::Trial best = rounds.trial(ServiceTimeTable::fromQuantiles(measured));
    int bestRound = 0;
    bool stopped = onRound && !onRound(0, best.worst);
    double damping = 1.0;
    for (int round = 1; !stopped && best.worst > options.tolerance && round <= options.maxRounds;
         ++round) {
        cd::Trial candidate = rounds.step(best, damping);
        stopped = onRound && !onRound(round, candidate.worst);
        if (candidate.score() < best.score()) {
            best = std::move(candidate);
            bestRound = round;
        } else if (damping > cd::kSmallestDamping) {
            damping /= 2.0;
        } else {
            break; // even the smallest steps from the best table make it worse
        }
    }
    CalibrationResult result;
    result.table = std::move(best.table);
    result.calibration = {options.utilisation, bestRound, std::move(targets),
                          std::move(best.simulated)};
    result.converged = best.worst <= options.tolerance;
    result.simulatedResponse = cd::responseQuantiles(best.sorted);
    result.largestGap = cd::largestCdfGap(measured, best.sorted);
    return result;
}

} // namespace hedge
