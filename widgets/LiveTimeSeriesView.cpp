#include "LiveTimeSeriesView.h"

#include "ChartTheme.h"
#include "LiveChartHover.h"
#include "LivePanelPainter.h"
#include "ReplicaQueueStrip.h"

#include <QEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QFileInfo>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QBuffer>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hedge {

namespace {

constexpr double kLeftMargin = LivePanelPainter::kLeftMargin;
constexpr double kRightMargin = LivePanelPainter::kRightMargin;
constexpr double kPanelGap = 6.0;
constexpr double kTimeLabelHeight = LivePanelPainter::kTimeLabelHeight;
constexpr double kCollapseStrip = LivePanelPainter::kCollapseStrip;

} // namespace

const QList<LiveTimeSeriesView::Panel>& LiveTimeSeriesView::panelOrder()
{
    static const QList<Panel> order{Panel::Load,           Panel::P99,         Panel::RequestsPerCall,
                                    Panel::Backlog,        Panel::ReplicaBacklog, Panel::Utilisation,
                                    Panel::Limit,          Panel::BudgetBalance, Panel::RejectedPercent,
                                    Panel::HedgesRefused,  Panel::ThrottleTokens, Panel::RetrySlots,
                                    Panel::PercentileDelay};
    return order;
}

bool LiveTimeSeriesView::isGauge(Panel panel)
{
    return panel == Panel::HedgesRefused || panel == Panel::ThrottleTokens ||
           panel == Panel::RetrySlots || panel == Panel::PercentileDelay;
}

bool LiveTimeSeriesView::isAlwaysShown(Panel panel)
{
    return panel == Panel::Load || panel == Panel::P99 || panel == Panel::RequestsPerCall ||
           panel == Panel::Backlog;
}

QString LiveTimeSeriesView::panelShortTitle(Panel panel)
{
    switch (panel) {
    case Panel::Utilisation: return tr("Utilisation");
    case Panel::Limit: return tr("Limit");
    case Panel::BudgetBalance: return tr("Budget balance");
    case Panel::RejectedPercent: return tr("Rejected %");
    case Panel::ReplicaBacklog: return tr("Backlog per replica");
    case Panel::HedgesRefused: return tr("Hedges refused");
    case Panel::ThrottleTokens: return tr("gRPC tokens");
    case Panel::RetrySlots: return tr("Envoy retry slots");
    case Panel::PercentileDelay: return tr("Percentile delay");
    default: return panelTitle(panel);
    }
}

QString LiveTimeSeriesView::panelTitle(Panel panel)
{
    switch (panel) {
    case Panel::Load: return tr("Load (%)");
    case Panel::P99: return tr("p99 (ms, log)");
    case Panel::RequestsPerCall: return tr("Requests per call");
    case Panel::Backlog: return tr("Backlog (s of work)");
    case Panel::ReplicaBacklog: return tr("Backlog per replica (s of work)");
    case Panel::Utilisation: return tr("Utilisation (%)");
    case Panel::Limit: return tr("Adaptive limit");
    case Panel::BudgetBalance: return tr("Budget balance (hedges)");
    case Panel::RejectedPercent: return tr("Rejected (%)");
    case Panel::HedgesRefused: return tr("Hedges refused (% of calls)");
    case Panel::ThrottleTokens: return tr("gRPC tokens");
    case Panel::RetrySlots: return tr("Envoy retry slots (calls holding one)");
    case Panel::PercentileDelay: return tr("Percentile delay (ms)");
    }
    return {};
}

std::optional<double> LiveTimeSeriesView::panelValue(Panel panel, const TimelineBucket& b,
                                                     std::optional<PolicyFamily> family)
{
    const bool familyBudget =
        family == PolicyFamily::Finagle || family == PolicyFamily::Tower; // tokens: their budget
    switch (panel) {
    case Panel::Load: return b.load * 100.0;
    case Panel::P99: return b.p99Ms;
    case Panel::RequestsPerCall: return b.requestsPerCall;
    case Panel::Backlog: return b.backlogMs / 1000.0;
    case Panel::ReplicaBacklog: return std::nullopt;
    case Panel::Utilisation: return b.busyFraction * 100.0;
    case Panel::Limit: return b.limit;
    case Panel::BudgetBalance: return familyBudget ? b.throttleTokens : b.budgetBalance;
    case Panel::RejectedPercent:
        if (b.callsEnded == 0)
            return std::nullopt;
        return 100.0 * double(b.rejected) / double(b.callsEnded);
    case Panel::HedgesRefused:
        // Only a world with a budget, a throttle or retry slots can refuse a hedge: the
        // others have no such figure (and no panel of their own).
        if (b.arrivals == 0 || !(b.budgetBalance || b.throttleTokens || b.retrySlots))
            return std::nullopt;
        return 100.0 * double(b.hedgesRefused) / double(b.arrivals);
    case Panel::ThrottleTokens: return familyBudget ? std::nullopt : b.throttleTokens;
    case Panel::RetrySlots: return b.retrySlots;
    case Panel::PercentileDelay: return b.percentileDelayMs;
    }
    return std::nullopt;
}

