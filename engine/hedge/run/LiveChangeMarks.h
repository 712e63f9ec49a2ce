// The marks of a live session's changes (docs/user-guide.md, "Live view"), in time order, as
// the charts tick them on the time axis (LiveChangeTicks): the load steps, read from the
// buckets themselves (a timeline's steps, the slider, a spike, a profile), and the knob
// changes (the played timeline's, the user's edits), each with what it was before.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/Timeline.h>
#include <hedge/run/LiveChangeMark.h>
#include <hedge/sim/TimelineResult.h>

#include <optional>
#include <string>
#include <vector>

namespace hedge {

class LiveChangeMarks {
public:
    using ChangeMark = LiveChangeMark;

    void clear();
    // The first world's next bucket, which began at `startS`: a load other than the last
    // bucket's is a step. Buckets that change one after the other (a ramp, a slider being
    // dragged) are one step, from the load before the first to the last's.
    void followLoad(const TimelineBucket& bucket, double startS);
    // `set` took effect at `atS` on world `world`'s setup (`setupName`; -1 and empty: every
    // world), whose knobs were `before` and `serviceBefore` until then.
    void addKnobs(double atS, int world, const std::string& setupName,
                  const std::vector<KnobSetting>& set, const Setup& before,
                  const ServiceConfig& serviceBefore);
    // An outage of the service (docs/timeline.md, "Outages") began: a mark over its window,
    // "Outage 10 s", whose hover says when and what the service did.
    void addOutage(const Outage& outage);
    // Drops the marks before `tS` (older than any chart shows; a window that ended before it).
    void forgetBefore(double tS);
    const std::vector<ChangeMark>& marks() const { return m_marks; }

private:
    void insert(ChangeMark mark);
    // The load step under way (the last bucket changed the load): its mark's time and the
    // load before it.
    struct OpenStep {
        double atS = 0.0;
        double fromLoad = 0.0;
    };
    std::vector<ChangeMark> m_marks;
    std::optional<double> m_lastLoad;
    double m_lastEndS = 0.0;
    std::optional<OpenStep> m_open;
};

} // namespace hedge
