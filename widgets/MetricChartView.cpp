#include "MetricChartView.h"

#include <QApplication>
#include <QCategoryAxis>
#include <QChart>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMouseEvent>
#include <QPainter>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hedge {

namespace {

constexpr double kDefaultMinLoad = 0.30;
constexpr double kDefaultMaxLoad = 0.95;
constexpr qreal kLineMarkerSize = 3.5; // Qt Charts 6.4 draws line-series points with this radius
constexpr qreal kCollapseMarkerSize = 17.0;
constexpr qreal kHoverRadiusPx = 9.0;

QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                            static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                            static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}

QString chartTitleFor(Metric metric)
{
    switch (metric) {
    case Metric::P99:
        return QStringLiteral("p99 latency vs load");
    case Metric::P999:
        return QStringLiteral("p99.9 latency vs load");
    case Metric::P50:
        return QStringLiteral("p50 latency vs load");
    case Metric::RequestsPerCall:
        return QStringLiteral("requests per call vs load");
    case Metric::RejectedPercent:
        return QStringLiteral("rejected calls vs load");
    case Metric::FailedPercent:
        return QStringLiteral("failed calls vs load");
    case Metric::Utilisation:
        return QStringLiteral("server utilisation vs load");
    }
    return {};
}

QColor collapseColour(bool dark)
{
    return dark ? QColor(0xFF, 0x55, 0x55) : QColor(0xC8, 0x10, 0x10);
}

QString num(double v, int significant = 6)
{
    return QString::number(v, 'g', significant);
}

QString ms(const std::optional<double>& v)
{
    return v ? num(*v) + QStringLiteral(" ms") : QStringLiteral("— (no call succeeded)");
}

QString pct(double fraction)
{
    return num(fraction * 100.0) + QStringLiteral(" %");
}

} // namespace

MetricChartView::MetricChartView(Metric metric, QWidget* parent)
    : QChartView(parent), m_metric(metric)
{
    setRenderHint(QPainter::Antialiasing);
    setMouseTracking(true);
    setMinimumSize(360, 240);

    QChart* c = chart();
    c->setAnimationOptions(QChart::NoAnimation);
    c->setMargins(QMargins(6, 6, 6, 6));
    c->layout()->setContentsMargins(0, 0, 0, 0);
    c->legend()->setAlignment(Qt::AlignRight);
    c->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);

    m_xAxis = new QCategoryAxis;
    m_xAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_xAxis->setTitleText(QStringLiteral("load (% of the service's capacity)"));
    c->addAxis(m_xAxis, Qt::AlignBottom);

    m_collapse = new QScatterSeries;
    m_collapse->setName(QStringLiteral("collapse (queue never drains)"));
    m_collapse->setMarkerSize(kCollapseMarkerSize);
    m_collapse->setPen(QPen(Qt::NoPen));

    // Below the grid and the series (Qt Charts: plot area 0, shades 1, grid 2, series 4).
    m_band = new QGraphicsRectItem(c);
    m_band->setZValue(1.5);
    m_band->setPen(Qt::NoPen);
    m_band->hide();
    m_bandLabel = new QGraphicsSimpleTextItem(QStringLiteral("collapse"), c);
    m_bandLabel->setZValue(20);
    m_bandLabel->hide();
    m_passLabel = new QGraphicsSimpleTextItem(c);
    m_passLabel->setZValue(20);

    connect(c, &QChart::plotAreaChanged, this, [this] { updateOverlays(); });
    connect(c, &QGraphicsWidget::geometryChanged, this, [this] { updateOverlays(); });

    replaceYAxis();
    rebuildSeries();
    applyTheme();
    distributePoints();
}

MetricChartView::~MetricChartView() = default;

void MetricChartView::setMetric(Metric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    m_tooltipPoint = -1;
    replaceYAxis();
    distributePoints();
}

