#include "LivePanelPainter.h"

#include "ChartTheme.h"
#include "LiveChartHover.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hedge {

namespace {

// Plain numbers, never "1e+04": an axis is read at a glance.
QString numberLabel(double v)
{
    return LiveChartHover::valueText(v);
}

// A round step giving about `count` ticks over `span`.
double niceStep(double span, int count)
{
    const double raw = span / std::max(1, count);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (raw <= m * mag)
            return m * mag;
    return 10.0 * mag;
}

} // namespace

QString LivePanelPainter::timeLabel(double s)
{
    return liveTimeLabel(s);
}

QList<LivePanelPainter::CollapseBar> LivePanelPainter::collapseBars(const QRectF& strip, double t0,
                                                                    double t1) const
{
    // One bar per collapse, over its buckets: from the start of the first flagged one to where
    // the calm began (or the world's last bucket).
    QList<CollapseBar> bars;
    forCollapses(t0, t1, [&](std::size_t w, const CollapseSpan& span, double endS) {
        const double x0 =
            strip.left() + (std::max(span.beganS, t0) - t0) / (t1 - t0) * strip.width();
        const double x1 = strip.left() + (std::min(endS, t1) - t0) / (t1 - t0) * strip.width();
        bars.push_back({w, span, endS,
                        QRectF(x0, strip.top() + kCollapseStrip * double(w),
                               std::max(1.0, x1 - x0), kCollapseStrip - 0.5)});
    });
    return bars;
}

void LivePanelPainter::drawCursor(QPainter& p, const ChartTheme& theme, const QRectF& plot,
                                  double t0, double t1, double t)
{
    if (t < t0 || t > t1)
        return;
    const double x = plot.left() + (t - t0) / (t1 - t0) * plot.width();
    QColor colour = theme.text();
    colour.setAlpha(150);
    p.setPen(QPen(colour, 1.0));
    p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
}

void LivePanelPainter::drawCollapseStrip(QPainter& p, const QRectF& strip, double t0,
                                         double t1) const
{
    for (const CollapseBar& bar : collapseBars(strip, t0, t1))
        p.fillRect(bar.rect, m_styles[int(bar.world)].color);
}

void LivePanelPainter::forCollapses(
    double t0, double t1,
    const std::function<void(std::size_t, const CollapseSpan&, double)>& visit) const
{
    const std::size_t worlds = m_rings ? std::min(m_rings->size(), m_collapses.size()) : 0;
    for (std::size_t w = 0; w < worlds && int(w) < m_styles.size(); ++w) {
        if (!m_styles[int(w)].visible || (*m_rings)[w].empty())
            continue;
        const double lastS = (*m_rings)[w].back().tS;
        for (const CollapseSpan& span : m_collapses[w].spans()) {
            const double endS = span.toS.value_or(lastS);
            if (endS >= t0 && span.fromS <= t1)
                visit(w, span, endS);
        }
    }
}

QString LivePanelPainter::collapseLabelText()
{
    return LiveTimeSeriesView::tr("collapse");
}

QList<QRectF> LivePanelPainter::placeLabels(const ChartTheme& theme, const QRectF& plot,
                                            const QList<QPair<double, double>>& wanted)
{
    QFont title = theme.smallFont();
    title.setBold(true);
    const double top = plot.top() + QFontMetricsF(title).height() + 4; // under the title
    const double rowH = QFontMetricsF(theme.smallFont()).height();
    const int rows = std::clamp(int((plot.bottom() - top) / rowH), 0, 4);
    QList<QRectF> placed;
    for (const auto& [x, width] : wanted) {
        // Right of its line, or left of it at the panel's right edge.
        const double left = x + 3 + width <= plot.right() ? x + 3 : x - 3 - width;
        QRectF where;
        for (int row = 0; row < rows && where.isEmpty(); ++row) {
            const QRectF rect(left, top + rowH * row, width, rowH);
            if (std::none_of(placed.begin(), placed.end(),
                             [&](const QRectF& r) { return r.intersects(rect); }))
                where = rect;
        }
        placed.push_back(where);
    }
    return placed;
}

