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
                        const QList<SeriesStyle>& styles, Figure panel,
                        double t, const QList<PolicyFamily>& families = {});
    // The scrub cursor's readout at simulated time `t`: the bucket holding it, and in it every
    // shown world's figure of each of `panels` (the load once), one "name: value unit" line
    // each under the world's name; empty when no world has that bucket. The figures are the
    // kept buckets' own.
    static QString readout(const std::vector<BucketRing>& rings,
                           const std::vector<LiveCollapses>& collapses,
                           const QList<SeriesStyle>& styles,
                           const QList<Figure>& panels, double t,
                           const QList<PolicyFamily>& families = {});
    // A figure as the hover text and the axes write it: a plain number of up to four
    // significant digits (whole from a thousand on), never an exponent: "67.27", "11490".
    static QString valueText(double value);
    // With the panel's unit: "67.27 ms", "2.4 %", "11.49 s", "1.15".
    static QString figureText(Figure panel, double value);
};

} // namespace hedge
