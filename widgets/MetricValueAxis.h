// The y axis of a metric chart: a log axis for latencies, a linear one otherwise. Its range
// comes from the figures it must show in full; for latency and requests per call the
// collapsed points are left out of that range (their figures only measure how long the run
// lasted) and the top of the axis becomes a ceiling that such points are drawn on.
#pragma once

#include "Metric.h"

#include <QFont>

#include <optional>
#include <utility>

class QAbstractAxis;

namespace hedge {

class MetricValueAxis {
public:
    // The axis is owned by the chart it is added to.
    explicit MetricValueAxis(Metric metric);

    QAbstractAxis* axis() const { return m_axis; }
    Metric metric() const { return m_metric; }
    bool isLogarithmic() const;

    // Whether collapsed points are left out of the range and drawn on the ceiling instead.
    static bool hasCeiling(Metric metric);
    // The smallest 1-2-5 step (…, 100, 200, 500, 1000, …) at or above `value` (> 0).
    static double niceCeiling(double value);

    // Shows [minY, maxY] (nullopt: nothing to show yet) with at most as many labelled ticks
    // as fit in `plotHeightPx` for `labelFont`.
    void fit(std::optional<std::pair<double, double>> values, double plotHeightPx,
             const QFont& labelFont);
    // The range shown.
    std::pair<double, double> range() const;
    // Where points above the axis are drawn: its top, the plot's edge (their markers hang
    // from it, their figures printed under them). Every value given to fit() is a little
    // below it.
    double ceiling() const;

private:
    Metric m_metric;
    QAbstractAxis* m_axis = nullptr;
};

} // namespace hedge
