// The hover text of a chart point: its exact figures, in HTML for QToolTip. Shared by every
// view that shows PointResults.
#pragma once

#include "Metric.h"

#include <hedge/sim/PointResult.h>

#include <QString>

namespace hedge {

class PointTooltip {
public:
    // Every figure of the point, and a warning when it collapsed.
    static QString text(const PointResult& point);
    // The line added for a point drawn on the top of the axis: its real figure.
    static QString offScaleNote(const PointResult& point, Metric metric);
};

} // namespace hedge
