// The series that draw one setup in a metric chart: the band its replicates span (its colour,
// translucent, behind everything), its line (dashed for server cancellation) and its special
// markers in its colour: a collapse is an X inside the axis and an up-triangle on the axis's
// top for a figure above it; a collapse in some runs only is half filled, a circle inside
// the axis and a triangle on its top; measured points are hollow diamonds. Owned by the chart
// view; the series leave their chart when the curve is destroyed.
#pragma once

#include "SeriesStyle.h"

#include <QList>
#include <QPointF>

#include <array>
#include <memory>
#include <vector>

class QAbstractSeries;
class QAreaSeries;
class QLegend;
class QLineSeries;
class QScatterSeries;

namespace hedge {

// The special markers of a curve, each kind a scatter series of its own. A partial collapse
// (collapsed in some replicates, not all) keeps its half-filled look above the axis too.
enum class MarkerKind { Collapse, OffScale, Partial, PartialOffScale, Measured };
inline constexpr std::size_t kMarkerKinds = 5;
inline constexpr std::array<MarkerKind, kMarkerKinds> kAllMarkerKinds{
    MarkerKind::Collapse, MarkerKind::OffScale, MarkerKind::Partial, MarkerKind::PartialOffScale,
    MarkerKind::Measured};

class SetupCurve {
public:
    // Markers of one kind where their points are (x = load, y = the figure or the ceiling),
    // each with the index of its PointResult (of the measured points for Measured).
    struct Marks {
        QList<QPointF> at;
        std::vector<int> index;
        void add(QPointF point, int i)
        {
            at.append(point);
            index.push_back(i);
        }
    };
    // What is drawn, each point with the index of its PointResult.
    struct Drawn {
        QList<QPointF> line; // sorted by load; collapsed points included
        std::vector<int> lineIndex;
        // Collapse: an X inside the axis; OffScale: on the ceiling, the figure above the axis
        // or missing; Partial and PartialOffScale: collapsed in some replicates, not all;
        // Measured: points of an overlaid results file.
        std::array<Marks, kMarkerKinds> marks;
        // The replicates' spread along the line, one pair of edges per load; both empty when no
        // point was run more than once.
        QList<QPointF> bandUpper, bandLower;

        Marks& operator[](MarkerKind kind) { return marks[static_cast<std::size_t>(kind)]; }
        const Marks& operator[](MarkerKind kind) const
        {
            return marks[static_cast<std::size_t>(kind)];
        }
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
    QScatterSeries* marks(MarkerKind kind) const { return m_marks[static_cast<std::size_t>(kind)]; }
    QAreaSeries* band() const { return m_band; }
    // The series, the line first, the band last; named after the setup.
    QList<QAbstractSeries*> series() const;

    // Replaces what is drawn (nothing while the setup is hidden) by the line and the band; a
    // series is only replaced when its points changed. The markers follow with placeMarks.
    void show(Drawn drawn);
    const Drawn& drawn() const { return m_drawn; }
    // Draws the markers of `kind` at `points` (drawn()[kind] as given, or moved aside where
    // they share a spot with another setup's: MarkerStacks).
    void placeMarks(MarkerKind kind, const QList<QPointF>& points);
    // Whether the point is drawn on the ceiling (its figure above the axis, or missing).
    bool isOffScale(int pointIndex) const;

    // The legend entry of the line in the setup's colour, dimmed while hidden; the markers
    // have none (the legend names setups).
    void styleLegend(QLegend* legend, const QColor& text, const QColor& base) const;

private:
    SeriesStyle m_style;
    bool m_serverCancellation = false;
    QLineSeries* m_line = nullptr;
    std::array<QScatterSeries*, kMarkerKinds> m_marks{};
    // The band's edges are not added to the chart; QAreaSeries does not own them.
    std::unique_ptr<QLineSeries> m_bandUpper, m_bandLower;
    QAreaSeries* m_band = nullptr;
    Drawn m_drawn;
};

} // namespace hedge