void MetricChartView::setSeriesStyles(const QList<SeriesStyle>& styles)
{
    bool sameSetups = static_cast<std::size_t>(styles.size()) == m_series.size();
    for (std::size_t i = 0; sameSetups && i < m_series.size(); ++i)
        sameSetups = m_series[i].style.setup == styles[static_cast<qsizetype>(i)].setup;

    if (sameSetups) {
        for (std::size_t i = 0; i < m_series.size(); ++i) {
            const SeriesStyle& style = styles[static_cast<qsizetype>(i)];
            if (m_series[i].style == style)
                continue;
            m_series[i].style = style;
            restyleSeries(m_series[i]);
        }
    } else {
        m_series.clear();
        m_lookup.clear();
        for (const SeriesStyle& style : styles) {
            if (m_lookup.contains(style.setup))
                continue; // names are unique in a scenario; a duplicate would be unreachable
            m_lookup.insert(style.setup, static_cast<int>(m_series.size()));
            SetupSeries s;
            s.style = style;
            m_series.push_back(std::move(s));
        }
        rebuildSeries();
    }
    distributePoints();
}

QList<SeriesStyle> MetricChartView::seriesStyles() const
{
    QList<SeriesStyle> styles;
    for (const SetupSeries& s : m_series)
        styles.append(s.style);
    return styles;
}

void MetricChartView::setPoints(const std::vector<PointResult>& points)
{
    m_points = points;
    m_tooltipPoint = -1;
    distributePoints();
}

void MetricChartView::setLoadRange(double minLoad, double maxLoad)
{
    if (!(minLoad <= maxLoad))
        return;
    m_fixedLoadRange = std::make_pair(minLoad, maxLoad);
    updateXAxis();
    updateOverlays();
}

void MetricChartView::clearLoadRange()
{
    m_fixedLoadRange.reset();
    updateXAxis();
    updateOverlays();
}

void MetricChartView::setPassLabel(const QString& label)
{
    m_passText = label;
    m_passLabel->setText(label);
    updateOverlays();
}

QString MetricChartView::passLabel() const
{
    return m_passText;
}

QList<QPointF> MetricChartView::seriesPoints(const QString& setup) const
{
    const int i = indexOf(setup);
    if (i < 0 || !m_series[static_cast<std::size_t>(i)].line->isVisible())
        return {};
    return m_series[static_cast<std::size_t>(i)].line->points();
}

QList<QPointF> MetricChartView::collapsedPoints(const QString& setup) const
{
    QList<QPointF> result;
    const QList<QPointF> drawn = m_collapse->points();
    for (qsizetype k = 0; k < drawn.size(); ++k) {
        const std::size_t index =
            static_cast<std::size_t>(m_collapseIndex[static_cast<std::size_t>(k)]);
        if (QString::fromStdString(m_points[index].setup) == setup)
            result.append(drawn[k]);
    }
    return result;
}

std::optional<double> MetricChartView::collapseBandStart() const
{
    return m_bandStart;
}

std::pair<double, double> MetricChartView::valueAxisRange() const
{
    if (auto* log = qobject_cast<QLogValueAxis*>(m_yAxis))
        return {log->min(), log->max()};
    if (auto* lin = qobject_cast<QValueAxis*>(m_yAxis))
        return {lin->min(), lin->max()};
    return {0.0, 0.0};
}

bool MetricChartView::isLogarithmic() const
{
    return qobject_cast<QLogValueAxis*>(m_yAxis) != nullptr;
}

int MetricChartView::indexOf(const QString& setup) const
{
    return m_lookup.value(setup, -1);
}

void MetricChartView::rebuildSeries()
{
    QChart* c = chart();
    // Series are removed and added back with the collapse markers last, so they are drawn on
    // top of every line.
    if (c->series().contains(m_collapse))
        c->removeSeries(m_collapse);
    for (QAbstractSeries* old : c->series()) {
        c->removeSeries(old);
        delete old;
    }
    for (SetupSeries& s : m_series) {
        s.line = new QLineSeries;
        s.line->setName(s.style.setup);
        s.line->setPointsVisible(true);
        s.line->setMarkerSize(kLineMarkerSize);
        restyleSeries(s);
        c->addSeries(s.line);
        s.line->attachAxis(m_xAxis);
        s.line->attachAxis(m_yAxis);
        for (QLegendMarker* marker : c->legend()->markers(s.line))
            connect(marker, &QLegendMarker::clicked, this,
                    [this, marker] { onLegendMarkerClicked(marker); });
    }
    c->addSeries(m_collapse);
    m_collapse->attachAxis(m_xAxis);
    m_collapse->attachAxis(m_yAxis);
    m_legendSignature.clear(); // new markers
    updateLegendMarkers();
}

