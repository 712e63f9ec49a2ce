// Runs the sweep of the working scenario off the GUI thread and keeps its results.
//
// * Points cross to the GUI thread by a queued signal and land in a cache keyed by everything
//   that decides their numbers (the setup's policy, the service, seed, calls, replicates,
//   warm-up and the load value; not the setup's name nor the other setups, since the engine
//   keys its random numbers by seed, load and replicate). An edit therefore re-runs only the
//   points it changed. Both passes and the preview frames run the scenario's replicates.
// * An edit first gets a preview frame, at once (PreviewFrames: every point it left without a
//   result, at a size computed within one frame; frames follow each other while a knob is
//   dragged). Until its frame lands, a point shows what it showed before the edit.
// * The run (a coarse pass of 20 000 calls per point, then the full pass) starts after a short
//   pause without edits, or when the drag ends. An edit cancels running work at once
//   (std::stop_source); the worker stops within milliseconds.
// * Redraws are coalesced by a 25 Hz timer: pointsChanged() is never emitted per point (a
//   preview frame redraws at once: it is one redraw for all its points).
#pragma once

#include "PreviewFrames.h"

#include <hedge/Scenario.h>
#include <hedge/qt/WorkerInbox.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/PointResult.h>

#include <QElapsedTimer>
#include <QFuture>
#include <QObject>
#include <QTimer>

#include <qcoro/qcorotask.h>

#include <cstdint>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace hedge {

class SweepController : public QObject {
    Q_OBJECT
public:
    static constexpr std::int64_t kCoarseCalls = 20000;
    static constexpr int kRedrawIntervalMs = 40; // 25 Hz
    // Under the 100 ms an edit may take to show its first curve (the frame does not wait for
    // it); long enough not to start a run between two steps of a held arrow key.
    static constexpr int kDebounceMs = 80;

    enum class Pass { Idle, Coarse, Full };

    struct Progress {
        Pass pass = Pass::Idle;
        int done = 0; // points of this pass
        int total = 0;
        double callsPerSecond = 0.0;
        double secondsLeft = -1.0; // < 0: unknown
    };

    explicit SweepController(QObject* parent = nullptr);
    ~SweepController() override;

    // The scenario to show. A changed scenario stops the running work at once and starts a
    // run after the debounce pause (at once with `immediate`).
    void setScenario(const Scenario& scenario, bool immediate = false);
    const Scenario& scenario() const { return m_scenario; }

    // Runs what is missing now (F5), without the pause.
    void runNow();
    // A knob is grabbed: its edits show preview frames only, and the run waits for the
    // release, which starts it at once.
    void beginDrag();
    void endDrag();
    bool isDragging() const { return m_preview.isDragging(); }
    // Stops the running work (Esc). Points already computed are kept.
    void cancel();
    // Stops and waits for the worker (window closing). Returns within milliseconds.
    void shutdown();

    bool isRunning() const { return m_running; }
    bool isPendingOrRunning() const
    {
        return m_running || m_debounce.isActive() || m_preview.isPending() || m_runAfterDrag;
    }
    Progress progress() const;

    // Every point of the working scenario computed so far, in scenario order, the full pass
    // preferred over the coarse one; names are the setups' current names.
    std::vector<PointResult> displayedPoints() const;
    // Whether displayedPoints() holds every point at the full call count.
    bool isComplete() const;
    // What the charts show: "coarse pass · 20 000 calls/point", "full pass · …".
    QString passLabel() const;

    void setDebounceMs(int ms) { m_debounce.setInterval(ms); }
    void setCoarseCalls(std::int64_t calls) { m_coarseCalls = calls; }
    // Worker threads of the sweep (0: all cores).
    void setThreads(int threads) { m_threads = threads; }
    std::size_t cacheSize() const { return m_cache.size(); }
    // Points simulated since construction (tests: an edit re-runs only what it changed).
    int simulatedPoints() const { return m_simulatedPoints; }
    // What tests and the timing log see of the preview frames: every change of the scenario gets
    // the next edit serial; frameApplied() says which edit's values a frame shows.
    quint64 editSerial() const { return m_preview.editSerial(); }
    int framesStarted() const { return m_preview.framesStarted(); }
    bool isComputingFrame() const { return m_preview.isComputing(); }
    // Calls per point of the last preview frame.
    std::int64_t frameCalls() const { return m_preview.frameCalls(); }

signals:
    // Coalesced (at most 25 per second): the displayed points changed.
    void pointsChanged();
    void progressChanged();
    void runStarted();
    // The run of the working scenario ended: completed (every point at full size) or not.
    void runFinished(bool completed);
    // The engine refused the scenario (it should not: the editors keep it valid).
    void runFailed(const QString& message);
    // A preview frame reached the charts with the values of the edit `editSerial`.
    void frameApplied(quint64 editSerial);

private slots:
    // The points the workers have computed so far (woken by name: see WorkerInbox).
    void takeComputedPoints();

private:
    struct ComputedPoint {
        quint64 generation = 0;
        std::string key;
        PointResult point;
    };

