#include "SweepController.h"

#include "TimingLog.h"

#include <hedge/sim/LoadSweep.h>

#include <QLocale>
#include <QPointer>
#include <QPromise>

#include <qcoro/qcorofuture.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <utility>

namespace hedge {

namespace {

// Exact text of a double (hex float): two keys are equal only for bit-equal values.
void put(std::string& out, double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%a|", v);
    out += buf;
}

void put(std::string& out, std::int64_t v)
{
    out += std::to_string(v);
    out += '|';
}

std::string policyKey(const Setup& s)
{
    std::string k = s.cancellation == Cancellation::Server ? "S|" : "C|";
    if (s.hedge) {
        put(k, s.hedge->delayMs);
        put(k, std::int64_t{s.hedge->maxAttempts});
        put(k, s.hedge->budgetPercent);
        put(k, s.hedge->budgetMinPerSecond);
        put(k, s.hedge->budgetWindowSeconds);
        put(k, std::int64_t{static_cast<int>(s.hedge->placement)});
    } else {
        k += "-|";
    }
    if (s.adaptiveLimit) {
        const Gradient2Config& g = *s.adaptiveLimit;
        put(k, std::int64_t{g.initialLimit});
        put(k, std::int64_t{g.minLimit});
        put(k, std::int64_t{g.maxLimit});
        put(k, g.smoothing);
        put(k, g.rttTolerance);
        put(k, std::int64_t{g.longWindow});
        put(k, std::int64_t{g.queueSize});
    } else {
        k += "-|";
    }
    return k;
}

// Bounds the cache: a long session of edits would otherwise grow it without end.
constexpr std::size_t kMaxCachedPoints = 50000;

} // namespace

SweepController::SweepController(QObject* parent) : QObject(parent)
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &SweepController::startRun);

    connect(&m_preview, &PreviewFrames::applied, this, &SweepController::onFrameApplied);
    connect(&m_preview, &PreviewFrames::failed, this, &SweepController::onPreviewFailed);
    connect(&m_preview, &PreviewFrames::finished, this, &SweepController::onPreviewFinished);

    m_redraw.setInterval(kRedrawIntervalMs);
    m_redraw.setTimerType(Qt::PreciseTimer);
    connect(&m_redraw, &QTimer::timeout, this, &SweepController::flush);
}

SweepController::~SweepController()
{
    shutdown();
}

