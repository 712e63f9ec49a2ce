// A service-time distribution as an inverse-CDF table: knot i is the service time at cumulative
// fraction i / kSegments, and between two knots the logarithm of the time is linear in the
// fraction. A draw is one uniform and one lookup. The slowest knot is the slowest time the
// table can give: nothing is extrapolated past it.
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

namespace hedge {

// A measured quantile function: latency (ms) at each cumulative fraction, both non-decreasing,
// fractions from 0 to 1; linear in latency between points. Samples give one point per order
// statistic, histograms one per bucket bound.
struct QuantilePoints {
    std::vector<double> fraction;
    std::vector<double> latencyMs;

    // The latency at cumulative fraction q in [0, 1], linear between points.
    double at(double q) const;
};

class ServiceTimeTable {
public:
    // 4 000 segments put p50, p90, p99 and p99.9 exactly on knots.
    static constexpr int kSegments = 4000;
    // Service times below this are taken as this: the log-linear table needs positive knots.
    static constexpr double kShortestMs = 1e-6;

    ServiceTimeTable() = default;
    // kSegments + 1 non-decreasing, positive times (ms); throws std::invalid_argument
    // naming the first knot that is not. Knots are kept to 7 significant digits, so that a
    // table written to a scenario file and read back is the same table.
    explicit ServiceTimeTable(std::vector<double> knotsMs);
    // The table of a measured quantile function (log-linear between its knots).
    static ServiceTimeTable fromQuantiles(const QuantilePoints& points);

    bool empty() const { return m_knots.empty(); }
    const std::vector<double>& knotsMs() const { return m_knots; }

    // The service time at cumulative fraction u in [0, 1): what a draw of u gives.
    double draw(double u) const
    {
        const double x = u * kSegments;
        int i = static_cast<int>(x);
        i = i < kSegments ? i : kSegments - 1;
        const double frac = x - i;
        return std::exp(m_logKnots[std::size_t(i)] + frac * m_logSlope[std::size_t(i)]);
    }
    // The same for q in [0, 1] (q = 1: the slowest knot).
    double quantile(double q) const;
    // P(S <= x).
    double cdf(double xMs) const;
    // E[S], exact for the log-linear segments.
    double meanMs() const { return m_meanMs; }

    bool operator==(const ServiceTimeTable& other) const { return m_knots == other.m_knots; }

private:
    std::vector<double> m_knots;
    std::vector<double> m_logKnots; // log of each knot
    std::vector<double> m_logSlope; // log(knot[i+1]) - log(knot[i])
    double m_meanMs = 0.0;
};

} // namespace hedge
