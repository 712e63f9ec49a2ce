#include "MetricChartView.h"

#include "ChartAnnotations.h"
#include "ChartCallout.h"
#include "ChartMarkers.h"
#include "ChartTheme.h"
#include "CurveLayout.h"
#include "OffScaleLabels.h"
#include "PointTooltip.h"
#include "SetupCurve.h"

#include <QCategoryAxis>
#include <QChart>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QHelpEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QTimer>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

constexpr double kDefaultMinLoad = 0.30;
constexpr double kDefaultMaxLoad = 0.95;
constexpr qreal kHoverRadiusPx = 9.0;
constexpr int kChartMargin = 6;
// Below this size the axis titles go (the chart title names the metric and its unit).
constexpr QSize kCompactBelow(420, 250);

} // namespace

MetricChartView::MetricChartView(Metric metric, QWidget* parent)
    : QChartView(parent), m_metric(metric)
{
    setRenderHint(QPainter::Antialiasing);
    // Mouse moves reach a QGraphicsView through its viewport: without tracking there, hover
    // figures would only show while a button is held.
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);

    QChart* c = chart();
    c->setAnimationOptions(QChart::NoAnimation);
    c->setMargins(QMargins(kChartMargin, kChartMargin, kChartMargin, kChartMargin));
    c->layout()->setContentsMargins(0, 0, 0, 0);
    c->legend()->setAlignment(Qt::AlignRight);
    c->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    // The setup list names every colour; exports show the legend (ChartExport).
    c->legend()->hide();
    c->addAxis(m_xAxis.axis(), Qt::AlignBottom);

    m_annotations = std::make_unique<ChartAnnotations>(c);
    m_offScaleLabels = std::make_unique<OffScaleLabels>(c);
    m_logLabels = std::make_unique<LogAxisLabels>(c);
    m_callout = new ChartCallout(c); // the chart owns it

    connect(c, &QChart::plotAreaChanged, this, [this](const QRectF& plot) {
        updateOverlays();
        // The labels were spaced for the plot before a change of font or of the value
        // labels' width: space them again for this one (it settles: the load labels do
        // not change the plot's width).
        if (std::abs(plot.width() - m_fittedPlotWidth) > 1.0 && !m_distributing)
            QTimer::singleShot(0, this, [this] {
                if (std::abs(chart()->plotArea().width() - m_fittedPlotWidth) > 1.0)
                    distributePoints();
            });
    });
    connect(c, &QGraphicsWidget::geometryChanged, this, [this] { onChartResized(); });

    replaceYAxis();
    applyTheme();
    distributePoints();
}

MetricChartView::~MetricChartView() = default;

QSize MetricChartView::minimumSizeHint() const
{
    return {200, 110};
}

QSize MetricChartView::sizeHint() const
{
    return {560, 340};
}

void MetricChartView::setMetric(Metric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    m_tooltipPoints.clear();
    replaceYAxis();
    distributePoints();
}

void MetricChartView::setSeriesStyles(const QList<SeriesStyle>& styles)
{
    if (m_curves.setStyles(styles, halo())) {
        m_tooltipPoints.clear();
        attachSeries();
    }
    distributePoints();
}

QList<SeriesStyle> MetricChartView::seriesStyles() const
{
    return m_curves.styles();
}

void MetricChartView::setPoints(const std::vector<PointResult>& points)
{
    m_points = points;
    m_tooltipPoints.clear();
    distributePoints();
}

QStringList MetricChartView::setMeasuredPoints(const std::vector<PointResult>& points,
                                              const QString& source)
{
    m_measured = points;
    m_measuredSource = source;
    m_tooltipPoints.clear();
    distributePoints();
    QStringList unmatched;
    for (const PointResult& p : m_measured) {
        const QString setup = QString::fromStdString(p.setup);
        if (m_curves.indexOf(setup) < 0 && !unmatched.contains(setup))
            unmatched << setup;
    }
    return unmatched;
}

void MetricChartView::clearMeasuredPoints()
{
    setMeasuredPoints({}, QString());
}

QList<QPointF> MetricChartView::measuredPoints(const QString& setup) const
{
    const SetupCurve* c = curve(setup);
    return c && c->style().visible ? c->drawn()[MarkerKind::Measured].at : QList<QPointF>();
}

