#include "ChartArea.h"

#include "ChartLegend.h"
#include "MetricChartView.h"

#include <QChart>
#include <QEvent>
#include <QGridLayout>
#include <QLegend>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

#include <algorithm>

namespace hedge {

ChartArea::ChartArea(QWidget* parent) : QWidget(parent)
{
    m_outer = new QVBoxLayout(this);
    m_outer->setContentsMargins(0, 0, 0, 0);
    m_outer->setSpacing(4);
    m_legend = new ChartLegend(this);
    m_legend->hide();
    m_outer->addWidget(m_legend);
    // The grid scrolls up and down, never sideways: the columns always fit the width.
    m_scroll = new QScrollArea(this);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_page = new QWidget(m_scroll);
    m_scroll->setWidget(m_page);
    m_outer->addWidget(m_scroll, 1);
    for (Metric m : chartOrder()) {
        auto* chart = new MetricChartView(m, m_page);
        chart->setVisible(isAlwaysShown(m));
        m_charts.insert(m, chart);
        connect(chart, &MetricChartView::seriesVisibilityToggled, this,
                &ChartArea::seriesVisibilityToggled);
        chart->installEventFilter(this);
        chart->viewport()->installEventFilter(this);
    }
    m_lastChart = m_charts.value(Metric::P99);
    relayout();
}

const QList<Metric>& ChartArea::chartOrder()
{
    // The catalogue's order (hedge/sim/Figures.h, metricFigures()): goodput and timed out after
    // the two always shown; the parts' p99 last, only for a service that fans out.
    static const QList<Metric> order = allMetrics();
    return order;
}

bool ChartArea::isAlwaysShown(Metric metric)
{
    return figureRow(metric).chartAlwaysShown;
}

MetricChartView* ChartArea::upToDateChart(Metric metric)
{
    MetricChartView* chart = m_charts.value(metric);
    if (chart)
        refresh(chart);
    return chart;
}

MetricChartView* ChartArea::currentChart()
{
    MetricChartView* current = m_lastChart;
    for (MetricChartView* chart : std::as_const(m_charts))
        if (chart->isVisible() && chart->hasFocus()) {
            current = chart;
            break;
        }
    refresh(current);
    return current;
}

QList<MetricChartView*> ChartArea::shownCharts()
{
    QList<MetricChartView*> charts;
    for (Metric m : chartOrder())
        if (m_charts[m]->isVisibleTo(this) || isAlwaysShown(m)) {
            refresh(m_charts[m]);
            charts.push_back(m_charts[m]);
        }
    return charts;
}

void ChartArea::setChartVisible(Metric metric, bool visible)
{
    if (isAlwaysShown(metric) || m_extraShown.contains(metric) == visible)
        return;
    if (visible)
        m_extraShown.insert(metric);
    else
        m_extraShown.remove(metric);
    relayout();
    emit chartVisibilityChanged(metric, visible);
}

QList<Metric> ChartArea::extraCharts() const
{
    QList<Metric> extra;
    for (auto it = m_charts.cbegin(); it != m_charts.cend(); ++it)
        if (m_extraShown.contains(it.key()))
            extra << it.key();
    return extra;
}

bool ChartArea::isLaidOut(Metric metric) const
{
    if (isAlwaysShown(metric))
        return true;
    // A part chart without parts would be an empty frame: it waits for a fan-out's points.
    return m_extraShown.contains(metric) && (!isPartMetric(metric) || m_hasParts);
}

void ChartArea::setPoints(const std::vector<PointResult>& points, const QString& passLabel)
{
    m_points = points;
    m_passLabel = passLabel;
    const bool hasParts = std::any_of(m_points.begin(), m_points.end(),
                                      [](const PointResult& p) { return p.parts.has_value(); });
    if (hasParts != m_hasParts) {
        m_hasParts = hasParts;
        relayout();
    }
    // Only the shown charts pay for the update at each redraw tick.
    for (MetricChartView* chart : std::as_const(m_charts)) {
        if (chart->isVisibleTo(this)) {
            chart->setPoints(m_points);
            chart->setPassLabel(m_passLabel);
            m_stale.remove(chart);
        } else {
            m_stale.insert(chart);
        }
    }
}

void ChartArea::setSeriesStyles(const QList<SeriesStyle>& styles)
{
    for (MetricChartView* chart : std::as_const(m_charts))
        chart->setSeriesStyles(styles);
    m_legend->setSeriesStyles(styles);
}

void ChartArea::setLegendsOnCharts(bool on)
{
    // One legend for all the charts: a legend on each chart shared its width with the plot
    // and cut the names ("no …") at a room's font size.
    m_presenting = on;
    m_legend->setVisible(on);
    relayout();
}

int ChartArea::wantedColumns(int shownCharts) const
{
    // Two charts stack (wide plots read best against load); more make rows of two, and of
    // three where the area is wide enough that a column keeps kReadableColumnWidth (a wide
    // screen shows more charts without scrolling; at 1024 px it stays two).
    if (shownCharts <= 2)
        return 1;
    if (!m_presenting)
        return shownCharts > 4 && width() >= 3 * kReadableColumnWidth ? 3 : 2;
    // At a room's font size a column narrower than about 34 characters cuts the titles
    // ("requests p…") and the load labels: then one column.
    const int columnMin = 34 * QFontMetrics(m_charts.first()->font()).averageCharWidth();
    return width() >= 2 * columnMin ? 2 : 1;
}

void ChartArea::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    int shown = 0;
    for (Metric m : chartOrder())
        shown += isLaidOut(m);
    if (wantedColumns(shown) != m_columns)
        relayout();
}

