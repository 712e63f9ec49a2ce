// The map of a grid scenario (docs/user-guide.md, "Map"): the sweep of the grid's cells and
// its baseline at every load, configured for the map. It runs on a BackgroundRunner as the
// curves' sweep does (a coarse pass first, then the full one; stale work dropped) and redraws
// on the window's RedrawClock (pointsChanged() is never emitted per point).
//
// The run is the scenario cut down to what the map needs (the gridded setup and a baseline
// the scenario holds), with the gridded setup's own knob value left out: setting the knob
// from a cell of the map changes no cell, so it does not re-run the map. Any other edit
// that changes the cut-down scenario stops the running work and re-runs it after a short
// pause.
#pragma once

#include "BackgroundRunner.h"
#include "RedrawClock.h"
#include "RunPass.h"

#include <hedge/Scenario.h>
#include <hedge/sim/GridMap.h>
#include <hedge/sim/PointResult.h>

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <cstdint>
#include <map>
#include <optional>

namespace hedge {

class MapController : public QObject {
    Q_OBJECT
public:
    using Pass = RunPass;

    // Redraws on `clock` (the window's); without one, on a clock of its own.
    explicit MapController(RedrawClock* clock = nullptr, QObject* parent = nullptr);
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

private:
    static Scenario cutDown(const Scenario& scenario);
    void start();
    BackgroundRunner::Job planPass(Pass pass);
    void onRunEnd(const BackgroundRunner::Outcome& outcome);
    void markDirty();
    // The clock's redraw: returns whether the next tick is wanted too.
    bool flush();
    void stopWorker();

    Scenario m_scenario;
    Scenario m_run; // cut down; its results-order indices key the points below
    std::map<std::size_t, PointResult> m_coarse;
    std::map<std::size_t, PointResult> m_full;
    std::size_t m_total = 0; // points of m_run

    BackgroundRunner m_runner;
    int m_threads = 0;
    std::int64_t m_coarseCalls = kCoarsePassCalls;
    Pass m_pass = Pass::Idle;
    int m_passDone = 0;

    QTimer m_debounce;
    QPointer<RedrawClock> m_clock;
    RedrawClock::Client m_clockClient = 0;
    bool m_dirty = false;
};

} // namespace hedge
