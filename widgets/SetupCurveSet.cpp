#include "SetupCurveSet.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>

#include <algorithm>

namespace hedge {

bool SetupCurveSet::setStyles(const QList<SeriesStyle>& styles, const QColor& halo)
{
    QList<SeriesStyle> unique;
    for (const SeriesStyle& style : styles) {
        // Names are unique in a scenario; a duplicate would be unreachable.
        if (std::none_of(unique.begin(), unique.end(),
                         [&](const SeriesStyle& u) { return u.setup == style.setup; }))
            unique.append(style);
    }
    bool sameSetups = static_cast<std::size_t>(unique.size()) == m_curves.size();
    for (std::size_t i = 0; sameSetups && i < m_curves.size(); ++i)
        sameSetups = m_curves[i]->style().setup == unique[static_cast<qsizetype>(i)].setup;

    if (sameSetups) {
        for (std::size_t i = 0; i < m_curves.size(); ++i)
            m_curves[i]->setStyle(unique[static_cast<qsizetype>(i)], halo);
        return false;
    }
    // A curve belongs to its setup's name: kept ones move with it, others come and go.
    Curves next;
    for (const SeriesStyle& style : unique) {
        const int old = indexOf(style.setup);
        if (old >= 0) {
            next.push_back(std::move(m_curves[static_cast<std::size_t>(old)]));
            next.back()->setStyle(style, halo);
        } else {
            next.push_back(std::make_unique<SetupCurve>(style));
        }
    }
    m_curves = std::move(next); // the curves of removed setups leave the chart
    m_lookup.clear();
    for (std::size_t i = 0; i < m_curves.size(); ++i)
        m_lookup.insert(m_curves[i]->style().setup, static_cast<int>(i));
    return true;
}

QList<SeriesStyle> SetupCurveSet::styles() const
{
    QList<SeriesStyle> styles;
    for (const auto& curve : m_curves)
        styles.append(curve->style());
    return styles;
}

const SetupCurve* SetupCurveSet::find(const QString& setup) const
{
    const int i = indexOf(setup);
    return i < 0 ? nullptr : m_curves[static_cast<std::size_t>(i)].get();
}

void SetupCurveSet::addSeriesTo(QChart* chart) const
{
    for (QAbstractSeries* series : chart->series())
        chart->removeSeries(series);
    // The bands first: every line and marker is drawn over every band.
    for (const auto& curve : m_curves)
        chart->addSeries(curve->band());
    for (const auto& curve : m_curves)
        chart->addSeries(curve->line());
    for (const auto& curve : m_curves) {
        chart->addSeries(curve->collapseMarks());
        chart->addSeries(curve->offScaleMarks());
        chart->addSeries(curve->partialMarks());
        chart->addSeries(curve->measuredMarks());
    }
}

int SetupCurveSet::nearestPoint(QChart& chart, QPointF chartPos, double radiusPx,
                                int measuredOffset) const
{
    const QRectF plot = chart.plotArea().adjusted(-radiusPx, -radiusPx, radiusPx, radiusPx);
    if (!plot.contains(chartPos))
        return -1;
    int best = -1;
    double bestDistance = radiusPx * radiusPx;
    const auto consider = [&](QXYSeries* series, const std::vector<int>& indices, int offset) {
        const QList<QPointF> points = series->points();
        for (qsizetype k = 0; k < points.size(); ++k) {
            const QPointF d = chart.mapToPosition(points[k], series) - chartPos;
            const double distance = d.x() * d.x() + d.y() * d.y();
            if (distance < bestDistance) {
                bestDistance = distance;
                best = offset + indices[static_cast<std::size_t>(k)];
            }
        }
    };
    for (const auto& curve : m_curves) {
        const SetupCurve::Drawn& drawn = curve->drawn();
        consider(curve->offScaleMarks(), drawn.offScaleIndex, 0);
        consider(curve->collapseMarks(), drawn.collapseIndex, 0);
        consider(curve->partialMarks(), drawn.partialIndex, 0);
        consider(curve->measuredMarks(), drawn.measuredIndex, measuredOffset);
        consider(curve->line(), drawn.lineIndex, 0);
    }
    return best;
}

} // namespace hedge
