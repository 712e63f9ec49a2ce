#include "SetupCurveSet.h"

#include "MarkerStacks.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>

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
    for (const auto& curve : m_curves)
        for (const MarkerKind kind : kAllMarkerKinds)
            chart->addSeries(curve->marks(kind));
}

namespace {

// A point as drawn: where it shows (a stacked marker beside its load) and where its figure is
// (chart coordinates).
struct Shown {
    int index;
    QPointF shown;
    QPointF at;
};

} // namespace

std::vector<int> SetupCurveSet::pointsAt(QChart& chart, QPointF chartPos, double radiusPx,
                                         int measuredOffset, const MarkerStacks& stacks,
                                         double spotPx) const
{
    const QRectF plot = chart.plotArea().adjusted(-radiusPx, -radiusPx, radiusPx, radiusPx);
    if (!plot.contains(chartPos))
        return {};
    std::vector<Shown> all;
    for (const auto& curve : m_curves) {
        const SetupCurve::Drawn& drawn = curve->drawn();
        for (const MarkerKind kind : kAllMarkerKinds) {
            QScatterSeries* series = curve->marks(kind);
            const QList<QPointF> shown = series->points();
            const SetupCurve::Marks& marks = drawn[kind];
            const int offset = kind == MarkerKind::Measured ? measuredOffset : 0;
            for (qsizetype k = 0; k < shown.size() && k < marks.at.size(); ++k)
                all.push_back({offset + marks.index[static_cast<std::size_t>(k)],
                               chart.mapToPosition(shown[k], series),
                               chart.mapToPosition(marks.at[k], series)});
        }
        for (qsizetype k = 0; k < drawn.line.size(); ++k) {
            const QPointF at = chart.mapToPosition(drawn.line[k], curve->line());
            all.push_back({drawn.lineIndex[static_cast<std::size_t>(k)], at, at});
        }
    }
    const Shown* nearest = nullptr;
    double bestDistance = radiusPx * radiusPx;
    for (const Shown& s : all) {
        const QPointF d = s.shown - chartPos;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (distance < bestDistance) {
            bestDistance = distance;
            nearest = &s;
        }
    }
    if (!nearest)
        return {};
    // Every point at that spot: its marker's stack, and whatever is drawn where its figure is.
    std::vector<int> found{nearest->index};
    const std::vector<int> stack = stacks.stackOf(nearest->index);
    for (const Shown& s : all) {
        const bool sameSpot = std::abs(s.at.x() - nearest->at.x()) < 0.5 &&
                              std::abs(s.at.y() - nearest->at.y()) <= spotPx;
        const bool stacked = std::find(stack.begin(), stack.end(), s.index) != stack.end();
        if ((sameSpot || stacked) && std::find(found.begin(), found.end(), s.index) == found.end())
            found.push_back(s.index);
    }
    return found;
}

} // namespace hedge
