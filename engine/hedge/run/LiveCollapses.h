// One world's collapses as the Live view marks them (docs/timeline.md, "Collapses in the Live
// view"). A bucket's `collapsed` flag says the backlog is over one second of work *and still
// growing*; a collapsed service stops growing long before it has recovered (a full queue
// drains for minutes), and a short dip of the load can stop the growth for a few seconds. So
// a collapse begins at the first flagged bucket and lasts until the backlog has stayed at or
// under one second of work for kRecoveryS in a row: it ends where that calm began. A flag
// before then is the same collapse.
#pragma once

#include <hedge/sim/BucketRing.h>

#include <optional>
#include <vector>

namespace hedge {

struct CollapseSpan {
    double fromS = 0.0;        // the end of the first flagged bucket (the time reported)
    std::optional<double> toS; // where the calm began; none while collapsed
    double beganS = 0.0;       // the start of the first flagged bucket: the strip's left end
    bool operator==(const CollapseSpan&) const = default;
};

class LiveCollapses {
public:
    static constexpr double kDrainedBacklogMs = 1000.0; // the flag's own threshold
    static constexpr double kRecoveryS = 10.0;

    // The world's next bucket, which began at `startS`. Returns whether a collapse began.
    bool add(const TimelineBucket& bucket, double startS);
    // Every bucket of `ring`, oldest first.
    static LiveCollapses of(const BucketRing& ring);

    const std::vector<CollapseSpan>& spans() const { return m_spans; }
    // The start of the collapse under way, or none.
    std::optional<double> collapsedSince() const;
    // Whether simulated time `t` falls inside a collapse (the one under way counts to its last
    // bucket, `lastS`).
    bool collapsedAt(double t, double lastS) const;
    // Drops the collapses over before `tS` (the oldest a chart can show).
    void forgetBefore(double tS);

private:
    std::vector<CollapseSpan> m_spans;
    std::optional<double> m_calmSince;
};

} // namespace hedge
