#include <hedge/run/SweepController.h>

#include <hedge/run/TimingLog.h>
#include <hedge/sim/SeedCheckRun.h>

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_set>
#include <utility>

namespace hedge {

SweepController::SweepController(RedrawClock* clock, QObject* parent, Shape shape,
                                 BackgroundRunner* runner)
    : QObject(parent), m_shape(shape), m_runner(runner ? runner : new BackgroundRunner(this)),
      m_lane(m_runner->addLane(BackgroundRunner::Kind::Background)),
      m_clock(clock ? clock : new RedrawClock(this))
{
    m_results.setCoarseCalls(kCoarseCalls);
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &SweepController::startRun);

    connect(&m_preview, &PreviewFrames::applied, this, &SweepController::onFrameApplied);
    connect(&m_preview, &PreviewFrames::failed, this, &SweepController::onPreviewFailed);
    connect(&m_preview, &PreviewFrames::finished, this, &SweepController::onPreviewFinished);

    m_clockClient = m_clock->add(this, [this] { return flush(); });
}

SweepController::~SweepController()
{
    shutdown();
    if (m_runner)
        m_runner->removeLane(m_lane);
}

void SweepController::setScenario(Scenario scenario, bool immediate)
{
    scenario.timeline.reset(); // a timeline's sweep: its setups at its loads
    std::vector<SweepPoint> points;
    try {
        points = m_shape.points(scenario);
    } catch (const std::exception& e) { // a map of an invalid grid: nothing to show
        emit runFailed(QString::fromUtf8(e.what()));
    }
    const Scenario& now = m_results.scenario();
    const bool changed = points != m_results.points() || scenario.loads != now.loads ||
                         scenario.seed != now.seed || scenario.calls != now.calls ||
                         scenario.replicates != now.replicates ||
                         scenario.warmupFraction != now.warmupFraction || m_generation == 0;
    if (!changed) { // nothing this sweep shows: the running work goes on
        m_results.setScenario(scenario, std::move(points));
        markDirty();
    } else {
        m_preview.noteEdit(points, scenario.loads);
        m_results.setScenario(scenario, std::move(points));
        ++m_generation;
        // The running work may be stale: stop it now, not after the pause.
        if (m_runner)
            m_runner->cancel(m_lane);
        m_running = false;
        m_runAfterPreview = false;
        m_pass = Pass::Idle;
        if (m_preview.isDragging()) {
            m_runAfterDrag = true;
            m_debounce.stop();
        } else {
            markEdit();
            // Cached points of the new scenario (renames, reorders, undone edits) show at
            // once. During a drag the frames redraw.
            markDirty();
        }
        m_preview.schedule();
    }
    if (immediate)
        runNow();
    else if (changed && !m_preview.isDragging())
        m_debounce.start();
}

void SweepController::beginDrag()
{
    m_preview.beginDrag();
    // The drag's moves are not single edits: the timing log reports them as a drag.
    m_firstCurvePending = false;
}

void SweepController::endDrag()
{
    if (!m_preview.endDrag() || !m_runAfterDrag)
        return;
    m_runAfterDrag = false;
    m_editClock.start();
    m_simulatedAtEdit = simulatedPoints();
    m_measuringRelease = true;
    markDirty();
    runNow();
}

void SweepController::runNow()
{
    m_debounce.stop();
    startRun();
}

void SweepController::cancel()
{
    m_debounce.stop();
    // Before the frames stop: their end must not start the run that waited for them.
    m_runAfterPreview = false;
    m_runAfterDrag = false;
    m_preview.cancel();
    // A new generation makes the stopped run's late points count for nothing.
    ++m_generation;
    if (m_runner)
        m_runner->cancel(m_lane);
    // Stopped: the charts show results only, not what the cells showed before the edit.
    if (m_preview.clearShownCells())
        markDirty();
    if (m_running || m_pass != Pass::Idle) {
        m_running = false;
        m_pass = Pass::Idle;
        m_firstCurvePending = false;
        m_dirty = true;
        flush();
        emit progressChanged();
        emit runFinished(false);
    }
}

void SweepController::shutdown()
{
    m_debounce.stop();
    m_runAfterPreview = false;
    m_runAfterDrag = false;
    m_preview.shutdown();
    ++m_generation;
    m_running = false;
    m_pass = Pass::Idle;
    // The engine looks at the stop token every thousand events: this returns in milliseconds.
    if (m_runner)
        m_runner->shutdown(m_lane);
}

SweepController::Progress SweepController::progress() const
{
    Progress p;
    p.pass = m_pass;
    p.done = m_passDone;
    p.total = m_passTotal;
    if (m_pass != Pass::Idle && m_runClock.isValid()) {
        const double seconds = m_runClock.elapsed() / 1000.0;
        if (seconds > 0.2 && m_workDone > 0.0) {
            p.callsPerSecond = m_workDone / seconds;
            p.secondsLeft = std::max(0.0, (m_workTotal - m_workDone) / p.callsPerSecond);
        }
    }
    return p;
}

