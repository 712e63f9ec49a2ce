#include "CalloutBubble.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace hedge {

namespace {

constexpr double kRingRadius = 9.0;     // round the point's marker, which is smaller
constexpr double kGap = 18.0;           // from the point to the bubble's corner
constexpr double kPadding = 6.0;        // inside the bubble
constexpr double kMaxCharacters = 34.0; // a bubble line, in average characters
constexpr int kMostShrinks = 3;         // font steps of 12 % for a long text

// The rectangle moved (not resized) to lie inside `bounds` where it can.
QRectF clampedInto(QRectF rect, const QRectF& bounds)
{
    rect.moveLeft(std::clamp(rect.left(), bounds.left(),
                             std::max(bounds.left(), bounds.right() - rect.width())));
    rect.moveTop(std::clamp(rect.top(), bounds.top(),
                            std::max(bounds.top(), bounds.bottom() - rect.height())));
    return rect;
}

// The room on one side of a point, inside an area, and where a bubble there would like to be.
struct Side {
    enum class Where { Above, Below, Left, Right } where;
    QRectF room;

    // Diagonally off the point, and the same pressed against the point's side of the room
    // (nearer the point: under a line that runs along the top, say).
    std::vector<QPointF> corners(QPointF at, QSizeF size, double gap) const
    {
        const double w = size.width(), h = size.height();
        switch (where) {
        case Where::Above:
            return {{at.x() + gap, at.y() - gap - h},
                    {at.x() - gap - w, at.y() - gap - h},
                    {at.x() + gap, room.bottom() - h},
                    {at.x() - gap - w, room.bottom() - h}};
        case Where::Below:
            return {{at.x() + gap, at.y() + gap},
                    {at.x() - gap - w, at.y() + gap},
                    {at.x() + gap, room.top()},
                    {at.x() - gap - w, room.top()}};
        case Where::Left:
            return {{at.x() - gap - w, at.y() - h / 2}, {room.right() - w, at.y() - h / 2}};
        case Where::Right:
            break;
        }
        return {{at.x() + gap, at.y() - h / 2}, {room.left(), at.y() - h / 2}};
    }
};

// The four sides of `at` in `area`, each `clear` away from it.
std::array<Side, 4> sidesOf(QPointF at, const QRectF& area, double clear)
{
    QRectF above = area, below = area, left = area, right = area;
    above.setBottom(std::min(area.bottom(), at.y() - clear));
    below.setTop(std::max(area.top(), at.y() + clear));
    left.setRight(std::min(area.right(), at.x() - clear));
    right.setLeft(std::max(area.left(), at.x() + clear));
    return {Side{Side::Where::Above, above}, Side{Side::Where::Below, below},
            Side{Side::Where::Left, left}, Side{Side::Where::Right, right}};
}

} // namespace

void CalloutBubble::setLook(const QFont& font, const QColor& ink, const QColor& fill,
                            const QColor& accent)
{
    m_font = font;
    m_drawnFont = font;
    m_ink = ink;
    m_fill = fill;
    m_fill.setAlpha(235); // the grid shows through a little: the bubble is over the plot
    m_accent = accent;
}

QRectF CalloutBubble::boundingRect() const
{
    const QRectF ring(m_anchor.x() - kRingRadius, m_anchor.y() - kRingRadius, 2 * kRingRadius,
                      2 * kRingRadius);
    return m_bubble.united(ring).adjusted(-3, -3, 3, 3);
}

