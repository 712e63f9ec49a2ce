// Walking a chart as a user's pointer does: where a value is drawn, and the pointer moved there
// (the tooltips and hover marks a user reads).
#pragma once

#include <QPoint>
#include <QPointF>

class QWidget;

namespace hedge {
class MetricChartView;
}

namespace hedge::test {

// Where `value` (load, metric) is drawn in `view`'s pixels, on the axes of its first series.
QPoint viewPosOf(MetricChartView* view, QPointF value);

// The pointer moved over `widget` at `pos` (its own coordinates), as a user's mouse moves in
// its window; for a chart, its viewport: hoverAt(view->viewport(), viewPosOf(view, value)).
void hoverAt(QWidget* widget, QPoint pos);

} // namespace hedge::test