LiveTimeSeriesView::LiveTimeSeriesView(QWidget* parent) : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    // The replica strip and a policy's state show by default where a world has them.
    for (Panel p : panelOrder())
        if (isAlwaysShown(p) || p == Panel::ReplicaBacklog || isGauge(p))
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

void LiveTimeSeriesView::setPanelShown(Panel panel, bool shown)
{
    if (isAlwaysShown(panel) || shown == m_shown.contains(panel))
        return;
    if (shown)
        m_shown.push_back(panel);
    else
        m_shown.removeAll(panel);
    update();
}

bool LiveTimeSeriesView::isPanelShown(Panel panel) const
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
    QByteArray bytes;
    if (suffix == QLatin1String("png")) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        renderImage(size, 2.0).save(&buffer, "PNG");
    } else if (suffix == QLatin1String("svg")) {
        QBuffer buffer(&bytes);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(tr("Hedge Explorer live view"));
        QPainter p(&svg);
        draw(p, QRectF(QPointF(0, 0), QSizeF(size)));
    } else if (suffix == QLatin1String("pdf")) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&buffer);
        pdf.setResolution(96);
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter p(&pdf);
        const qreal s = pdf.width() / qreal(size.width());
        p.scale(s, s);
        draw(p, QRectF(QPointF(0, 0), QSizeF(size)));
    } else {
        return tr("%1: the file must end in .png, .svg or .pdf").arg(path);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return tr("%1: %2").arg(path, file.errorString());
    return std::nullopt;
}

double LiveTimeSeriesView::legend(QPainter* p, const ChartTheme& theme, const QRectF& area) const
{
    // The shown worlds, wrapping.
    const QFontMetricsF fm(theme.smallFont());
    double x = area.left() + kLeftMargin, y = area.top() + 4;
    const double lineH = fm.height() + 2;
    if (p)
        p->setFont(theme.smallFont());
    const std::size_t worlds = m_rings ? m_rings->size() : 0;
    for (std::size_t w = 0; w < worlds && int(w) < m_styles.size(); ++w) {
        const SeriesStyle& s = m_styles[int(w)];
        if (!s.visible)
            continue;
        const double width = 16 + fm.horizontalAdvance(s.setup) + 14;
        if (x + width > area.right() - kRightMargin && x > area.left() + kLeftMargin) {
            x = area.left() + kLeftMargin;
            y += lineH;
        }
        if (p) {
            p->fillRect(QRectF(x, y + lineH / 2 - 4, 10, 8), s.color);
            p->setPen(theme.text());
            p->drawText(QPointF(x + 14, y + fm.ascent()), s.setup);
        }
        x += width;
    }
    return y + lineH + 4;
}

