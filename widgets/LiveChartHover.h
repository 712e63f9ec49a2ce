// The hover text of the live view's line charts: the figure of the panel under the pointer
// in the bucket under it, for every shown world, as the sweep charts show a point's figures.
#pragma once

#include "LiveTimeSeriesView.h"

#include <QString>

namespace hedge {

class LiveChartHover {
public:
    // The bucket holding simulated time `t` in each shown world and its figure of `panel`
    // (the load once: every world has the same); empty when no world has that bucket.
    // A world is marked collapsed where `collapses` (one per ring) says so.
    static QString text(const std::vector<BucketRing>& rings,
                        const std::vector<LiveCollapses>& collapses,
                        const QList<SeriesStyle>& styles, LiveTimeSeriesView::Panel panel,
                        double t, const QList<PolicyFamily>& families = {});
    // The scrub cursor's readout at simulated time `t`: the bucket holding it, and in it every
    // shown world's figure of each of `panels` (the load once), as a table; empty when no
    // world has that bucket. The figures are the kept buckets' own.
    static QString readout(const std::vector<BucketRing>& rings,
                           const std::vector<LiveCollapses>& collapses,
                           const QList<SeriesStyle>& styles,
                           const QList<LiveTimeSeriesView::Panel>& panels, double t,
                           const QList<PolicyFamily>& families = {});
    // A figure as the hover text writes it.
    static QString valueText(double value);
};

} // namespace hedge
