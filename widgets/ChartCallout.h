// A lesson's callout drawn on a chart (docs/lessons.md, "The callout on the chart"): a ring
// round one point of a curve, and a bubble with the step's sentence joined to it by a line.
// The bubble sits on one side of the point, so that it never hides the point it is about:
// inside the plot (over the axes on a chart too small for it), where it covers the fewest
// points of the curves.
#pragma once

#include "CalloutBubble.h"

#include <QGraphicsItem>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

class QChart;

namespace hedge {

class ChartTheme;
class SetupCurveSet;

class ChartCallout : public QGraphicsItem {
public:
    // A child of `chart`'s scene item, which owns it; hidden until place() is given an anchor.
    explicit ChartCallout(QChart* chart);

    void applyTheme(const ChartTheme& theme);

    // What the callout is about: `setup`'s point at `load` (a fraction). An empty setup hides it.
    void setAbout(const QString& setup, double load, const QString& text);
    QString setup() const { return m_setup; }
    // Placed on the setup's point as `curves` draw it, or hidden while that setup is hidden or
    // has no point at the load (a coarse pass, a point not run yet). `avoid`: as for place().
    void follow(const SetupCurveSet& curves, const std::vector<QPointF>& avoid);
    // The text while the callout is drawn, else empty.
    QString shownText() const { return isVisible() ? m_bubble.text() : QString(); }

    // Shows the callout at `anchor` (chart coordinates, inside the plot area), its bubble on
    // the side covering the fewest `avoid` points (chart coordinates: the curves' points).
    void place(QPointF anchor, const std::vector<QPointF>& avoid);
    // The bubble and the anchor in chart coordinates, as drawn.
    QRectF bubbleRect() const { return m_bubble.bubbleRect(); }
    QPointF anchor() const { return m_bubble.anchor(); }

    QRectF boundingRect() const override { return m_bubble.boundingRect(); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    QChart* m_chart;
    QString m_setup;
    double m_load = 0.0;
    CalloutBubble m_bubble;
};

} // namespace hedge
