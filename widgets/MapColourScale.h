// The colours of a heat map's cells for one figure, and the ticks of its legend.
// The p99 ratio is diverging and centred on 1 on a log scale (a ratio of 1/2 is as far from
// 1 as 2): ColorBrewer's RdBu, blue where hedging helps, red where it hurts. The other
// figures are sequential (viridis). Both palettes stay readable with the common colour-vision
// deficiencies; the figure is also in the hover text and, where a cell is large enough, on it.
#pragma once

#include <hedge/sim/GridMap.h>

#include <QColor>
#include <QString>

#include <utility>
#include <vector>

namespace hedge {

class MapColourScale {
public:
    // The ratio's scale spans 1/kRatioSpan .. kRatioSpan; values beyond take the end colours.
    static constexpr double kRatioSpan = 4.0;

    // The scale for `figure` over the values `map` holds (sequential scales span them).
    static MapColourScale forMap(MapFigure figure, const GridMap& map);

    QColor colour(double value) const;
    // Where `value` sits along the legend, 0 (low end) to 1 (high end), clamped.
    double position(double value) const;
    // Values to mark on the legend, with their text.
    std::vector<std::pair<double, QString>> ticks() const;
    bool isDiverging() const { return m_figure == MapFigure::P99Ratio; }
    bool isLogarithmic() const { return m_log; }
    double low() const { return m_low; }
    double high() const { return m_high; }

    // The figure's name for the legend and the title, and a value as the legend writes it.
    static QString figureTitle(MapFigure figure);
    static QString valueText(MapFigure figure, double value);

private:
    MapFigure m_figure = MapFigure::P99Ratio;
    double m_low = 1.0 / kRatioSpan;
    double m_high = kRatioSpan;
    bool m_log = true;
};

} // namespace hedge