void SweepController::startRun()
{
    m_debounce.stop();
    if (m_results.points().empty())
        return; // a map without a grid
    if (m_preview.isPending()) {
        // The newest edit's frame first (it lands within a frame); the run follows it.
        m_running = true;
        m_runAfterPreview = true;
        return;
    }
    const quint64 generation = ++m_generation;
    m_running = true;
    const std::int64_t fullCalls = m_results.scenario().calls;
    // The coarse pass, then the full pass; the runner starts it once a stopped predecessor
    // has wound down (one sweep at a time on shared cores).
    m_runner->start({.owner = m_lane,
                     .passes = {[this, generation] { return planFirstPass(generation); },
                                [this, generation, fullCalls] {
                                    return planPass(generation, Pass::Full, fullCalls);
                                },
                                [this, generation] { return planSeedPass(generation); }},
                     .onEnd = [this, generation](const BackgroundRunner::Outcome& outcome) {
                         finish(generation, outcome);
                     }});
}

BackgroundRunner::Job SweepController::planFirstPass(quint64 generation)
{
    const Scenario& scenario = m_results.scenario();
    const std::int64_t coarseCalls = m_results.coarseCalls();
    const bool coarse = m_results.needsCoarsePass();
    const int coarseCount = coarse ? m_results.missing(coarseCalls, true).count : 0;
    const int fullCount = m_results.missing(scenario.calls, false).count;
    if (m_startedGeneration != generation) { // not again after giving way
        m_startedGeneration = generation;
        m_workTotal = (static_cast<double>(coarseCount) * static_cast<double>(coarseCalls) +
                       static_cast<double>(fullCount) * static_cast<double>(scenario.calls)) *
                      scenario.replicates;
        m_workDone = 0.0;
        m_runClock.start();
        emit runStarted();
        markDirty();
    }
    if (coarseCount == 0)
        return {};
    return planPass(generation, Pass::Coarse, coarseCalls);
}

BackgroundRunner::Job SweepController::planPass(quint64 generation, Pass pass, std::int64_t calls)
{
    SweepResults::Missing work = m_results.missing(calls, pass == Pass::Coarse);
    m_pass = pass;
    m_passDone = 0;
    const quint64 passSerial = ++m_passSerial;
    // What the pass computes, which is what it counts done: its batches are rectangles of
    // setups × loads and may hold a few points that were not missing ("7 / 6 points").
    std::unordered_set<PointIdentity, PointIdentity::Hash> computed;
    for (const SweepResults::Batch& batch : work.batches)
        computed.insert(batch.keys.begin(), batch.keys.end());
    m_passTotal = static_cast<int>(computed.size());
    emit progressChanged();
    if (work.count == 0)
        return {};
    return [this, generation, passSerial, batches = std::move(work.batches),
            threads = m_threads](BackgroundRunner::Worker& worker) {
        SweepResults::run(
            batches, worker.threads(threads),
            [&](const PointIdentity& key, const PointResult& point) {
                if (worker.stopRequested()) // possibly cut short: not a result
                    return;
                // A finished point is right for its key whichever run computed it.
                worker.keep([this, generation, passSerial, key, point] {
                    onPointComputed(generation, passSerial, key, point);
                });
            },
            worker.stopToken());
    };
}

BackgroundRunner::Job SweepController::planSeedPass(quint64 generation)
{
    // The full pass has landed: its time is the edit's, not the seed check's.
    if (m_editClock.isValid() && m_shape.logsTimings && m_results.isComplete())
        logFullPass();
    const Scenario& scenario = m_results.scenario();
    if (!m_shape.checksSeeds || scenario.replicates != 1 || m_seedRuns <= 0)
        return {};
    SweepResults::SeedCheckPlan plan = m_results.seedCheckPlan(m_seedRuns);
    const double perPoint = static_cast<double>(m_seedRuns) * static_cast<double>(scenario.calls);
    const double budget = m_seedBudget * static_cast<double>(m_results.points().size()) *
                          static_cast<double>(scenario.calls);
    m_pass = Pass::Seeds;
    m_passDone = 0;
    const quint64 passSerial = ++m_passSerial;
    // The points the budget affords at full length (runSeedCheck starts a point while calls
    // are left); a run stopped early as collapsed leaves room for more (onSeedChecked).
    m_passTotal = static_cast<int>(
        std::min<double>(static_cast<double>(plan.keys.size()), std::ceil(budget / perPoint)));
    emit progressChanged();
    if (plan.keys.empty())
        return {};
    if (m_seedGeneration != generation) { // not again after giving way
        m_seedGeneration = generation;
        m_workTotal += perPoint * m_passTotal;
    }
    return [this, generation, passSerial, plan = std::move(plan), runs = m_seedRuns, budget,
            threads = m_threads](BackgroundRunner::Worker& worker) {
        runSeedCheck(
            plan.specs, runs, static_cast<std::int64_t>(budget), worker.threads(threads),
            [&](std::size_t index, const SeedCheck& extra) {
                // With the point's own run; a stale run's checks are dropped (post).
                const SeedCheck check{.runs = extra.runs + 1,
                                      .collapsedRuns =
                                          extra.collapsedRuns + (plan.collapsed[index] ? 1 : 0)};
                worker.post([this, generation, passSerial, key = plan.keys[index], check] {
                    onSeedChecked(generation, passSerial, key, check);
                });
            },
            worker.stopToken());
    };
}

