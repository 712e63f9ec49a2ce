// The timeline's collapse rule (docs/timeline.md, "Results"): at the end of a bucket a world is
// collapsed when more than a second of work is queued and that work has grown over the last
// 5 s. Work, not the number of queued attempts: a change of workers or of the service time
// changes what a queue means. The look-back is 5 s of simulated time whatever the bucket
// length; between two bucket ends the backlog is taken as changing linearly (exact when the
// bucket length divides 5 s). Before 5 s have passed nothing is collapsed: there is no 5 s
// to look back over yet.
#pragma once

#include <deque>
#include <utility>

namespace hedge {

class CollapseWatch {
public:
    static constexpr double kBacklogMs = 1000.0; // "more than a second of work"
    static constexpr double kLookBackMs = 5000.0;

    // The world starts empty: no work queued at time 0.
    CollapseWatch();

    // The backlog (queued work over the workers, ms) at `endMs`, the end of a bucket; bucket
    // ends come in increasing order. Returns whether the world is collapsed then.
    bool observe(double endMs, double backlogMs);

    // The backlog `kLookBackMs` before `endMs` as the rule reads it, from the bucket ends
    // observed so far (the last observed one at least `endMs`, which is at least kLookBackMs).
    double backlogBefore(double endMs) const;

private:
    // (time, backlog) of the bucket ends that the next look-backs may still need, oldest first:
    // the newest at or before (last end − 5 s) and every one after it.
    std::deque<std::pair<double, double>> m_history;
};

} // namespace hedge
