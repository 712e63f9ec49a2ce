// The one way the explorer runs work off the GUI thread: one runner for the whole window, shared
// by every controller (the sweep's passes and preview frames, the map's, the Live view's worlds,
// its exports, the service fitting, the advisor). Its rule (engine/README.md, "Background
// work"):
//
// * Lanes. Each client registers a lane (addLane) of a kind and runs on it; a lane holds at
//   most one run. A run is a list of passes (coarse, then full); each pass is planned on the GUI
//   thread when the one before it has ended and its results have landed, so a pass sees what
//   the pass before it computed. A plan that finds nothing to do skips its pass.
// * One batch job at a time. Foreground and Background lanes share one slot: one job runs (or a
//   stopped one winds down) at a time, Foreground lanes first, then Background; within a kind,
//   first come first served, a lane queueing again after each pass (the curves' and the map's
//   passes take turns). A Foreground job asked while a Background pass runs makes it give way:
//   the pass is stopped (its keep()s land, its post()s are dropped) and planned again, from what
//   has landed, once no Foreground job waits. The advisor, a fit, an export or a preview frame
//   thus never waits for a sweep, and the sweep loses no finished point.
// * Live lanes run at once, beside the slot: the Live view's worlds are paced to a clock and a
//   session is open-ended; it must neither wait for a sweep nor hold one back.
// * One thread budget, the cores (setThreadBudget): the batch job's simulation threads
//   (Worker::threads) are the budget; a Live job's are what the batch job leaves, at least one,
//   read again at every bucket.
// * Results cross to the GUI thread through a WorkerInbox: the job posts what should happen on
//   the GUI thread with them (Worker::post), and the runner calls it there, in order, followed
//   by the end of the pass. A thread of our own and a lock of ours, not Qt's pool and a queued
//   signal's arguments: ThreadSanitizer sees these hand-offs (see WorkerInbox.h).
// * Generation: start() and cancel() make the lane's run in place stale. A stale run is stopped
//   (std::stop_source; the engine looks at it every thousand events), what it posts is dropped
//   (unless posted with Worker::keep: a result right whichever run computed it), and its end
//   is not reported. Other lanes' runs are not touched.
#pragma once

#include <hedge/qt/WorkerInbox.h>

#include <QObject>
#include <QString>

#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

namespace hedge {

class BackgroundRunner : public QObject {
    Q_OBJECT
public:
    // What a lane's runs are to the rule (see above).
    enum class Kind {
        Live,       // at once, beside the slot; threads: what the batch job leaves
        Foreground, // the slot first; a Background pass gives way
        Background, // the slot when no Foreground job waits
    };

    // What a job sees of the runner on its own thread.
    class Worker {
    public:
        // Made by the runner for each job; `threads` 0: a Live job's share.
        Worker(BackgroundRunner& runner, int owner, quint64 ticket, std::stop_token stop,
               int threads)
            : m_runner(runner), m_owner(owner), m_ticket(ticket), m_stop(std::move(stop)),
              m_threads(threads)
        {}
        std::stop_token stopToken() const { return m_stop; }
        bool stopRequested() const { return m_stop.stop_requested(); }
        // The simulation threads this job may use now (ParallelFor's `threads`); with `cap`
        // > 0, at most that many (a client's own limit).
        int threads(int cap = 0) const;
        // Calls `onGui` on the GUI thread, unless the run is stale (or gave way) by then.
        void post(std::function<void()> onGui);
        // Calls `onGui` on the GUI thread even when the run is stale by then.
        void keep(std::function<void()> onGui);

    private:
        BackgroundRunner& m_runner;
        int m_owner;
        quint64 m_ticket;
        std::stop_token m_stop;
        int m_threads;
    };

    // Runs on a thread of the runner; may throw std::exception (its what() is the run's error).
    using Job = std::function<void(Worker&)>;
    // Plans a pass on the GUI thread: the job to run, or an empty one when there is nothing
    // to do. A pass that gave way is planned again.
    using Plan = std::function<Job()>;

    struct Outcome {
        bool completed = false; // every pass ran to its end
        QString error;          // the job threw: the passes after it did not run
    };

