// How a point run as several replicates is written for people: the pooled figure followed by
// the replicates' spread in brackets, "212 [55–238]", and how often it collapsed. Shared by
// the hover figures, the results table and the report.
#pragma once

#include <hedge/sim/PointResult.h>

#include <QString>

#include <optional>

namespace hedge {

class SpreadText {
public:
    // "[55–238]": p5–p95 with at least 10 replicates (the min and max up to 19), else min–max;
    // each bound × `scale`,
    // with `decimals` decimals (-1: three significant digits, PointTooltip::threeDigits).
    static QString bracket(const FigureSpread& spread, double scale = 1.0, int decimals = -1);
    // "p5–p95 of 25 runs", or "min–max of 12 runs" under 20 replicates (spreadIsRange).
    static QString kind(const PointResult& point);
    // "collapsed in 3 of 10 runs"; empty unless the point collapsed in some runs but not all.
    static QString partialCollapse(const PointResult& point);
};

} // namespace hedge
