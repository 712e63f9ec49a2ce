#include "LiveTimeSeriesView.h"

#include "ChartTheme.h"
#include "LiveChangeTicks.h"
#include "LiveChartHover.h"
#include "LiveCollapseStrip.h"
#include "LivePanelPainter.h"
#include "PaintedExport.h"
#include "ReplicaQueueStrip.h"

#include <QEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QFileInfo>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

constexpr double kRightMargin = LivePanelPainter::kRightMargin;
constexpr double kPanelGap = 6.0;

} // namespace

LiveTimeSeriesView::LiveTimeSeriesView(QWidget* parent) : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    // The replica strip and a policy's state show by default where a world has them.
    const std::vector<Figure>& optional = defaultPanelFigures();
    for (Figure p : panelFigures())
        if (figureRow(p).alwaysShown ||
            std::find(optional.begin(), optional.end(), p) != optional.end())
            m_shown.push_back(p);
}

void LiveTimeSeriesView::setSource(const std::vector<BucketRing>* rings)
{
    m_rings = rings;
    update();
}

void LiveTimeSeriesView::setCollapses(const std::vector<LiveCollapses>* collapses)
{
    m_collapses = collapses;
    update();
}

void LiveTimeSeriesView::setChangeMarks(const std::vector<ChangeMark>* changes)
{
    m_changes = changes;
    update();
}

std::vector<LiveCollapses> LiveTimeSeriesView::collapsesNow() const
{
    if (m_collapses)
        return *m_collapses;
    std::vector<LiveCollapses> found;
    if (m_rings)
        for (const BucketRing& ring : *m_rings)
            found.push_back(LiveCollapses::of(ring));
    return found;
}

void LiveTimeSeriesView::setSeriesStyles(const QList<SeriesStyle>& styles)
{
    m_styles = styles;
    update();
}

void LiveTimeSeriesView::setWorldFamilies(const QList<PolicyFamily>& families)
{
    m_families = families;
    update();
}

std::optional<PolicyFamily> LiveTimeSeriesView::worldFamily(std::size_t world) const
{
    if (world >= std::size_t(m_families.size()))
        return std::nullopt;
    return m_families[qsizetype(world)];
}

void LiveTimeSeriesView::setPanelShown(Figure panel, bool shown)
{
    if (figureRow(panel).alwaysShown || shown == m_shown.contains(panel))
        return;
    if (shown)
        m_shown.push_back(panel);
    else
        m_shown.removeAll(panel);
    update();
}

bool LiveTimeSeriesView::isPanelShown(Figure panel) const
{
    return m_shown.contains(panel);
}

void LiveTimeSeriesView::setWindowSeconds(double seconds)
{
    m_windowS = std::clamp(seconds, 10.0, 600.0);
    update();
}

void LiveTimeSeriesView::refresh()
{
    if (isVisible())
        update();
}

double LiveTimeSeriesView::lastTime() const
{
    double t = 0.0;
    if (m_rings)
        for (const BucketRing& r : *m_rings)
            if (!r.empty())
                t = std::max(t, r.back().tS);
    return t;
}

std::pair<double, double> LiveTimeSeriesView::timeRange() const
{
    const double now = lastTime();
    const double to = std::max(m_windowS, now);
    return {to - m_windowS, to};
}

void LiveTimeSeriesView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
    QWidget::changeEvent(event);
}

void LiveTimeSeriesView::paintEvent(QPaintEvent*)
{
    ++m_paints;
    QPainter p(this);
    draw(p, rect());
}

QImage LiveTimeSeriesView::renderImage(QSize size, qreal scale) const
{
    if (size.isEmpty())
        size = this->size().isEmpty() ? sizeHint() : this->size();
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    QPainter p(&image);
    draw(p, QRectF(QPointF(0, 0), QSizeF(size)));
    return image;
}

std::optional<QString> LiveTimeSeriesView::exportTo(const QString& path, QSize size) const
{
    if (size.isEmpty())
        size = this->size().isEmpty() ? sizeHint() : this->size();
    const QString suffix = QFileInfo(path).suffix().toLower();
    const PaintAt paint = [this](QPainter* p, QSizeF at) { draw(*p, QRectF(QPointF(0, 0), at)); };
    const int dpi = logicalDpiX();
    if (suffix == QLatin1String("png"))
        return exportPaintedPng(paint, path, size, 2.0, dpi);
    if (suffix == QLatin1String("svg"))
        return exportPaintedSvg(paint, path, size, dpi, tr("Hedge Explorer live view"));
    if (suffix == QLatin1String("pdf"))
        return exportPaintedPdf(paint, path, size, dpi, tr("Hedge Explorer live view"));
    return tr("%1: the file must end in .png, .svg or .pdf").arg(path);
}

