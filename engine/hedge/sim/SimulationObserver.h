// What happens inside one simulated point, event by event, for tests and diagnostics. The
// simulation calls an observer only when one is given; otherwise it costs one branch.
#pragma once

#include <hedge/policy/CallState.h>

#include <cstdint>

namespace hedge {

struct TraceEvent {
    enum Kind : std::uint8_t {
        CallStarted,     // a call arrived (before its first attempt is sent)
        AttemptQueued,   // an attempt found every worker busy and joined the queue
        ServiceStarted,  // a worker took an attempt; serviceMs is its drawn service time
        ServiceEnded,    // the attempt's service ran to its end (whether anyone waited)
        ServiceCutShort, // server cancellation freed the worker before the end
        QueuedDropped,   // server cancellation removed a queued attempt
        CallEnded,       // end says how
        AttemptShed,     // the service shed the attempt: an error at once, no worker, no queue
    };
    Kind kind;
    double time = 0.0;
    std::int64_t call = 0;
    int attempt = -1;
    int worker = -1;
    double serviceMs = 0.0;
    bool error = false;
    CallEnd end = CallEnd::Running;
    int replica = -1; // the attempt's replica (attempt and service events)
};

class SimulationObserver {
public:
    virtual ~SimulationObserver() = default;
    virtual void onEvent(const TraceEvent& event) = 0;
};

} // namespace hedge