CalloutBubble::Fit CalloutBubble::fitIn(const QRectF& bounds) const
{
    // A long sentence on a small chart: wider lines, then a smaller font, rather than a bubble
    // past the chart (the pane beside it has the sentence in full).
    const double widest = std::max(40.0, bounds.width() - 2.0 * kPadding);
    const double tallest = std::max(12.0, bounds.height() - 2.0 * kPadding);
    Fit fit{{}, m_font, 0, false};
    QRectF text;
    for (;; ++fit.shrink) {
        const QFontMetricsF metrics(fit.font);
        double width = std::min(widest, kMaxCharacters * metrics.averageCharWidth());
        text = metrics.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, m_text);
        if (text.height() > 0.6 * bounds.height() && width < widest)
            text = metrics.boundingRect(QRectF(0, 0, widest, 1e6), Qt::TextWordWrap, m_text);
        fit.whole = text.height() <= tallest && text.width() <= widest;
        if (fit.whole || fit.shrink == kMostShrinks)
            break;
        fit.font.setPointSizeF(fit.font.pointSizeF() * 0.88);
    }
    fit.size = {std::ceil(std::min(text.width(), widest)) + 2.0 * kPadding,
                std::ceil(std::min(text.height(), tallest)) + 2.0 * kPadding};
    return fit;
}

void CalloutBubble::place(QPointF anchor, const QRectF& plot, const QRectF& chart,
                          const std::vector<QPointF>& avoid)
{
    m_anchor = anchor;
    // The bubble goes on one side of the point (above, below, left or right), so that it never
    // covers the point's ring: inside the plot when the sentence fits there whole, else over
    // the axes too. Among the places, the one with the largest font, the fewest curve points
    // hidden and the least drift from the point wins.
    double best = std::numeric_limits<double>::infinity();
    for (const QRectF& area : {plot, chart}) {
        for (const Side& side : sidesOf(anchor, area, kRingRadius + 3.0)) {
            if (side.room.width() < 40.0 || side.room.height() < 16.0)
                continue;
            const Fit fit = fitIn(side.room);
            for (const QPointF& corner : side.corners(anchor, fit.size, kGap)) {
                const QRectF wanted(corner, fit.size);
                const QRectF rect = clampedInto(wanted, side.room);
                double cost =
                    (fit.whole ? 0.0 : 1e5) + 1e3 * fit.shrink + (area == plot ? 0.0 : 300.0);
                for (const QPointF& p : avoid)
                    cost += rect.adjusted(-3, -3, 3, 3).contains(p) ? 100.0 : 0.0;
                cost += std::hypot(rect.left() - wanted.left(), rect.top() - wanted.top());
                if (cost < best) {
                    best = cost;
                    m_bubble = rect;
                    m_drawnFont = fit.font;
                }
            }
        }
    }
    if (!std::isfinite(best)) { // a chart too small for any side: over the point, in the chart
        const Fit fit = fitIn(chart);
        m_drawnFont = fit.font;
        m_bubble = clampedInto(QRectF(anchor + QPointF(kGap, kGap), fit.size), chart);
    }
}

void CalloutBubble::paint(QPainter* painter) const
{
    painter->setRenderHint(QPainter::Antialiasing);
    // The line from the point to the bubble's nearest edge.
    const QPointF edge(std::clamp(m_anchor.x(), m_bubble.left(), m_bubble.right()),
                       std::clamp(m_anchor.y(), m_bubble.top(), m_bubble.bottom()));
    painter->setPen(QPen(m_accent, 2.0));
    painter->drawLine(m_anchor, edge);
    painter->setBrush(Qt::NoBrush);
    painter->drawEllipse(m_anchor, kRingRadius, kRingRadius);

    QPainterPath bubble;
    bubble.addRoundedRect(m_bubble, 4, 4);
    painter->setPen(QPen(m_accent, 1.5));
    painter->setBrush(m_fill);
    painter->drawPath(bubble);
    painter->setPen(m_ink);
    painter->setFont(m_drawnFont);
    painter->save();
    const QRectF inside = m_bubble.adjusted(kPadding, kPadding, -kPadding, -kPadding);
    painter->setClipRect(inside); // a text too long for the smallest font is cut, not spilt
    painter->drawText(inside, Qt::TextWordWrap, m_text);
    painter->restore();
}

} // namespace hedge