double LiveTimeSeriesView::legend(QPainter* p, const ChartTheme& theme, const QRectF& area,
                                  double leftMargin, QRectF* collapseKey) const
{
    // The shown worlds, then the collapse strip's key, wrapping.
    const QFontMetricsF fm(theme.smallFont());
    double x = area.left() + leftMargin, y = area.top() + 4;
    const double lineH = fm.height() + 2;
    const auto place = [&](double width) {
        if (x + width > area.right() - kRightMargin && x > area.left() + leftMargin) {
            x = area.left() + leftMargin;
            y += lineH;
        }
        x += width;
        return QRectF(x - width, y, width, lineH);
    };
    if (p)
        p->setFont(theme.smallFont());
    const std::size_t worlds = m_rings ? m_rings->size() : 0;
    for (std::size_t w = 0; w < worlds && int(w) < m_styles.size(); ++w) {
        const SeriesStyle& s = m_styles[int(w)];
        if (!s.visible)
            continue;
        const QRectF at = place(16 + fm.horizontalAdvance(s.setup) + 14);
        if (p) {
            p->fillRect(QRectF(at.left(), at.top() + lineH / 2 - 4, 10, 8), s.color);
            p->setPen(theme.text());
            p->drawText(QPointF(at.left() + 14, at.top() + fm.ascent()), s.setup);
        }
    }
    const QRectF key = place(16 + fm.horizontalAdvance(LiveCollapseStrip::keyText()));
    if (collapseKey)
        *collapseKey = key;
    if (p)
        LiveCollapseStrip::drawKey(*p, theme, m_styles, key);
    return y + lineH + 4;
}

LiveTimeSeriesView::Layout LiveTimeSeriesView::layout(const ChartTheme& theme, const QRectF& area) const
{
    // The labels depend on the panels' heights (how many ticks), not on their left: lay out
    // with the least margin, then again with the room the widest label needs.
    const auto [t0, t1] = timeRange();
    const std::vector<LiveCollapses> noCollapses;
    const std::vector<ChangeMark> noChanges;
    const LivePanelPainter painter(m_rings, noCollapses, noChanges, m_styles, &m_families);
    Layout l = layoutWith(theme, area, LivePanelPainter::kLeftMargin);
    for (int pass = 0; pass < 2; ++pass) {
        double needed = l.leftMargin;
        for (const auto& [panel, plot] : l.panels)
            if (panel != Figure::ReplicaBacklog)
                needed = std::max(needed, LivePanelPainter::leftMarginFor(
                                              theme.smallFont(),
                                              painter.valueLabels(panel, plot, t0, t1)));
        if (needed <= l.leftMargin)
            break;
        l = layoutWith(theme, area, needed);
    }
    return l;
}

LiveTimeSeriesView::Layout LiveTimeSeriesView::layoutWith(const ChartTheme& theme,
                                                          const QRectF& area,
                                                          double leftMargin) const
{
    Layout l;
    l.leftMargin = leftMargin;
    const auto [t0, t1] = timeRange();
    const ReplicaQueueStrip strip(m_rings, m_styles, t0, t1);
    const double top = legend(nullptr, theme, area, leftMargin, &l.collapseKey);
    QList<Figure> panels;
    for (Figure panel : panelFigures())
        if (m_shown.contains(panel) && (m_drawnOnly.isEmpty() || m_drawnOnly.contains(panel)) &&
            (panel != Figure::ReplicaBacklog || strip.rowCount() > 0) &&
            (!figureRow(panel).gauge || hasGauge(panel)))
            panels.push_back(panel);
    // The load panel is shorter: it shows one line.
    double weights = 0;
    for (Figure panel : panels)
        if (panel != Figure::ReplicaBacklog)
            weights += panel == Figure::Load ? 0.55 : 1.0;
    const std::size_t worlds = m_rings ? m_rings->size() : 0;
    const double stripH = LivePanelPainter::kCollapseStrip * double(worlds);
    const double available = area.bottom() - top - LivePanelPainter::kTimeLabelHeight -
                             LiveChangeTicks::kRowHeight - stripH -
                             kPanelGap * double(panels.size());
    // The replica strip takes the height its rows like, up to 40 % of the charts', and
    // never less than its header and two pixels a row.
    double replicaH = 0.0;
    if (panels.contains(Figure::ReplicaBacklog))
        replicaH = std::max(ReplicaQueueStrip::headerHeight(theme) + 2.0 * strip.rowCount(),
                            std::min(strip.preferredHeight(theme), 0.4 * available));
    const double lines = std::max(0.0, available - replicaH);
    const double left = area.left() + leftMargin;
    const double width = area.width() - leftMargin - kRightMargin;
    double py = top;
    for (Figure panel : panels) {
        if (panel == Figure::P99) {
            l.collapseStrip = QRectF(left, py, width, stripH);
            py += stripH;
        }
        const double h = panel == Figure::ReplicaBacklog
                             ? replicaH
                             : lines * (panel == Figure::Load ? 0.55 : 1.0) / weights;
        l.panels.push_back({panel, QRectF(left, py, width, h)});
        l.timeAxis = QRectF(left, py + h, width, LivePanelPainter::kTimeLabelHeight);
        l.tickRow = QRectF(left, l.timeAxis.bottom(), width, LiveChangeTicks::kRowHeight);
        py += h + kPanelGap;
    }
    return l;
}

