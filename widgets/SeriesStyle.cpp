#include "SeriesStyle.h"

#include <hedge/io/ScenarioStyle.h>

namespace hedge {

QList<QColor> colourBlindSafePalette()
{
    // The engine's list: the document gives new setups these colours (hedge/io/ScenarioStyle.h).
    static const QList<QColor> palette = [] {
        QList<QColor> colours;
        for (const std::string& c : setupPalette())
            colours << QColor(QString::fromStdString(c));
        return colours;
    }();
    return palette;
}

QColor colourForIndex(int index)
{
    const QList<QColor> palette = colourBlindSafePalette();
    const int n = static_cast<int>(palette.size());
    return palette.at(((index % n) + n) % n);
}

QList<QColor> presenterPalette()
{
    // Chosen so that every pair stays at least 26 CIELAB units apart for normal vision and
    // under deuteranopia (Machado et al. 2009, severity 1; tst_presenterpalette): Okabe–Ito's
    // vermillion and orange, and its bluish green and reddish purple, merged there.
    static const QList<QColor> palette{
        QColor(0x00, 0x72, 0xB2), // Okabe–Ito blue
        QColor(0xE6, 0x9F, 0x00), // Okabe–Ito orange
        QColor(0x11, 0x77, 0x33), // Tol green
        QColor(0xCC, 0x79, 0xA7), // Okabe–Ito reddish purple
        QColor(0x00, 0x00, 0x00), // black: the presenter palette's background is white
        QColor(0x88, 0x22, 0x55), // Tol wine
        QColor(0x99, 0x99, 0x33), // Tol olive
    };
    return palette;
}

QList<QList<qreal>> presenterDashPatterns()
{
    // In pen widths (Qt's dash unit), drawn with flat caps: solid, dashes, dots, dash-dot,
    // long dashes, short dashes, dash-dot-dot. Seven, as many as the palette's colours.
    static const QList<QList<qreal>> patterns{
        {},
        {4.0, 2.0},
        {1.0, 1.5},
        {4.0, 1.5, 1.0, 1.5},
        {8.0, 2.5},
        {2.0, 2.0},
        {4.0, 1.5, 1.0, 1.5, 1.0, 1.5},
    };
    return patterns;
}

QList<SeriesStyle> presenterStyles(const QList<SeriesStyle>& styles)
{
    const QList<QColor> palette = presenterPalette();
    const QList<QList<qreal>> dashes = presenterDashPatterns();
    QList<SeriesStyle> drawn = styles;
    for (int i = 0; i < drawn.size(); ++i) {
        drawn[i].color = palette.at(i % palette.size());
        // Past the palette's end the colours repeat: the dashes shift by one each round, so
        // that no two setups share both.
        drawn[i].dashPattern = dashes.at((i + i / palette.size()) % dashes.size());
        drawn[i].lineWidth = kPresenterLineWidth;
    }
    return drawn;
}

} // namespace hedge
