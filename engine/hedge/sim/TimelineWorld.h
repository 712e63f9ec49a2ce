// One setup of a timeline scenario as a world of its own (docs/timeline.md, "Timeline scenario"):
// its own service and client, driven by the timeline's load steps and changes, advanced one bucket
// at a time. It is the sweep's simulation core (SimulationCore) with a per-bucket driver: the same
// handlers, the same HedgePipeline. Every world of a scenario draws the same arrivals and service
// times (common random numbers), so worlds can run on any threads in any order.
//
// Live use: load steps and changes may be added between buckets, at the current time or
// later; a run that added them live gives the same buckets as one that knew them from the
// start (the arrival rate is only ever spent up to the next boundary).
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/Simulation.h>
#include <hedge/sim/TimelineResult.h>

#include <functional>
#include <memory>
#include <optional>
#include <stop_token>

namespace hedge {

// A timeline's random numbers are keyed apart from every sweep point's (whose key is a load
// in (0, 1.5]); every world of one scenario shares them (common random numbers).
inline constexpr double kTimelineRandomKey = -1.0;

class TimelineWorld {
public:
    // `scenario.timeline` must be set and valid; `setup` indexes scenario.setups.
    TimelineWorld(const Scenario& scenario, std::size_t setup, std::stop_token stop = {},
                  const SafetyCap& cap = {});
    ~TimelineWorld();
    TimelineWorld(const TimelineWorld&) = delete;
    TimelineWorld& operator=(const TimelineWorld&) = delete;

    // Simulates the next bucket and returns its figures; nothing once the timeline's
    // duration is reached, the safety cap stopped the world, or `stop` was requested.
    std::optional<TimelineBucket> advance();

    bool finished() const;
    std::optional<double> stoppedAtS() const; // set when the safety cap stopped the world
    double nowS() const;                      // the end of the last bucket
    const std::string& setupName() const;
    // The world's setup and service as the changes so far left them.
    const Setup& setup() const;
    const ServiceConfig& service() const;

    // Live: a new load from `step.atS` (≥ nowS()) on, or a change at `change.atS` (≥ nowS())
    // for this world (its `setup` is ignored).
    void addLoadStep(const LoadStep& step);
    void addChange(const TimelineChange& change);
    // Live: the world goes on to `durationS` (past its timeline's end: the Live view's Continue
    // Live), at the load and knobs in force. A world the safety cap stopped stays stopped.
    void continueTo(double durationS);

private:
    class Driver;
    std::unique_ptr<Driver> m_driver;
};

// Runs every world of a timeline scenario to its end on `threads` threads (0: all cores).
// Bit-identical whatever the thread count. `onBucket(world, bucket)`, when given, is called
// for each bucket from the thread that ran it, never concurrently with itself.
struct TimelineOutcome {
    std::vector<WorldResult> worlds; // scenario order
    bool cancelled = false;
};
TimelineOutcome runTimeline(const Scenario& scenario, int threads = 0, std::stop_token stop = {},
                            const std::function<void(std::size_t, const TimelineBucket&)>& onBucket = {});

} // namespace hedge
