#include "SetupCurve.h"

#include "ChartMarkers.h"
#include "ChartTheme.h"

#include <QAreaSeries>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>

#include <algorithm>

namespace hedge {

namespace {

constexpr qreal kLineMarkerSize = 3.5; // Qt Charts 6.4 draws line-series points with this radius
// Light enough that crossing bands and the lines over them stay readable.
constexpr int kBandAlpha = 48;

} // namespace

SetupCurve::SetupCurve(const SeriesStyle& style)
    : m_style(style), m_line(new QLineSeries), m_collapseMarks(new QScatterSeries),
      m_offScaleMarks(new QScatterSeries), m_partialMarks(new QScatterSeries),
      m_measuredMarks(new QScatterSeries), m_bandUpper(std::make_unique<QLineSeries>()),
      m_bandLower(std::make_unique<QLineSeries>()),
      m_band(new QAreaSeries(m_bandUpper.get(), m_bandLower.get()))
{
    m_line->setPointsVisible(true);
    m_line->setMarkerSize(kLineMarkerSize);
    for (QScatterSeries* marks : {m_collapseMarks, m_offScaleMarks, m_partialMarks, m_measuredMarks})
        marks->setMarkerSize(kCollapseMarkerSize);
}

SetupCurve::~SetupCurve()
{
    for (QAbstractSeries* s : series()) {
        if (QChart* chart = s->chart())
            chart->removeSeries(s);
        delete s;
    }
}

QList<QAbstractSeries*> SetupCurve::series() const
{
    return {m_line, m_collapseMarks, m_offScaleMarks, m_partialMarks, m_measuredMarks, m_band};
}

void SetupCurve::setStyle(const SeriesStyle& style, const QColor& halo)
{
    if (style == m_style)
        return;
    m_style = style;
    restyle(halo);
}

void SetupCurve::setServerCancellation(bool server, const QColor& halo)
{
    if (server == m_serverCancellation)
        return;
    m_serverCancellation = server;
    restyle(halo);
}

void SetupCurve::restyle(const QColor& halo)
{
    m_line->setName(m_style.setup);
    m_collapseMarks->setName(m_style.setup + QStringLiteral(" (collapsed)"));
    m_offScaleMarks->setName(m_style.setup + QStringLiteral(" (collapsed, off scale)"));
    QPen pen(m_style.color);
    pen.setWidthF(2.0);
    pen.setCapStyle(Qt::RoundCap);
    pen.setJoinStyle(Qt::RoundJoin);
    // Server cancellation dashed: the two modes of one policy share a colour in the
    // presets and stay apart by line style.
    if (m_serverCancellation)
        pen.setDashPattern({3.0, 2.0});
    m_line->setPen(pen);
    m_line->setBrush(m_style.color);
    m_line->setVisible(m_style.visible);
    m_collapseMarks->setLightMarker(collapseMarkerImage(m_style.color, halo));
    m_offScaleMarks->setLightMarker(offScaleMarkerImage(m_style.color, halo));
    m_partialMarks->setName(m_style.setup + QStringLiteral(" (collapsed in some runs)"));
    m_partialMarks->setLightMarker(partialCollapseMarkerImage(m_style.color, halo));
    m_measuredMarks->setName(m_style.setup + QStringLiteral(" (measured)"));
    m_measuredMarks->setLightMarker(measuredMarkerImage(m_style.color, halo));
    for (QScatterSeries* marks : {m_collapseMarks, m_offScaleMarks, m_partialMarks, m_measuredMarks}) {
        marks->setColor(m_style.color);
        marks->setPen(QPen(Qt::NoPen));
        marks->setVisible(m_style.visible);
    }
    m_band->setName(m_style.setup + QStringLiteral(" (spread)"));
    QColor fill = m_style.color;
    fill.setAlpha(kBandAlpha);
    m_band->setBrush(fill);
    m_band->setPen(QPen(Qt::NoPen));
    m_band->setVisible(m_style.visible);
}

void SetupCurve::show(Drawn drawn)
{
    if (!m_style.visible)
        drawn = Drawn{};
    m_drawn = std::move(drawn);
    // A series told its unchanged points again repaints the chart all the same.
    const auto replaceChanged = [](QXYSeries* series, const QList<QPointF>& points) {
        if (series->points() != points)
            series->replace(points);
    };
    replaceChanged(m_line, m_drawn.line);
    replaceChanged(m_collapseMarks, m_drawn.collapse);
    replaceChanged(m_offScaleMarks, m_drawn.offScale);
    replaceChanged(m_partialMarks, m_drawn.partial);
    replaceChanged(m_measuredMarks, m_drawn.measured);
    replaceChanged(m_bandUpper.get(), m_drawn.bandUpper);
    replaceChanged(m_bandLower.get(), m_drawn.bandLower);
}

bool SetupCurve::isOffScale(int pointIndex) const
{
    return std::find(m_drawn.offScaleIndex.begin(), m_drawn.offScaleIndex.end(), pointIndex) !=
           m_drawn.offScaleIndex.end();
}

void SetupCurve::styleLegend(QLegend* legend, const QColor& text, const QColor& base) const
{
    for (QLegendMarker* marker : legend->markers(m_line)) {
        // Hiding a series hides its marker too: keep it, dimmed, so a click restores it.
        marker->setVisible(true);
        marker->setLabelBrush(m_style.visible ? text : ChartTheme::mix(text, base, 0.6));
        const QColor colour =
            m_style.visible ? m_style.color : ChartTheme::mix(m_style.color, base, 0.7);
        QPen pen = m_line->pen();
        pen.setColor(colour);
        marker->setPen(pen);
        marker->setBrush(colour);
    }
    // Hidden as soon as they exist: Qt Charts 6.4 does not lay the legend out again when a
    // marker's visibility changes later.
    for (QAbstractSeries* unnamed : QList<QAbstractSeries*>{m_collapseMarks, m_offScaleMarks, m_partialMarks,
                                              m_measuredMarks, m_band})
        for (QLegendMarker* marker : legend->markers(unnamed))
            marker->setVisible(false);
}

} // namespace hedge
