#include "CalloutBubble.h"

#include <QFontMetricsF>
#include <QLineF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <span>

namespace hedge {

namespace {

constexpr double kRingRadius = 9.0; // round the point's marker, which is smaller
constexpr double kGap = 18.0;       // from the point to the bubble's corner
constexpr double kPadding = 6.0;    // inside the bubble
constexpr int kMostShrinks = 3;     // font steps of 12 % for a long text
// The bubble's widths for the sentence, in average characters: narrow (taller, fits beside a
// steep curve), the usual, and wide (a short band over or under the curves).
constexpr std::array kLineCharacters{22.0, 34.0, 56.0};
// A sentence's bubble over more than this share of the plot hides the plot even where no curve
// is (a 1024 × 700 window's charts): the compact form is drawn instead.
constexpr double kMostOfPlot = 0.35;
constexpr double kClear = 3.0;      // round the bubble: what is this near is hidden too
constexpr double kPointCost = 6.0;  // a point under the bubble, in pixels of line
constexpr double kTextCost = 400.0; // a text touched: worse than most of a curve

// The rectangle moved (not resized) to lie inside `bounds` where it can.
QRectF clampedInto(QRectF rect, const QRectF& bounds)
{
    rect.moveLeft(std::clamp(rect.left(), bounds.left(),
                             std::max(bounds.left(), bounds.right() - rect.width())));
    rect.moveTop(std::clamp(rect.top(), bounds.top(),
                            std::max(bounds.top(), bounds.bottom() - rect.height())));
    return rect;
}

// The length of the segment a–b inside `r` (Liang–Barsky clipping).
double lengthInside(QPointF a, QPointF b, const QRectF& r)
{
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const std::array<double, 4> p{-dx, dx, -dy, dy};
    const std::array<double, 4> q{a.x() - r.left(), r.right() - a.x(), a.y() - r.top(),
                                  r.bottom() - a.y()};
    double t0 = 0.0, t1 = 1.0;
    for (std::size_t i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return 0.0; // parallel to that edge and outside it
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0.0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return 0.0;
    }
    return (t1 - t0) * std::hypot(dx, dy);
}

double distanceTo(QPointF p, const QRectF& r)
{
    const double dx = std::max({r.left() - p.x(), 0.0, p.x() - r.right()});
    const double dy = std::max({r.top() - p.y(), 0.0, p.y() - r.bottom()});
    return std::hypot(dx, dy);
}

// Where a bubble of `size` may go round `at` (its top-left corners): above and below it, near
// the point and pressed against the plot's edge, slid along the plot's width by a quarter of
// its own (and beside the point's column: to its right, to its left, centred); left and right
// of it, near and pressed, slid along the plot's height by half its own (and centred on the
// point, rising from it, falling from it). The plot's corners are among them.
std::vector<QPointF> placesFor(QPointF at, QSizeF size, const QRectF& plot)
{
    const double w = size.width(), h = size.height();
    std::vector<double> xs{at.x() + kGap, at.x() - kGap - w, at.x() - w / 2};
    std::vector<double> ys{at.y() - h / 2, at.y() + kGap - h, at.y() - kGap};
    const double xStep = std::max(8.0, w / 4), yStep = std::max(6.0, h / 2);
    for (double x = plot.left(); x < plot.right() - w + xStep; x += xStep)
        xs.push_back(std::min(x, plot.right() - w));
    for (double y = plot.top(); y < plot.bottom() - h + yStep; y += yStep)
        ys.push_back(std::min(y, plot.bottom() - h));
    std::vector<QPointF> places;
    for (const double y : {at.y() - kGap - h, plot.top(), at.y() + kGap, plot.bottom() - h})
        for (const double x : xs)
            places.emplace_back(x, y);
    for (const double x : {at.x() - kGap - w, plot.left(), at.x() + kGap, plot.right() - w})
        for (const double y : ys)
            places.emplace_back(x, y);
    return places;
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

void CalloutBubble::setText(const QString& text, const QString& compact)
{
    m_text = text;
    m_compact = compact;
}

QRectF CalloutBubble::boundingRect() const
{
    const QRectF ring(m_anchor.x() - kRingRadius, m_anchor.y() - kRingRadius, 2 * kRingRadius,
                      2 * kRingRadius);
    return m_bubble.united(ring).adjusted(-3, -3, 3, 3);
}

CalloutBubble::Fit CalloutBubble::fitIn(const QString& text, const QRectF& bounds,
                                        double characters) const
{
    // A long sentence on a small chart: a smaller font rather than a bubble past the plot (the
    // pane beside it has the sentence in full).
    const double widest = std::max(40.0, bounds.width() - 2.0 * kPadding);
    const double tallest = std::max(12.0, bounds.height() - 2.0 * kPadding);
    Fit fit{{}, m_font, false};
    QRectF drawn;
    for (int shrink = 0;; ++shrink) {
        const QFontMetricsF metrics(fit.font);
        const double width = std::min(widest, characters * metrics.averageCharWidth());
        drawn = metrics.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, text);
        fit.whole = drawn.height() <= tallest && drawn.width() <= widest;
        if (fit.whole || shrink == kMostShrinks)
            break;
        fit.font.setPointSizeF(fit.font.pointSizeF() * 0.88);
    }
    fit.size = {std::ceil(std::min(drawn.width(), widest)) + 2.0 * kPadding,
                std::ceil(std::min(drawn.height(), tallest)) + 2.0 * kPadding};
    return fit;
}

double CalloutBubble::hidden(const QRectF& rect, const Avoid& avoid)
{
    const QRectF near = rect.adjusted(-kClear, -kClear, kClear, kClear);
    double hidden = 0.0;
    for (const QPolygonF& line : avoid.lines) {
        for (qsizetype i = 0; i < line.size(); ++i) {
            if (near.contains(line[i]))
                hidden += kPointCost;
            if (i > 0)
                hidden += lengthInside(line[i - 1], line[i], near);
        }
    }
    for (const QPointF& p : avoid.points)
        hidden += near.contains(p) ? kPointCost : 0.0;
    for (const QRectF& text : avoid.texts)
        hidden += near.intersects(text) ? kTextCost : 0.0;
    return hidden;
}

int CalloutBubble::crossings(QPointF anchor, const QRectF& rect, const Avoid& avoid)
{
    // From the ring's edge (the point's own line meets the point) to the bubble's nearest edge.
    const QPointF edge(std::clamp(anchor.x(), rect.left(), rect.right()),
                       std::clamp(anchor.y(), rect.top(), rect.bottom()));
    QLineF leader(anchor, edge);
    if (leader.length() <= kRingRadius)
        return 0;
    leader.setP1(leader.pointAt(kRingRadius / leader.length()));
    const QRectF span = QRectF(leader.p1(), leader.p2()).normalized();
    int crossed = 0;
    for (const QPolygonF& line : avoid.lines)
        for (qsizetype i = 1; i < line.size(); ++i) {
            const QLineF segment(line[i - 1], line[i]);
            if (QRectF(segment.p1(), segment.p2())
                    .normalized()
                    .intersects(span.adjusted(-1, -1, 1, 1)) &&
                leader.intersects(segment) == QLineF::BoundedIntersection)
                ++crossed;
        }
    for (const QRectF& text : avoid.texts)
        crossed += text.intersects(span) ? 1 : 0;
    return crossed;
}

std::vector<CalloutBubble::Choice> CalloutBubble::choices(QPointF anchor, const QRectF& plot,
                                                          QSizeF size, const Avoid& avoid)
{
    // The ring and a little round it stay in sight.
    const double ring = kRingRadius + 3.0;
    const QRectF ringRect(anchor - QPointF(ring, ring), QSizeF(2 * ring, 2 * ring));
    std::vector<Choice> found;
    for (const QPointF& corner : placesFor(anchor, size, plot)) {
        const QRectF rect = clampedInto(QRectF(corner, size), plot);
        if (rect.intersects(ringRect) || !plot.adjusted(-0.5, -0.5, 0.5, 0.5).contains(rect))
            continue;
        if (std::any_of(found.begin(), found.end(),
                        [&rect](const Choice& c) { return c.rect == rect; }))
            continue;
        found.push_back(
            {rect, hidden(rect, avoid), crossings(anchor, rect, avoid), distanceTo(anchor, rect)});
    }
    return found;
}

void CalloutBubble::place(QPointF anchor, const QRectF& plot, const Avoid& avoid)
{
    m_anchor = anchor;
    m_compactDrawn = false;
    m_placesTried = 0;
    const QRectF inside = plot.adjusted(1, 1, -1, -1);
    // The least hidden; among places hiding as much (to half a pixel), the one whose line
    // crosses the fewest curves, then the nearest.
    const auto better = [](const Choice& a, const Choice& b) {
        if (std::abs(a.hidden - b.hidden) > 0.5)
            return a.hidden < b.hidden;
        if (a.crossings != b.crossings)
            return a.crossings < b.crossings;
        return a.distance < b.distance;
    };
    struct Best {
        Choice choice;
        QFont font;
    };
    const auto bestOf = [&](const QString& text, std::span<const double> widths,
                            const QRectF& bounds, double mostArea,
                            bool whole) -> std::optional<Best> {
        std::optional<Best> best;
        for (const double characters : widths) {
            const Fit fit = fitIn(text, bounds, characters);
            if ((whole && !fit.whole) ||
                fit.size.width() * fit.size.height() > mostArea * inside.width() * inside.height())
                continue;
            const std::vector<Choice> found = choices(anchor, inside, fit.size, avoid);
            m_placesTried += int(found.size());
            for (const Choice& c : found)
                if (!best || better(c, best->choice))
                    best = Best{c, fit.font};
        }
        return best;
    };
    const bool hasCompact = !m_compact.isEmpty();
    std::optional<Best> best =
        bestOf(m_text, kLineCharacters, inside, hasCompact ? kMostOfPlot : 1.0, true);
    // Even the best place hides part of a curve (or no place holds the sentence): the figure
    // and a few words, where they hide the least.
    if (hasCompact && (!best || best->choice.hidden > 0.5)) {
        const std::array oneOrTwoLines{1e3, 14.0}; // "p99 16 s / at 90 % load"
        if (std::optional<Best> compact = bestOf(m_compact, oneOrTwoLines, inside, 1.0, false)) {
            best = compact;
            m_compactDrawn = true;
        }
    }
    if (!best) { // no compact form: the sentence in the smallest font, cut to half the plot's
                 // height so that it fits beside the ring (the pane has it whole)
        QRectF half = inside;
        half.setHeight(std::max(16.0, inside.height() / 2.0 - kRingRadius - 3.0));
        best = bestOf(m_text, std::span(kLineCharacters).last(1), half, 1.0, false);
    }
    if (!best) { // a plot too small for any place clear of the ring: beside it, in the plot
        m_compactDrawn = hasCompact;
        const Fit fit = fitIn(drawnText(), inside, kLineCharacters.back());
        m_drawnFont = fit.font;
        m_bubble = clampedInto(QRectF(anchor + QPointF(kGap, kGap), fit.size), inside);
        return;
    }
    m_bubble = best->choice.rect;
    m_drawnFont = best->font;
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
    painter->drawText(inside, Qt::TextWordWrap, drawnText());
    painter->restore();
}

} // namespace hedge
