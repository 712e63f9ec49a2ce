// Runs the sweep of the working scenario off the GUI thread and keeps its results.
//
// * Points cross to the GUI thread by a queued signal and land in a cache keyed by everything
//   that decides their numbers (the setup's policy, the service, seed, calls, replicates,
//   warm-up and the load value; not the setup's name nor the other setups, since the engine
//   keys its random numbers by seed, load and replicate). An edit therefore re-runs only the
//   points it changed. Both passes run the scenario's replicates.
// * Edits are debounced; an edit cancels the running work at once (std::stop_source), the
//   worker stops within milliseconds.
// * A coarse pass (20 000 calls per point) comes first so that a curve reacts quickly; the
//   full pass then replaces it point by point.
// * Redraws are coalesced by a 25 Hz timer: pointsChanged() is never emitted per point.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/PointResult.h>

#include <QElapsedTimer>
#include <QFuture>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <qcoro/qcorotask.h>

#include <cstdint>
#include <stop_token>
#include <string>
#include <unordered_map>
#include <vector>

namespace hedge {

class SweepController : public QObject {
    Q_OBJECT
public:
    static constexpr std::int64_t kCoarseCalls = 20000;
    static constexpr int kRedrawIntervalMs = 40; // 25 Hz
    static constexpr int kDebounceMs = 250;

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
    // Stops the running work (Esc). Points already computed are kept.
    void cancel();
    // Stops and waits for the worker (window closing). Returns within milliseconds.
    void shutdown();

    bool isRunning() const { return m_running; }
    bool isPendingOrRunning() const { return m_running || m_debounce.isActive(); }
    Progress progress() const;

    // Every point of the working scenario computed so far, in scenario order, the full pass
    // preferred over the coarse one; names are the setups' current names.
    std::vector<PointResult> displayedPoints() const;
    // Whether displayedPoints() holds every point at the full call count.
    bool isComplete() const;
    // What the charts show: "coarse pass · 20 000 calls/point", "full pass · …".
    QString passLabel() const;

    // Logs to stderr the time from an edit (or the start) to the first redrawn curve and to
    // the end of the full pass.
    void setMeasure(bool on) { m_measure = on; }
    void setDebounceMs(int ms) { m_debounce.setInterval(ms); }
    void setCoarseCalls(std::int64_t calls) { m_coarseCalls = calls; }
    // Worker threads of the sweep (0: all cores).
    void setThreads(int threads) { m_threads = threads; }
    std::size_t cacheSize() const { return m_cache.size(); }
    // Points simulated since construction (tests: an edit re-runs only what it changed).
    int simulatedPoints() const { return m_simulatedPoints; }

signals:
    // Coalesced (at most 25 per second): the displayed points changed.
    void pointsChanged();
    void progressChanged();
    void runStarted();
    // The run of the working scenario ended: completed (every point at full size) or not.
    void runFinished(bool completed);
    // The engine refused the scenario (it should not: the editors keep it valid).
    void runFailed(const QString& message);

    // Internal: a point computed on a worker thread (queued to the GUI thread).
    void pointComputed(quint64 generation, const QString& key, const hedge::PointResult& point,
                       QPrivateSignal);

private:
    struct Missing {
        Scenario sub;                  // the unique policies × loads to run
        std::vector<std::string> keys; // sub's point index → cache key
        int count = 0;                 // distinct points missing
    };

    std::string key(const Setup& setup, double load, std::int64_t calls) const;
    Missing missing(std::int64_t calls, bool coarse) const;
    bool needsCoarsePass() const;
    void startRun();
    QCoro::Task<bool> runSequence(quint64 generation);
    QCoro::Task<bool> runPass(quint64 generation, Pass pass, std::int64_t calls);
    void onPointComputed(quint64 generation, const QString& key, const PointResult& point);
    void flush();
    void finish(quint64 generation, bool completed);
    void markEdit();

    Scenario m_scenario;
    quint64 m_generation = 0;
    bool m_running = false;
    std::unordered_map<std::string, PointResult> m_cache;

    QThreadPool m_pool;
    QFuture<void> m_future;
    QString m_workerError; // written by the worker, read after its future finished
    std::stop_source m_stop;
    int m_threads = 0;
    std::int64_t m_coarseCalls = kCoarseCalls;

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

    // --measure
    bool m_measure = false;
    QElapsedTimer m_editClock;
    bool m_firstCurvePending = false;
    bool m_newPointSinceEdit = false;
};

} // namespace hedge
