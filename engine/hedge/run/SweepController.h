// Runs a sweep of the working scenario off the GUI thread and keeps its results: the curves'
// (every setup at every load) or, configured with mapPoints, a map's (its baseline and cells).
//
// * The work runs on the window's BackgroundRunner: the passes on a Background lane, the
//   preview frames on a Foreground one (a frame, the advisor or a fit never waits for a pass:
//   the pass gives way and runs again from what has landed).
//   Points land in SweepResults, keyed by what they simulate (PointIdentity): an edit re-runs
//   only the points it changed. Both passes and the preview frames run the scenario's
//   replicates.
// * An edit first gets a preview frame, at once (PreviewFrames: every point it left without a
//   result, at a size computed within one frame; frames follow each other while a knob is
//   dragged). Until its frame lands, a point shows what it showed before the edit.
// * The run (a coarse pass of 20 000 calls per point, then the full pass) starts after a short
//   pause without edits, or when the drag ends. An edit cancels running work at once (the
//   runner's generation); the worker stops within milliseconds.
// * After the full pass of a scenario that runs each point once, the seed check (a third pass,
//   docs/replicates.md, "Seed check") re-runs the points whose verdict is most at risk on a
//   few other seeds, within a budget of calls, and keeps per point how many runs collapsed.
//   A map does not run it.
// * Redraws are coalesced by the window's RedrawClock: pointsChanged() is never emitted per
//   point (a preview frame redraws at once: it is one redraw for all its points).
#pragma once

#include <hedge/Scenario.h>
#include <hedge/run/BackgroundRunner.h>
#include <hedge/run/PreviewFrames.h>
#include <hedge/run/RedrawClock.h>
#include <hedge/run/SweepResults.h>
#include <hedge/sim/GridMap.h>
#include <hedge/sim/PointResult.h>
#include <hedge/sim/SweepPoints.h>

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <cstdint>
#include <vector>

namespace hedge {

// What a sweep shows of the scenario, and whether it writes the timing log (TimingLog.h: the
// curves' figures; a map's would interleave with them).
struct SweepShape {
    std::vector<SweepPoint> (*points)(const Scenario&) = &setupPoints;
    bool logsTimings = true;
    bool checksSeeds = true; // the seed check after the full pass (points run once)
};

class SweepController : public QObject {
    Q_OBJECT
public:
    // Calls per point of the coarse pass (a rough curve within moments; the full pass follows).
    static constexpr std::int64_t kCoarseCalls = 20000;
    // The pause without edits before a run starts: under the 100 ms an edit may take to show
    // its first curve (the preview frame does not wait for it); long enough not to start a run
    // between two steps of a held arrow key.
    static constexpr int kDebounceMs = 80;

    // The seed check's re-runs of a point (replicates 1..4: five runs with the point's own)
    // and its budget: at most as many calls again as the full pass.
    static constexpr int kSeedCheckRuns = 4;
    static constexpr double kSeedCheckBudget = 1.0;

    enum class Pass { Idle, Coarse, Full, Seeds };

    struct Progress {
        Pass pass = Pass::Idle;
        int done = 0; // points of this pass
        int total = 0;
        double callsPerSecond = 0.0;
        double secondsLeft = -1.0; // < 0: unknown
    };

    using Shape = SweepShape;
    static Shape mapShape() { return {&mapPoints, false, false}; }

    // Redraws on `clock` and runs on `runner` (the window's); without them, on its own.
    explicit SweepController(RedrawClock* clock = nullptr, QObject* parent = nullptr,
                             Shape shape = {}, BackgroundRunner* runner = nullptr);
    ~SweepController() override;

    // The scenario to show. A change of what the sweep shows stops the running work at once
    // and starts a run after the debounce pause (at once with `immediate`); any other edit
    // (another setup than a map's, say) leaves it running. A timeline scenario's sweep is its
    // setups at its loads: the timeline itself is the Live view's.
    void setScenario(Scenario scenario, bool immediate = false);
    const Scenario& scenario() const { return m_results.scenario(); }

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
    // A run is wanted but none of its passes computes now: it waits for the preview frames, or
    // for the runner's slot (a pass gives way to the advisor, a fit, an export, a frame).
    bool isWaiting() const
    {
        return m_running &&
               (!m_runner || !m_runner->isActive(m_lane) || m_runner->isWaiting(m_lane));
    }
    bool isPendingOrRunning() const
    {
        return m_running || m_debounce.isActive() || m_preview.isPending() || m_runAfterDrag;
    }
    Progress progress() const;

