// The one way the explorer runs work off the GUI thread: the sweep's passes, its preview
// frames, the map's passes and the Live view's worlds.
//
// * One job at a time, on a thread of our own. A run is a list of passes (coarse, then full);
//   each pass is planned on the GUI thread when the one before it has ended and its results
//   have landed, so a pass sees what the pass before it computed. A plan that finds nothing to
//   do skips its pass.
// * Results cross to the GUI thread through a WorkerInbox: the job posts what should happen on
//   the GUI thread with them (Worker::post), and the runner calls it there, in order, followed
//   by the end of the pass. A thread of our own and a lock of ours, not Qt's pool and a queued
//   signal's arguments: ThreadSanitizer sees these hand-offs (see WorkerInbox.h).
// * Generation: start() and cancel() make the run in place stale. A stale run is stopped
//   (std::stop_source; the engine looks at it every thousand events), what it posts is dropped
//   (unless posted with Worker::keep: a result right whichever run computed it), and its end
//   is not reported. A run started while the thread still winds down a stopped one waits for
//   it, without blocking the GUI: one sweep at a time on shared cores.
// * Runs carry an owner tag so that clients sharing one runner (the sweep and its preview
//   frames) stop only their own.
#pragma once

#include <hedge/qt/WorkerInbox.h>

#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

namespace hedge {

class BackgroundRunner : public QObject {
    Q_OBJECT
public:
    // What a job sees of the runner on its own thread.
    class Worker {
    public:
        // Made by the runner for each job.
        Worker(BackgroundRunner& runner, quint64 generation, std::stop_token stop)
            : m_runner(runner), m_generation(generation), m_stop(std::move(stop))
        {}
        std::stop_token stopToken() const { return m_stop; }
        bool stopRequested() const { return m_stop.stop_requested(); }
        // Calls `onGui` on the GUI thread, unless the run is stale by then.
        void post(std::function<void()> onGui);
        // Calls `onGui` on the GUI thread even when the run is stale by then.
        void keep(std::function<void()> onGui);

    private:
        BackgroundRunner& m_runner;
        quint64 m_generation;
        std::stop_token m_stop;
    };

    // Runs on the runner's thread; may throw std::exception (its what() is the run's error).
    using Job = std::function<void(Worker&)>;
    // Plans a pass on the GUI thread: the job to run, or an empty one when there is nothing
    // to do.
    using Plan = std::function<Job()>;

    struct Outcome {
        bool completed = false; // every pass ran to its end
        QString error;          // the job threw: the passes after it did not run
    };

    struct Run {
        int owner = 0;
        std::vector<Plan> passes;
        // Every pass done, stopped (stop()), or failed; never for a stale run.
        std::function<void(const Outcome&)> onEnd;
    };

    explicit BackgroundRunner(QObject* parent = nullptr);
    ~BackgroundRunner() override;

    // Makes the run in place stale and starts `run` (once the thread is free). Returns the
    // run's generation.
    quint64 start(Run run);
    // The current run of `owner` (any owner: -1) stops; its onEnd hears completed = false,
    // from the event loop.
    void stop(int owner = -1);
    // The current run of `owner` (any owner: -1), or the one waiting, becomes stale.
    void cancel(int owner = -1);
    // cancel(), and waits for the thread (the window closes). Returns within milliseconds.
    void shutdown();

    // A run of `owner` (any owner: -1) is in place, running or waiting for the thread.
    bool isActive(int owner = -1) const;
    // The thread still runs a job (perhaps a stale one winding down).
    bool isThreadBusy() const { return m_threadBusy; }
    quint64 generation() const { return m_generation; }

private slots:
    // What the jobs posted (woken by name: see WorkerInbox).
    void takePosted();

    // Hands `onGui` to the GUI thread (Worker::post and keep).
    void put(quint64 generation, bool keep, std::function<void()> onGui);

private:
    struct Posted {
        quint64 generation = 0;
        bool keep = false;
        bool end = false; // the job returned; `error` says how
        QString error;
        std::function<void()> onGui;
    };

    void putPosted(Posted posted);
    void startNextPass();
    void launch(Job job);
    void onJobEnd(const Posted& end);
    void endRun(const Outcome& outcome);
    bool owns(int owner) const;

    WorkerInbox<Posted> m_inbox;
    std::thread m_thread;
    bool m_threadBusy = false;
    std::stop_source m_stop;
    quint64 m_generation = 0;
    std::optional<Run> m_current;   // running, or waiting for the thread
    bool m_currentLaunched = false; // its pass m_pass runs on the thread
    bool m_stopWaiting = false;     // stop() came while it waited for the thread
    std::size_t m_pass = 0;
};

} // namespace hedge
