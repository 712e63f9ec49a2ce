// What the timeline tests share: a timeline scenario from its setups and load steps, and its
// buckets over a window of time. Per-bucket figures are noisy, so the tests compare windows of
// buckets through their median.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/TimelineResult.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace hedge::test {

inline Scenario timelineOf(std::vector<Setup> setups, std::vector<LoadStep> steps,
                           double durationS)
{
    Scenario s;
    s.setups = std::move(setups);
    Timeline t;
    t.durationS = durationS;
    t.loadSteps = std::move(steps);
    s.timeline = t;
    return s;
}

// The buckets whose end lies in (fromS, toS].
inline std::vector<TimelineBucket> window(const WorldResult& w, double fromS, double toS)
{
    std::vector<TimelineBucket> out;
    for (const TimelineBucket& b : w.buckets) {
        if (b.tS > fromS && b.tS <= toS)
            out.push_back(b);
    }
    return out;
}

// The median of `value` over the buckets where it has one; NaN when none has.
template <class F>
double median(const std::vector<TimelineBucket>& buckets, F&& value)
{
    std::vector<double> v;
    for (const TimelineBucket& b : buckets) {
        if (const std::optional<double> x = value(b))
            v.push_back(*x);
    }
    if (v.empty())
        return std::numeric_limits<double>::quiet_NaN();
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

inline double medianP99(const WorldResult& w, double fromS, double toS)
{
    return median(window(w, fromS, toS), [](const TimelineBucket& b) { return b.p99Ms; });
}

} // namespace hedge::test
