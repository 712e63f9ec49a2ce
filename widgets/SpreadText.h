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
    // The runs a point's verdict rests on (docs/replicates.md, "Seed check"), the results
    // table's Seeds column: "5 of 5 healthy", "collapses in 2 of 5", "5 of 5 collapsed", or
    // "1 run" for a point run once that the seed check has not reached.
    static QString verdictRuns(const PointResult& point);
    // What a point's hover says of its verdict's seeds: "collapsed in 2 of 5 seeds (…)", "the
    // same on 5 seeds", "one run: the verdict may change with the seed"; empty for a point run
    // several times (its replicates say it: partialCollapse).
    static QString seedVerdict(const PointResult& point);
    // "collapsed in 2 of 5 seeds"; empty unless the seed check found both verdicts.
    static QString seedCollapses(const PointResult& point);
};

} // namespace hedge
