#include <hedge/service/ServiceTimeTable.h>

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string>

namespace hedge {

namespace {

// 7 significant digits: what a scenario file writes and reads back unchanged.
double roundToSevenDigits(double x)
{
    char buffer[32];
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, x,
                                       std::chars_format::general, 7);
    double rounded = x;
    std::from_chars(buffer, written.ptr, rounded);
    return rounded;
}

std::string knotProblem(std::size_t i, const std::string& problem)
{
    return "knot " + std::to_string(i) + ": " + problem;
}

} // namespace

double QuantilePoints::at(double q) const
{
    if (fraction.empty())
        return 0.0;
    if (q <= fraction.front())
        return latencyMs.front();
    if (q >= fraction.back())
        return latencyMs.back();
    // The first point past q; a run of equal fractions (a jump) is entered at its end.
    const auto it = std::upper_bound(fraction.begin(), fraction.end(), q);
    const auto hi = std::size_t(it - fraction.begin());
    const std::size_t lo = hi - 1;
    const double width = fraction[hi] - fraction[lo];
    const double t = width > 0.0 ? (q - fraction[lo]) / width : 1.0;
    return latencyMs[lo] + t * (latencyMs[hi] - latencyMs[lo]);
}

ServiceTimeTable::ServiceTimeTable(std::vector<double> knotsMs) : m_knots(std::move(knotsMs))
{
    if (m_knots.size() != std::size_t(kSegments) + 1)
        throw std::invalid_argument("a table has " + std::to_string(kSegments + 1) +
                                    " knots, got " + std::to_string(m_knots.size()));
    for (std::size_t i = 0; i < m_knots.size(); ++i) {
        const double k = m_knots[i];
        if (!std::isfinite(k) || k <= 0.0)
            throw std::invalid_argument(knotProblem(i, "a service time must be above 0 ms"));
        m_knots[i] = roundToSevenDigits(k);
        if (i > 0 && m_knots[i] < m_knots[i - 1])
            throw std::invalid_argument(knotProblem(i, "below the knot before it"));
    }
    m_logKnots.resize(m_knots.size());
    std::transform(m_knots.begin(), m_knots.end(), m_logKnots.begin(),
                   [](double k) { return std::log(k); });
    m_logSlope.resize(std::size_t(kSegments));
    double sum = 0.0;
    for (std::size_t i = 0; i < std::size_t(kSegments); ++i) {
        m_logSlope[i] = m_logKnots[i + 1] - m_logKnots[i];
        // ∫ exp(log a + t·d) dt over t in [0, 1] = (b − a) / d, or a when d = 0.
        sum += m_logSlope[i] > 0.0 ? (m_knots[i + 1] - m_knots[i]) / m_logSlope[i] : m_knots[i];
    }
    m_meanMs = sum / kSegments;
}

ServiceTimeTable ServiceTimeTable::fromQuantiles(const QuantilePoints& points)
{
    if (points.fraction.empty() || points.fraction.size() != points.latencyMs.size())
        throw std::invalid_argument("no measured latencies");
    std::vector<double> knots(std::size_t(kSegments) + 1);
    double previous = kShortestMs;
    for (std::size_t i = 0; i < knots.size(); ++i) {
        // max() keeps the knots positive and non-decreasing whatever rounding does.
        previous = std::max(previous, points.at(double(i) / kSegments));
        knots[i] = previous;
    }
    return ServiceTimeTable(std::move(knots));
}

double ServiceTimeTable::quantile(double q) const
{
    if (q >= 1.0)
        return m_knots.back();
    return draw(std::max(q, 0.0));
}

double ServiceTimeTable::cdf(double xMs) const
{
    if (m_knots.empty() || xMs < m_knots.front())
        return 0.0;
    if (xMs >= m_knots.back())
        return 1.0;
    // The last knot at or below x; x is below the slowest knot, so i < kSegments.
    const auto it = std::upper_bound(m_knots.begin(), m_knots.end(), xMs);
    const auto i = std::size_t(it - m_knots.begin()) - 1;
    const double frac = m_logSlope[i] > 0.0 ? (std::log(xMs) - m_logKnots[i]) / m_logSlope[i] : 1.0;
    return (double(i) + std::clamp(frac, 0.0, 1.0)) / kSegments;
}

} // namespace hedge