QList<LivePanelPainter::CollapseLabel> LivePanelPainter::collapseLabels(const ChartTheme& theme,
                                                                        const QRectF& plot,
                                                                        double t0, double t1) const
{
    QList<QPair<double, std::size_t>> onsets;
    forCollapses(t0, t1, [&](std::size_t w, const CollapseSpan& span, double) {
        if (span.fromS >= t0)
            onsets.push_back({span.fromS, w});
    });
    std::sort(onsets.begin(), onsets.end());
    const double width =
        QFontMetricsF(theme.smallFont()).horizontalAdvance(collapseLabelText()) + 4;
    QList<QPair<double, double>> wanted;
    for (const auto& onset : onsets)
        wanted.push_back({plot.left() + (onset.first - t0) / (t1 - t0) * plot.width(), width});
    const QList<QRectF> placed = placeLabels(theme, plot, wanted);
    QList<CollapseLabel> labels;
    for (int i = 0; i < placed.size(); ++i)
        if (!placed[i].isEmpty())
            labels.push_back({placed[i], onsets[i].second});
    return labels;
}

void LivePanelPainter::drawChanges(QPainter& p, const ChartTheme& theme, const QRectF& plot,
                                   double t0, double t1) const
{
    p.setPen(QPen(theme.text(), 1.0, Qt::DotLine));
    const auto line = [&](double atS) {
        if (atS < t0 || atS > t1)
            return;
        const double xx = plot.left() + (atS - t0) / (t1 - t0) * plot.width();
        p.drawLine(QPointF(xx, plot.top()), QPointF(xx, plot.bottom()));
    };
    for (const ChangeMark& change : m_changes) {
        line(change.atS);
        if (change.isWindow())
            line(change.untilS); // where the outage ended
    }
}

void LivePanelPainter::drawWindows(QPainter& p, const ChartTheme& theme, const QRectF& plot,
                                   double t0, double t1) const
{
    // Under the curves, faint: what the service went through, not a series to read.
    QColor shade = theme.text();
    shade.setAlphaF(0.09);
    for (const ChangeMark& change : m_changes) {
        if (!change.isWindow() || change.untilS < t0 || change.atS > t1)
            continue;
        const double from = std::max(change.atS, t0), to = std::min(change.untilS, t1);
        const double x0 = plot.left() + (from - t0) / (t1 - t0) * plot.width();
        const double x1 = plot.left() + (to - t0) / (t1 - t0) * plot.width();
        p.fillRect(QRectF(QPointF(x0, plot.top()), QPointF(x1, plot.bottom())), shade);
    }
}

double LivePanelPainter::timeStep(const QRectF& plot, double t0, double t1)
{
    for (double step : {5.0, 10.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0})
        if ((t1 - t0) / step <= std::max(2.0, plot.width() / 90.0))
            return step;
    return 600.0;
}

QList<LivePanelPainter::TimeLabel> LivePanelPainter::timeLabels(const ChartTheme& theme,
                                                                const QRectF& plot, double t0,
                                                                double t1) const
{
    const QFontMetricsF fm(theme.smallFont());
    const double tStep = timeStep(plot, t0, t1);
    QList<TimeLabel> labels;
    for (double t = std::ceil(t0 / tStep) * tStep; t <= t1 + 1e-9; t += tStep) {
        const double xx = plot.left() + (t - t0) / (t1 - t0) * plot.width();
        const QString text = timeLabel(t);
        const double width = std::ceil(fm.horizontalAdvance(text)) + 2;
        // Centred under its tick, except where that would run past the right margin (the
        // last tick is at the panel's right edge: "5:0" in presenter mode's large font).
        const double left = std::min(xx - width / 2, plot.right() + kRightMargin - 1 - width);
        labels.push_back({QRectF(left, plot.bottom() + 2, width, kTimeLabelHeight), text});
    }
    return labels;
}

void LivePanelPainter::drawTimeLabels(QPainter& p, const ChartTheme& theme, const QRectF& plot,
                                      double t0, double t1, bool grid, bool labels) const
{
    const QColor gridColour =
        ChartTheme::mix(theme.text(), theme.base(), theme.isDark() ? 0.78 : 0.85);
    if (grid) {
        const double tStep = timeStep(plot, t0, t1);
        p.setPen(QPen(gridColour, 1.0));
        for (double t = std::ceil(t0 / tStep) * tStep; t <= t1 + 1e-9; t += tStep) {
            const double xx = plot.left() + (t - t0) / (t1 - t0) * plot.width();
            p.drawLine(QPointF(xx, plot.top()), QPointF(xx, plot.bottom()));
        }
    }
    if (labels) {
        p.setFont(theme.smallFont());
        p.setPen(theme.text());
        for (const TimeLabel& label : timeLabels(theme, plot, t0, t1))
            p.drawText(label.rect, Qt::AlignHCenter | Qt::AlignTop, label.text);
    }
}

