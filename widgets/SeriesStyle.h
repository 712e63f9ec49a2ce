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

    bool operator==(const SeriesStyle&) const = default;
};

// Okabe–Ito's colour-blind-safe colours first (black left out: it vanishes on a dark
// background), then Paul Tol's muted set, so that 15 setups get distinguishable colours.
// Colours repeat after the end: use colourForIndex().
QList<QColor> colourBlindSafePalette();
QColor colourForIndex(int index);

// Presenter mode (docs/user-guide.md, "Presenter mode"): Okabe–Ito's strong colours on a white
// background (no yellow or sky blue: a projector washes them out), then black and Tol's wine.
QList<QColor> presenterPalette();
inline constexpr double kPresenterLineWidth = 3.5;
// `styles` as presenter mode draws them: setup i in the presenter palette's colour i, with
// thick lines; which setups are shown stays the user's.
QList<SeriesStyle> presenterStyles(const QList<SeriesStyle>& styles);

} // namespace hedge