void MetricChartView::restyleSeries(SetupSeries& s)
{
    if (!s.line)
        return;
    QPen pen(s.style.color);
    pen.setWidthF(2.0);
    pen.setCapStyle(Qt::RoundCap);
    pen.setJoinStyle(Qt::RoundJoin);
    // Server cancellation dashed: the two modes of one policy share a colour in the
    // presets and stay apart by line style.
    if (s.serverCancellation)
        pen.setDashPattern({3.0, 2.0});
    s.line->setPen(pen);
    s.line->setBrush(s.style.color);
    s.line->setVisible(s.style.visible);
}

void MetricChartView::distributePoints()
{
    struct Entry {
        double load;
        std::optional<double> value;
        int index;
    };
    const bool log = isLatencyMetric(m_metric);
    std::vector<std::vector<Entry>> perSeries(m_series.size());
    double minLoad = std::numeric_limits<double>::infinity();
    double maxLoad = -std::numeric_limits<double>::infinity();

    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const PointResult& p = m_points[i];
        const int si = indexOf(QString::fromStdString(p.setup));
        if (si < 0)
            continue;
        minLoad = std::min(minLoad, p.load);
        maxLoad = std::max(maxLoad, p.load);
        std::optional<double> v = metricValue(p, m_metric);
        // One y <= 0 on a log axis hides the whole series: such a point is not drawn.
        if (v && (!std::isfinite(*v) || (log && *v <= 0.0)))
            v.reset();
        perSeries[static_cast<std::size_t>(si)].push_back({p.load, v, static_cast<int>(i)});
    }

    double minY = std::numeric_limits<double>::infinity();
    double maxY = -std::numeric_limits<double>::infinity();
    for (std::size_t si = 0; si < m_series.size(); ++si) {
        SetupSeries& s = m_series[si];
        std::vector<Entry>& entries = perSeries[si];
        std::stable_sort(entries.begin(), entries.end(),
                         [](const Entry& a, const Entry& b) { return a.load < b.load; });
        s.drawn.clear();
        s.drawnIndex.clear();
        s.collapsed.clear();
        s.collapsedIndex.clear();
        bool server = s.serverCancellation;
        for (const Entry& e : entries) {
            const PointResult& p = m_points[static_cast<std::size_t>(e.index)];
            server = p.cancellation == Cancellation::Server;
            if (e.value) {
                s.drawn.append(QPointF(e.load, *e.value));
                s.drawnIndex.push_back(e.index);
                if (s.style.visible) {
                    minY = std::min(minY, *e.value);
                    maxY = std::max(maxY, *e.value);
                }
            }
            if (p.collapsed) {
                // y is filled in below for a point without the figure (top of the axis).
                s.collapsed.append(QPointF(e.load, e.value ? *e.value : qQNaN()));
                s.collapsedIndex.push_back(e.index);
            }
        }
        if (server != s.serverCancellation) {
            s.serverCancellation = server;
            restyleSeries(s);
        }
    }

    if (std::isfinite(minLoad))
        m_xRange = {minLoad, maxLoad};
    else
        m_xRange = {kDefaultMinLoad, kDefaultMaxLoad};

    // y range from the visible setups only: hiding a collapsed setup zooms in on the rest.
    if (log) {
        double lo = 1.0, hi = 1000.0;
        if (std::isfinite(minY)) {
            lo = std::pow(10.0, std::floor(std::log10(minY / 1.15)));
            hi = std::pow(10.0, std::ceil(std::log10(maxY * 1.15)));
            if (hi <= lo * 1.0001)
                hi = lo * 10.0;
        }
        m_yRange = {lo, hi};
    } else if (m_metric == Metric::Utilisation) {
        m_yRange = {0.0, 100.0};
    } else if (m_metric == Metric::RequestsPerCall) {
        double lo = 0.9, hi = 1.5;
        if (std::isfinite(minY)) {
            lo = std::min(1.0, minY);
            hi = std::max(maxY, lo + 0.1);
            const double pad = (hi - lo) * 0.06;
            lo = std::max(0.0, lo - pad);
            hi += pad;
        }
        m_yRange = {lo, hi};
    } else {
        double hi = 1.0;
        if (std::isfinite(maxY))
            hi = std::max(1.0, maxY * 1.08);
        m_yRange = {0.0, hi};
    }
    updateYAxis();
    const std::pair<double, double> yRange = valueAxisRange();
    // A collapsed point without the figure is drawn just under the top of the axis.
    const double topY = log ? yRange.second / std::pow(yRange.second / yRange.first, 0.04)
                            : yRange.second - (yRange.second - yRange.first) * 0.04;

    QList<QPointF> collapse;
    m_collapseIndex.clear();
    m_bandStart.reset();
    for (std::size_t si = 0; si < m_series.size(); ++si) {
        SetupSeries& s = m_series[si];
        for (QPointF& pt : s.collapsed) {
            if (std::isnan(pt.y()))
                pt.setY(topY);
        }
        if (s.line->isVisible() != s.style.visible)
            s.line->setVisible(s.style.visible);
        if (s.style.visible) {
            if (s.line->points() != s.drawn)
                s.line->replace(s.drawn);
            collapse.append(s.collapsed);
            m_collapseIndex.insert(m_collapseIndex.end(), s.collapsedIndex.begin(),
                                   s.collapsedIndex.end());
            if (!s.collapsed.isEmpty()) {
                // The band starts half-way between the last healthy load and the first
                // collapsed one: the collapse happened somewhere in between.
                const double first = s.collapsed.front().x();
                double previous = first - 0.025;
                for (const Entry& e : perSeries[si]) {
                    if (e.load < first)
                        previous = e.load;
                }
                const double start = (previous + first) / 2.0;
                m_bandStart = m_bandStart ? std::min(*m_bandStart, start) : start;
            }
        } else if (!s.line->points().isEmpty()) {
            s.line->clear();
        }
    }
    if (m_collapse->points() != collapse)
        m_collapse->replace(collapse);

    updateXAxis();
    updateLegendMarkers();
    updateOverlays();
}

