#include "MapController.h"

#include <hedge/KnobRegistry.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/SweepPoints.h>

#include <QLocale>
#include <QPromise>

#include <algorithm>

namespace hedge {

MapController::MapController(QObject* parent) : QObject(parent)
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &MapController::start);
    m_redraw.setInterval(kRedrawIntervalMs);
    connect(&m_redraw, &QTimer::timeout, this, &MapController::flush);
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, &MapController::onPassFinished);
}

MapController::~MapController()
{
    shutdown();
}

int MapController::griddedSetupRow(const Scenario& scenario)
{
    if (!scenario.grid)
        return -1;
    for (std::size_t i = 0; i < scenario.setups.size(); ++i)
        if (scenario.setups[i].name == scenario.grid->setup)
            return static_cast<int>(i);
    return -1;
}

std::optional<Scenario> MapController::withKnob(const Scenario& scenario, double value)
{
    const int row = griddedSetupRow(scenario);
    const Knob* knob = scenario.grid ? KnobRegistry::findGridKnob(scenario.grid->knob) : nullptr;
    if (row < 0 || !knob)
        return std::nullopt;
    Scenario next = scenario;
    knob->write(next.setups[static_cast<std::size_t>(row)], next.service, value);
    return next;
}

Scenario MapController::cutDown(const Scenario& scenario)
{
    Scenario run = scenario;
    const int row = griddedSetupRow(scenario);
    const Knob* knob = KnobRegistry::findGridKnob(scenario.grid->knob);
    if (row < 0 || !knob)
        return run; // invalid: LoadSweep says why
    Setup gridded = scenario.setups[static_cast<std::size_t>(row)];
    // Every cell sets the knob itself: the setup's own value makes no difference to the map.
    // (A service knob would change the baseline too, so it is left as it is.)
    if (knob->group() != "service." && !scenario.grid->values.empty()) {
        ServiceConfig unused = scenario.service;
        knob->write(gridded, unused, scenario.grid->values.front());
    }
    run.setups = {gridded};
    const GridBaseline baseline = gridBaseline(scenario);
    if (!baseline.added)
        run.setups.push_back(baseline.setup);
    return run;
}

void MapController::setScenario(const Scenario& scenario, bool immediate)
{
    m_scenario = scenario;
    if (!scenario.grid) {
        stopWorker();
        ++m_generation;
        m_run = Scenario{};
        m_coarse.clear();
        m_full.clear();
        m_total = 0;
        m_debounce.stop();
        m_dirty = true;
        flush();
        return;
    }
    Scenario run;
    try {
        run = cutDown(scenario);
    } catch (const std::exception& e) {
        emit runFailed(QString::fromUtf8(e.what()));
        return;
    }
    const bool changed = !(run == m_run) || m_total == 0;
    if (changed) {
        stopWorker();
        ++m_generation;
        m_run = run;
        m_coarse.clear();
        m_full.clear();
        try {
            m_total = LoadSweep(m_run, 1).totalPointCount();
        } catch (const std::exception& e) {
            m_total = 0;
            emit runFailed(QString::fromUtf8(e.what()));
            return;
        }
        m_dirty = true;
        flush();
    }
    if (immediate)
        runNow();
    else if (changed)
        m_debounce.start();
}

void MapController::runNow()
{
    m_debounce.stop();
    start();
}

void MapController::start()
{
    if (!m_scenario.grid || m_total == 0 || isComplete())
        return;
    stopWorker();
    ++m_generation;
    const bool coarse = m_run.calls > m_coarseCalls && m_coarse.size() + m_full.size() < m_total;
    startPass(coarse ? Pass::Coarse : Pass::Full);
}

void MapController::startPass(Pass pass)
{
    m_pass = pass;
    m_passDone = 0;
    Scenario sub = m_run;
    if (pass == Pass::Coarse)
        sub.calls = m_coarseCalls;
    {
        const std::lock_guard guard(m_workerErrorLock);
        m_workerError.clear();
    }
    m_stop = std::stop_source{};
    const std::stop_token stop = m_stop.get_token();
    const quint64 generation = m_generation;
    // One pass at a time: the previous one was stopped (or has finished), its thread is at most
    // returning.
    if (m_driver.joinable())
        m_driver.join();
    QPromise<void> promise;
    m_watcher.setFuture(promise.future());
    promise.start();
    // A thread of our own and a WorkerInbox, not Qt's pool and a queued signal: ThreadSanitizer
    // sees these hand-offs (see SweepController::startSweep). The controller outlives the
    // thread (shutdown() joins it).
    m_driver = std::thread([this, sub = std::move(sub), stop, generation, pass,
                            threads = m_threads, promise = std::move(promise)]() mutable {
        try {
            LoadSweep(sub, threads)
                .run(
                    [&](std::size_t index, const PointResult& point) {
                        if (stop.stop_requested()) // possibly cut short: not a result
                            return;
                        if (m_computed.put({generation, pass, index, point}))
                            QMetaObject::invokeMethod(this, "takeComputedPoints",
                                                      Qt::QueuedConnection);
                    },
                    stop);
        } catch (const std::exception& e) {
            const std::lock_guard guard(m_workerErrorLock);
            m_workerError = QString::fromUtf8(e.what());
        }
        promise.finish();
    });
    m_dirty = true;
    if (!m_redraw.isActive())
        m_redraw.start();
}

