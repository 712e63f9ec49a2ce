// The figures a chart can plot and the Live view's panels, as the window shows them: the text of
// the one catalogue of figures (hedge/sim/Figures.h), which also says how to read each.
#pragma once

#include <hedge/sim/Figures.h>
#include <hedge/sim/PointResult.h>

#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace hedge {

// A sweep chart's figure: a row of the one catalogue of figures (hedge/sim/Figures.h) that has
// a key. The functions below are the catalogue's text as the window shows it.
using Metric = Figure;

// Every metric, in the order a chooser should list them.
QList<Metric> allMetrics();

// Axis/chart title with unit, e.g. "p99 latency (ms)".
QString metricTitle(Metric metric);
// A chart's title, e.g. "p99 latency vs load".
QString metricChartTitle(Metric metric);
// The title of a small chart without axis titles: the short name and the unit, e.g.
// "p99.9 (ms)".
QString metricCompactTitle(Metric metric);
// Short name in the words of the field, e.g. "p99", "requests per call".
QString metricShortName(Metric metric);
// Stable key for settings and file names ("p99", "p999", "p50", "requests_per_call",
// "rejected_percent", "failed_percent", "utilisation", "hedges_refused_percent", "part_p99").
QString metricKey(Metric metric);
std::optional<Metric> metricFromKey(const QString& key);
// The results file's key of the figure ("p99_ms", "p999_ms", "p50_ms", "requests_per_call",
// "rejected_fraction", "failed_fraction", "utilisation", "hedges_refused_fraction",
// "part_p99_ms"), as scenario styles and presets name charts.
QString metricResultsKey(Metric metric);
std::optional<Metric> metricFromResultsKey(const QString& key);

// Latency metrics are drawn on a log axis and can be missing (no call succeeded).
bool isLatencyMetric(Metric metric);
// A figure only a fan-out point has (PointResult::parts): its chart is shown only then.
bool isPartMetric(Metric metric);
// Percent metrics: the fraction of the results file × 100 (utilisation included).
bool isPercentMetric(Metric metric);

// The value as the chart plots it: ms for latencies, percent (×100) for the fractions,
// empty when the point has no such figure.
std::optional<double> metricValue(const PointResult& point, Metric metric);
// The band a point's replicates span for the metric, in metricValue's unit: p5–p95 with at
// least 10 replicates (the min and max themselves up to 19), else min–max. Empty for a
// single run or a figure no replicate had.
std::optional<std::pair<double, double>> metricBand(const PointResult& point, Metric metric);

// A Live panel's title ("p99 (ms, log)") and its check box's ("Budget balance"), translated
// in the Live view's context.
QString panelTitle(Figure figure);
QString panelShortTitle(Figure figure);

} // namespace hedge