// Where a panel's values and times land in its plot rectangle.
struct LivePanelPainter::Scale {
    QRectF plot;
    double t0 = 0, t1 = 1, y0 = 0, y1 = 1;
    bool log = false;

    double x(double t) const { return plot.left() + (t - t0) / (t1 - t0) * plot.width(); }
    double y(double v) const
    {
        const double f =
            log ? (std::log10(std::max(v, y0)) - std::log10(y0)) / (std::log10(y1) - std::log10(y0))
                : (v - y0) / (y1 - y0);
        return plot.bottom() - std::clamp(f, 0.0, 1.0) * plot.height();
    }
};

bool LivePanelPainter::shows(Figure panel, std::size_t world) const
{
    if (int(world) >= m_styles.size() || !m_styles[int(world)].visible)
        return false;
    if (panel != Figure::Load)
        return true;
    // Every world has the same load: the first one shown draws it (the first setup may be
    // hidden).
    for (std::size_t w = 0; w < world; ++w)
        if (m_styles[int(w)].visible)
            return false;
    return true;
}

LivePanelPainter::Scale LivePanelPainter::scaleFor(Figure panel, const QRectF& plot, double t0,
                                                   double t1) const
{
    Scale scale{plot, t0, t1, 0, 1, panel == Figure::P99};
    // The value range of what is shown.
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    const std::size_t worlds = m_rings ? m_rings->size() : 0;
    for (std::size_t w = 0; w < worlds; ++w) {
        if (!shows(panel, w))
            continue;
        const BucketRing& ring = (*m_rings)[w];
        for (std::size_t k = 0; k < ring.size(); ++k) {
            const TimelineBucket& b = ring.at(k);
            if (b.tS < t0)
                continue;
            if (const auto v = bucketFigure(panel, b, familyOf(w));
                v && (!scale.log || *v > 0)) {
                lo = std::min(lo, *v);
                hi = std::max(hi, *v);
            }
        }
    }
    if (scale.log) {
        scale.y0 = std::isfinite(lo) ? std::pow(10.0, std::floor(std::log10(lo))) : 1.0;
        scale.y1 = std::isfinite(hi) ? std::pow(10.0, std::ceil(std::log10(hi))) : 1000.0;
        if (scale.y1 <= scale.y0)
            scale.y1 = scale.y0 * 10;
        return scale;
    }
    if (panel == Figure::Load)
        scale.y1 = std::max(100.0, std::isfinite(hi) ? hi : 0.0);
    else if (panel == Figure::Utilisation || panel == Figure::RejectedPercent)
        scale.y1 = 100.0;
    else
        scale.y1 = std::isfinite(hi) && hi > 0 ? hi * 1.1 : 1.0;
    if (panel == Figure::RequestsPerCall)
        scale.y1 = std::max(scale.y1, 2.2);
    return scale;
}

QList<double> LivePanelPainter::ticks(const Scale& scale)
{
    QList<double> ticks;
    if (scale.log) {
        for (double v = scale.y0; v <= scale.y1 * 1.0001; v *= 10)
            ticks << v;
    } else {
        const double step = niceStep(scale.y1 - scale.y0, scale.plot.height() > 90 ? 4 : 2);
        for (double v = scale.y0; v <= scale.y1 + step * 1e-6; v += step)
            ticks << v;
    }
    return ticks;
}

QStringList LivePanelPainter::valueLabels(Figure panel, const QRectF& plot, double t0,
                                          double t1) const
{
    QStringList labels;
    for (double v : ticks(scaleFor(panel, plot, t0, t1)))
        labels << numberLabel(v);
    return labels;
}

double LivePanelPainter::leftMarginFor(const QFont& font, const QStringList& labels)
{
    const QFontMetricsF fm(font);
    double widest = 0.0;
    for (const QString& label : labels)
        widest = std::max(widest, fm.horizontalAdvance(label));
    // 4 px between a label and its panel, 4 px from the widget's edge.
    return std::max(kLeftMargin, std::ceil(widest) + 1 + 8);
}