void SweepController::onSeedChecked(quint64 generation, quint64 passSerial,
                                    const PointIdentity& key, const SeedCheck& check)
{
    if (generation != m_generation)
        return;
    m_results.storeSeedCheck(key, check);
    markDirty();
    if (passSerial == m_passSerial && m_pass == Pass::Seeds) {
        ++m_passDone;
        m_passTotal = std::max(m_passTotal, m_passDone);
        m_workDone +=
            static_cast<double>(check.runs - 1) * static_cast<double>(m_results.scenario().calls);
    }
}

void SweepController::onPointComputed(quint64 generation, quint64 passSerial,
                                      const PointIdentity& key, const PointResult& point)
{
    m_results.store(key, point);
    markDirty();
    // Counted toward the pass that computed it only: a point of an earlier pass (a stopped
    // one's, landing late) is kept as a result but is not one of this pass's points.
    if (generation == m_generation && passSerial == m_passSerial && m_pass != Pass::Idle) {
        ++m_passDone;
        m_workDone += static_cast<double>(point.simulatedCalls > 0 ? point.simulatedCalls
                                                                   : m_results.scenario().calls);
        m_newPointSinceEdit = true;
    }
}

void SweepController::markDirty()
{
    m_dirty = true;
    if (m_clock)
        m_clock->mark(m_clockClient);
}

bool SweepController::flush()
{
    if (m_dirty) {
        m_dirty = false;
        emit pointsChanged();
        if (m_firstCurvePending && m_newPointSinceEdit && m_shape.logsTimings)
            logFirstCurve();
    }
    if (m_pass != Pass::Idle)
        emit progressChanged();
    // A run in progress redraws its progress at every tick.
    return m_running;
}

void SweepController::finish(quint64 generation, const BackgroundRunner::Outcome& outcome)
{
    if (generation != m_generation)
        return;
    if (!outcome.error.isEmpty())
        emit runFailed(outcome.error);
    m_running = false;
    m_pass = Pass::Idle;
    if (outcome.completed)
        m_preview.clearShownCells(); // every cell has its full result
    m_dirty = true;
    flush();
    if (outcome.completed && m_editClock.isValid() && m_shape.logsTimings)
        logFullPass();
    emit progressChanged();
    emit runFinished(outcome.completed);
}

void SweepController::logFirstCurve()
{
    m_firstCurvePending = false;
    qCInfo(lcExplorerTiming,
           "edit -> first redrawn curve: %lld ms (preview frame of %lld calls/point)",
           static_cast<long long>(m_editClock.elapsed()),
           static_cast<long long>(m_preview.frameCalls()));
}

void SweepController::logFullPass()
{
    const Scenario& scenario = m_results.scenario();
    qCInfo(lcExplorerTiming,
           "%s -> full pass: %lld ms (%d points simulated since then; scenario %zu setups x "
           "%zu loads, %lld calls/point)",
                 m_measuringRelease ? "release" : "edit",
                 static_cast<long long>(m_editClock.elapsed()),
                 simulatedPoints() - m_simulatedAtEdit, scenario.setups.size(),
                 scenario.loads.size(), static_cast<long long>(scenario.calls));
    m_editClock.invalidate();
    m_measuringRelease = false;
}

void SweepController::markEdit()
{
    m_measuringRelease = false;
    m_editClock.start();
    m_simulatedAtEdit = simulatedPoints();
    m_firstCurvePending = true;
    m_newPointSinceEdit = false;
}

void SweepController::onFrameApplied(quint64 editSerial)
{
    if (editSerial == m_preview.editSerial())
        m_newPointSinceEdit = true;
    m_dirty = true;
    emit frameApplied(editSerial);
    // At once, not at the next tick: the frame is one redraw for all its points.
    flush();
}

void SweepController::onPreviewFailed(const QString& message)
{
    m_runAfterPreview = false;
    m_running = false;
    emit runFailed(message);
}

