#include "Metric.h"

namespace hedge {

QList<Metric> allMetrics()
{
    return {Metric::P99,        Metric::RequestsPerCall, Metric::P999,
            Metric::P50,        Metric::RejectedPercent, Metric::FailedPercent,
            Metric::Utilisation, Metric::HedgesRefusedPercent, Metric::PartP99};
}

QString metricTitle(Metric metric)
{
    switch (metric) {
    case Metric::P99:
        return QStringLiteral("p99 latency (ms)");
    case Metric::P999:
        return QStringLiteral("p99.9 latency (ms)");
    case Metric::P50:
        return QStringLiteral("p50 latency (ms)");
    case Metric::RequestsPerCall:
        return QStringLiteral("requests per call");
    case Metric::RejectedPercent:
        return QStringLiteral("rejected calls (%)");
    case Metric::FailedPercent:
        return QStringLiteral("failed calls (%)");
    case Metric::Utilisation:
        return QStringLiteral("server utilisation (%)");
    case Metric::HedgesRefusedPercent:
        return QStringLiteral("hedges refused (% of calls)");
    case Metric::PartP99:
        return QStringLiteral("part p99 latency (ms)");
    }
    return {};
}

QString metricChartTitle(Metric metric)
{
    switch (metric) {
    case Metric::P99:
        return QStringLiteral("p99 latency vs load");
    case Metric::P999:
        return QStringLiteral("p99.9 latency vs load");
    case Metric::P50:
        return QStringLiteral("p50 latency vs load");
    case Metric::RequestsPerCall:
        return QStringLiteral("requests per call vs load");
    case Metric::RejectedPercent:
        return QStringLiteral("rejected calls vs load");
    case Metric::FailedPercent:
        return QStringLiteral("failed calls vs load");
    case Metric::Utilisation:
        return QStringLiteral("server utilisation vs load");
    case Metric::HedgesRefusedPercent:
        return QStringLiteral("hedges refused vs load");
    case Metric::PartP99:
        return QStringLiteral("part p99 latency vs load");
    }
    return {};
}

QString metricCompactTitle(Metric metric)
{
    if (isLatencyMetric(metric))
        return metricShortName(metric) + QStringLiteral(" (ms)");
    if (metric == Metric::Utilisation)
        return QStringLiteral("utilisation (%)");
    // "requests per call", "rejected %", "failed %", "hedges refused %"
    return metricShortName(metric);
}

QString metricShortName(Metric metric)
{
    switch (metric) {
    case Metric::P99:
        return QStringLiteral("p99");
    case Metric::P999:
        return QStringLiteral("p99.9");
    case Metric::P50:
        return QStringLiteral("p50");
    case Metric::RequestsPerCall:
        return QStringLiteral("requests per call");
    case Metric::RejectedPercent:
        return QStringLiteral("rejected %");
    case Metric::FailedPercent:
        return QStringLiteral("failed %");
    case Metric::Utilisation:
        return QStringLiteral("utilisation");
    case Metric::HedgesRefusedPercent:
        return QStringLiteral("hedges refused %");
    case Metric::PartP99:
        return QStringLiteral("part p99");
    }
    return {};
}

QString metricKey(Metric metric)
{
    switch (metric) {
    case Metric::P99:
        return QStringLiteral("p99");
    case Metric::P999:
        return QStringLiteral("p999");
    case Metric::P50:
        return QStringLiteral("p50");
    case Metric::RequestsPerCall:
        return QStringLiteral("requests_per_call");
    case Metric::RejectedPercent:
        return QStringLiteral("rejected_percent");
    case Metric::FailedPercent:
        return QStringLiteral("failed_percent");
    case Metric::Utilisation:
        return QStringLiteral("utilisation");
    case Metric::HedgesRefusedPercent:
        return QStringLiteral("hedges_refused_percent");
    case Metric::PartP99:
        return QStringLiteral("part_p99");
    }
    return {};
}

std::optional<Metric> metricFromKey(const QString& key)
{
    for (Metric m : allMetrics()) {
        if (metricKey(m) == key)
            return m;
    }
    return std::nullopt;
}

QString metricResultsKey(Metric metric)
{
    switch (metric) {
    case Metric::P99:
        return QStringLiteral("p99_ms");
    case Metric::P999:
        return QStringLiteral("p999_ms");
    case Metric::P50:
        return QStringLiteral("p50_ms");
    case Metric::RequestsPerCall:
        return QStringLiteral("requests_per_call");
    case Metric::RejectedPercent:
        return QStringLiteral("rejected_fraction");
    case Metric::FailedPercent:
        return QStringLiteral("failed_fraction");
    case Metric::Utilisation:
        return QStringLiteral("utilisation");
    case Metric::HedgesRefusedPercent:
        return QStringLiteral("hedges_refused_fraction");
    case Metric::PartP99:
        return QStringLiteral("part_p99_ms");
    }
    return {};
}

std::optional<Metric> metricFromResultsKey(const QString& key)
{
    for (Metric m : allMetrics()) {
        if (metricResultsKey(m) == key)
            return m;
    }
    return std::nullopt;
}

bool isLatencyMetric(Metric metric)
{
    return metric == Metric::P99 || metric == Metric::P999 || metric == Metric::P50 ||
           metric == Metric::PartP99;
}

bool isPartMetric(Metric metric)
{
    return metric == Metric::PartP99;
}

bool isPercentMetric(Metric metric)
{
    return metric == Metric::RejectedPercent || metric == Metric::FailedPercent ||
           metric == Metric::Utilisation || metric == Metric::HedgesRefusedPercent;
}

std::optional<double> metricValue(const PointResult& point, Metric metric)
{
    switch (metric) {
    case Metric::P99:
        return point.p99Ms;
    case Metric::P999:
        return point.p999Ms;
    case Metric::P50:
        return point.p50Ms;
    case Metric::RequestsPerCall:
        return point.requestsPerCall;
    case Metric::RejectedPercent:
        return point.rejectedFraction * 100.0;
    case Metric::FailedPercent:
        return point.failedFraction * 100.0;
    case Metric::Utilisation:
        return point.utilisation * 100.0;
    case Metric::HedgesRefusedPercent:
        return point.hedgesRefusedFraction * 100.0;
    case Metric::PartP99:
        return point.parts ? point.parts->p99Ms : std::nullopt;
    }
    return std::nullopt;
}

std::optional<std::pair<double, double>> metricBand(const PointResult& point, Metric metric)
{
    if (!point.spread || point.spread->replicates < 2)
        return std::nullopt;
    const ReplicateSpread& s = *point.spread;
    std::optional<FigureSpread> figure;
    double scale = 1.0;
    switch (metric) {
    case Metric::P99:
        figure = s.p99Ms;
        break;
    case Metric::P999:
        figure = s.p999Ms;
        break;
    case Metric::P50:
        figure = s.p50Ms;
        break;
    case Metric::RequestsPerCall:
        figure = s.requestsPerCall;
        break;
    case Metric::RejectedPercent:
        figure = s.rejectedFraction;
        scale = 100.0;
        break;
    case Metric::FailedPercent:
        figure = s.failedFraction;
        scale = 100.0;
        break;
    case Metric::Utilisation:
        figure = s.utilisation;
        scale = 100.0;
        break;
    case Metric::HedgesRefusedPercent:
    case Metric::PartP99:
        // Replicates pool the calls that had a hedge refused, and their parts; no spread is
        // kept for either.
        return std::nullopt;
    }
    if (!figure)
        return std::nullopt;
    const bool percentiles = figure->p5 && figure->p95;
    return std::make_pair((percentiles ? *figure->p5 : figure->min) * scale,
                          (percentiles ? *figure->p95 : figure->max) * scale);
}

} // namespace hedge
