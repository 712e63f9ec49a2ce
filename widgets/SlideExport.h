// A view as a slide (File → Export Slide…, docs/user-guide.md, "Presenter mode"): 1920 × 1080
// pixels, the title on top, the caption under it and the view below, in the view's colours.
// PNG or SVG through the exports of PaintedExport.h.
#pragma once

#include "PaintedExport.h"

#include <QColor>
#include <QSize>
#include <QString>

#include <optional>

namespace hedge {

inline constexpr QSize kSlideSize{1920, 1080};

struct Slide {
    QString title;
    QString caption; // may be empty
    PaintAt view;    // paints the view laid out at the size it is given
    QColor background;
    QColor text;
    int dpi = 96; // the view's logical DPI, so that its fonts keep their size
};

// The first sentence of `text` (up to the first '.', '!' or '?' followed by a space or the end;
// the whole first paragraph when it has none).
QString firstSentence(const QString& text);

// Paints `slide` laid out at `size` (kSlideSize for the files).
void paintSlide(const Slide& slide, QPainter* painter, QSizeF size);

// Writes the slide as PNG or, for a path ending in .svg, SVG; the error, or nothing.
std::optional<QString> exportSlide(const Slide& slide, const QString& path);

} // namespace hedge