void LivePanelPainter::drawGrid(QPainter& p, const ChartTheme& theme, Figure panel,
                                const Scale& scale, bool timeLabels) const
{
    const QRectF& plot = scale.plot;
    const QColor grid = ChartTheme::mix(theme.text(), theme.base(), theme.isDark() ? 0.78 : 0.85);
    const QColor axis = ChartTheme::mix(theme.text(), theme.base(), 0.55);
    p.setFont(theme.smallFont());
    const QFontMetricsF fm(theme.smallFont());
    for (double v : ticks(scale)) {
        const double yy = scale.y(v);
        p.setPen(QPen(grid, 1.0));
        p.drawLine(QPointF(plot.left(), yy), QPointF(plot.right(), yy));
        p.setPen(theme.text());
        // As wide as the text, ending 4 px left of the panel: the layout leaves it the room
        // (leftMarginFor), so it is never clipped to "0000".
        const QString label = numberLabel(v);
        const double width = std::ceil(fm.horizontalAdvance(label)) + 1;
        p.drawText(QRectF(plot.left() - 4 - width, yy - fm.height() / 2, width, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, label);
    }
    drawTimeLabels(p, theme, plot, scale.t0, scale.t1, true, timeLabels);
    if (panel == Figure::Load) {
        // Full load: above it the service cannot keep up even without hedges.
        p.setPen(QPen(theme.collapseColour(), 1.0, Qt::DashLine));
        p.drawLine(QPointF(plot.left(), scale.y(100.0)), QPointF(plot.right(), scale.y(100.0)));
    }
    p.setPen(QPen(axis, 1.0));
    p.drawRect(plot);
}

// One world's series, at most a minimum and a maximum per pixel column; the load as steps.
std::optional<QPointF> LivePanelPainter::pointAt(Figure panel, std::size_t world, double atS,
                                                 const QRectF& plot, double t0, double t1,
                                                 std::vector<QPolygonF>* lines) const
{
    if (!m_rings || world >= m_rings->size() || !shows(panel, world) || atS < t0 || atS > t1)
        return std::nullopt;
    const Scale scale = scaleFor(panel, plot, t0, t1);
    const BucketRing& ring = (*m_rings)[world];
    std::optional<QPointF> at;
    for (std::size_t w = 0; w < m_rings->size(); ++w) {
        if (!shows(panel, w) || (!lines && w != world))
            continue;
        const BucketRing& r = (*m_rings)[w];
        QPolygonF line;
        for (std::size_t k = 0; k < r.size(); ++k) {
            const TimelineBucket& b = r.at(k);
            const std::optional<double> v = bucketFigure(panel, b, familyOf(w));
            if (b.tS < t0 || !v || (scale.log && *v <= 0))
                continue;
            const QPointF point(scale.x(b.tS), scale.y(*v));
            line << point;
            if (&r == &ring && std::fabs(b.tS - atS) < 1e-6)
                at = point;
        }
        if (lines && !line.isEmpty())
            lines->push_back(line);
    }
    return at;
}

std::optional<PolicyFamily> LivePanelPainter::familyOf(std::size_t world) const
{
    if (!m_families || world >= std::size_t(m_families->size()))
        return std::nullopt;
    return (*m_families)[qsizetype(world)];
}

QPainterPath LivePanelPainter::seriesPath(Figure panel, const BucketRing& ring, const Scale& scale,
                                          std::optional<PolicyFamily> family)
{
    QPainterPath path;
    bool open = false;
    int column = std::numeric_limits<int>::min();
    double colMin = 0, colMax = 0, colLast = 0;
    const auto flush = [&] {
        if (column == std::numeric_limits<int>::min())
            return;
        if (colMin != colMax) {
            path.lineTo(QPointF(column, scale.y(colMin)));
            path.lineTo(QPointF(column, scale.y(colMax)));
        }
        path.lineTo(QPointF(column, scale.y(colLast)));
    };
    const bool steps = panel == Figure::Load;
    double previousT = scale.t0;
    for (std::size_t k = 0; k < ring.size(); ++k) {
        const TimelineBucket& b = ring.at(k);
        const double start = previousT;
        previousT = b.tS;
        if (b.tS < scale.t0)
            continue;
        const std::optional<double> v = bucketFigure(panel, b, family);
        if (!v || (scale.log && *v <= 0)) {
            flush();
            column = std::numeric_limits<int>::min();
            open = false;
            continue;
        }
        const int c = int(std::lround(scale.x(b.tS)));
        if (!open) {
            path.moveTo(QPointF(steps ? scale.x(std::max(start, scale.t0)) : c, scale.y(*v)));
            open = true;
            column = c;
            colMin = colMax = colLast = *v;
            continue;
        }
        if (c == column) {
            colMin = std::min(colMin, *v);
            colMax = std::max(colMax, *v);
            colLast = *v;
            continue;
        }
        flush();
        if (steps)
            path.lineTo(QPointF(scale.x(start), scale.y(colLast)));
        column = c;
        colMin = colMax = colLast = *v;
        if (steps)
            path.lineTo(QPointF(scale.x(start), scale.y(*v)));
    }
    flush();
    return path;
}

void LivePanelPainter::drawPanel(QPainter& p, const ChartTheme& theme, Figure panel,
                                 const QRectF& plot, double t0, double t1, bool timeLabels) const
{
    const Scale scale = scaleFor(panel, plot, t0, t1);
    drawGrid(p, theme, panel, scale, timeLabels);

    p.save();
    p.setClipRect(plot.adjusted(-1, -1, 1, 1));
    drawWindows(p, theme, plot, t0, t1);
    const std::size_t worlds = m_rings ? m_rings->size() : 0;
    for (std::size_t w = 0; w < worlds; ++w) {
        if (!shows(panel, w))
            continue;
        const SeriesStyle& style = m_styles[int(w)];
        const QColor colour = panel == Figure::Load ? theme.text() : style.color;
        const double width = style.lineWidth > 0.0 ? style.lineWidth : 1.4;
        QPen pen(colour, panel == Figure::Load ? std::max(1.6, width * 0.6) : width);
        // Presenter mode's dashes: no two setups told apart by colour alone.
        if (!style.dashPattern.isEmpty() && panel != Figure::Load) {
            pen.setCapStyle(Qt::FlatCap);
            pen.setDashPattern(style.dashPattern);
        }
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        // Hundreds of segments per series, 25 times a second: not antialiased (it costs
        // several times the drawing) except in exports, which draw once.
        p.setRenderHint(QPainter::Antialiasing, p.device()->devType() != QInternal::Widget);
        p.drawPath(seriesPath(panel, (*m_rings)[w], scale, familyOf(w)));
        p.setRenderHint(QPainter::Antialiasing, true);
    }
    drawChanges(p, theme, plot, t0, t1);
    // Where collapses begin: a dashed line on the p99 panel in the collapse colour, and a
    // label in the world's colour where there is room for one.
    if (panel == Figure::P99) {
        p.setPen(QPen(theme.collapseColour(), 1.2, Qt::DashLine));
        forCollapses(t0, t1, [&](std::size_t, const CollapseSpan& span, double) {
            if (span.fromS < t0)
                return;
            const double xx = scale.x(span.fromS);
            p.drawLine(QPointF(xx, plot.top()), QPointF(xx, plot.bottom()));
        });
        p.setFont(theme.smallFont());
        QColor backing = theme.base();
        backing.setAlpha(210);
        for (const CollapseLabel& label : collapseLabels(theme, plot, t0, t1)) {
            p.fillRect(label.rect, backing);
            p.setPen(m_styles[int(label.world)].color);
            p.drawText(label.rect, Qt::AlignCenter, collapseLabelText());
        }
    }
    p.restore();
    drawTitle(p, theme, panel, plot);
}

// The title inside the panel, top left, over a backing so lines do not cross it.
void LivePanelPainter::drawTitle(QPainter& p, const ChartTheme& theme, Figure panel,
                                 const QRectF& plot)
{
    QFont title = theme.smallFont();
    title.setBold(true);
    p.setFont(title);
    const QString text = panelTitle(panel);
    const QRectF box = titleRect(theme, panel, plot);
    QColor backing = theme.base();
    backing.setAlpha(210);
    p.fillRect(box, backing);
    p.setPen(theme.text());
    p.drawText(box.adjusted(3, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, text);
}

QRectF LivePanelPainter::titleRect(const ChartTheme& theme, Figure panel, const QRectF& plot)
{
    QFont title = theme.smallFont();
    title.setBold(true);
    const QFontMetricsF tfm(title);
    return QRectF(plot.left() + 4, plot.top() + 2,
                  tfm.horizontalAdvance(panelTitle(panel)) + 6, tfm.height());
}

} // namespace hedge
