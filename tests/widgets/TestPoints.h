// Hand-made PointResults for the widget tests: no simulation involved.
#pragma once

#include <hedge/sim/PointResult.h>

#include <widgets/SeriesStyle.h>

#include <QList>
#include <QString>

#include <string>
#include <vector>

namespace hedge::test {

inline PointResult point(const std::string& setup, double load, std::optional<double> p99,
                         bool collapsed = false, Cancellation cancellation = Cancellation::Client)
{
    PointResult p;
    p.setup = setup;
    p.cancellation = cancellation;
    p.load = load;
    p.measuredCalls = 180000 + static_cast<std::int64_t>(load * 1000);
    p.p50Ms = 10.0 + load;
    p.p99Ms = p99;
    p.p999Ms = p99 ? std::optional<double>(*p99 * 1.5 + 0.125) : std::nullopt;
    p.meanMs = 14.0123 + load / 3.0; // many digits: tests full precision
    p.maxMs = p99 ? std::optional<double>(*p99 * 2.0) : std::nullopt;
    p.requestsPerCall = 1.0 + load / 7.0;
    p.hedgedFraction = load / 11.0;
    p.rejectedFraction = load / 13.0;
    p.failedFraction = load / 17.0;
    p.utilisation = load * 0.97;
    p.collapsed = collapsed;
    return p;
}

// Three setups; "hedge, no budget / client" collapses from 0.85; loads deliberately out of
// order (a sweep finishes points in any order).
inline std::vector<PointResult> samplePoints()
{
    std::vector<PointResult> pts;
    const double loads[] = {0.5, 0.3, 0.95, 0.7, 0.85};
    for (double l : loads)
        pts.push_back(point("no hedge / client", l, 200.0 + l * 100.0 + 0.1));
    for (double l : loads) {
        const bool collapsed = l >= 0.85;
        pts.push_back(point("hedge, no budget / client", l,
                            collapsed ? 40000.0 * l : 40.0 + l * 30.0, collapsed));
    }
    for (double l : loads)
        pts.push_back(point("hedge, default budget / server", l, 45.0 + l * 20.0, false,
                            Cancellation::Server));
    return pts;
}

// `points`, each fanning out: the parts' p99 a quarter of the call's, every third point's
// slowest part hedged a little more (points without a p99 get no parts).
inline std::vector<PointResult> withParts(std::vector<PointResult> pts)
{
    for (std::size_t i = 0; i < pts.size(); ++i) {
        PointResult& p = pts[i];
        if (!p.p99Ms)
            continue;
        p.parts = PartFigures{.answered = p.measuredCalls * 10,
                              .p50Ms = *p.p50Ms / 2.0,
                              .p99Ms = *p.p99Ms / 4.0,
                              .p999Ms = *p.p999Ms / 4.0,
                              .hedgedFraction = 0.05,
                              .slowestHedgedFraction = 0.125 + double(i % 3) / 100.0};
    }
    return pts;
}

inline QList<SeriesStyle> sampleStyles()
{
    return {{QStringLiteral("no hedge / client"), colourForIndex(0), true},
            {QStringLiteral("hedge, no budget / client"), colourForIndex(1), true},
            {QStringLiteral("hedge, default budget / server"), colourForIndex(2), true}};
}

} // namespace hedge::test
