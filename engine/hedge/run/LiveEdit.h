// What an edit of the document does to a running Live session (docs/timeline.md, "In the
// explorer"): knob changes the worlds take at the next bucket, or a new session when the edit
// changes what no change can set.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/Timeline.h>

#include <vector>

namespace hedge {

struct LiveEdit {
    enum class Kind {
        Changes,     // `changes` (perhaps none) take the worlds to `next`
        NewWorlds,   // setups added, removed or their cancellation changed, or another seed
        Unreachable, // replicas, the balancer, a hedge's placement...: no change sets them
    };
    Kind kind = Kind::Changes;
    Scenario candidate;                  // `current` with the changes applied
    std::vector<TimelineChange> changes; // at 0 s: the session stamps them with its time
};

// `current`: the session's setups and service now; `started`: as the session started (the
// worlds keep those names: a name that follows the policy changes with it); `next`: the edited
// document.
LiveEdit liveEditOf(const Scenario& current, const Scenario& started, const Scenario& next);

} // namespace hedge
