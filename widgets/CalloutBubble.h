// A lesson's callout as drawn (docs/lessons.md, "The callout on the chart"): a ring round one
// point, and a bubble with the step's sentence joined to it by a line. Where the bubble goes
// and how it is painted, for whatever draws it: a sweep chart's scene item (ChartCallout),
// the Live view's panels (LiveTimeSeriesView) and the map's cells (HeatMapView).
#pragma once

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <vector>

class QPainter;

namespace hedge {

class CalloutBubble {
public:
    // What the bubble should leave in sight, in the plot's coordinates: each shown series as
    // drawn (its points joined in order: the bubble must not hide a line between two points
    // either), markers and points on their own (a map's cells), and the texts drawn over the
    // plot (off-scale figures, a panel's title, the collapse key).
    struct Avoid {
        std::vector<QPolygonF> lines;
        std::vector<QPointF> points;
        std::vector<QRectF> texts;
    };

    // The theme's small font (made smaller for a long text on a small chart), its text colour,
    // the bubble's fill (made a little transparent) and the accent of the ring and the line.
    void setLook(const QFont& font, const QColor& ink, const QColor& fill, const QColor& accent);
    // The step's sentence, and its compact form: the figure and a few words ("p99 55 ms at
    // 30 % load"), drawn instead when every place for the sentence would hide a curve (the
    // lesson pane shows the sentence). Without a compact form the sentence is always drawn.
    void setText(const QString& text, const QString& compact = {});
    // The sentence the callout is about; what the bubble shows (it, or the compact form).
    const QString& text() const { return m_text; }
    const QString& drawnText() const { return m_compactDrawn ? m_compact : m_text; }
    bool isCompact() const { return m_compactDrawn; }

    // Puts the bubble inside `plot`, never over the point's ring: among the candidate places
    // (above, below, left and right of the point, near it and pressed against the plot's
    // edges, slid along them; a narrow, a usual and a wide bubble), the one that hides the
    // least of `avoid`; among those hiding as little, the one whose line to the ring crosses
    // the fewest curves, then the nearest. When even the best hides some of it, the compact
    // form in the same way. All in the same coordinates.
    void place(QPointF anchor, const QRectF& plot, const Avoid& avoid);
    QRectF bubbleRect() const { return m_bubble; }
    QPointF anchor() const { return m_anchor; }
    // The ring, the line and the bubble.
    QRectF boundingRect() const;

    // How much of `avoid` a bubble at `rect` hides: the length of line under it (pixels), a few
    // pixels' worth per point, and much more per text it touches. 0: nothing.
    static double hidden(const QRectF& rect, const Avoid& avoid);
    // How many curve segments and texts the line from the ring to a bubble at `rect` crosses.
    static int crossings(QPointF anchor, const QRectF& rect, const Avoid& avoid);
    // The places the last place() weighed, over all the bubble's forms.
    int placesTried() const { return m_placesTried; }

    void paint(QPainter* painter) const;

private:
    // The bubble's size for `text` within `bounds` at most `characters` wide, the font it is
    // drawn in (the theme's, made smaller up to three times for a long text), and whether the
    // text fits whole.
    struct Fit {
        QSizeF size;
        QFont font;
        bool whole;
    };
    Fit fitIn(const QString& text, const QRectF& bounds, double characters) const;
    // The best place for a bubble of `size` (none when no place keeps clear of the ring), and
    // how much it hides.
    struct Choice {
        QRectF rect;
        double hidden;
        int crossings;
        double distance;
    };
    static std::vector<Choice> choices(QPointF anchor, const QRectF& plot, QSizeF size,
                                       const Avoid& avoid);

    QString m_text;
    QString m_compact;
    bool m_compactDrawn = false;
    QFont m_font;      // the theme's
    QFont m_drawnFont; // the theme's, or smaller for a long text on a small chart
    QColor m_ink;
    QColor m_fill;
    QColor m_accent;
    QPointF m_anchor;
    QRectF m_bubble;
    int m_placesTried = 0;
};

} // namespace hedge
