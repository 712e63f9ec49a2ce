// What the Live view's worker thread and the GUI share (see LiveController), and the worker's
// loop: it advances every world a bucket at a time, paced to the chosen speed, takes the
// user's commands at bucket boundaries and hands the buckets over in batches.
// Lock order: timelineMutex, then mutex.
#pragma once

#include <hedge/Timeline.h>
#include <hedge/sim/LiveTimeline.h>
#include <hedge/sim/TimelineResult.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace hedge {

struct LiveWorker {
    using Clock = std::chrono::steady_clock;
    // Buckets the worker may hand over before the GUI has taken them.
    static constexpr std::size_t kMaxPendingBuckets = 4096;
    static constexpr double kFastest = 0.0; // speed: as fast as possible

    struct Command {
        // Continue: past the timeline's end, open-ended (LiveTimeline::continueOpenEnded).
        enum class Kind { Follow, Change, Continue } kind = Kind::Follow;
        std::vector<LoadStep> steps; // Follow: from now on
        TimelineChange change;       // Change: at now
    };

    std::mutex timelineMutex;
    std::unique_ptr<LiveTimeline> timeline; // advanced under timelineMutex

    std::mutex mutex;
    std::condition_variable wake;
    bool stop = false;
    bool paused = false;
    // A lesson's moment (LiveController::playTo): the worker pauses once it has reached it.
    std::optional<double> pauseAtS;
    double speed = 1.0;
    int threads = 1;
    std::vector<Command> commands;
    std::vector<std::vector<std::optional<TimelineBucket>>> pending; // one entry per bucket
    bool notified = false; // the GUI has been woken for the batch in `pending`
    bool idle = false;     // the worker waits, paused or finished, between buckets
    double nowS = 0.0;
    double load = 0.0; // in force at nowS
    bool finished = false;

    // Sets `stop` and wakes the worker wherever it waits.
    void requestStop();
    // The worker's loop, until `stop`. `wakeGui` is called (under `mutex`) when the batch
    // stops being empty; `share`, when given, caps `threads` at every bucket (the runner's
    // budget less what the batch job holds).
    void run(const std::function<void()>& wakeGui, const std::function<int()>& share = {});

private:
    // Waits (under `lock`) until the next bucket is due; false: stop.
    bool waitForBucket(std::unique_lock<std::mutex>& lock);

    // The pace, the worker's alone: simulated anchorSim was due at anchorWall at anchorSpeed.
    Clock::time_point m_anchorWall = Clock::now();
    double m_anchorSim = 0.0;
    double m_anchorSpeed = -1.0; // < 0: the clock starts again at the next bucket
};

} // namespace hedge
