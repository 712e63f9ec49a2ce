#include "MapController.h"

#include <hedge/KnobRegistry.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/SweepPoints.h>

#include <QLocale>

#include <algorithm>

namespace hedge {

MapController::MapController(RedrawClock* clock, QObject* parent)
    : QObject(parent), m_clock(clock ? clock : new RedrawClock(this))
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kRunDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &MapController::start);
    m_clockClient = m_clock->add(this, [this] { return flush(); });
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
    const bool coarse = m_run.calls > m_coarseCalls && m_coarse.size() + m_full.size() < m_total;
    std::vector<BackgroundRunner::Plan> passes;
    if (coarse)
        passes.push_back([this] { return planPass(Pass::Coarse); });
    // After the coarse pass, unless its points completed the map.
    passes.push_back(
        [this] { return isComplete() ? BackgroundRunner::Job{} : planPass(Pass::Full); });
    // Running from now on, though the runner may first wait for a stopped pass to wind down.
    m_pass = coarse ? Pass::Coarse : Pass::Full;
    markDirty();
    m_runner.start({.owner = 0,
                    .passes = std::move(passes),
                    .onEnd = [this](const BackgroundRunner::Outcome& o) { onRunEnd(o); }});
}

BackgroundRunner::Job MapController::planPass(Pass pass)
{
    m_pass = pass;
    m_passDone = 0;
    markDirty();
    Scenario sub = m_run;
    if (pass == Pass::Coarse)
        sub.calls = m_coarseCalls;
    return [this, sub = std::move(sub), pass, threads = m_threads](BackgroundRunner::Worker& w) {
        LoadSweep(sub, threads)
            .run(
                [&](std::size_t index, const PointResult& point) {
                    if (w.stopRequested()) // possibly cut short: not a result
                        return;
                    // Dropped if stale: another scenario's numbers.
                    w.post([this, pass, index, point] {
                        (pass == Pass::Coarse ? m_coarse : m_full)[index] = point;
                        ++m_passDone;
                        markDirty();
                    });
                },
                w.stopToken());
    };
}

void MapController::onRunEnd(const BackgroundRunner::Outcome& outcome)
{
    m_pass = Pass::Idle;
    if (!outcome.error.isEmpty()) {
        emit runFailed(outcome.error);
        emit runFinished(false);
        return;
    }
    if (!outcome.completed)
        return; // stopped: whoever stopped it decides what runs next
    m_dirty = true;
    flush();
    emit runFinished(isComplete());
}

void MapController::cancel()
{
    m_debounce.stop();
    stopWorker();
    m_dirty = true;
    flush();
}

void MapController::stopWorker()
{
    m_runner.cancel();
    m_pass = Pass::Idle;
}

void MapController::shutdown()
{
    m_debounce.stop();
    m_pass = Pass::Idle;
    m_runner.shutdown();
}

void MapController::markDirty()
{
    m_dirty = true;
    if (m_clock)
        m_clock->mark(m_clockClient);
}

bool MapController::flush()
{
    if (m_dirty) {
        m_dirty = false;
        emit pointsChanged();
    }
    return m_pass != Pass::Idle;
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
    const QString runs = m_run.replicates > 1 ? tr(" × %1 runs").arg(m_run.replicates) : QString();
    const auto size = [&](std::int64_t calls) {
        return tr("%1 calls/point").arg(locale.toString(qlonglong(calls))) + runs;
    };
    if (isComplete())
        return tr("full pass · %1 · %2 cells")
            .arg(size(m_run.calls))
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
