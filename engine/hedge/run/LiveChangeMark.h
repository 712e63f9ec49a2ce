// A load step or a knob change while a Live session ran (played from the timeline or the
// user's), as the Live view ticks it on the time axis with a dotted line over the panels: when,
// the tick's label ("Delay 45 ms"), whose (a world, or -1: every one), what the hover says
// ("1:10 delay 20 → 45 ms on ‘hedge, no budget / client’"), and whether it is the load's. An
// outage of the service (docs/timeline.md, "Outages") is a mark with a window: its tick at the
// start, and the panels shaded from `atS` to `untilS`.
#pragma once

#include <QString>

#include <cmath>

namespace hedge {

struct LiveChangeMark {
    double atS = 0.0;
    QString text;
    int world = -1;
    QString detail;
    bool load = false;
    double untilS = 0.0; // above atS: the end of the window the mark shades (an outage)
    bool isWindow() const { return untilS > atS; }
    bool operator==(const LiveChangeMark&) const = default;
};

// Simulated seconds as the Live view's time axis and its marks write them: m:ss.
inline QString liveTimeLabel(double s)
{
    const int total = int(std::lround(s));
    return QStringLiteral("%1:%2").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
}

} // namespace hedge
