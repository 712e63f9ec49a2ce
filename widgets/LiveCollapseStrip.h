// The collapse strip of the live view's charts (docs/user-guide.md, "Live view"): one row per
// world above the p99 panel, a bar over each collapse's buckets (LiveCollapses, drawn by
// LivePanelPainter); its key in the legend, and what the pointer on a bar says: which world,
// from when to when, and the backlog at the collapse's peak, read from the kept buckets.
#pragma once

#include "LivePanelPainter.h"

#include <QPointF>
#include <QRectF>
#include <QString>

class QPainter;

namespace hedge {

class ChartTheme;

class LiveCollapseStrip {
public:
    // The legend's entry for the strip, and what the pointer on it says.
    static QString keyText();
    static QString keyToolTip();
    // The key in `where` (a legend entry): a few rows in the worlds' colours, and its text.
    static void drawKey(QPainter& p, const ChartTheme& theme, const QList<SeriesStyle>& styles,
                        const QRectF& where);
    // The most work queued (seconds) in the buckets of `ring` that `span` covers (to `endS`),
    // as far as the ring still holds them; none when it holds none of them.
    static std::optional<double> peakBacklogS(const BucketRing& ring, const CollapseSpan& span,
                                              double endS);
    // The bars of the shown worlds' collapses in `strip` over [t0, t1] (LivePanelPainter's).
    static QList<QRectF> barRects(const std::vector<BucketRing>* rings,
                                  const std::vector<LiveCollapses>& collapses,
                                  const QList<SeriesStyle>& styles, const QRectF& strip, double t0,
                                  double t1);
    // The hover text at `pos` in `strip` (the bar under it, or what the strip shows).
    static QString hoverText(const std::vector<BucketRing>* rings,
                             const std::vector<LiveCollapses>& collapses,
                             const QList<SeriesStyle>& styles, const QRectF& strip, double t0,
                             double t1, QPointF pos);
};

} // namespace hedge