void SweepController::onPreviewFinished()
{
    if (m_runAfterPreview) {
        m_runAfterPreview = false;
        startRun();
    }
}

std::vector<PointResult> SweepController::displayedPoints() const
{
    std::vector<PointResult> out;
    const Scenario& scenario = m_results.scenario();
    const std::vector<SweepPoint>& points = m_results.points();
    const std::vector<double>& loads = scenario.loads;
    // Each setup's (or map cell's) points by increasing load, whatever order the loads were
    // typed in: the table and the results files read as the charts do. A setup's points are
    // one block of loads.size() in the points' order.
    std::vector<std::size_t> order(points.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    const std::size_t block = std::max<std::size_t>(1, loads.size());
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return a / block != b / block ? a < b
                                      : m_results.loadOf(points[a]) < m_results.loadOf(points[b]);
    });
    for (const std::size_t i : order) {
        const PointResult* found = m_results.passResult(points[i]);
        if (!found)
            found = m_preview.shownCell(i);
        if (!found)
            continue;
        PointResult p = *found;
        if (m_shape.checksSeeds && scenario.replicates == 1) {
            const PointIdentity full = m_results.key(points[i], scenario.calls);
            const SeedCheck* check = m_results.seedCheck(full);
            if (check && m_results.cached(full) == found)
                p.seedCheck = *check;
        }
        p.setup = points[i].setup.name;
        p.cancellation = points[i].setup.cancellation;
        p.load = m_results.loadOf(points[i]);
        p.knobValue = points[i].knobValue;
        p.againstValue = points[i].againstValue;
        out.push_back(std::move(p));
    }
    return out;
}

GridMap SweepController::map(MapFigure figure) const
{
    const Scenario& scenario = m_results.scenario();
    if (!scenario.grid || m_results.points().empty())
        return {};
    return gridMap(scenario, displayedPoints(), figure);
}

QString SweepController::passLabel() const
{
    if (m_results.points().empty())
        return {}; // a map without a grid
    const QLocale locale;
    const Scenario& scenario = m_results.scenario();
    const std::int64_t coarseCalls = m_results.coarseCalls();
    // With replicates every point is that many runs: the label says so.
    const QString runs =
        scenario.replicates > 1 ? tr(" × %1 runs").arg(scenario.replicates) : QString();
    const QString full =
        tr("full pass · %1 calls/point").arg(locale.toString(qlonglong(scenario.calls))) + runs;
    int fullPoints = 0;
    int coarsePoints = 0;
    const std::vector<SweepPoint>& points = m_results.points();
    const int total = static_cast<int>(points.size());
    bool anyPreview = false;
    const bool coarse = m_results.needsCoarsePass();
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (m_results.contains(m_results.key(points[i], scenario.calls)))
            ++fullPoints;
        else if (coarse && m_results.contains(m_results.key(points[i], coarseCalls)))
            ++coarsePoints;
        else if (m_preview.shownCell(i))
            anyPreview = true;
    }
    if (anyPreview && m_preview.frameCalls() > 0)
        return tr("preview · %1 calls/point")
            .arg(locale.toString(qlonglong(m_preview.frameCalls())));
    const QString state = m_running ? tr(" · running") : tr(" · stopped");
    // Coarse points beside full ones: say how many are which, not "coarse pass".
    if (coarsePoints > 0 && fullPoints > 0)
        return tr("mixed · %1 of %2 points at full size (%3 calls/point), %4 coarse (%5)")
                   .arg(fullPoints)
                   .arg(total)
                   .arg(locale.toString(qlonglong(scenario.calls)))
                   .arg(coarsePoints)
                   .arg(locale.toString(qlonglong(coarseCalls))) +
               runs + state;
    if (coarsePoints > 0)
        return tr("coarse pass · %1 calls/point").arg(locale.toString(qlonglong(coarseCalls))) +
               runs + (m_running ? QString() : tr(" · stopped"));
    if (fullPoints < total)
        return full + state;
    return full + seedCheckLabel();
}

QString SweepController::seedCheckLabel() const
{
    const Scenario& scenario = m_results.scenario();
    if (!m_shape.checksSeeds || scenario.replicates != 1 || m_seedRuns <= 0)
        return {};
    const std::vector<SweepPoint>& points = m_results.points();
    const auto checked = std::count_if(points.begin(), points.end(), [&](const SweepPoint& p) {
        return m_results.seedCheck(m_results.key(p, scenario.calls)) != nullptr;
    });
    // Points the check has not reached: their verdict is one run's (the flag of a point run
    // once, docs/replicates.md, "Seed check").
    return tr(" · seeds checked at %1 of %2 points").arg(checked).arg(points.size());
}

} // namespace hedge
