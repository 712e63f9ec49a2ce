#include "SweepController.h"

#include <hedge/sim/LoadSweep.h>

#include <QLocale>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <qcoro/qcorofuture.h>

#include <algorithm>
#include <cstdio>
#include <set>

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
    qRegisterMetaType<hedge::PointResult>("hedge::PointResult");
    // One driver thread: LoadSweep::run starts its own workers and works on this one too.
    m_pool.setMaxThreadCount(1);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &SweepController::startRun);

    m_redraw.setInterval(kRedrawIntervalMs);
    m_redraw.setTimerType(Qt::PreciseTimer);
    connect(&m_redraw, &QTimer::timeout, this, &SweepController::flush);

    connect(this, &SweepController::pointComputed, this, &SweepController::onPointComputed,
            Qt::QueuedConnection);
}

SweepController::~SweepController()
{
    shutdown();
}

void SweepController::setScenario(const Scenario& scenario, bool immediate)
{
    const bool changed = !(scenario == m_scenario) || m_generation == 0;
    if (changed) {
        m_scenario = scenario;
        ++m_generation;
        // The running work may be stale: stop it now, not after the pause.
        m_stop.request_stop();
        m_running = false;
        m_pass = Pass::Idle;
        markEdit();
        // Cached points of the new scenario (renames, reorders, undone edits) show at once.
        m_dirty = true;
        if (!m_redraw.isActive())
            m_redraw.start();
    }
    if (immediate)
        runNow();
    else if (changed)
        m_debounce.start();
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
    // A new generation makes the stopped sequence's late steps no-ops.
    ++m_generation;
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
    ++m_generation;
    m_running = false;
    m_pass = Pass::Idle;
    // The engine looks at the stop token every thousand events: this returns in milliseconds.
    m_future.waitForFinished();
    m_pool.waitForDone();
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

SweepController::Missing SweepController::missing(std::int64_t calls, bool coarse) const
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
            const std::string k = key(s, load, calls);
            bool have = m_cache.contains(k);
            // The coarse pass is only for points that have no full-size result yet.
            if (coarse && !have)
                have = m_cache.contains(key(s, load, m_scenario.calls));
            if (!have) {
                any = true;
                loadMissing[j] = true;
                missingKeys.insert(k);
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
    std::vector<double> loads;
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
    const int threads = m_threads;
    // The worker only reads its own copies and emits a queued signal; the controller outlives
    // it (shutdown() waits for it).
    m_workerError.clear();
    m_future = QtConcurrent::run(&m_pool, [this, generation, stop, threads, work] {
        try {
            const LoadSweep sweep(work.sub, threads);
            sweep.run(
                [&](std::size_t index, const PointResult& point) {
                    if (stop.stop_requested())
                        return; // possibly cut short: not a result
                    emit pointComputed(generation, QString::fromStdString(work.keys[index]), point,
                                       QPrivateSignal{});
                },
                stop);
        } catch (const std::exception& e) {
            // Not through the future: its rethrow would end in a coroutine nobody awaits.
            m_workerError = QString::fromUtf8(e.what());
        }
    });
    QFuture<void> future = m_future;
    co_await qCoro(future).waitForFinished();
    if (!self)
        co_return false;
    if (!m_workerError.isEmpty()) {
        if (generation == m_generation)
            emit runFailed(m_workerError);
        co_return false;
    }
    co_return !stop.stop_requested();
}

void SweepController::onPointComputed(quint64 generation, const QString& key,
                                      const PointResult& point)
{
    // A finished point is right for its key whichever run computed it: keep it.
    if (m_cache.size() >= kMaxCachedPoints)
        m_cache.clear();
    m_cache[key.toStdString()] = point;
    ++m_simulatedPoints;
    m_dirty = true;
    if (generation == m_generation && m_pass != Pass::Idle) {
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
        if (m_measure && m_firstCurvePending && m_newPointSinceEdit) {
            m_firstCurvePending = false;
            std::fprintf(stderr, "hedge-explorer: measure: edit -> first redrawn curve: %lld ms\n",
                         static_cast<long long>(m_editClock.elapsed()));
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
    m_dirty = true;
    flush();
    if (m_measure && completed && m_editClock.isValid()) {
        std::fprintf(stderr,
                     "hedge-explorer: measure: edit -> full pass: %lld ms (%d points simulated "
                     "since the edit; scenario %zu setups x %zu loads, %lld calls/point)\n",
                     static_cast<long long>(m_editClock.elapsed()),
                     m_simulatedPoints - m_simulatedAtEdit, m_scenario.setups.size(),
                     m_scenario.loads.size(), static_cast<long long>(m_scenario.calls));
        m_editClock.invalidate();
    }
    emit progressChanged();
    emit runFinished(completed);
}

void SweepController::markEdit()
{
    m_editClock.start();
    m_simulatedAtEdit = m_simulatedPoints;
    m_firstCurvePending = true;
    m_newPointSinceEdit = false;
}

std::vector<PointResult> SweepController::displayedPoints() const
{
    std::vector<PointResult> out;
    const bool coarse = needsCoarsePass();
    for (const Setup& s : m_scenario.setups) {
        for (double load : m_scenario.loads) {
            auto it = m_cache.find(key(s, load, m_scenario.calls));
            if (it == m_cache.end() && coarse)
                it = m_cache.find(key(s, load, m_coarseCalls));
            if (it == m_cache.end())
                continue;
            PointResult p = it->second;
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
    const bool coarse = needsCoarsePass();
    for (const Setup& s : m_scenario.setups)
        for (double load : m_scenario.loads) {
            ++total;
            if (m_cache.contains(key(s, load, m_scenario.calls)))
                ++fullPoints;
            else if (coarse && m_cache.contains(key(s, load, m_coarseCalls)))
                ++coarsePoints;
        }
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
