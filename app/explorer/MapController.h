// Runs the map of a grid scenario (../shared/spec/maps.md) off the GUI thread: the grid's
// cells and its baseline at every load, a coarse pass first and then the full one, as the
// sweep does for curves. Points cross to the GUI thread through a WorkerInbox; redraws are
// coalesced by a 25 Hz timer (pointsChanged() is never emitted per point).
//
// The run is the scenario cut down to what the map needs (the gridded setup and a baseline
// the scenario holds), with the gridded setup's own knob value left out: setting the knob
// from a cell of the map changes no cell, so it does not re-run the map. Any other edit
// that changes the cut-down scenario stops the running work and re-runs it after a short
// pause.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/qt/WorkerInbox.h>
#include <hedge/sim/GridMap.h>
#include <hedge/sim/PointResult.h>

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>

namespace hedge {

class MapController : public QObject {
    Q_OBJECT
public:
    static constexpr std::int64_t kCoarseCalls = 20000;
    static constexpr int kRedrawIntervalMs = 40; // 25 Hz
    static constexpr int kDebounceMs = 80;

    enum class Pass { Idle, Coarse, Full };

    explicit MapController(QObject* parent = nullptr);
    ~MapController() override;

    // The working scenario. Without a grid the map is cleared and nothing runs; with one, a
    // change of what the map depends on stops the work and re-runs it after the pause (at
    // once with `immediate`).
    void setScenario(const Scenario& scenario, bool immediate = false);
    const Scenario& scenario() const { return m_scenario; }
    bool hasGrid() const { return m_scenario.grid.has_value(); }

    void runNow();
    // Stops the running work; cells already computed are kept.
    void cancel();
    // Stops and waits for the worker (window closing). Returns within milliseconds.
    void shutdown();

    void setCoarseCalls(std::int64_t calls) { m_coarseCalls = calls; }
    void setThreads(int threads) { m_threads = threads; }
    void setDebounceMs(int ms) { m_debounce.setInterval(ms); }

    bool isRunning() const { return m_pass != Pass::Idle || m_debounce.isActive(); }
    // Every cell and baseline at the full call count.
    bool isComplete() const;
    // The baseline and cell points computed so far (the full pass preferred), in results
    // order.
    std::vector<PointResult> points() const;
    GridMap map(MapFigure figure) const;
    // "coarse pass · 20 000 calls/cell · 40 of 143 points · running"
    QString passLabel() const;
    // The scenario the map runs (the working one cut down; see above).
    const Scenario& runScenario() const { return m_run; }

    // The working scenario with the grid's setup (or service) knob set to `value`: what a
    // click on a cell makes of it. Empty without a grid.
    static std::optional<Scenario> withKnob(const Scenario& scenario, double value);
    // The index of the grid's setup in `scenario`, or -1.
    static int griddedSetupRow(const Scenario& scenario);

signals:
    void pointsChanged();
    void runFinished(bool completed);
    void runFailed(const QString& message);

private slots:
    // The points the workers have computed so far (woken by name: see WorkerInbox).
    void takeComputedPoints();

private:
    struct ComputedPoint {
        quint64 generation = 0;
        Pass pass = Pass::Idle;
        std::size_t index = 0;
        PointResult point;
    };

    static Scenario cutDown(const Scenario& scenario);
    void start();
    void startPass(Pass pass);
    void onPassFinished();
    void flush();
    void stopWorker();
    QString workerError() const;

    Scenario m_scenario;
    Scenario m_run; // cut down; its results-order indices key the points below
    quint64 m_generation = 0;
    std::map<std::size_t, PointResult> m_coarse;
    std::map<std::size_t, PointResult> m_full;
    std::size_t m_total = 0; // points of m_run

    std::thread m_driver; // runs the pass
    QFutureWatcher<void> m_watcher;
    WorkerInbox<ComputedPoint> m_computed; // the pass's points, on their way from the workers
    std::stop_source m_stop;
    // Written by the worker, read after its future finished (see SweepController: the lock
    // is ours so that ThreadSanitizer sees the hand-off).
    mutable std::mutex m_workerErrorLock;
    QString m_workerError;
    int m_threads = 0;
    std::int64_t m_coarseCalls = kCoarseCalls;
    Pass m_pass = Pass::Idle;
    int m_passDone = 0;

    QTimer m_debounce;
    QTimer m_redraw;
    bool m_dirty = false;
};

} // namespace hedge