void ChartArea::ensureChartVisible(MetricChartView* chart)
{
    // Its whole rectangle, by the scroll bar: ensureWidgetVisible would aim at a chart view's
    // input-method spot, and ensureVisible(centre, half height) leaves the last pixel row of a
    // chart at the bottom out of view. The grid never scrolls sideways.
    if (!chart || !chart->isVisibleTo(this))
        return;
    const QRect onPage(chart->mapTo(m_page, QPoint(0, 0)), chart->size());
    QScrollBar* bar = m_scroll->verticalScrollBar();
    const int viewHeight = m_scroll->viewport()->height();
    if (onPage.top() < bar->value())
        bar->setValue(onPage.top());
    else if (onPage.bottom() >= bar->value() + viewHeight) // taller than the view: its top
        bar->setValue(std::min(onPage.top(), onPage.bottom() + 1 - viewHeight));
}

void ChartArea::setCallout(const QString& figure, const QString& setup, double load,
                           const QString& text, const QString& compact)
{
    const std::optional<Metric> metric = metricFromResultsKey(figure);
    MetricChartView* target = nullptr;
    if (!setup.isEmpty())
        target = metric && (isAlwaysShown(*metric) || m_charts[*metric]->isVisibleTo(this))
                     ? m_charts[*metric]
                     : m_charts[Metric::P99];
    if (m_calloutChart && m_calloutChart != target)
        m_calloutChart->setCallout({}, 0.0, {});
    m_calloutChart = target;
    if (target) {
        refresh(target); // a chart shown again may hold older points
        target->setCallout(setup, load, text, compact);
        ensureChartVisible(target); // a lesson's words point at it: never scrolled away
    }
}

void ChartArea::setLoadRange(const std::vector<double>& loads)
{
    if (loads.empty())
        return;
    const auto [lo, hi] = std::minmax_element(loads.begin(), loads.end());
    for (MetricChartView* chart : std::as_const(m_charts))
        chart->setLoadRange(*lo, *hi);
}

void ChartArea::refresh(MetricChartView* chart)
{
    if (!m_stale.remove(chart))
        return;
    chart->setPoints(m_points);
    chart->setPassLabel(m_passLabel);
}

void ChartArea::relayout()
{
    // A new grid: an old one keeps the rows and columns it once had, and their minimum sizes.
    delete m_grid; // the layout and its items, not the charts
    m_grid = new QGridLayout(m_page);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(4);
    QList<MetricChartView*> shown;
    for (Metric m : chartOrder())
        if (isLaidOut(m))
            shown.push_back(m_charts[m]);
    const int columns = wantedColumns(static_cast<int>(shown.size()));
    m_columns = columns;
    for (int i = 0; i < shown.size(); ++i)
        m_grid->addWidget(shown[i], i / columns, i % columns);
    m_rows = int((shown.size() + columns - 1) / columns);
    // Never shorter than readable: past that the page grows beyond the area and scrolls.
    m_page->setMinimumHeight(m_rows * kReadableChartHeight + std::max(0, m_rows - 1) * m_grid->spacing());
    for (MetricChartView* chart : std::as_const(m_charts)) {
        // Before it is shown, so that it never paints older points.
        if (shown.contains(chart))
            refresh(chart);
        chart->setVisible(shown.contains(chart));
    }
    for (int r = 0; r < m_grid->rowCount(); ++r)
        m_grid->setRowStretch(r, 1);
    for (int c = 0; c < 3; ++c)
        m_grid->setColumnStretch(c, c < columns ? 1 : 0);
}

int ChartArea::readableHeight() const
{
    const int legend = m_presenting ? m_legend->heightForWidth(width()) + m_outer->spacing() : 0;
    const int rows = std::min(m_rows, 3);
    if (rows <= 0)
        return legend;
    return legend + rows * kReadableChartHeight + (rows - 1) * m_grid->spacing();
}

bool ChartArea::eventFilter(QObject* watched, QEvent* event)
{
    // The chart last clicked is the one Ctrl+E and Copy Chart take.
    if (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::FocusIn)
        for (QObject* o = watched; o; o = o->parent())
            if (auto* chart = qobject_cast<MetricChartView*>(o)) {
                m_lastChart = chart;
                break;
            }
    return QWidget::eventFilter(watched, event);
}

QStringList ChartArea::setMeasuredPoints(const std::vector<PointResult>& points,
                                         const QString& source)
{
    QStringList unmatched;
    for (MetricChartView* chart : std::as_const(m_charts))
        unmatched = chart->setMeasuredPoints(points, source);
    return unmatched;
}

} // namespace hedge
