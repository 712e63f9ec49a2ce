#include "PreviewFrames.h"

#include "TimingLog.h"

#include "SweepController.h"

#include <QPointer>

#include <qcoro/qcorofuture.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <utility>

namespace hedge {

namespace {

qint64 median(std::vector<qint64> v)
{
    if (v.empty())
        return 0;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
}

qint64 maximum(const std::vector<qint64>& v)
{
    return v.empty() ? 0 : *std::max_element(v.begin(), v.end());
}

} // namespace

PreviewFrames::PreviewFrames(SweepController& sweep) : m_sweep(sweep)
{
    m_kick.setSingleShot(true);
    m_kick.setInterval(0);
    connect(&m_kick, &QTimer::timeout, this, &PreviewFrames::start);
}

void PreviewFrames::noteEdit(const Scenario& next)
{
    const Scenario& current = m_sweep.scenario();
    // Only an edit that keeps the rows in place (a knob of one setup, the service, the run
    // parameters) keeps the cells: a reorder or a new setup would show a curve on another row.
    bool sameRows = next.setups.size() == current.setups.size() && next.loads == current.loads;
    int rowsChanged = 0;
    for (std::size_t i = 0; sameRows && i < next.setups.size(); ++i)
        rowsChanged += next.setups[i] == current.setups[i] ? 0 : 1;
    if (!sameRows || rowsChanged > 1) {
        m_shown.clear();
        m_rowsSerial = m_editSerial + 1; // the serial this edit gets
    } else {
        if (m_shown.size() != current.setups.size())
            m_shown.assign(current.setups.size(),
                           std::vector<std::optional<PointResult>>(current.loads.size()));
        for (std::size_t i = 0; i < current.setups.size(); ++i)
            for (std::size_t j = 0; j < current.loads.size(); ++j)
                if (const PointResult* p = m_sweep.passResult(current.setups[i], current.loads[j]))
                    m_shown[i][j] = *p;
    }

    ++m_editSerial;
    m_lastEditMs = m_dragClock.isValid() ? m_dragClock.elapsed() : 0;
    // A frame far over its budget is not worth finishing for a value the hand has left: stop
    // it, and size the next ones from a halved speed. At the smallest size a frame is left to
    // finish, or no frame would ever land.
    if (m_frameInFlight && m_frameClock.elapsed() > 3 * kFrameBudgetMs &&
        m_frameCalls > kMinFrameCalls) {
        m_stop.request_stop();
        m_frameRate /= 2.0;
        m_dragFrameCalls = 0;
    }
    if (m_dragging)
        ++m_dragEdits;
}

void PreviewFrames::schedule()
{
    m_wanted = true;
    // On the next turn of the event loop: a scenario replaced before then (the window's
    // stand-in before the file or preset it opens) costs no frame.
    if (!m_busy)
        m_kick.start();
}

void PreviewFrames::cancel()
{
    m_stop.request_stop();
    m_wanted = false;
}

void PreviewFrames::shutdown()
{
    m_kick.stop();
    cancel();
}

bool PreviewFrames::clearShownCells()
{
    if (m_shown.empty())
        return false;
    m_shown.clear();
    return true;
}

const PointResult* PreviewFrames::shownCell(std::size_t row, std::size_t load) const
{
    if (row >= m_shown.size() || load >= m_shown[row].size() || !m_shown[row][load])
        return nullptr;
    return &*m_shown[row][load];
}

void PreviewFrames::beginDrag()
{
    m_dragging = true;
    m_dragFrameCalls = 0;
    m_dragClock.start();
    m_lastEditMs = 0;
    m_dragEdits = 0;
    m_dragFrames = 0;
    m_dragComputeMs.clear();
    m_dragLagMs.clear();
}

bool PreviewFrames::endDrag()
{
    if (!m_dragging)
        return false;
    m_dragging = false;
    m_dragFrameCalls = 0;
    if (lcExplorerTiming().isInfoEnabled())
        logDrag();
    return true;
}

std::int64_t PreviewFrames::frameCallsFor(std::size_t points) const
{
    const std::int64_t ceiling = m_sweep.firstPassCalls();
    const std::int64_t floor = std::min(kMinFrameCalls, ceiling);
    const double fits = m_frameRate * kFrameBudgetMs / 1000.0 / static_cast<double>(points);
    // Whole hundreds: frames of nearly the same speed find each other's points in the cache
    // (a drag that goes back over a value).
    const auto calls = static_cast<std::int64_t>(std::min(fits, 1e12) / 100.0) * 100;
    return std::clamp(calls, floor, ceiling);
}

PreviewFrames::Frame PreviewFrames::planFrame() const
{
    const Scenario& scenario = m_sweep.scenario();
    Frame f;
    f.serial = m_editSerial;
    f.editMs = m_lastEditMs;
    f.setupCount = scenario.setups.size();
    f.loads = scenario.loads;
    std::size_t lacking = 0;
    for (const Setup& s : scenario.setups)
        for (double load : scenario.loads)
            lacking += m_sweep.passResult(s, load) ? 0 : 1;
    if (lacking == 0)
        return f;
    f.calls = m_dragging && m_dragFrameCalls > 0 ? m_dragFrameCalls : frameCallsFor(lacking);
    for (std::size_t i = 0; i < scenario.setups.size(); ++i)
        for (std::size_t j = 0; j < scenario.loads.size(); ++j) {
            const Setup& s = scenario.setups[i];
            const double load = scenario.loads[j];
            if (!m_sweep.passResult(s, load))
                f.cells.push_back({i, j, m_sweep.key(s, load, f.calls)});
        }
    SweepController::Missing work = m_sweep.missingBesidePasses(f.calls);
    f.work = std::move(work.sub);
    f.keys = std::move(work.keys);
    f.workCount = work.count;
    return f;
}

void PreviewFrames::start()
{
    if (m_wanted && !m_busy)
        QCoro::connect(loop(), this, [] {});
}

// Frames one after another, each planned from the newest edit when it starts: what the hand
// passed over while a frame ran is never computed. The run waits for the loop to end.
QCoro::Task<void> PreviewFrames::loop()
{
    QPointer<PreviewFrames> self(this);
    m_busy = true;
    while (m_wanted) {
        m_wanted = false;
        if (QFuture<void> previous = m_sweep.m_future; previous.isRunning()) {
            // A stopped run winds down within milliseconds: one sweep at a time.
            co_await qCoro(previous).waitForFinished();
            if (!self)
                co_return;
        }
        const Frame frame = planFrame();
        if (frame.cells.empty()) {
            // Back on results of a pass (a drag over a cached value): show them.
            if (m_dragging)
                apply(frame, 0);
            continue;
        }
        if (m_dragging && m_dragFrameCalls == 0)
            m_dragFrameCalls = frame.calls;
        if (frame.workCount == 0) {
            apply(frame, 0); // every point of the frame was cached
            continue;
        }
        m_stop = std::stop_source{};
        const std::stop_token stop = m_stop.get_token();
        // Filled on the workers, read here once the future finished. The lock is ours because
        // the future's own hand-off happens inside Debian's uninstrumented Qt, where
        // ThreadSanitizer cannot see it.
        struct Computed {
            std::mutex lock;
            std::vector<std::pair<std::size_t, PointResult>> points;
        };
        auto computed = std::make_shared<Computed>();
        m_frameInFlight = true;
        m_frameCalls = frame.calls;
        ++m_framesStarted;
        m_frameClock.start();
        QFuture<void> future = m_sweep.startSweep(
            frame.work, stop, [computed](std::size_t index, const PointResult& point) {
                const std::lock_guard guard(computed->lock);
                computed->points.emplace_back(index, point);
            });
        co_await qCoro(future).waitForFinished();
        if (!self)
            co_return;
        m_frameInFlight = false;
        const qint64 computeMs = m_frameClock.elapsed();
        if (const QString error = m_sweep.workerError(); !error.isEmpty()) {
            emit failed(error);
            break;
        }
        if (stop.stop_requested())
            continue; // cancelled, or over its budget for a value the hand has left
        std::vector<std::pair<std::size_t, PointResult>> points;
        {
            const std::lock_guard guard(computed->lock);
            points.swap(computed->points);
        }
        for (const auto& [index, point] : points)
            m_sweep.store(frame.keys[index], point);
        const double calls =
            static_cast<double>(frame.keys.size()) * static_cast<double>(frame.calls);
        const double rate = calls / (static_cast<double>(std::max<qint64>(computeMs, 1)) / 1000.0);
        m_frameRate = 0.5 * m_frameRate + 0.5 * rate;
        // A drag keeps one frame size (its curves change with the knob, not with the noise of
        // another size), but not one that overruns the budget: the machine got busier.
        if (m_dragging && 2 * computeMs > 3 * kFrameBudgetMs)
            m_dragFrameCalls = std::min(m_dragFrameCalls, frameCallsFor(frame.cells.size()));
        apply(frame, computeMs);
    }
    m_busy = false;
    emit finished();
}

void PreviewFrames::apply(const Frame& frame, qint64 computeMs)
{
    // Frames are planned one after another from the newest edit, so their serials only grow;
    // a frame carrying older values than the charts show must never replace them.
    if (frame.serial < m_appliedSerial)
        return;
    m_appliedSerial = frame.serial;
    const Scenario& scenario = m_sweep.scenario();
    // The cells keep their meaning only while no edit since the frame's changed the rows.
    if (frame.serial >= m_rowsSerial && frame.setupCount == scenario.setups.size() &&
        frame.loads == scenario.loads) {
        if (m_shown.size() != frame.setupCount)
            m_shown.assign(frame.setupCount,
                           std::vector<std::optional<PointResult>>(frame.loads.size()));
        for (const Frame::Cell& cell : frame.cells)
            if (const PointResult* p = m_sweep.cached(cell.key))
                m_shown[cell.row][cell.load] = *p;
    }
    if (m_dragging)
        measureDragFrame(frame, computeMs);
    emit applied(frame.serial);
}

void PreviewFrames::measureDragFrame(const Frame& frame, qint64 computeMs)
{
    ++m_dragFrames;
    m_dragFramePoints = static_cast<int>(frame.cells.size());
    if (computeMs > 0)
        m_dragComputeMs.push_back(computeMs);
    m_dragLagMs.push_back(m_dragClock.elapsed() - frame.editMs);
}

void PreviewFrames::logDrag()
{
    const double seconds = static_cast<double>(m_dragClock.elapsed()) / 1000.0;
    qCInfo(lcExplorerTiming,
           "drag: %d edits, %d frames in %.2f s = %.1f frames/s "
           "(%lld calls/point x %d points a frame; engine %lld ms a frame, median, max "
           "%lld; the value shown %lld ms after the hand set it, median, max %lld)",
           m_dragEdits, m_dragFrames, seconds, seconds > 0.0 ? m_dragFrames / seconds : 0.0,
           static_cast<long long>(m_frameCalls), m_dragFramePoints,
           static_cast<long long>(median(m_dragComputeMs)),
           static_cast<long long>(maximum(m_dragComputeMs)),
           static_cast<long long>(median(m_dragLagMs)),
           static_cast<long long>(maximum(m_dragLagMs)));
}

} // namespace hedge