void LiveTimeSeriesView::draw(QPainter& p, const QRectF& area) const
{
    const ChartTheme theme(palette(), font());
    p.fillRect(area, theme.base());
    p.setRenderHint(QPainter::Antialiasing, true);
    const auto [t0, t1] = timeRange();
    const Layout l = layout(theme, area);
    legend(&p, theme, area, l.leftMargin);
    const std::vector<LiveCollapses> collapses = collapsesNow();
    const std::vector<ChangeMark> none;
    const LivePanelPainter painter(m_rings, collapses, m_changes ? *m_changes : none, m_styles,
                                   &m_families);
    for (int i = 0; i < l.panels.size(); ++i) {
        const auto& [panel, plot] = l.panels[i];
        const bool last = i == l.panels.size() - 1;
        if (panel == Figure::P99) // one row per world, in its colour where it is collapsed
            painter.drawCollapseStrip(p, l.collapseStrip, t0, t1);
        if (panel == Figure::ReplicaBacklog) {
            ReplicaQueueStrip(m_rings, m_styles, t0, t1).draw(p, theme, plot);
            if (last)
                painter.drawTimeLabels(p, theme, plot, t0, t1, false, true);
            continue;
        }
        painter.drawPanel(p, theme, panel, plot, t0, t1, last);
        if (m_cursorS)
            LivePanelPainter::drawCursor(p, theme, plot, t0, t1, *m_cursorS);
    }
    LiveChangeTicks::draw(p, theme, l.tickRow, m_changes ? *m_changes : none, m_styles, t0, t1);
    if (const std::optional<CalloutBubble> callout = placedCallout(l))
        callout->paint(&p);
}

bool LiveTimeSeriesView::hasGauge(Figure panel) const
{
    if (!m_rings)
        return false;
    for (std::size_t w = 0; w < m_rings->size(); ++w)
        for (std::size_t k = 0; k < (*m_rings)[w].size(); ++k)
            if (bucketFigure(panel, (*m_rings)[w].at(k), worldFamily(w)))
                return true;
    return false;
}

QRectF LiveTimeSeriesView::panelRect(Figure panel) const
{
    const ChartTheme theme(palette(), font());
    for (const auto& [shown, plot] : layout(theme, QRectF(rect())).panels)
        if (shown == panel)
            return plot;
    return {};
}

std::vector<QPolygonF> LiveTimeSeriesView::drawnLines(Figure panel) const
{
    const QRectF plot = panelRect(panel);
    std::vector<QPolygonF> lines;
    if (plot.isEmpty() || !m_rings)
        return lines;
    const auto [t0, t1] = timeRange();
    const std::vector<LiveCollapses> noCollapses; // the painter keeps references
    const std::vector<ChangeMark> noChanges;
    const LivePanelPainter painter(m_rings, noCollapses, noChanges, m_styles, &m_families);
    // Every shown world's line comes with a point of any shown world (the first may be hidden).
    for (std::size_t w = 0; w < m_rings->size() && lines.empty(); ++w)
        painter.pointAt(panel, w, t1, plot, t0, t1, &lines);
    return lines;
}