void MetricChartView::setLoadRange(double minLoad, double maxLoad)
{
    if (!(minLoad <= maxLoad))
        return;
    m_fixedLoadRange = std::make_pair(minLoad, maxLoad);
    distributePoints();
}

void MetricChartView::clearLoadRange()
{
    m_fixedLoadRange.reset();
    distributePoints();
}

void MetricChartView::setPassLabel(const QString& label)
{
    if (label == m_annotations->passText())
        return;
    m_annotations->setPassText(label);
    updateOverlays();
}

QString MetricChartView::passLabel() const
{
    return m_annotations->passText();
}

QRectF MetricChartView::passLabelRect() const
{
    return m_annotations->passLabelRect();
}

QRectF MetricChartView::titleRect() const
{
    const QChart* c = chart();
    const QSizeF text = QFontMetricsF(c->titleFont()).size(0, c->title());
    return {(c->size().width() - text.width()) / 2.0, static_cast<qreal>(c->margins().top()),
            text.width(),
            text.height()};
}

const SetupCurve* MetricChartView::curve(const QString& setup) const
{
    return m_curves.find(setup);
}

QList<QPointF> MetricChartView::seriesPoints(const QString& setup) const
{
    const SetupCurve* c = curve(setup);
    return c && c->style().visible ? c->line()->points() : QList<QPointF>();
}

QList<QPointF> MetricChartView::bandUpperEdge(const QString& setup) const
{
    const SetupCurve* c = curve(setup);
    return c && c->style().visible ? c->drawn().bandUpper : QList<QPointF>();
}

QList<QPointF> MetricChartView::bandLowerEdge(const QString& setup) const
{
    const SetupCurve* c = curve(setup);
    return c && c->style().visible ? c->drawn().bandLower : QList<QPointF>();
}

QList<QPointF> MetricChartView::markerPoints(const QString& setup, MarkerKind kind) const
{
    const SetupCurve* c = curve(setup);
    return c && c->style().visible ? c->marks(kind)->points() : QList<QPointF>();
}

QStringList MetricChartView::loadAxisLabels() const
{
    return m_xAxis.axis()->categoriesLabels();
}

QStringList MetricChartView::valueAxisLabels() const
{
    if (m_yAxis->isLogarithmic())
        return m_logLabels->shownLabels();
    QStringList labels;
    const auto* axis = qobject_cast<const QValueAxis*>(m_yAxis->axis());
    const int n = axis->tickCount();
    for (int i = 0; i < n; ++i) {
        const double v = axis->min() + (axis->max() - axis->min()) * i / std::max(1, n - 1);
        labels << QString::asprintf(axis->labelFormat().toLatin1().constData(), v);
    }
    return labels;
}

QRectF MetricChartView::collapseLabelRect() const
{
    return m_annotations->collapseKeyRect();
}

QString MetricChartView::collapseKeyText() const
{
    return m_annotations->collapseKeyText();
}

QColor MetricChartView::halo() const
{
    return palette().color(QPalette::Base);
}

void MetricChartView::attachSeries()
{
    QChart* c = chart();
    m_curves.addSeriesTo(c);
    for (const auto& curve : m_curves) {
        for (QAbstractSeries* series : curve->series()) {
            series->attachAxis(m_xAxis.axis());
            series->attachAxis(m_yAxis->axis());
        }
        QLineSeries* line = curve->line();
        for (QLegendMarker* marker : c->legend()->markers(line))
            connect(marker, &QLegendMarker::clicked, this,
                    [this, line] { onLegendMarkerClicked(line); });
        curve->restyle(halo()); // adding a series applies the chart theme's colours
    }
    m_legendSignature.clear(); // new markers
    updateLegendMarkers();
}

