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

    bool operator==(const SeriesStyle&) const = default;
};

// Okabe–Ito's colour-blind-safe colours first (black left out: it vanishes on a dark
// background), then Paul Tol's muted set, so that 15 setups get distinguishable colours.
// Colours repeat after the end: use colourForIndex().
QList<QColor> colourBlindSafePalette();
QColor colourForIndex(int index);

} // namespace hedge