    // Every point of the sweep computed so far, in the setups' order and by increasing load
    // within a setup (not the order the loads were typed in), the full pass preferred over the
    // coarse one; names are the setups' current names, a map's cells carry their knob value.
    std::vector<PointResult> displayedPoints() const;
    // Whether displayedPoints() holds every point at the full call count.
    bool isComplete() const { return m_results.isComplete(); }
    // The map of `figure` (a map's sweep; empty without a grid).
    GridMap map(MapFigure figure) const;
    // What the charts show: "coarse pass · 20 000 calls/point", "full pass · …".
    QString passLabel() const;
    // The seed check's part of the full pass's label: " · seeds checked at 3 of 12 points".
    QString seedCheckLabel() const;

    void setDebounceMs(int ms) { m_debounce.setInterval(ms); }
    void setCoarseCalls(std::int64_t calls) { m_results.setCoarseCalls(calls); }
    // The seed check's re-runs per point (0: no check) and its budget, in full passes' calls.
    // Takes effect at the next run.
    void setSeedCheck(int extraRuns, double budget)
    {
        m_seedRuns = extraRuns;
        m_seedBudget = budget;
    }
    // Seed checks kept (tests: a stopped run's checks are not).
    std::size_t seedCheckCount() const { return m_results.seedCheckCount(); }
    // Worker threads of the sweep at most (0: the runner's budget).
    void setThreads(int threads)
    {
        m_threads = threads;
        m_preview.setThreads(threads);
    }
    std::size_t cacheSize() const { return m_results.size(); }
    // Points simulated since construction (tests: an edit re-runs only what it changed).
    int simulatedPoints() const { return m_results.storedPoints(); }
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

private:
    void startRun();
    // The passes of a run, planned when each starts (see BackgroundRunner).
    BackgroundRunner::Job planFirstPass(quint64 generation);
    BackgroundRunner::Job planPass(quint64 generation, Pass pass, std::int64_t calls);
    BackgroundRunner::Job planSeedPass(quint64 generation);
    void onPointComputed(quint64 generation, quint64 passSerial, const PointIdentity& key,
                         const PointResult& point);
    void onSeedChecked(quint64 generation, quint64 passSerial, const PointIdentity& key,
                       const SeedCheck& check);
    void markDirty();
    // The clock's redraw: returns whether the next tick is wanted too.
    bool flush();
    void finish(quint64 generation, const BackgroundRunner::Outcome& outcome);
    void onFrameApplied(quint64 editSerial);
    void onPreviewFailed(const QString& message);
    void onPreviewFinished();
    void markEdit();
    void logFirstCurve();
    void logFullPass();

    Shape m_shape;
    SweepResults m_results;
    quint64 m_generation = 0;
    bool m_running = false;
    int m_threads = 0;
    int m_seedRuns = kSeedCheckRuns;
    double m_seedBudget = kSeedCheckBudget;

    QPointer<BackgroundRunner> m_runner; // the window's (it may go first)
    int m_lane = 0;                      // the passes'
    PreviewFrames m_preview{m_results, m_runner};
    quint64 m_startedGeneration = 0; // the run whose first pass was planned (runStarted)
    quint64 m_seedGeneration = 0;    // the run whose seed check was counted in m_workTotal
    bool m_runAfterPreview = false; // the run waits for the preview frames
    bool m_runAfterDrag = false;    // the scenario changed during the drag

    QTimer m_debounce;
    QPointer<RedrawClock> m_clock;
    RedrawClock::Client m_clockClient = 0;
    bool m_dirty = false;
    int m_simulatedAtEdit = 0;

    // Progress of the current run.
    Pass m_pass = Pass::Idle;
    int m_passDone = 0;
    quint64 m_passSerial = 0; // every planned pass gets the next one
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
