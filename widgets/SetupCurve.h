// The series that draw one setup in a metric chart: its line (dashed for server
// cancellation) and its collapse markers in its colour, an X inside the axis and an
// up-triangle on the axis's top for a figure above it. Owned by the chart view; the series
// leave their chart when the curve is destroyed.
#pragma once

#include "SeriesStyle.h"

#include <QList>
#include <QPointF>

#include <vector>

class QAbstractSeries;
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
    // The three series, the line first; named after the setup.
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
    Drawn m_drawn;
};

} // namespace hedge