void MetricChartView::distributePoints()
{
    if (m_distributing)
        return;
    m_distributing = true;
    const CurveLayout layout(m_metric, m_points, m_measured, m_curves);
    m_xRange = layout.loadRange().value_or(std::make_pair(kDefaultMinLoad, kDefaultMaxLoad));
    fitAxes(layout.valueRange());
    const double top = m_yAxis->ceiling();
    const double bottom = m_yAxis->range().first;
    for (std::size_t i = 0; i < m_curves.size(); ++i) {
        SetupCurve& curve = *m_curves[i];
        bool server = curve.serverCancellation();
        SetupCurve::Drawn drawn = layout.drawn(i, top, bottom, server);
        curve.setServerCancellation(server, halo());
        curve.show(std::move(drawn));
    }
    updateLegendMarkers();
    updateOverlays();
    m_distributing = false;
}

void MetricChartView::fitAxes(std::optional<std::pair<double, double>> values)
{
    double lo = m_xRange.first, hi = m_xRange.second;
    if (m_fixedLoadRange) {
        lo = m_fixedLoadRange->first;
        hi = m_fixedLoadRange->second;
    } else {
        lo = std::min(lo, kDefaultMinLoad);
        hi = std::max(hi, kDefaultMaxLoad);
    }
    const double span = std::max(hi - lo, 0.01);
    const double pad = std::max(0.015, span * 0.035);
    // What the axes and titles around the plot take, roughly: enough to space the labels.
    const QSizeF size = chart()->size();
    double plotWidth = size.width() - (m_compact ? 55.0 : 85.0);
    const double plotHeight = size.height() - (m_compact ? 50.0 : 90.0);
    // Once laid out, the plot's own width: at a room's font size the value labels and axis
    // title take far more than the estimate, and load labels spaced for it were cut ("6…8…").
    const QRectF plot = chart()->plotArea();
    if (plot.width() > 1.0)
        plotWidth = std::min(plotWidth, plot.width());
    m_fittedPlotWidth = plot.width();
    const QFont labels = ChartTheme(palette(), font()).smallFont();
    // The last load's label is centred on its tick at the plot's right edge: on a narrow chart
    // the axis reaches far enough past it that the label stays whole ("80" of "80 %" was cut).
    const double halfLabel =
        QFontMetricsF(labels).horizontalAdvance(QStringLiteral("100 %")) / 2.0;
    const double room = std::max(0.0, halfLabel - kChartMargin + 2.0);
    double padRight = pad;
    if (plotWidth > 2.0 * room)
        padRight = std::max(pad, (span + pad) * room / (plotWidth - room));
    m_xAxis.setRange(std::max(0.0, lo - pad), hi + padRight, plotWidth, labels);
    m_yAxis->fit(values, plotHeight, labels);
}

void MetricChartView::replaceYAxis()
{
    QChart* c = chart();
    if (m_yAxis) {
        c->removeAxis(m_yAxis->axis());
        delete m_yAxis->axis();
    }
    m_yAxis = std::make_unique<MetricValueAxis>(m_metric);
    c->addAxis(m_yAxis->axis(), Qt::AlignLeft);
    for (QAbstractSeries* series : c->series())
        series->attachAxis(m_yAxis->axis());
    m_yAxis->axis()->setTitleVisible(!m_compact);
    c->setTitle(m_compact ? metricCompactTitle(m_metric) : metricChartTitle(m_metric));
    ChartTheme(palette(), font()).styleAxis(m_yAxis->axis(), m_yAxis->isLogarithmic());
}

bool MetricChartView::isCompact() const
{
    const QSizeF size = chart()->size();
    return size.width() < kCompactBelow.width() || size.height() < kCompactBelow.height();
}

void MetricChartView::onChartResized()
{
    const bool compact = isCompact();
    if (compact != m_compact) {
        m_compact = compact;
        // A small chart drops the axis titles; its title names the metric and unit instead.
        m_xAxis.axis()->setTitleVisible(!compact);
        m_yAxis->axis()->setTitleVisible(!compact);
        chart()->setTitle(compact ? metricCompactTitle(m_metric) : metricChartTitle(m_metric));
    }
    distributePoints(); // tick spacing depends on the size
}

