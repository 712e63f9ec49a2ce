#include "ServiceFitChart.h"

#include "ChartTheme.h"

#include <QCategoryAxis>
#include <QChart>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hedge {

namespace {

// The highest fraction drawn: p99.99. A table's slowest knot is its p100, which has no place on
// a nines axis.
constexpr double kFitChartTopNines = 4.0;
// Fractions drawn per curve: equally spaced in nines, so the tail gets as many as the body.
constexpr int kFitChartCurvePoints = 200;

template <class QuantileOf>
QList<QPointF> fitChartCurveOf(const QuantileOf& quantile)
{
    QList<QPointF> points;
    for (int i = 0; i <= kFitChartCurvePoints; ++i) {
        const double nines = kFitChartTopNines * i / kFitChartCurvePoints;
        const double ms = quantile(1.0 - std::pow(10.0, -nines));
        // A log axis cannot draw zero.
        if (ms > 0.0 && std::isfinite(ms))
            points.append({ms, nines});
    }
    return points;
}

} // namespace

ServiceFitChart::ServiceFitChart(QWidget* parent) : QChartView(parent)
{
    setObjectName(QStringLiteral("serviceFitChart"));
    setRenderHint(QPainter::Antialiasing);
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    // setChart() releases the chart the view made for itself: nothing else would delete it.
    QChart* made = this->chart();
    setChart(chart);
    delete made;

    m_measured = new QLineSeries(this);
    m_measured->setName(tr("Measured"));
    m_model = new QLineSeries(this);
    m_model->setName(tr("Service time (simulated from)"));
    m_typed = new QScatterSeries(this);
    m_typed->setName(tr("Measured percentiles"));
    m_simulated = new QScatterSeries(this);
    m_simulated->setName(tr("Simulated at load"));
    m_simulatedCurve = new QLineSeries(this);
    for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(m_measured),
                               static_cast<QAbstractSeries*>(m_simulatedCurve),
                               static_cast<QAbstractSeries*>(m_model),
                               static_cast<QAbstractSeries*>(m_typed),
                               static_cast<QAbstractSeries*>(m_simulated)})
        chart->addSeries(s);

    m_latencyAxis = new QLogValueAxis(this);
    m_latencyAxis->setBase(10.0);
    m_latencyAxis->setLabelFormat(QStringLiteral("%g"));
    m_latencyAxis->setTitleText(tr("Latency (ms, log scale)"));
    m_latencyAxis->setMinorTickCount(8);
    m_ninesAxis = new QCategoryAxis(this);
    m_ninesAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_ninesAxis->setRange(0.0, kFitChartTopNines);
    m_ninesAxis->append(QStringLiteral("p0"), 0.0);
    m_ninesAxis->append(QStringLiteral("p50"), ninesOf(0.5));
    m_ninesAxis->append(QStringLiteral("p90"), 1.0);
    m_ninesAxis->append(QStringLiteral("p99"), 2.0);
    m_ninesAxis->append(QStringLiteral("p99.9"), 3.0);
    m_ninesAxis->append(QStringLiteral("p99.99"), 4.0);
    m_ninesAxis->setTitleText(tr("Percentile"));
    chart->addAxis(m_latencyAxis, Qt::AlignBottom);
    chart->addAxis(m_ninesAxis, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(m_latencyAxis);
        s->attachAxis(m_ninesAxis);
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    // The simulated curve shares the simulated points' entry (their colour, named by load).
    for (QLegendMarker* marker : chart->legend()->markers(m_simulatedCurve))
        marker->setVisible(false);
    restyle();
    clear();
    setMinimumSize(320, 220);
}

double ServiceFitChart::ninesOf(double q)
{
    return -std::log10(std::max(1.0 - q, 1e-12));
}

void ServiceFitChart::setMeasured(const QuantilePoints& measured,
                                  const std::vector<PercentilePoint>& typed)
{
    if (measured.fraction.empty())
        m_measured->clear();
    else
        m_measured->replace(fitChartCurveOf([&](double q) { return measured.at(q); }));
    QList<QPointF> points;
    for (const PercentilePoint& p : typed)
        points.append({p.ms, ninesOf(p.p)});
    m_typed->replace(points);
    updateRange();
}

