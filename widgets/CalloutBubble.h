// A lesson's callout as drawn (docs/lessons.md, "The callout on the chart"): a ring round one
// point, and a bubble with the step's sentence joined to it by a line. Where the bubble goes
// and how it is painted, for whatever draws it: a sweep chart's scene item (ChartCallout) and
// the Live view's panels (LiveTimeSeriesView).
#pragma once

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <vector>

class QPainter;

namespace hedge {

class CalloutBubble {
public:
    // The theme's small font (made smaller for a long text on a small chart), its text colour,
    // the bubble's fill (made a little transparent) and the accent of the ring and the line.
    void setLook(const QFont& font, const QColor& ink, const QColor& fill, const QColor& accent);
    void setText(const QString& text) { m_text = text; }
    const QString& text() const { return m_text; }

    // Puts the bubble on one side of `anchor` (above, below, left or right of its ring, never
    // over it): inside `plot` when the text fits there whole, else inside `chart`; among the
    // places, the one with the largest font, the fewest `avoid` points hidden and the least
    // drift from the point wins. All in the same coordinates.
    void place(QPointF anchor, const QRectF& plot, const QRectF& chart,
               const std::vector<QPointF>& avoid);
    QRectF bubbleRect() const { return m_bubble; }
    QPointF anchor() const { return m_anchor; }
    // The ring, the line and the bubble.
    QRectF boundingRect() const;

    void paint(QPainter* painter) const;

private:
    // The bubble's size within `bounds`, the font it is drawn in (the theme's, made smaller up
    // to three times for a long text), and whether the text fits whole.
    struct Fit {
        QSizeF size;
        QFont font;
        int shrink;
        bool whole;
    };
    Fit fitIn(const QRectF& bounds) const;

    QString m_text;
    QFont m_font;      // the theme's
    QFont m_drawnFont; // the theme's, or smaller for a long text on a small chart
    QColor m_ink;
    QColor m_fill;
    QColor m_accent;
    QPointF m_anchor;
    QRectF m_bubble;
};

} // namespace hedge