void MetricChartView::updateXAxis()
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
    lo = std::max(0.0, lo - pad);
    hi += pad;
    if (m_xAxis->min() == lo && m_xAxis->max() == hi && m_xAxis->count() > 0)
        return;

    for (const QString& label : m_xAxis->categoriesLabels())
        m_xAxis->remove(label);
    const double step = span > 0.45 ? 0.1 : span > 0.12 ? 0.05 : 0.01;
    m_xAxis->setStartValue(lo);
    for (long k = std::lround(std::ceil(lo / step - 1e-9)); k * step <= hi + 1e-9; ++k) {
        const double t = static_cast<double>(k) * step;
        if (t <= lo + 1e-9)
            continue;
        m_xAxis->append(QStringLiteral("%1 %").arg(std::lround(t * 100.0)), t);
    }
    m_xAxis->setRange(lo, hi);
}

void MetricChartView::updateYAxis()
{
    const auto [lo, hi] = m_yRange;
    if (auto* log = qobject_cast<QLogValueAxis*>(m_yAxis)) {
        if (log->min() != lo || log->max() != hi) {
            // %g would print 1e+05; plain digits read better for ms.
            log->setLabelFormat(lo < 1.0 ? QStringLiteral("%g") : QStringLiteral("%.0f"));
            log->setRange(lo, hi);
        }
    } else if (auto* lin = qobject_cast<QValueAxis*>(m_yAxis)) {
        QValueAxis probe;
        probe.setRange(lo, hi);
        probe.applyNiceNumbers();
        if (lin->min() != probe.min() || lin->max() != probe.max() ||
            lin->tickCount() != probe.tickCount()) {
            lin->setRange(probe.min(), probe.max());
            lin->setTickCount(probe.tickCount());
            const double tickStep =
                (probe.max() - probe.min()) / std::max(1, probe.tickCount() - 1);
            const int decimals = tickStep >= 1.0 ? 0 : tickStep >= 0.1 ? 1 : 2;
            lin->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
        }
    }
}