void ServiceFitChart::setModel(const ServiceTimeTable& model)
{
    if (model.empty())
        m_model->clear();
    else
        m_model->replace(fitChartCurveOf([&](double q) { return model.quantile(q); }));
    updateRange();
}

void ServiceFitChart::setSimulated(const std::vector<PercentilePoint>& simulated,
                                   const QuantilePoints& distribution, double utilisation)
{
    QList<QPointF> points;
    for (const PercentilePoint& p : simulated)
        points.append({p.ms, ninesOf(p.p)});
    m_simulated->replace(points);
    m_simulated->setName(tr("Response time simulated at %1 %").arg(std::lround(utilisation * 100)));
    if (distribution.fraction.empty())
        m_simulatedCurve->clear();
    else
        m_simulatedCurve->replace(fitChartCurveOf([&](double q) { return distribution.at(q); }));
    updateRange();
}

void ServiceFitChart::clear()
{
    m_measured->clear();
    m_model->clear();
    m_typed->clear();
    m_simulated->clear();
    m_simulatedCurve->clear();
    updateRange();
}

void ServiceFitChart::updateRange()
{
    double lo = std::numeric_limits<double>::infinity(), hi = 0.0;
    for (const auto* s : {static_cast<const QXYSeries*>(m_measured),
                          static_cast<const QXYSeries*>(m_model),
                          static_cast<const QXYSeries*>(m_typed),
                          static_cast<const QXYSeries*>(m_simulated),
                          static_cast<const QXYSeries*>(m_simulatedCurve)})
        for (const QPointF& p : s->points()) {
            // A curve's p0 (at 0 nines) is what the import assumed, not a measurement: a
            // histogram's first bucket "starts at 0", a table's shortest knot is 1e-6 ms. The
            // axis starts at the data, and that point runs off its left edge.
            if (p.y() > 0.0)
                lo = std::min(lo, p.x());
            hi = std::max(hi, p.x());
        }
    if (hi <= 0.0 || !std::isfinite(lo)) {
        lo = 1.0;
        hi = 1000.0;
    }
    // Whole decades: the log axis labels its ends.
    m_latencyAxis->setRange(std::pow(10.0, std::floor(std::log10(lo))),
                            std::pow(10.0, std::ceil(std::log10(hi * 1.0001))));
    m_measured->setVisible(m_measured->count() > 0);
    m_typed->setVisible(m_typed->count() > 0);
    m_simulated->setVisible(m_simulated->count() > 0);
}

void ServiceFitChart::restyle()
{
    // Styling the chart changes the view's palette: the change it causes is ours.
    if (m_restyling)
        return;
    m_restyling = true;
    const ChartTheme theme(palette(), font());
    theme.styleChart(chart());
    setBackgroundBrush(theme.base());
    theme.styleAxis(m_latencyAxis, true);
    theme.styleAxis(m_ninesAxis, false);
    // After the theme, which sets its own colours on every series.
    const QColor measured = theme.isDark() ? QColor(0x6c, 0xb4, 0xff) : QColor(0x1f, 0x5f, 0xbf);
    const QColor model = theme.isDark() ? QColor(0xff, 0xa6, 0x4d) : QColor(0xd0, 0x6a, 0x00);
    const QColor simulated = theme.isDark() ? QColor(0x7d, 0xe0, 0x8a) : QColor(0x1e, 0x8a, 0x3a);
    m_measured->setPen(QPen(measured, 2.5));
    m_model->setPen(QPen(model, 2.0, Qt::DashLine));
    m_typed->setColor(measured);
    m_typed->setBorderColor(theme.base());
    m_typed->setMarkerSize(10.0);
    m_simulated->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_simulated->setColor(simulated);
    m_simulated->setBorderColor(theme.base());
    m_simulated->setMarkerSize(10.0);
    m_simulatedCurve->setPen(QPen(simulated, 1.5, Qt::DotLine));
    m_restyling = false;
}

void ServiceFitChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    const auto type = event->type();
    if (type == QEvent::PaletteChange || type == QEvent::ApplicationPaletteChange ||
        type == QEvent::FontChange || type == QEvent::ApplicationFontChange)
        restyle();
}

} // namespace hedge
