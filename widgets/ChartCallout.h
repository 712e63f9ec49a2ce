// A lesson's callout drawn on a chart (docs/lessons.md, "The callout on the chart"): a ring
// round one point of a curve, and a bubble with the step's sentence joined to it by a line.
// The bubble sits inside the plot, never over the point's ring, where it hides the least of
// the curves, their markers, the off-scale figures and the collapse key (CalloutBubble::place);
// where every place for the sentence would hide part of a curve, it shows the compact form.
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
    // `compact`: as for CalloutBubble::setText.
    void setAbout(const QString& setup, double load, const QString& text,
                  const QString& compact = {});
    QString setup() const { return m_setup; }
    // Placed on the setup's point as `curves` draw it, or hidden while that setup is hidden or
    // has no point at the load (a coarse pass, a point not run yet). `avoid`: as for place().
    void follow(const SetupCurveSet& curves, const CalloutBubble::Avoid& avoid);
    // The sentence while the callout is drawn, else empty; what its bubble shows (the sentence
    // or its compact form).
    QString shownText() const { return isVisible() ? m_bubble.text() : QString(); }
    QString drawnText() const { return isVisible() ? m_bubble.drawnText() : QString(); }

    // Shows the callout at `anchor` (chart coordinates, inside the plot area), its bubble in
    // the plot where it hides the least of `avoid` (chart coordinates).
    void place(QPointF anchor, const CalloutBubble::Avoid& avoid);
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
