// How one setup is drawn in every chart: its colour and whether it is shown.
#pragma once

#include <QColor>
#include <QList>
#include <QString>

namespace hedge {

struct SeriesStyle {
    QString setup; // the setup's name, as in PointResult::setup
    QColor color;
    bool visible = true;
    // The line's width in pixels; 0: the chart's own (presenter mode draws thicker lines).
    double lineWidth = 0.0;
    // The line's dashes (QPen::setDashPattern, in line widths); empty: solid, or the chart's
    // own dashes (server cancellation). Presenter mode gives each setup its own.
    QList<qreal> dashPattern;

    bool operator==(const SeriesStyle&) const = default;
};

// Okabe–Ito's colour-blind-safe colours first (black left out: it vanishes on a dark
// background), then Paul Tol's muted set, so that 15 setups get distinguishable colours.
// Colours repeat after the end: use colourForIndex().
QList<QColor> colourBlindSafePalette();
QColor colourForIndex(int index);

// Presenter mode (docs/user-guide.md, "Presenter mode"): strong colours on a white background
// (no yellow or sky blue: a projector washes them out) that stay apart under deuteranopia,
// and a dash pattern per setup, so that no two lines rely on colour alone.
QList<QColor> presenterPalette();
QList<QList<qreal>> presenterDashPatterns();
inline constexpr double kPresenterLineWidth = 3.5;
// `styles` as presenter mode draws them: setup i in the presenter palette's colour i and its
// dash pattern i, with thick lines; which setups are shown stays the user's.
QList<SeriesStyle> presenterStyles(const QList<SeriesStyle>& styles);

} // namespace hedge
