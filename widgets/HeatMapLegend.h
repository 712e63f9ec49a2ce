// What explains a heat map's cells around them: the colour bar with its ticks, and the keys
// of the cells that are not a colour of the scale (collapsed, inside the "helps" outline, not
// computed yet), laid out in rows that wrap to the width they have.
#pragma once

#include "ChartTheme.h"

#include <QCoreApplication>
#include <QRectF>
#include <QStringList>

#include <vector>

class QPainter;

namespace hedge {

class MapColourScale;

class HeatMapLegend {
    Q_DECLARE_TR_FUNCTIONS(hedge::HeatMapLegend)

public:
    static constexpr double kBarWidth = 16.0;

    explicit HeatMapLegend(const ChartTheme& theme) : m_theme(theme) {}

    // The width of the bar, its tick labels and the note beside them.
    double barAreaWidth(const MapColourScale& scale) const;
    // The colour bar in `bar` (low end at the bottom), its ticks and note to the right.
    void paintBar(QPainter* p, const QRectF& bar, const MapColourScale& scale) const;

    // The height the keys take in rows `width` wide.
    double keysHeight(double width) const;
    void paintKeys(QPainter* p, const QRectF& area) const;

private:
    static QStringList keyTexts();
    // The keys' boxes, relative to an area of `width`.
    std::vector<QRectF> keyRects(double width) const;

    const ChartTheme& m_theme;
};

} // namespace hedge