QRectF LiveTimeSeriesView::titleRect(Figure panel) const
{
    const QRectF plot = panelRect(panel);
    return plot.isEmpty() ? QRectF()
                          : LivePanelPainter::titleRect(ChartTheme(palette(), font()), panel, plot);
}

QList<QRectF> LiveTimeSeriesView::collapseLabelRects() const
{
    const auto [t0, t1] = timeRange();
    const std::vector<LiveCollapses> collapses = collapsesNow();
    QList<QRectF> rects;
    for (const auto& label : LivePanelPainter(m_rings, collapses, {}, m_styles)
                                 .collapseLabels(ChartTheme(palette(), font()),
                                                 panelRect(Figure::P99), t0, t1))
        rects << label.rect;
    return rects;
}

QStringList LiveTimeSeriesView::changeLabelTexts() const
{
    const auto [t0, t1] = timeRange();
    const std::vector<ChangeMark> none;
    QStringList texts;
    for (const auto& [index, rect] : LiveChangeTicks::labels(
             ChartTheme(palette(), font()), changeTickRow(), m_changes ? *m_changes : none, t0, t1))
        if (!rect.isEmpty())
            texts << (*m_changes)[index].text;
    return texts;
}

QList<QPair<double, QRectF>> LiveTimeSeriesView::changeTicks() const
{
    const auto [t0, t1] = timeRange();
    const std::vector<ChangeMark> none;
    const QRectF row = changeTickRow();
    QList<QPair<double, QRectF>> ticks;
    for (const auto& [index, rect] : LiveChangeTicks::labels(
             ChartTheme(palette(), font()), row, m_changes ? *m_changes : none, t0, t1))
        ticks.push_back(
            {row.left() + ((*m_changes)[index].atS - t0) / (t1 - t0) * row.width(), rect});
    return ticks;
}

QStringList LiveTimeSeriesView::valueLabels(Figure panel) const
{
    const QRectF plot = panelRect(panel);
    if (plot.isEmpty() || panel == Figure::ReplicaBacklog)
        return {};
    const auto [t0, t1] = timeRange();
    const std::vector<LiveCollapses> noCollapses;
    const std::vector<ChangeMark> noChanges;
    return LivePanelPainter(m_rings, noCollapses, noChanges, m_styles, &m_families)
        .valueLabels(panel, plot, t0, t1);
}

QList<QPair<QRectF, QString>> LiveTimeSeriesView::timeLabels() const
{
    const Layout l = layoutNow();
    if (l.panels.isEmpty())
        return {};
    const auto [t0, t1] = timeRange();
    const std::vector<LiveCollapses> noCollapses;
    const std::vector<ChangeMark> noChanges;
    QList<QPair<QRectF, QString>> labels;
    for (const LivePanelPainter::TimeLabel& label :
         LivePanelPainter(m_rings, noCollapses, noChanges, m_styles, &m_families)
             .timeLabels(ChartTheme(palette(), font()), l.panels.back().second, t0, t1))
        labels.push_back({label.rect, label.text});
    return labels;
}

LiveTimeSeriesView::Layout LiveTimeSeriesView::layoutNow() const
{
    return layout(ChartTheme(palette(), font()), QRectF(rect()));
}

void LiveTimeSeriesView::setCallout(Figure panel, std::size_t world, double atS, const QString& text,
                                    const QString& compact)
{
    m_callout = Callout{panel, world, atS, text, compact};
    update();
}

std::optional<CalloutBubble> LiveTimeSeriesView::placedCallout(const Layout& l) const
{
    if (m_callout.text.isEmpty())
        return std::nullopt;
    const auto drawnPanel = [&l](Figure panel) {
        return std::find_if(l.panels.begin(), l.panels.end(),
                            [panel](const auto& p) { return p.first == panel; });
    };
    auto drawn = drawnPanel(m_callout.panel);
    if (drawn == l.panels.end()) // its panel is not drawn: on the p99 panel
        drawn = drawnPanel(Figure::P99);
    if (drawn == l.panels.end())
        return std::nullopt;
    const auto [t0, t1] = timeRange();
    const std::vector<ChangeMark> none;
    CalloutBubble::Avoid avoid; // every shown world's line, the panel's title and labels
    const std::optional<QPointF> at = LivePanelPainter(m_rings, {}, none, m_styles, &m_families)
                                          .pointAt(drawn->first, m_callout.world, m_callout.atS,
                                                   drawn->second, t0, t1, &avoid.lines);
    if (!at)
        return std::nullopt;
    const ChartTheme theme(palette(), font());
    avoid.texts.push_back(LivePanelPainter::titleRect(theme, drawn->first, drawn->second));
    if (drawn->first == Figure::P99) {
        const std::vector<LiveCollapses> collapses = collapsesNow();
        for (const auto& label : LivePanelPainter(m_rings, collapses, none, m_styles)
                                     .collapseLabels(theme, drawn->second, t0, t1))
            avoid.texts.push_back(label.rect);
    }
    CalloutBubble bubble;
    bubble.setLook(theme.smallFont(), theme.text(), theme.base(), theme.collapseColour());
    bubble.setText(m_callout.text, m_callout.compact);
    // In its own panel: never over another (the load under the p99, say) or the axes' labels.
    bubble.place(*at, drawn->second, avoid);
    return bubble;
}

