// The series that draw one setup in a metric chart: the band its replicates span (its colour,
// translucent, behind everything), its line (dashed for server cancellation) and its collapse
// markers in its colour, an X inside the axis and an
// up-triangle on the axis's top for a figure above it. Owned by the chart view; the series
// leave their chart when the curve is destroyed.
#pragma once

#include "SeriesStyle.h"

#include <QList>
#include <QPointF>

#include <memory>
#include <vector>

class QAbstractSeries;
class QAreaSeries;
class QLegend;
class QLineSeries;
class QScatterSeries;

namespace hedge {

class SetupCurve {
public:
    // What is drawn, each point with the index of its PointResult.
    struct Drawn {
        QList<QPointF> line; // sorted by load; collapsed points included
        std::vector<int> lineIndex;
        QList<QPointF> collapse;
        std::vector<int> collapseIndex;
        QList<QPointF> offScale;
        std::vector<int> offScaleIndex;
        // Collapsed in some replicates, not all (drawn instead of the collapse X).
        QList<QPointF> partial;
        std::vector<int> partialIndex;
        // The replicates' spread along the line, one pair of edges per load; both empty when no
        // point was run more than once.
        QList<QPointF> bandUpper, bandLower;
        // Points of an overlaid results file (index into the measured points).
        QList<QPointF> measured;
        std::vector<int> measuredIndex;
    };

    explicit SetupCurve(const SeriesStyle& style);
    ~SetupCurve();
    SetupCurve(const SetupCurve&) = delete;
    SetupCurve& operator=(const SetupCurve&) = delete;

    const SeriesStyle& style() const { return m_style; }
    bool serverCancellation() const { return m_serverCancellation; }
    // `halo` is the background colour drawn around the markers.
    void setStyle(const SeriesStyle& style, const QColor& halo);
    void setServerCancellation(bool server, const QColor& halo);
    void restyle(const QColor& halo);

    QLineSeries* line() const { return m_line; }
    QScatterSeries* collapseMarks() const { return m_collapseMarks; }
    QScatterSeries* offScaleMarks() const { return m_offScaleMarks; }
    QScatterSeries* partialMarks() const { return m_partialMarks; }
    QScatterSeries* measuredMarks() const { return m_measuredMarks; }
    QAreaSeries* band() const { return m_band; }
    // The series, the line first, the band last; named after the setup.
    QList<QAbstractSeries*> series() const;

    // Replaces what is drawn (nothing while the setup is hidden); a series is only replaced
    // when its points changed.
    void show(Drawn drawn);
    const Drawn& drawn() const { return m_drawn; }
    bool isOffScale(int pointIndex) const;

    // The legend entry of the line in the setup's colour, dimmed while hidden; the markers
    // have none (the legend names setups).
    void styleLegend(QLegend* legend, const QColor& text, const QColor& base) const;

private:
    SeriesStyle m_style;
    bool m_serverCancellation = false;
    QLineSeries* m_line = nullptr;
    QScatterSeries* m_collapseMarks = nullptr;
    QScatterSeries* m_offScaleMarks = nullptr;
    QScatterSeries* m_partialMarks = nullptr;
    QScatterSeries* m_measuredMarks = nullptr;
    // The band's edges are not added to the chart; QAreaSeries does not own them.
    std::unique_ptr<QLineSeries> m_bandUpper, m_bandLower;
    QAreaSeries* m_band = nullptr;
    Drawn m_drawn;
};

} // namespace hedge