void MetricChartView::applyTheme()
{
    m_applyingTheme = true;
    const ChartTheme theme(palette(), font());
    m_dark = theme.isDark();
    theme.styleChart(chart());
    setBackgroundBrush(theme.base());
    theme.styleAxis(m_xAxis.axis(), false);
    theme.styleAxis(m_yAxis->axis(), m_yAxis->isLogarithmic());
    for (const auto& curve : m_curves)
        curve->restyle(halo());
    m_legendSignature.clear(); // the theme restyled the markers

    m_annotations->applyTheme(theme);
    m_offScaleLabels->setFont(theme.smallFont());
    m_callout->applyTheme(theme);

    updateLegendMarkers();
    updateOverlays();
    m_applyingTheme = false;
}

void MetricChartView::updateLegendMarkers()
{
    // Runs on every setPoints: touch the markers only when what they show changed.
    QList<QVariant> signature{m_dark, palette().color(QPalette::Text)};
    for (const auto& curve : m_curves)
        signature << curve->style().visible << curve->style().color
                  << curve->serverCancellation();
    if (signature == m_legendSignature)
        return;
    m_legendSignature = signature;
    for (const auto& curve : m_curves)
        curve->styleLegend(chart()->legend(), palette().color(QPalette::Text), halo());
}

void MetricChartView::onLegendMarkerClicked(QLineSeries* line)
{
    for (const auto& curve : m_curves) {
        if (curve->line() != line)
            continue;
        SeriesStyle style = curve->style();
        style.visible = !style.visible;
        curve->setStyle(style, halo());
        m_tooltipPoints.clear();
        distributePoints();
        emit seriesVisibilityToggled(style.setup, style.visible);
        return;
    }
}

void MetricChartView::updateOverlays()
{
    m_annotations->placePassLabel(kChartMargin);
    m_logLabels->place(qobject_cast<const QLogValueAxis*>(m_yAxis->axis()));
    // Where the markers go depends on the plot's size: they are placed again with the key.
    m_stacks.place(*chart(), m_curves, kCollapseMarkerSize);
    m_offScaleLabels->place(m_curves, m_points, m_metric, kOffScaleMarkerSize);
    std::vector<QPointF> marks, linePoints; // chart coordinates
    CalloutBubble::Avoid avoid;             // what the callout keeps clear of
    ChartAnnotations::KeyEntries entries;
    for (const auto& curve : m_curves) {
        for (const MarkerKind kind : kAllMarkerKinds) {
            for (const QPointF& p : curve->marks(kind)->points())
                marks.push_back(chart()->mapToPosition(p, curve->marks(kind)));
            if (!curve->drawn()[kind].at.isEmpty())
                entries.add(kind);
        }
        QPolygonF line; // empty while the setup is hidden
        for (const QPointF& p : curve->drawn().line)
            line << chart()->mapToPosition(p, curve->line());
        linePoints.insert(linePoints.end(), line.begin(), line.end());
        if (!line.isEmpty())
            avoid.lines.push_back(line);
    }
    noteCollapseOutcomes(entries);
    avoid.points = marks; // stacked markers sit beside their line
    // The key keeps clear of the off-scale figures as of the markers; where no corner is clear
    // a figure under the key is left out (its marker and hover stay).
    for (const OffScaleLabels::Label& label : m_offScaleLabels->labels())
        for (const QPointF& p : {label.rect.topLeft(), label.rect.center(), label.rect.topRight(),
                                 label.rect.bottomLeft(), label.rect.bottomRight()})
            marks.push_back(p);
    m_annotations->placeCollapseKey(marks, linePoints, entries, kCollapseMarkerSize);
    if (const QRectF key = m_annotations->collapseKeyRect(); !key.isEmpty()) {
        m_offScaleLabels->leaveOut(key);
        avoid.texts.push_back(key);
    }
    for (const OffScaleLabels::Label& label : m_offScaleLabels->labels())
        avoid.texts.push_back(label.rect);
    m_callout->follow(m_curves, avoid);
}

