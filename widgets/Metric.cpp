#include "Metric.h"

#include <QCoreApplication>

namespace hedge {

namespace {

QString text(const char* utf8)
{
    return QString::fromUtf8(utf8);
}

} // namespace

QList<Metric> allMetrics()
{
    return QList<Metric>(metricFigures().begin(), metricFigures().end());
}

QString metricTitle(Metric metric)
{
    return text(figureRow(metric).title);
}

QString metricChartTitle(Metric metric)
{
    return text(figureRow(metric).chartTitle);
}

QString metricCompactTitle(Metric metric)
{
    const FigureRow& row = figureRow(metric);
    if (row.latency)
        return metricShortName(metric) + QStringLiteral(" (ms)");
    // "utilisation (%)"; "requests per call", "rejected %", "hedges refused %" as they are
    if (row.percent && !metricShortName(metric).contains(QLatin1Char('%')))
        return metricShortName(metric) + QStringLiteral(" (%)");
    return metricShortName(metric);
}

QString metricShortName(Metric metric)
{
    return text(figureRow(metric).shortName);
}

QString metricKey(Metric metric)
{
    return text(figureRow(metric).key);
}

std::optional<Metric> metricFromKey(const QString& key)
{
    for (Metric m : metricFigures()) {
        if (metricKey(m) == key)
            return m;
    }
    return std::nullopt;
}

QString metricResultsKey(Metric metric)
{
    return text(figureRow(metric).resultsKey);
}

std::optional<Metric> metricFromResultsKey(const QString& key)
{
    for (Metric m : metricFigures()) {
        if (metricResultsKey(m) == key)
            return m;
    }
    return std::nullopt;
}

bool isLatencyMetric(Metric metric)
{
    return figureRow(metric).latency;
}

bool isPartMetric(Metric metric)
{
    return figureRow(metric).part;
}

bool isPercentMetric(Metric metric)
{
    return figureRow(metric).percent;
}

std::optional<double> metricValue(const PointResult& point, Metric metric)
{
    const FigureRow& row = figureRow(metric);
    return row.ofPoint ? row.ofPoint(point) : std::nullopt;
}

std::optional<std::pair<double, double>> metricBand(const PointResult& point, Metric metric)
{
    return figureBand(point, metric);
}

QString panelTitle(Figure figure)
{
    return QCoreApplication::translate("LiveTimeSeriesView", figureRow(figure).panelTitle);
}

QString panelShortTitle(Figure figure)
{
    const FigureRow& row = figureRow(figure);
    return QCoreApplication::translate("LiveTimeSeriesView",
                                       row.panelShortTitle ? row.panelShortTitle : row.panelTitle);
}

} // namespace hedge
