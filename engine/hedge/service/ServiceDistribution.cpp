#include <hedge/service/ServiceDistribution.h>

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

namespace hedge {

namespace {

std::string dashboardPercentileName(double p)
{
    // 0.5 → "p50", 0.999 → "p99.9": the dashboards' spelling.
    std::string digits = std::to_string(p * 100.0);
    digits.erase(digits.find_last_not_of('0') + 1);
    if (!digits.empty() && digits.back() == '.')
        digits.pop_back();
    return "p" + digits;
}

std::string distributionNumberText(double x)
{
    char buffer[32];
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, x);
    return std::string(buffer, written.ptr);
}

// The dashboard's points with the two ends: (0, min), the points, (1, max).
std::vector<PercentilePoint> ladderWithEnds(const std::vector<PercentilePoint>& points,
                                            std::optional<double> minMs,
                                            std::optional<double> maxMs)
{
    if (points.size() < 2)
        throw std::invalid_argument("at least two percentiles (p50 and p99) are needed");
    for (std::size_t i = 0; i < points.size(); ++i) {
        const PercentilePoint& pt = points[i];
        if (!(pt.p > 0.0 && pt.p < 1.0))
            throw std::invalid_argument("a percentile must be between 0 and 100 (exclusive)");
        if (!std::isfinite(pt.ms) || pt.ms <= 0.0)
            throw std::invalid_argument(dashboardPercentileName(pt.p) + ": must be above 0 ms");
        if (i > 0 && !(pt.p > points[i - 1].p))
            throw std::invalid_argument("percentiles must be given in increasing order");
        if (i > 0 && pt.ms < points[i - 1].ms)
            throw std::invalid_argument(dashboardPercentileName(pt.p) + " (" + distributionNumberText(pt.ms) +
                                        " ms) is below " + dashboardPercentileName(points[i - 1].p));
    }
    const PercentilePoint& last = points.back();
    const PercentilePoint& beforeLast = points[points.size() - 2];
    const double low = minMs.value_or(points.front().ms / 2.0);
    const double high = maxMs.value_or(last.ms * (last.ms / beforeLast.ms));
    if (!(low > 0.0) || low > points.front().ms)
        throw std::invalid_argument("min_ms: must be above 0 and at most " +
                                    dashboardPercentileName(points.front().p));
    if (high < last.ms)
        throw std::invalid_argument("max_ms: must be at least " + dashboardPercentileName(last.p));
    std::vector<PercentilePoint> ladder{{0.0, low}};
    ladder.insert(ladder.end(), points.begin(), points.end());
    ladder.push_back({1.0, high});
    return ladder;
}

} // namespace

ServiceTimeTable percentileTable(const std::vector<PercentilePoint>& points,
                                 std::optional<double> minMs, std::optional<double> maxMs)
{
    const std::vector<PercentilePoint> ladder = ladderWithEnds(points, minMs, maxMs);
    // A dashboard's ladder steps by nines (p90, p99, p99.9): between two of its points the log
    // of the latency is linear in -log(1 - u), the tail's own scale, so p95 falls halfway
    // between p90 and p99 in log. The last step, up to max_ms at u = 1, is linear in u.
    const auto tail = [](double u) { return -std::log1p(-u); };
    std::vector<double> knots(std::size_t(ServiceTimeTable::kSegments) + 1);
    std::size_t segment = 0;
    for (std::size_t i = 0; i < knots.size(); ++i) {
        const double u = double(i) / ServiceTimeTable::kSegments;
        while (segment + 2 < ladder.size() && u > ladder[segment + 1].p)
            ++segment;
        const PercentilePoint& a = ladder[segment];
        const PercentilePoint& b = ladder[segment + 1];
        const double t = b.p < 1.0 ? (tail(u) - tail(a.p)) / (tail(b.p) - tail(a.p))
                                   : (u - a.p) / (b.p - a.p);
        knots[i] = std::exp(std::log(a.ms) + t * (std::log(b.ms) - std::log(a.ms)));
    }
    return ServiceTimeTable(std::move(knots));
}

const char* toString(DistributionKind kind)
{
    return kind == DistributionKind::Empirical ? "empirical" : "percentiles";
}

const char* toString(MeasurementFormat format)
{
    switch (format) {
    case MeasurementFormat::Csv:
        return "csv";
    case MeasurementFormat::HdrHistogramLog:
        return "hdrhistogram_log";
    case MeasurementFormat::Prometheus:
        return "prometheus";
    }
    return "csv";
}

const char* toString(LatencyUnit unit)
{
    switch (unit) {
    case LatencyUnit::Milliseconds:
        return "ms";
    case LatencyUnit::Seconds:
        return "s";
    case LatencyUnit::Microseconds:
        return "us";
    }
    return "ms";
}

double millisecondsPer(LatencyUnit unit)
{
    switch (unit) {
    case LatencyUnit::Milliseconds:
        return 1.0;
    case LatencyUnit::Seconds:
        return 1000.0;
    case LatencyUnit::Microseconds:
        return 0.001;
    }
    return 1.0;
}

LatencyUnit defaultUnit(MeasurementFormat format)
{
    return format == MeasurementFormat::Prometheus ? LatencyUnit::Seconds
                                                   : LatencyUnit::Milliseconds;
}

std::optional<MeasurementFormat> formatFromString(const std::string& name)
{
    for (MeasurementFormat f : {MeasurementFormat::Csv, MeasurementFormat::HdrHistogramLog,
                                MeasurementFormat::Prometheus})
        if (name == toString(f))
            return f;
    return std::nullopt;
}

std::optional<LatencyUnit> unitFromString(const std::string& name)
{
    for (LatencyUnit u : {LatencyUnit::Milliseconds, LatencyUnit::Seconds, LatencyUnit::Microseconds})
        if (name == toString(u))
            return u;
    return std::nullopt;
}

} // namespace hedge