    // The frames read and fill the cache and run on the driver thread, one sweep at a time with
    // the passes.
    friend class PreviewFrames;

    struct Missing {
        Scenario sub;                  // the unique policies × loads to run
        std::vector<std::string> keys; // sub's point index → cache key
        int count = 0;                 // distinct points missing
    };

    std::string key(const Setup& setup, double load, std::int64_t calls) const;
    // The points (as a rectangle of policies × loads) for which `have` is false.
    template <class Have> Missing missingWhere(std::int64_t calls, Have have) const;
    Missing missing(std::int64_t calls, bool coarse) const;
    // The points with neither a result of a pass nor one of `calls` calls.
    Missing missingBesidePasses(std::int64_t calls) const;
    const PointResult* passResult(const Setup& setup, double load) const;
    const PointResult* cached(const std::string& key) const;
    // Keeps a computed point (the cache is bounded).
    void store(const std::string& key, const PointResult& point);
    bool needsCoarsePass() const;
    // Calls per point of the run's first pass: the coarse one if it has one.
    std::int64_t firstPassCalls() const;
    void onFrameApplied(quint64 editSerial);
    void onPreviewFailed(const QString& message);
    void onPreviewFinished();
    // Runs `sub` on the driver thread; `onPoint` hears the points that `stop` did not cut short,
    // on the worker thread. An engine error is left in m_workerError.
    QFuture<void> startSweep(Scenario sub, std::stop_token stop, LoadSweep::OnPoint onPoint);
    void startRun();
    QCoro::Task<bool> runSequence(quint64 generation);
    QCoro::Task<bool> runPass(quint64 generation, Pass pass, std::int64_t calls);
    void onPointComputed(const ComputedPoint& computed);
    void flush();
    void finish(quint64 generation, bool completed);
    void markEdit();

    Scenario m_scenario;
    quint64 m_generation = 0;
    bool m_running = false;
    std::unordered_map<std::string, PointResult> m_cache;

    std::thread m_driver; // runs startSweep()'s sweep
    QFuture<void> m_future;
    WorkerInbox<ComputedPoint> m_computed; // the passes' points, on their way from the workers
    // Written by the worker, read after its future finished. The lock is ours because the
    // future's own hand-off happens inside Debian's uninstrumented Qt, where ThreadSanitizer
    // cannot see it.
    QString workerError() const;
    mutable std::mutex m_workerErrorLock;
    QString m_workerError;
    std::stop_source m_stop;
    int m_threads = 0;
    std::int64_t m_coarseCalls = kCoarseCalls;

    PreviewFrames m_preview{*this};
    bool m_runAfterPreview = false; // the run waits for the preview frames
    bool m_runAfterDrag = false;    // the scenario changed during the drag

    QTimer m_debounce;
    QTimer m_redraw;
    bool m_dirty = false;
    int m_simulatedPoints = 0;
    int m_simulatedAtEdit = 0;

    // Progress of the current run.
    Pass m_pass = Pass::Idle;
    int m_passDone = 0;
    int m_passTotal = 0;
    double m_workTotal = 0.0; // calls still to simulate when the run started, both passes
    double m_workDone = 0.0;
    QElapsedTimer m_runClock;

    // The timing log (TimingLog.h): an edit (or the start) to the first redrawn curve and to
    // the end of the full pass.
    bool m_measuringRelease = false;
    QElapsedTimer m_editClock;
    bool m_firstCurvePending = false;
    bool m_newPointSinceEdit = false;
};

} // namespace hedge