QList<QRectF> LiveTimeSeriesView::collapseBarRects() const
{
    const auto [t0, t1] = timeRange();
    return LiveCollapseStrip::barRects(m_rings, collapsesNow(), m_styles,
                                       layoutNow().collapseStrip, t0, t1);
}

int LiveTimeSeriesView::replicaRowCount() const
{
    const auto [t0, t1] = timeRange();
    return ReplicaQueueStrip(m_rings, m_styles, t0, t1).rowCount();
}

QString LiveTimeSeriesView::hoverTextAt(QPointF pos) const
{
    const ChartTheme theme(palette(), font());
    const auto [t0, t1] = timeRange();
    const Layout l = layout(theme, QRectF(rect()));
    if (l.collapseKey.contains(pos))
        return LiveCollapseStrip::keyToolTip();
    if (m_rings && l.timeAxis.contains(pos)) {
        QList<Figure> panels;
        for (const auto& shown : l.panels)
            panels << shown.first;
        const double t = t0 + (pos.x() - l.timeAxis.left()) / l.timeAxis.width() * (t1 - t0);
        return LiveChartHover::readout(*m_rings, collapsesNow(), m_styles, panels, t, m_families);
    }
    if (m_changes && l.tickRow.adjusted(-4, 0, 4, 0).contains(pos))
        return LiveChangeTicks::hoverText(theme, l.tickRow, *m_changes, t0, t1, pos);
    if (m_rings && l.collapseStrip.adjusted(0, -1, 0, 1).contains(pos))
        return LiveCollapseStrip::hoverText(m_rings, collapsesNow(), m_styles, l.collapseStrip,
                                            t0, t1, pos);
    for (const auto& [panel, plot] : l.panels) {
        if (!plot.contains(pos) || !m_rings)
            continue;
        if (panel == Figure::ReplicaBacklog) {
            const ReplicaQueueStrip strip(m_rings, m_styles, t0, t1);
            const auto hit = strip.hitTest(theme, plot, pos);
            return hit ? ReplicaQueueStrip(m_rings, namedAt(hit->toS), t0, t1).hoverText(*hit)
                       : QString();
        }
        const double t = t0 + (pos.x() - plot.left()) / plot.width() * (t1 - t0);
        return LiveChartHover::text(*m_rings, collapsesNow(), namedAt(t), panel, t, m_families);
    }
    return {};
}

void LiveTimeSeriesView::showHover(QPointF pos, QPoint globalPos)
{
    m_shownText = hoverTextAt(pos);
    // On the time axis the cursor follows the pointer over every panel.
    const QRectF axis = timeAxisRect();
    const auto [t0, t1] = timeRange();
    const std::optional<double> cursor =
        axis.contains(pos) ? std::optional(t0 + (pos.x() - axis.left()) / axis.width() * (t1 - t0))
                           : std::nullopt;
    if (cursor != m_cursorS) {
        m_cursorS = cursor;
        update();
    }
    if (m_shownText.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(globalPos, m_shownText, this);
}

bool LiveTimeSeriesView::event(QEvent* event)
{
    // The pointer at rest: the figures under it now (the charts scroll under a still pointer).
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        showHover(help->pos(), help->globalPos());
        return true;
    }
    return QWidget::event(event);
}

void LiveTimeSeriesView::mouseMoveEvent(QMouseEvent* event)
{
    showHover(event->position(), event->globalPosition().toPoint());
}

void LiveTimeSeriesView::leaveEvent(QEvent*)
{
    m_shownText.clear();
    m_cursorS.reset();
    update();
    QToolTip::hideText();
}

} // namespace hedge