LiveTimeSeriesView::Layout LiveTimeSeriesView::layout(const ChartTheme& theme, const QRectF& area) const
{
    Layout l;
    const auto [t0, t1] = timeRange();
    const ReplicaQueueStrip strip(m_rings, m_styles, t0, t1);
    const double top = legend(nullptr, theme, area);
    QList<Panel> panels;
    for (Panel panel : panelOrder())
        if (m_shown.contains(panel) && (m_drawnOnly.isEmpty() || m_drawnOnly.contains(panel)) &&
            (panel != Panel::ReplicaBacklog || strip.rowCount() > 0) &&
            (!isGauge(panel) || hasGauge(panel)))
            panels.push_back(panel);
    // The load panel is shorter: it shows one line.
    double weights = 0;
    for (Panel panel : panels)
        if (panel != Panel::ReplicaBacklog)
            weights += panel == Panel::Load ? 0.55 : 1.0;
    const std::size_t worlds = m_rings ? m_rings->size() : 0;
    const double stripH = kCollapseStrip * double(worlds);
    const double available = area.bottom() - top - kTimeLabelHeight - stripH -
                             kPanelGap * double(panels.size());
    // The replica strip takes the height its rows like, up to 40 % of the charts', and
    // never less than its header and two pixels a row.
    double replicaH = 0.0;
    if (panels.contains(Panel::ReplicaBacklog))
        replicaH = std::max(ReplicaQueueStrip::headerHeight(theme) + 2.0 * strip.rowCount(),
                            std::min(strip.preferredHeight(theme), 0.4 * available));
    const double lines = std::max(0.0, available - replicaH);
    const double left = area.left() + kLeftMargin;
    const double width = area.width() - kLeftMargin - kRightMargin;
    double py = top;
    for (Panel panel : panels) {
        if (panel == Panel::P99) {
            l.collapseStrip = QRectF(left, py, width, stripH);
            py += stripH;
        }
        const double h = panel == Panel::ReplicaBacklog
                             ? replicaH
                             : lines * (panel == Panel::Load ? 0.55 : 1.0) / weights;
        l.panels.push_back({panel, QRectF(left, py, width, h)});
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
    legend(&p, theme, area);
    const Layout l = layout(theme, area);
    const std::vector<LiveCollapses> collapses = collapsesNow();
    const std::vector<ChangeMark> none;
    const LivePanelPainter painter(m_rings, collapses, m_changes ? *m_changes : none, m_styles,
                                   &m_families);
    for (int i = 0; i < l.panels.size(); ++i) {
        const auto& [panel, plot] = l.panels[i];
        const bool last = i == l.panels.size() - 1;
        if (panel == Panel::P99) // one row per world, in its colour where it is collapsed
            painter.drawCollapseStrip(p, l.collapseStrip, t0, t1);
        if (panel == Panel::ReplicaBacklog) {
            ReplicaQueueStrip(m_rings, m_styles, t0, t1).draw(p, theme, plot);
            if (last)
                painter.drawTimeLabels(p, theme, plot, t0, t1, false, true);
            continue;
        }
        painter.drawPanel(p, theme, panel, plot, t0, t1, last);
    }
}

bool LiveTimeSeriesView::hasGauge(Panel panel) const
{
    if (!m_rings)
        return false;
    for (std::size_t w = 0; w < m_rings->size(); ++w)
        for (std::size_t k = 0; k < (*m_rings)[w].size(); ++k)
            if (panelValue(panel, (*m_rings)[w].at(k), worldFamily(w)))
                return true;
    return false;
}

QRectF LiveTimeSeriesView::panelRect(Panel panel) const
{
    const ChartTheme theme(palette(), font());
    for (const auto& [shown, plot] : layout(theme, QRectF(rect())).panels)
        if (shown == panel)
            return plot;
    return {};
}

QList<QRectF> LiveTimeSeriesView::collapseLabelRects() const
{
    const ChartTheme theme(palette(), font());
    const auto [t0, t1] = timeRange();
    const std::vector<LiveCollapses> collapses = collapsesNow();
    const std::vector<ChangeMark> none;
    QList<QRectF> rects;
    for (const auto& label : LivePanelPainter(m_rings, collapses, none, m_styles)
                                 .collapseLabels(theme, panelRect(Panel::P99), t0, t1))
        rects << label.rect;
    return rects;
}

QStringList LiveTimeSeriesView::changeLabelTexts() const
{
    if (!m_changes)
        return {};
    const ChartTheme theme(palette(), font());
    const auto [t0, t1] = timeRange();
    const std::vector<LiveCollapses> collapses;
    QStringList texts;
    for (const auto& [index, rect] : LivePanelPainter(m_rings, collapses, *m_changes, m_styles)
                                         .changeLabels(theme, panelRect(Panel::Load), t0, t1))
        texts << (*m_changes)[index].text;
    return texts;
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
    for (const auto& [panel, plot] : layout(theme, QRectF(rect())).panels) {
        if (!plot.contains(pos))
            continue;
        if (panel == Panel::ReplicaBacklog) {
            const ReplicaQueueStrip strip(m_rings, m_styles, t0, t1);
            const auto hit = strip.hitTest(theme, plot, pos);
            return hit ? strip.hoverText(*hit) : QString();
        }
        if (!m_rings)
            return {};
        const double t = t0 + (pos.x() - plot.left()) / plot.width() * (t1 - t0);
        return LiveChartHover::text(*m_rings, collapsesNow(), m_styles, panel, t, m_families);
    }
    return {};
}

void LiveTimeSeriesView::showHover(QPointF pos, QPoint globalPos)
{
    m_shownText = hoverTextAt(pos);
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
    QToolTip::hideText();
}

} // namespace hedge