void MetricChartView::replaceYAxis()
{
    QChart* c = chart();
    if (m_yAxis) {
        c->removeAxis(m_yAxis);
        delete m_yAxis;
        m_yAxis = nullptr;
    }
    const bool log = isLatencyMetric(m_metric);
    if (log) {
        auto* axis = new QLogValueAxis;
        axis->setBase(10.0);
        axis->setMinorTickCount(8);
        axis->setLabelFormat(QStringLiteral("%.0f"));
        m_yAxis = axis;
    } else {
        auto* axis = new QValueAxis;
        axis->setMinorTickCount(0);
        m_yAxis = axis;
    }
    m_yAxis->setTitleText(metricTitle(m_metric));
    c->addAxis(m_yAxis, Qt::AlignLeft);
    for (SetupSeries& s : m_series) {
        if (s.line)
            s.line->attachAxis(m_yAxis);
    }
    if (c->series().contains(m_collapse))
        m_collapse->attachAxis(m_yAxis);
    c->setTitle(chartTitleFor(m_metric));
    styleAxis(m_yAxis, log);
}

void MetricChartView::styleAxis(QAbstractAxis* axis, bool minorGrid)
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    QFont labels = font();
    labels.setPointSizeF(std::max(7.0, font().pointSizeF() - 0.5));
    axis->setLabelsBrush(text);
    axis->setLabelsFont(labels);
    axis->setTitleBrush(text);
    axis->setTitleFont(font());
    axis->setShadesVisible(false);
    axis->setLinePen(QPen(mix(text, base, 0.55), 1.0));
    axis->setGridLinePen(QPen(mix(text, base, m_dark ? 0.78 : 0.85), 1.0));
    axis->setMinorGridLinePen(QPen(mix(text, base, m_dark ? 0.91 : 0.93), 1.0));
    axis->setMinorGridLineVisible(minorGrid);
}

void MetricChartView::applyTheme()
{
    m_applyingTheme = true;
    const QPalette pal = palette();
    m_dark = pal.color(QPalette::Window).lightness() < 128;
    QChart* c = chart();
    c->setTheme(m_dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);

    // The theme's gradients and fonts are replaced by the desktop's palette and font.
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    c->setBackgroundBrush(base);
    c->setBackgroundPen(Qt::NoPen);
    c->setBackgroundRoundness(0);
    c->setDropShadowEnabled(false);
    c->setPlotAreaBackgroundVisible(false);
    setBackgroundBrush(base);

    QFont title = font();
    title.setBold(true);
    title.setPointSizeF(font().pointSizeF() + 1.5);
    c->setTitleFont(title);
    c->setTitleBrush(text);

    QFont small = font();
    small.setPointSizeF(std::max(7.0, font().pointSizeF() - 0.5));
    c->legend()->setFont(small);
    c->legend()->setLabelColor(text);
    c->legend()->setBrush(Qt::NoBrush);
    c->legend()->setPen(Qt::NoPen);
    c->legend()->setBackgroundVisible(false);

    styleAxis(m_xAxis, false);
    styleAxis(m_yAxis, isLatencyMetric(m_metric));
    for (SetupSeries& s : m_series)
        restyleSeries(s);
    m_legendSignature.clear(); // the theme restyled the markers
    m_collapse->setLightMarker(collapseMarkerImage());
    m_collapse->setColor(collapseColour(m_dark));
    m_collapse->setPen(QPen(Qt::NoPen));

    QColor band = collapseColour(m_dark);
    band.setAlphaF(m_dark ? 0.16f : 0.08f);
    m_band->setBrush(band);
    QFont bandFont = font();
    bandFont.setBold(true);
    m_bandLabel->setFont(bandFont);
    m_bandLabel->setBrush(collapseColour(m_dark));
    QFont passFont = small;
    passFont.setItalic(true);
    m_passLabel->setFont(passFont);
    m_passLabel->setBrush(mix(text, base, 0.35));

    updateLegendMarkers();
    updateOverlays();
    m_applyingTheme = false;
}