void MapController::takeComputedPoints()
{
    for (const ComputedPoint& computed : m_computed.take()) {
        if (computed.generation != m_generation)
            continue; // a stale run's point: another scenario's numbers
        auto& into = computed.pass == Pass::Coarse ? m_coarse : m_full;
        into[computed.index] = computed.point;
        ++m_passDone;
        m_dirty = true;
    }
}

void MapController::onPassFinished()
{
    if (m_stop.stop_requested() || m_pass == Pass::Idle)
        return; // stopped: whoever stopped it decides what runs next
    if (const QString error = workerError(); !error.isEmpty()) {
        m_pass = Pass::Idle;
        emit runFailed(error);
        emit runFinished(false);
        return;
    }
    takeComputedPoints(); // the pass's last points land before the next pass starts
    if (m_pass == Pass::Coarse && !isComplete()) {
        startPass(Pass::Full);
        return;
    }
    m_pass = Pass::Idle;
    m_dirty = true;
    flush();
    emit runFinished(isComplete());
}

void MapController::cancel()
{
    m_debounce.stop();
    stopWorker();
    ++m_generation;
    m_dirty = true;
    flush();
}

void MapController::stopWorker()
{
    m_stop.request_stop();
    m_pass = Pass::Idle;
}

void MapController::shutdown()
{
    m_debounce.stop();
    m_stop.request_stop();
    m_pass = Pass::Idle;
    if (m_driver.joinable())
        m_driver.join();
}

QString MapController::workerError() const
{
    const std::lock_guard guard(m_workerErrorLock);
    return m_workerError;
}

void MapController::flush()
{
    if (m_dirty) {
        m_dirty = false;
        emit pointsChanged();
    }
    if (m_pass == Pass::Idle)
        m_redraw.stop();
}

bool MapController::isComplete() const
{
    return m_total > 0 && m_full.size() == m_total;
}

std::vector<PointResult> MapController::points() const
{
    std::vector<PointResult> out;
    if (!m_scenario.grid)
        return out;
    for (std::size_t i = 0; i < m_total; ++i) {
        const auto full = m_full.find(i);
        const PointResult* p = full != m_full.end() ? &full->second : nullptr;
        if (!p) {
            const auto coarse = m_coarse.find(i);
            if (coarse == m_coarse.end())
                continue;
            p = &coarse->second;
        }
        // The gridded setup's own row is not a cell of the map.
        if (!p->knobValue && p->setup == m_scenario.grid->setup)
            continue;
        out.push_back(*p);
    }
    return out;
}

GridMap MapController::map(MapFigure figure) const
{
    if (!m_scenario.grid)
        return {};
    return gridMap(m_scenario, points(), figure);
}

QString MapController::passLabel() const
{
    if (!m_scenario.grid)
        return {};
    const QLocale locale;
    const QString runs =
        m_run.replicates > 1 ? tr(" × %1 runs").arg(m_run.replicates) : QString();
    const auto size = [&](std::int64_t calls) {
        return tr("%1 calls/point").arg(locale.toString(qlonglong(calls))) + runs;
    };
    if (isComplete())
        return tr("full pass · %1 · %2 cells").arg(size(m_run.calls))
            .arg(m_run.grid->values.size() * m_run.loads.size());
    const std::size_t shown = std::min(m_total, m_full.size() + m_coarse.size());
    switch (m_pass) {
    case Pass::Coarse:
        return tr("coarse pass · %1 · %2 of %3 points · running")
            .arg(size(m_coarseCalls))
            .arg(m_coarse.size())
            .arg(m_total);
    case Pass::Full:
        return tr("full pass · %1 · %2 of %3 points · running")
            .arg(size(m_run.calls))
            .arg(m_full.size())
            .arg(m_total);
    case Pass::Idle:
        break;
    }
    if (m_debounce.isActive())
        return tr("about to run %1 points").arg(m_total);
    return tr("stopped · %1 of %2 points at full size, %3 shown")
        .arg(m_full.size())
        .arg(m_total)
        .arg(shown);
}

} // namespace hedge