void MetricChartView::noteCollapseOutcomes(ChartAnnotations::KeyEntries& entries) const
{
    // A collapsed point drawn: with a deadline its callers timed out, which a p99 of the calls
    // answered in time hides and goodput near 0 shows; without one, goodput counts the calls
    // answered minutes late as good, so its chart says so (docs/user-guide.md, "Charts").
    if (!(entries.collapse || entries.offScale || entries.partialCollapse || entries.partialOffScale))
        return;
    const bool goodputChart = m_metric == Metric::GoodputPercent || m_metric == Metric::GoodputPerSecond;
    for (const PointResult& p : m_points) {
        const SetupCurve* c = curve(QString::fromStdString(p.setup));
        // A point without the figure (no call answered in time: p99) is drawn on the ceiling.
        if (!(p.collapsed || p.partiallyCollapsed()) || !c || !c->style().visible)
            continue;
        if (p.timedOutFraction > 0.0)
            entries.timedOut = true;
        else if (goodputChart)
            entries.answeredLate = true;
    }
    if (entries.timedOut)
        entries.answeredLate = false;
}

void MetricChartView::setCallout(const QString& setup, double load, const QString& text,
                                 const QString& compact)
{
    m_callout->setAbout(setup, load, text, compact);
    updateOverlays();
}

std::vector<int> MetricChartView::pointsAtView(const QPoint& viewPos) const
{
    // Measured points follow the simulated ones in the index space; the spot is as wide as a
    // marker.
    return m_curves.pointsAt(*chart(), chart()->mapFromScene(mapToScene(viewPos)), kHoverRadiusPx,
                             static_cast<int>(m_points.size()), m_stacks,
                             kCollapseMarkerSize / 2.0);
}

const PointResult& MetricChartView::pointOf(int index) const
{
    const auto i = static_cast<std::size_t>(index);
    return i < m_points.size() ? m_points[i] : m_measured[i - m_points.size()];
}

std::optional<PointResult> MetricChartView::pointAt(const QPoint& viewPos) const
{
    const std::vector<int> found = pointsAtView(viewPos);
    return found.empty() ? std::nullopt : std::optional<PointResult>(pointOf(found.front()));
}

std::vector<PointResult> MetricChartView::pointsAt(const QPoint& viewPos) const
{
    std::vector<PointResult> points;
    for (const int index : pointsAtView(viewPos))
        points.push_back(pointOf(index));
    return points;
}

QString MetricChartView::hoverText(const std::vector<int>& found) const
{
    // The nearest point's every figure, then the others at the spot, a line each.
    const bool measured = static_cast<std::size_t>(found.front()) >= m_points.size();
    const PointResult& p = pointOf(found.front());
    QString html = measured ? PointTooltip::measuredHeading(m_measuredSource) : QString();
    html += PointTooltip::text(p);
    if (!measured)
        for (const auto& curve : m_curves)
            if (curve->isOffScale(found.front()))
                html += PointTooltip::offScaleNote(p, m_metric);
    std::vector<PointTooltip::AtSpot> others;
    for (std::size_t i = 1; i < found.size(); ++i)
        others.push_back(
            {pointOf(found[i]), static_cast<std::size_t>(found[i]) >= m_points.size()});
    return html + PointTooltip::alsoHere(others, m_metric);
}

void MetricChartView::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    const auto type = event->type();
    if ((type == QEvent::PaletteChange || type == QEvent::ApplicationPaletteChange ||
         type == QEvent::FontChange || type == QEvent::ApplicationFontChange) &&
        !m_applyingTheme)
        applyTheme();
}

bool MetricChartView::viewportEvent(QEvent* event)
{
    // When the pointer rests, the application asks for a tooltip; QGraphicsScene would answer
    // with its items' (none) and so hide the figures shown on the last move.
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        m_tooltipPoints = pointsAtView(help->pos());
        if (!m_tooltipPoints.empty())
            QToolTip::showText(help->globalPos(), hoverText(m_tooltipPoints), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QChartView::viewportEvent(event);
}

void MetricChartView::mouseMoveEvent(QMouseEvent* event)
{
    QChartView::mouseMoveEvent(event);
    std::vector<int> found = pointsAtView(event->position().toPoint());
    if (found == m_tooltipPoints)
        return;
    m_tooltipPoints = std::move(found);
    if (!m_tooltipPoints.empty())
        QToolTip::showText(event->globalPosition().toPoint(), hoverText(m_tooltipPoints), this);
    else
        QToolTip::hideText();
}

void MetricChartView::leaveEvent(QEvent* event)
{
    QChartView::leaveEvent(event);
    m_tooltipPoints.clear();
    QToolTip::hideText();
}

} // namespace hedge
