// The figures of the points drawn on a chart's top edge (collapsed, their figure above the
// axis): a marker on the edge alone was read as the top tick's value ("2.00 requests per call"
// read as 1.15, a p99 of 42 s as 100 ms). Each such marker gets its figure printed under it,
// in its setup's colour; a label that would overlap one already placed is left out (its marker
// and its hover stay), and a run of equal figures of one series is printed once. Exports draw them too (they are items of the chart).
#pragma once

#include "Metric.h"

#include <hedge/sim/PointResult.h>

#include <QFont>
#include <QRectF>
#include <QString>

#include <vector>

class QChart;
class QGraphicsSimpleTextItem;

namespace hedge {

class SetupCurveSet;

class OffScaleLabels {
public:
    // The labels become items of `chart`, which owns them.
    explicit OffScaleLabels(QChart* chart);

    void setFont(const QFont& font);

    // Labels every OffScale and PartialOffScale marker of `curves` as drawn (after
    // MarkerStacks::place) with its point's figure of `metric`; `markerSize` is the off-scale
    // markers' size in pixels (the triangle hangs from the edge over half of it).
    void place(const SetupCurveSet& curves, const std::vector<PointResult>& points, Metric metric,
               double markerSize);

    struct Label {
        QString setup;
        double load = 0.0;
        QString text;
        QRectF rect; // in chart coordinates
    };
    const std::vector<Label>& labels() const { return m_labels; }
    // Leaves out the labels that meet `rect` (in chart coordinates: the collapse key's, when
    // it found no clear corner); their markers and hovers stay.
    void leaveOut(const QRectF& rect);

private:
    QGraphicsSimpleTextItem* item(std::size_t i);

    QChart* m_chart;
    QFont m_font;
    std::vector<QGraphicsSimpleTextItem*> m_items; // owned by the chart; hidden when unused
    std::vector<Label> m_labels;
    std::vector<QGraphicsSimpleTextItem*> m_shown; // m_labels' items, in the same order
};

} // namespace hedge