QImage MetricChartView::collapseMarkerImage() const
{
    // Drawn large and scaled down by Qt Charts: stays crisp on high-DPI screens.
    QImage image(64, 64, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    const auto cross = [&p](const QPen& pen) {
        p.setPen(pen);
        p.drawLine(QPointF(14, 14), QPointF(50, 50));
        p.drawLine(QPointF(50, 14), QPointF(14, 50));
    };
    // A halo in the background colour keeps the X readable on top of the line it ends.
    cross(QPen(palette().color(QPalette::Base), 22, Qt::SolidLine, Qt::RoundCap));
    cross(QPen(collapseColour(m_dark), 12, Qt::SolidLine, Qt::RoundCap));
    return image;
}

void MetricChartView::updateLegendMarkers()
{
    // Runs on every setPoints: touch the markers only when what they show changed.
    QList<QVariant> signature{m_dark, m_collapse->points().isEmpty(),
                              palette().color(QPalette::Text)};
    for (const SetupSeries& s : m_series)
        signature << s.style.visible << s.style.color << s.serverCancellation;
    if (signature == m_legendSignature)
        return;
    m_legendSignature = signature;

    QChart* c = chart();
    const QColor text = palette().color(QPalette::Text);
    const QColor base = palette().color(QPalette::Base);
    for (SetupSeries& s : m_series) {
        for (QLegendMarker* marker : c->legend()->markers(s.line)) {
            // Hiding a series hides its marker too: keep it, dimmed, so a click restores it.
            marker->setVisible(true);
            marker->setLabelBrush(s.style.visible ? text : mix(text, base, 0.6));
            QColor colour = s.style.visible ? s.style.color : mix(s.style.color, base, 0.7);
            QPen pen = s.line->pen();
            pen.setColor(colour);
            marker->setPen(pen);
            marker->setBrush(colour);
        }
    }
    // The collapse entry stays as a key even when nothing collapsed: Qt Charts 6.4 does not
    // lay the legend out again when a marker's visibility changes, and would draw the
    // marker over the first entry.
    for (QLegendMarker* marker : c->legend()->markers(m_collapse))
        marker->setVisible(true);
}

void MetricChartView::onLegendMarkerClicked(QLegendMarker* marker)
{
    for (SetupSeries& s : m_series) {
        if (marker->series() != s.line)
            continue;
        s.style.visible = !s.style.visible;
        m_tooltipPoint = -1;
        distributePoints();
        emit seriesVisibilityToggled(s.style.setup, s.style.visible);
        return;
    }
}

double MetricChartView::xToChart(double load) const
{
    const QRectF plot = chart()->plotArea();
    const double lo = m_xAxis->min(), hi = m_xAxis->max();
    if (hi <= lo)
        return plot.left();
    return plot.left() + (load - lo) / (hi - lo) * plot.width();
}

void MetricChartView::updateOverlays()
{
    const QRectF plot = chart()->plotArea();
    if (m_bandStart && plot.isValid()) {
        const double x0 = std::clamp(xToChart(*m_bandStart), plot.left(), plot.right());
        m_band->setRect(QRectF(QPointF(x0, plot.top()), plot.bottomRight()));
        m_band->show();
        m_bandLabel->setPos(x0 + 5.0, plot.top() + 3.0);
        m_bandLabel->show();
    } else {
        m_band->hide();
        m_bandLabel->hide();
    }
    const QRectF passBounds = m_passLabel->boundingRect();
    const QSizeF size = chart()->size();
    m_passLabel->setPos(size.width() - passBounds.width() - 10.0, 6.0);
    m_passLabel->setVisible(!m_passText.isEmpty());
}

int MetricChartView::nearestPointIndex(const QPoint& viewPos) const
{
    const QPointF chartPos = chart()->mapFromScene(mapToScene(viewPos));
    const QRectF plot = chart()->plotArea().adjusted(-kHoverRadiusPx, -kHoverRadiusPx,
                                                     kHoverRadiusPx, kHoverRadiusPx);
    if (!plot.contains(chartPos))
        return -1;
    int best = -1;
    double bestDistance = kHoverRadiusPx * kHoverRadiusPx;
    const auto consider = [&](const QPointF& value, QAbstractSeries* series, int index) {
        const QPointF d = chart()->mapToPosition(value, series) - chartPos;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (distance < bestDistance) {
            bestDistance = distance;
            best = index;
        }
    };
    const QList<QPointF> collapse = m_collapse->points();
    for (qsizetype k = 0; k < collapse.size(); ++k)
        consider(collapse[k], m_collapse, m_collapseIndex[static_cast<std::size_t>(k)]);
    for (const SetupSeries& s : m_series) {
        if (!s.style.visible)
            continue;
        for (qsizetype k = 0; k < s.drawn.size(); ++k)
            consider(s.drawn[k], s.line, s.drawnIndex[static_cast<std::size_t>(k)]);
    }
    return best;
}

std::optional<PointResult> MetricChartView::pointAt(const QPoint& viewPos) const
{
    const int index = nearestPointIndex(viewPos);
    if (index < 0)
        return std::nullopt;
    return m_points[static_cast<std::size_t>(index)];
}

QString MetricChartView::tooltipText(const PointResult& p)
{
    const auto row = [](const QString& name, const QString& value) {
        return QStringLiteral(
                   "<tr><td>%1</td><td style=\"padding-left:10px\"><nobr>%2</nobr></td></tr>")
            .arg(name, value);
    };
    QString html =
        QStringLiteral("<nobr><b>%1</b></nobr><table cellspacing=\"0\" cellpadding=\"0\">")
            .arg(QString::fromStdString(p.setup).toHtmlEscaped());
    html += row(QStringLiteral("load"), pct(p.load));
    html += row(QStringLiteral("p50 · p99 · p99.9"),
                QStringLiteral("%1 · %2 · %3").arg(ms(p.p50Ms), ms(p.p99Ms), ms(p.p999Ms)));
    html +=
        row(QStringLiteral("mean · max"), QStringLiteral("%1 · %2").arg(ms(p.meanMs), ms(p.maxMs)));
    html += row(QStringLiteral("requests per call"), num(p.requestsPerCall));
    html += row(QStringLiteral("hedged calls"), pct(p.hedgedFraction));
    html += row(QStringLiteral("rejected · failed"),
                QStringLiteral("%1 · %2").arg(pct(p.rejectedFraction), pct(p.failedFraction)));
    html += row(QStringLiteral("utilisation"), pct(p.utilisation));
    html += row(QStringLiteral("cancellation"), QString::fromLatin1(toString(p.cancellation)));
    html += row(QStringLiteral("measured calls"), QString::number(p.measuredCalls));
    html += QStringLiteral("</table>");
    if (p.collapsed)
        html += QStringLiteral("<nobr><b style=\"color:#d01010\">COLLAPSED: the queue never "
                               "drained at this load</b></nobr>");
    return html;
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

void MetricChartView::mouseMoveEvent(QMouseEvent* event)
{
    QChartView::mouseMoveEvent(event);
    const int index = nearestPointIndex(event->position().toPoint());
    if (index == m_tooltipPoint)
        return;
    m_tooltipPoint = index;
    if (index >= 0)
        QToolTip::showText(event->globalPosition().toPoint(),
                           tooltipText(m_points[static_cast<std::size_t>(index)]), this);
    else
        QToolTip::hideText();
}

void MetricChartView::leaveEvent(QEvent* event)
{
    QChartView::leaveEvent(event);
    m_tooltipPoint = -1;
    QToolTip::hideText();
}

} // namespace hedge
