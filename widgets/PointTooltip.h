// The hover text of a chart point: its exact figures, in HTML for QToolTip. Shared by every
// view that shows PointResults.
#pragma once

#include "Metric.h"

#include <hedge/sim/PointResult.h>

#include <QString>

#include <optional>
#include <vector>

namespace hedge {

class PointTooltip {
public:
    // A figure with three significant digits, as the rest of the product writes them
    // ("51.0", "2.00", "270"; whole numbers from 1000 up).
    static QString threeDigits(double v);
    // A latency: "51.0 ms", "42.1 s" from 1000 ms up.
    static QString duration(double ms);
    // A metric's figure with its unit ("42.1 s", "2.00", "12.5 %"); "—" without one.
    static QString figure(std::optional<double> value, Metric metric);

    // Every figure of the point, and a warning when it collapsed.
    static QString text(const PointResult& point);
    // A fan-out point's parts against its call (docs/fanout.md, "Metrics"): "Parts: p99 12.5 ms
    // (call p99 40 ms: ×3.2), slowest part hedged 8 %"; empty for a point without parts.
    static QString partsLine(const PointResult& point);
    // The line added for a point drawn on the top of the axis: its real figure.
    static QString offScaleNote(const PointResult& point, Metric metric);
    // The line above a measured point's figures: the file it comes from.
    static QString measuredHeading(const QString& source);

    // A point drawn at the spot the pointer is on besides the nearest one.
    struct AtSpot {
        const PointResult& point;
        bool measured; // of an overlaid results file
    };
    // "Also here:" and a line per point, in the given order: its setup, the chart's figure and
    // whether it collapsed; empty without points. Markers of several setups share a spot when
    // their points coincide; every one is listed.
    static QString alsoHere(const std::vector<AtSpot>& points, Metric metric);
};

} // namespace hedge