void SweepController::setScenario(const Scenario& scenario, bool immediate)
{
    const bool changed = !(scenario == m_scenario) || m_generation == 0;
    if (changed) {
        m_preview.noteEdit(scenario);
        m_scenario = scenario;
        ++m_generation;
        // The running work may be stale: stop it now, not after the pause.
        m_stop.request_stop();
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
            m_dirty = true;
            if (!m_redraw.isActive())
                m_redraw.start();
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
    m_simulatedAtEdit = m_simulatedPoints;
    m_measuringRelease = true;
    m_dirty = true;
    if (!m_redraw.isActive())
        m_redraw.start();
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
    m_stop.request_stop();
    m_preview.cancel();
    m_runAfterPreview = false;
    m_runAfterDrag = false;
    // A new generation makes the stopped sequence's late steps no-ops.
    ++m_generation;
    // Stopped: the charts show results only, not what the cells showed before the edit.
    if (m_preview.clearShownCells()) {
        m_dirty = true;
        if (!m_redraw.isActive())
            m_redraw.start();
    }
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
    m_redraw.stop();
    m_stop.request_stop();
    m_preview.shutdown();
    m_runAfterPreview = false;
    m_runAfterDrag = false;
    ++m_generation;
    m_running = false;
    m_pass = Pass::Idle;
    // The engine looks at the stop token every thousand events: this returns in milliseconds.
    m_future.waitForFinished();
    if (m_driver.joinable())
        m_driver.join();
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

std::string SweepController::key(const Setup& setup, double load, std::int64_t calls) const
{
    const ServiceConfig& s = m_scenario.service;
    std::string k = policyKey(setup);
    put(k, std::int64_t{s.workers});
    put(k, s.medianMs);
    put(k, s.sigma);
    put(k, s.hiccupProbability);
    put(k, s.hiccupMinMs);
    put(k, s.hiccupMaxMs);
    put(k, s.errorProbability);
    put(k, std::int64_t{s.replicas});
    put(k, std::int64_t{static_cast<int>(s.balancer)});
    put(k, s.hiccupCorrelation);
    if (s.slowdowns) {
        put(k, s.slowdowns->perMinute);
        put(k, s.slowdowns->durationMs);
        put(k, s.slowdowns->factor);
    } else {
        k += "-|";
    }
    k += std::to_string(m_scenario.seed);
    k += '|';
    put(k, calls);
    put(k, std::int64_t{m_scenario.replicates});
    put(k, m_scenario.warmupFraction);
    put(k, load);
    return k;
}

bool SweepController::needsCoarsePass() const
{
    return m_coarseCalls > 0 && m_scenario.calls > m_coarseCalls;
}

const PointResult* SweepController::passResult(const Setup& setup, double load) const
{
    auto it = m_cache.find(key(setup, load, m_scenario.calls));
    if (it == m_cache.end() && needsCoarsePass())
        it = m_cache.find(key(setup, load, m_coarseCalls));
    return it == m_cache.end() ? nullptr : &it->second;
}

const PointResult* SweepController::cached(const std::string& key) const
{
    const auto it = m_cache.find(key);
    return it == m_cache.end() ? nullptr : &it->second;
}

void SweepController::store(const std::string& key, const PointResult& point)
{
    if (m_cache.size() >= kMaxCachedPoints)
        m_cache.clear();
    m_cache[key] = point;
    ++m_simulatedPoints;
}

std::int64_t SweepController::firstPassCalls() const
{
    return needsCoarsePass() ? m_coarseCalls : m_scenario.calls;
}

SweepController::Missing SweepController::missing(std::int64_t calls, bool coarse) const
{
    return missingWhere(calls, [this, calls, coarse](const Setup& s, double load) {
        // The coarse pass is only for points that have no full-size result yet.
        return m_cache.contains(key(s, load, calls)) ||
               (coarse && m_cache.contains(key(s, load, m_scenario.calls)));
    });
}

SweepController::Missing SweepController::missingBesidePasses(std::int64_t calls) const
{
    return missingWhere(calls, [this, calls](const Setup& s, double load) {
        return passResult(s, load) != nullptr || m_cache.contains(key(s, load, calls));
    });
}

template <class Have>
SweepController::Missing SweepController::missingWhere(std::int64_t calls, Have have) const
{
    // The rectangle of (policies with a missing point) × (loads with a missing point): usually
    // exact (an edit changes whole setups or whole loads); a few extra points at worst.
    std::vector<std::size_t> setupRows;
    std::set<std::string> seenPolicies;
    std::vector<bool> loadMissing(m_scenario.loads.size(), false);
    std::set<std::string> missingKeys;
    for (std::size_t i = 0; i < m_scenario.setups.size(); ++i) {
        const Setup& s = m_scenario.setups[i];
        bool any = false;
        for (std::size_t j = 0; j < m_scenario.loads.size(); ++j) {
            const double load = m_scenario.loads[j];
            if (!have(s, load)) {
                any = true;
                loadMissing[j] = true;
                missingKeys.insert(key(s, load, calls));
            }
        }
        if (any && seenPolicies.insert(policyKey(s)).second)
            setupRows.push_back(i);
    }
    Missing m;
    m.count = static_cast<int>(missingKeys.size());
    if (m.count == 0)
        return m;
    m.sub.seed = m_scenario.seed;
    m.sub.calls = calls;
    m.sub.replicates = m_scenario.replicates;
    m.sub.warmupFraction = m_scenario.warmupFraction;
    m.sub.service = m_scenario.service;
    m.sub.loads.clear();
    for (std::size_t j = 0; j < m_scenario.loads.size(); ++j)
        if (loadMissing[j])
            m.sub.loads.push_back(m_scenario.loads[j]);
    m.sub.setups.clear();
    for (std::size_t row : setupRows) {
        Setup s = m_scenario.setups[row];
        // Appended, not "p" + string: g++ 12 -O3 warns falsely (-Wrestrict, GCC bug 105651).
        s.name = std::string(1, 'p').append(std::to_string(m.sub.setups.size()));
        m.sub.setups.push_back(std::move(s));
    }
    for (const Setup& s : m.sub.setups)
        for (double load : m.sub.loads)
            m.keys.push_back(key(s, load, calls));
    return m;
}

void SweepController::startRun()
{
    m_debounce.stop();
    if (m_preview.isPending()) {
        // The newest edit's frame first (it lands within a frame); the run follows it.
        m_running = true;
        m_runAfterPreview = true;
        return;
    }
    const quint64 generation = ++m_generation;
    m_stop.request_stop();
    m_running = true;
    // The context object guards the end of the sequence: if the controller is gone by then,
    // the callback does not run.
    QCoro::connect(runSequence(generation), this,
                   [this, generation](bool completed) { finish(generation, completed); });
}

// The coarse pass, then the full pass, as straight code. Each step first checks that this
// sequence is still the current one: an edit or a cancel bumps the generation, and a
// suspended coroutine may even outlive the controller (hence the QPointer).
QCoro::Task<bool> SweepController::runSequence(quint64 generation)
{
    QPointer<SweepController> self(this);
    // Wait for a stopped predecessor: one sweep at a time on two shared cores.
    if (m_future.isRunning()) {
        QFuture<void> previous = m_future;
        co_await qCoro(previous).waitForFinished();
        if (!self || generation != m_generation)
            co_return false;
    }
    const Missing coarse = needsCoarsePass() ? missing(m_coarseCalls, true) : Missing{};
    const Missing full = missing(m_scenario.calls, false);
    m_workTotal = (static_cast<double>(coarse.count) * static_cast<double>(m_coarseCalls) +
                   static_cast<double>(full.count) * static_cast<double>(m_scenario.calls)) *
                  m_scenario.replicates;
    m_workDone = 0.0;
    m_runClock.start();
    emit runStarted();
    m_dirty = true;
    if (!m_redraw.isActive())
        m_redraw.start();

    if (coarse.count > 0) {
        const bool ok = co_await runPass(generation, Pass::Coarse, m_coarseCalls);
        if (!self || !ok || generation != m_generation)
            co_return false;
    }
    co_return co_await runPass(generation, Pass::Full, m_scenario.calls);
}

QCoro::Task<bool> SweepController::runPass(quint64 generation, Pass pass, std::int64_t calls)
{
    QPointer<SweepController> self(this);
    const Missing work = missing(calls, pass == Pass::Coarse);
    m_pass = pass;
    m_passDone = 0;
    m_passTotal = work.count;
    emit progressChanged();
    if (work.count == 0)
        co_return true;

    m_stop = std::stop_source{};
    const std::stop_token stop = m_stop.get_token();
    // The controller outlives the worker (shutdown() waits for it).
    QFuture<void> future = startSweep(
        work.sub, stop,
        [this, generation, keys = work.keys](std::size_t index, const PointResult& point) {
            if (m_computed.put({generation, keys[index], point}))
                QMetaObject::invokeMethod(this, "takeComputedPoints", Qt::QueuedConnection);
        });
    co_await qCoro(future).waitForFinished();
    if (!self)
        co_return false;
    takeComputedPoints(); // the pass's last points, before the next pass looks for gaps
    if (const QString error = workerError(); !error.isEmpty()) {
        if (generation == m_generation)
            emit runFailed(error);
        co_return false;
    }
    co_return !stop.stop_requested();
}

QFuture<void> SweepController::startSweep(Scenario sub, std::stop_token stop,
                                          LoadSweep::OnPoint onPoint)
{
    {
        const std::lock_guard guard(m_workerErrorLock);
        m_workerError.clear();
    }
    // One sweep at a time: the previous one has finished (its future did), its thread is at
    // most returning.
    if (m_driver.joinable())
        m_driver.join();
    QPromise<void> promise;
    m_future = promise.future();
    promise.start();
    // A thread of our own, not Qt's pool: starting a thread is a hand-off ThreadSanitizer sees,
    // while the pool hands its task to a waiting thread inside Debian's uninstrumented Qt (a
    // false report on the task and everything it carries). LoadSweep::run starts its own
    // workers and works on this thread too.
    m_driver = std::thread([this, sub = std::move(sub), stop, threads = m_threads,
                            onPoint = std::move(onPoint), promise = std::move(promise)]() mutable {
        try {
            LoadSweep(sub, threads)
                .run(
                    [&](std::size_t index, const PointResult& point) {
                        if (!stop.stop_requested()) // else possibly cut short: not a result
                            onPoint(index, point);
                    },
                    stop);
        } catch (const std::exception& e) {
            // Not through the future: its rethrow would end in a coroutine nobody awaits.
            const std::lock_guard guard(m_workerErrorLock);
            m_workerError = QString::fromUtf8(e.what());
        }
        promise.finish();
    });
    return m_future;
}

QString SweepController::workerError() const
{
    const std::lock_guard guard(m_workerErrorLock);
    return m_workerError;
}

void SweepController::takeComputedPoints()
{
    for (const ComputedPoint& computed : m_computed.take())
        onPointComputed(computed);
}

void SweepController::onPointComputed(const ComputedPoint& computed)
{
    const PointResult& point = computed.point;
    // A finished point is right for its key whichever run computed it: keep it.
    store(computed.key, point);
    m_dirty = true;
    if (computed.generation == m_generation && m_pass != Pass::Idle) {
        ++m_passDone;
        m_workDone +=
            static_cast<double>(point.simulatedCalls > 0 ? point.simulatedCalls : m_scenario.calls);
        m_newPointSinceEdit = true;
    }
}

void SweepController::flush()
{
    if (m_dirty) {
        m_dirty = false;
        emit pointsChanged();
        if (m_firstCurvePending && m_newPointSinceEdit) {
            m_firstCurvePending = false;
            qCInfo(lcExplorerTiming,
                   "edit -> first redrawn curve: %lld ms (preview frame of %lld calls/point)",
                   static_cast<long long>(m_editClock.elapsed()),
                   static_cast<long long>(m_preview.frameCalls()));
        }
    }
    if (m_pass != Pass::Idle)
        emit progressChanged();
    if (!m_running && !m_dirty)
        m_redraw.stop();
}

void SweepController::finish(quint64 generation, bool completed)
{
    if (generation != m_generation)
        return;
    m_running = false;
    m_pass = Pass::Idle;
    if (completed)
        m_preview.clearShownCells(); // every cell has its full result
    m_dirty = true;
    flush();
    if (completed && m_editClock.isValid()) {
        qCInfo(lcExplorerTiming,
               "%s -> full pass: %lld ms (%d points simulated since then; "
               "scenario %zu setups x %zu loads, %lld calls/point)",
               m_measuringRelease ? "release" : "edit",
               static_cast<long long>(m_editClock.elapsed()), m_simulatedPoints - m_simulatedAtEdit,
               m_scenario.setups.size(), m_scenario.loads.size(),
               static_cast<long long>(m_scenario.calls));
        m_editClock.invalidate();
        m_measuringRelease = false;
    }
    emit progressChanged();
    emit runFinished(completed);
}

void SweepController::markEdit()
{
    m_measuringRelease = false;
    m_editClock.start();
    m_simulatedAtEdit = m_simulatedPoints;
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
    for (std::size_t i = 0; i < m_scenario.setups.size(); ++i) {
        const Setup& s = m_scenario.setups[i];
        for (std::size_t j = 0; j < m_scenario.loads.size(); ++j) {
            const double load = m_scenario.loads[j];
            const PointResult* found = passResult(s, load);
            if (!found)
                found = m_preview.shownCell(i, j);
            if (!found)
                continue;
            PointResult p = *found;
            p.setup = s.name;
            p.cancellation = s.cancellation;
            p.load = load;
            out.push_back(std::move(p));
        }
    }
    return out;
}

bool SweepController::isComplete() const
{
    for (const Setup& s : m_scenario.setups)
        for (double load : m_scenario.loads)
            if (!m_cache.contains(key(s, load, m_scenario.calls)))
                return false;
    return true;
}

QString SweepController::passLabel() const
{
    const QLocale locale;
    // With replicates every point is that many runs: the label says so.
    const QString runs =
        m_scenario.replicates > 1 ? tr(" × %1 runs").arg(m_scenario.replicates) : QString();
    const QString full =
        tr("full pass · %1 calls/point").arg(locale.toString(qlonglong(m_scenario.calls))) + runs;
    int fullPoints = 0;
    int coarsePoints = 0;
    int total = 0;
    bool anyPreview = false;
    const bool coarse = needsCoarsePass();
    for (std::size_t i = 0; i < m_scenario.setups.size(); ++i)
        for (std::size_t j = 0; j < m_scenario.loads.size(); ++j) {
            const Setup& s = m_scenario.setups[i];
            const double load = m_scenario.loads[j];
            ++total;
            if (m_cache.contains(key(s, load, m_scenario.calls)))
                ++fullPoints;
            else if (coarse && m_cache.contains(key(s, load, m_coarseCalls)))
                ++coarsePoints;
            else if (m_preview.shownCell(i, j))
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
                   .arg(locale.toString(qlonglong(m_scenario.calls)))
                   .arg(coarsePoints)
                   .arg(locale.toString(qlonglong(m_coarseCalls))) +
               runs + state;
    if (coarsePoints > 0)
        return tr("coarse pass · %1 calls/point").arg(locale.toString(qlonglong(m_coarseCalls))) +
               runs + (m_running ? QString() : tr(" · stopped"));
    if (fullPoints < total)
        return full + state;
    return full;
}

} // namespace hedge