    struct Run {
        int owner = 0; // the lane (addLane)
        std::vector<Plan> passes;
        // Every pass done, stopped (stop()), or failed; never for a stale run.
        std::function<void(const Outcome&)> onEnd;
    };

    explicit BackgroundRunner(QObject* parent = nullptr);
    ~BackgroundRunner() override;

    // A lane for one client's runs; returns its owner tag.
    int addLane(Kind kind);
    // The client goes: shutdown(owner), and the tag is unknown from then on.
    void removeLane(int owner);

    // Makes the lane's run in place stale and queues `run` (it starts at once when the rule
    // lets it). Returns the run's generation.
    quint64 start(Run run);
    // The current run of `owner` (any owner: -1) stops; its onEnd hears completed = false,
    // from the event loop.
    void stop(int owner = -1);
    // The current run of `owner` (any owner: -1), running or waiting, becomes stale.
    void cancel(int owner = -1);
    // cancel(owner), and waits for its thread (the client or the window goes); what it kept
    // lands now. Returns within milliseconds for a job that looks at its stop token.
    void shutdown(int owner = -1);

    // A run of `owner` (any owner: -1) is in place, running or waiting.
    bool isActive(int owner = -1) const;
    // `owner`'s run is in place and waits: for the slot, or its job gives way (perhaps still
    // winding down).
    bool isWaiting(int owner) const;
    // A job of `owner` (any owner: -1) still runs (perhaps a stale one winding down).
    bool isThreadBusy(int owner = -1) const;

    // The simulation threads all jobs share (default: the cores); at least 1.
    void setThreadBudget(int threads);
    int threadBudget() const { return m_budget.load(); }
    // Lanes added and not removed (the window's: one per client).
    int laneCount() const { return int(m_lanes.size()); }
    // Threads started for jobs since construction, and at most at once (the tests, the docs).
    int threadsStarted() const { return m_threadsStarted; }
    int mostThreadsAtOnce() const { return m_mostAtOnce; }

private slots:
    // What the jobs posted (woken by name: see WorkerInbox).
    void takePosted();

private:
    struct Posted {
        int owner = 0;
        quint64 ticket = 0; // the job's
        bool keep = false;
        bool end = false; // the job returned; `error` says how
        QString error;
        std::function<void()> onGui;
    };

    struct Lane {
        Kind kind = Kind::Background;
        std::optional<Run> run;
        quint64 generation = 0;
        std::size_t pass = 0;
        quint64 ticket = 0; // the run's job on the thread (0: none)
        bool stopAsked = false;
        bool gaveWay = false; // its job stops for a Foreground one; the pass runs again
        quint64 rank = 0;     // first come first served within its kind
        std::stop_source stop;
        std::thread thread;
        bool busy = false; // `thread` runs a job, the run's or a stale one
    };

    bool isBatch(const Lane& lane) const { return lane.kind != Kind::Live; }
    Lane* lane(int owner);
    const Lane* lane(int owner) const;
    void put(Posted posted);
    // Handles what was posted (only `owner`'s when >= 0; the rest waits in order).
    void handlePosted(int owner);
    // Starts what the rule lets start, until nothing changes.
    void schedule();
    bool scheduleOnce();
    // Plans `owner`'s pass and launches it, skips it, or ends the run.
    void runPass(int owner);
    void launch(int owner, Job job);
    void onJobEnd(const Posted& end);
    void endRun(int owner, const Outcome& outcome);
    void endStoppedWaiting(int owner, quint64 generation);
    void joinThread(Lane& lane);

    WorkerInbox<Posted> m_inbox;
    std::deque<Posted> m_held; // taken from the inbox, another lane's, not handled yet
    std::map<int, Lane> m_lanes;
    int m_nextOwner = 1;
    quint64 m_serial = 0; // generations, tickets and ranks
    bool m_scheduling = false;
    bool m_scheduleAgain = false;
    std::atomic<int> m_budget;
    std::atomic<int> m_batchThreads{0}; // of the batch job running
    int m_threadsStarted = 0;
    int m_busyThreads = 0;
    int m_mostAtOnce = 0;
};

} // namespace hedge
