// The live view's panels as a catalogue (docs/user-guide.md, "Live view"): their order, which
// are always shown and which show a policy's state, their titles, and each one's figure of a
// bucket. LiveTimeSeriesView's panel functions are these.
#pragma once

#include "LiveTimeSeriesView.h"

namespace hedge {

class LivePanels {
public:
    using Panel = LiveTimeSeriesView::Panel;
    static const QList<Panel>& order();
    static bool isAlwaysShown(Panel panel);
    static bool isGauge(Panel panel);
    static QString title(Panel panel);
    static QString shortTitle(Panel panel);
    static std::optional<double> value(Panel panel, const TimelineBucket& bucket,
                                       std::optional<PolicyFamily> family);
};

} // namespace hedge
