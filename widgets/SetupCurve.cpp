#include "SetupCurve.h"

#include "ChartMarkers.h"
#include "ChartTheme.h"

#include <QAreaSeries>
#include <QChart>
#include <QHash>
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

// What a marker kind's series is called (after the setup) and looks like.
QString markerSuffix(MarkerKind kind)
{
    switch (kind) {
    case MarkerKind::Collapse:
        return QStringLiteral(" (collapsed)");
    case MarkerKind::OffScale:
        return QStringLiteral(" (collapsed, off scale)");
    case MarkerKind::Partial:
        return QStringLiteral(" (collapsed in some runs)");
    case MarkerKind::PartialOffScale:
        return QStringLiteral(" (collapsed in some runs, off scale)");
    case MarkerKind::Measured:
        return QStringLiteral(" (measured)");
    }
    return {};
}

QImage markerImage(MarkerKind kind, const QColor& colour, const QColor& halo)
{
    switch (kind) {
    case MarkerKind::Collapse:
        return collapseMarkerImage(colour, halo);
    case MarkerKind::OffScale:
        return offScaleMarkerImage(colour, halo);
    case MarkerKind::Partial:
        return partialCollapseMarkerImage(colour, halo);
    case MarkerKind::PartialOffScale:
        return partialOffScaleMarkerImage(colour, halo);
    case MarkerKind::Measured:
        return measuredMarkerImage(colour, halo);
    }
    return {};
}

// A series told its unchanged points again repaints the chart all the same.
void replaceChanged(QXYSeries* series, const QList<QPointF>& points)
{
    if (series->points() != points)
        series->replace(points);
}

} // namespace

SetupCurve::SetupCurve(const SeriesStyle& style)
    : m_style(style), m_line(new QLineSeries), m_bandUpper(std::make_unique<QLineSeries>()),
      m_bandLower(std::make_unique<QLineSeries>()),
      m_band(new QAreaSeries(m_bandUpper.get(), m_bandLower.get()))
{
    m_line->setPointsVisible(true);
    m_line->setMarkerSize(kLineMarkerSize);
    for (const MarkerKind kind : kAllMarkerKinds) {
        QScatterSeries*& marks = m_marks[static_cast<std::size_t>(kind)];
        marks = new QScatterSeries;
        const bool offScale = kind == MarkerKind::OffScale || kind == MarkerKind::PartialOffScale;
        marks->setMarkerSize(offScale ? kOffScaleMarkerSize : kCollapseMarkerSize);
    }
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
    QList<QAbstractSeries*> all{m_line};
    for (QScatterSeries* marks : m_marks)
        all.append(marks);
    all.append(m_band);
    return all;
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
    QPen pen(m_style.color);
    pen.setWidthF(m_style.lineWidth > 0.0 ? m_style.lineWidth : 2.0);
    pen.setCapStyle(Qt::RoundCap);
    pen.setJoinStyle(Qt::RoundJoin);
    // Server cancellation dashed: the two modes of one policy share a colour in the
    // presets and stay apart by line style. A style's own dashes (presenter mode) go first:
    // there every setup has its colour and its dashes.
    if (!m_style.dashPattern.isEmpty()) {
        pen.setCapStyle(Qt::FlatCap); // round caps would fill the gaps of dots
        pen.setDashPattern(m_style.dashPattern);
    } else if (m_serverCancellation) {
        pen.setDashPattern({3.0, 2.0});
    }
    m_line->setPen(pen);
    m_line->setBrush(m_style.color);
    m_line->setVisible(m_style.visible);
    for (const MarkerKind kind : kAllMarkerKinds) {
        QScatterSeries* marks = m_marks[static_cast<std::size_t>(kind)];
        marks->setName(m_style.setup + markerSuffix(kind));
        marks->setLightMarker(markerImage(kind, m_style.color, halo));
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
    replaceChanged(m_line, m_drawn.line);
    // A marked point is its marker: the line's dot there would show beside a marker moved
    // aside in a stack (MarkerStacks), as a stray shape between the markers.
    QHash<int, QHash<QXYSeries::PointConfiguration, QVariant>> hidden;
    for (const MarkerKind kind : {MarkerKind::Collapse, MarkerKind::OffScale, MarkerKind::Partial,
                                  MarkerKind::PartialOffScale})
        for (const int index : m_drawn[kind].index) {
            const auto at = std::find(m_drawn.lineIndex.begin(), m_drawn.lineIndex.end(), index);
            if (at != m_drawn.lineIndex.end())
                hidden[static_cast<int>(at - m_drawn.lineIndex.begin())]
                      [QXYSeries::PointConfiguration::Visibility] = false;
        }
    if (m_line->pointsConfiguration() != hidden)
        m_line->setPointsConfiguration(hidden);
    replaceChanged(m_bandUpper.get(), m_drawn.bandUpper);
    replaceChanged(m_bandLower.get(), m_drawn.bandLower);
}

void SetupCurve::placeMarks(MarkerKind kind, const QList<QPointF>& points)
{
    replaceChanged(marks(kind), points);
}

bool SetupCurve::isOffScale(int pointIndex) const
{
    const auto onCeiling = [pointIndex](const Marks& marks) {
        return std::find(marks.index.begin(), marks.index.end(), pointIndex) != marks.index.end();
    };
    return onCeiling(m_drawn[MarkerKind::OffScale]) ||
           onCeiling(m_drawn[MarkerKind::PartialOffScale]);
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
    QList<QAbstractSeries*> unnamed{m_band};
    for (QScatterSeries* marks : m_marks)
        unnamed.append(marks);
    for (QAbstractSeries* series : unnamed)
        for (QLegendMarker* marker : legend->markers(series))
            marker->setVisible(false);
}

} // namespace hedge
