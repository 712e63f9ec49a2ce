// The marks of the live view's changes on its shared time axis (docs/user-guide.md, "Live
// view"): under the time labels, a tick where a load step or a knob change took effect, with
// its short label ("Load 95 %", "Delay 45 ms") where there is room; the pointer on a tick says
// what changed ("0:42 load 70 % → 95 %"). The dotted lines over the panels are the painter's.
#pragma once

#include "LiveTimeSeriesView.h"

#include <QList>
#include <QPair>
#include <QPointF>
#include <QRectF>

class QPainter;

namespace hedge {

class ChartTheme;

class LiveChangeTicks {
public:
    using ChangeMark = LiveTimeSeriesView::ChangeMark;
    static constexpr double kRowHeight = 16.0;

    // The marks in [t0, t1] and where their label goes in `row`, left to right: right of its
    // tick, or left of it when a label or another tick is in the way there; a label with no room
    // on either side clear of the others and of every tick is left out (an empty rectangle; its
    // tick stays).
    static QList<QPair<std::size_t, QRectF>> labels(const ChartTheme& theme, const QRectF& row,
                                                    const std::vector<ChangeMark>& marks, double t0,
                                                    double t1);
    static void draw(QPainter& p, const ChartTheme& theme, const QRectF& row,
                     const std::vector<ChangeMark>& marks, const QList<SeriesStyle>& styles,
                     double t0, double t1);
    // What changed at the ticks under `pos` (within 4 pixels, or on a label), one a line;
    // empty when none is there.
    static QString hoverText(const ChartTheme& theme, const QRectF& row,
                             const std::vector<ChangeMark>& marks, double t0, double t1,
                             QPointF pos);
};

} // namespace hedge
