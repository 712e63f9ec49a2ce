#include <hedge/run/PreviewFrames.h>

#include <hedge/run/TimingLog.h>

#include <algorithm>
#include <cstdio>
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

PreviewFrames::PreviewFrames(SweepResults& results, BackgroundRunner* runner)
    : m_results(results), m_runner(runner),
      m_lane(runner->addLane(BackgroundRunner::Kind::Foreground))
{
    m_kick.setSingleShot(true);
    m_kick.setInterval(0);
    connect(&m_kick, &QTimer::timeout, this, &PreviewFrames::start);
}

PreviewFrames::~PreviewFrames()
{
    shutdown();
    if (m_runner)
        m_runner->removeLane(m_lane);
}

void PreviewFrames::noteEdit(const std::vector<SweepPoint>& next,
                             const std::vector<double>& nextLoads)
{
    const std::vector<SweepPoint>& current = m_results.points();
    // Only an edit that keeps the points in place (a knob of one setup, the service, the run
    // parameters) keeps the cells: a reorder or a new setup would show a curve on another row.
    bool samePlaces = next.size() == current.size() && nextLoads == m_results.scenario().loads;
    std::string changedSetup;
    for (std::size_t i = 0; samePlaces && i < next.size(); ++i) {
        samePlaces = next[i].knobValue == current[i].knobValue &&
                     next[i].againstValue == current[i].againstValue;
        if (next[i].setup == current[i].setup)
            continue;
        // The points of one setup changed (or a map's cells, which are all the gridded one).
        if (!changedSetup.empty() && changedSetup != current[i].setup.name)
            samePlaces = false;
        changedSetup = current[i].setup.name;
    }
    if (!samePlaces) {
        m_shown.clear();
        m_rowsSerial = m_editSerial + 1; // the serial this edit gets
    } else {
        m_shown.resize(current.size());
        for (std::size_t i = 0; i < current.size(); ++i)
            if (const PointResult* p = m_results.passResult(current[i]))
                m_shown[i] = *p;
    }

    ++m_editSerial;
    m_lastEditMs = m_dragClock.isValid() ? m_dragClock.elapsed() : 0;
    // A frame far over its budget is not worth finishing for a value the hand has left: stop
    // it, and size the next ones from a halved speed. At the smallest size a frame is left to
    // finish, or no frame would ever land.
    if (m_frameInFlight && m_frameClock.elapsed() > 3 * kFrameBudgetMs &&
        m_frameCalls > kMinFrameCalls) {
        m_runner->stop(m_lane);
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
    m_wanted = false;
    if (m_runner)
        m_runner->stop(m_lane); // its end ends the frames
}

void PreviewFrames::shutdown()
{
    m_kick.stop();
    m_wanted = false;
    if (m_runner)
        m_runner->shutdown(m_lane); // its job's kept points land now, not after us
    m_busy = false;
    m_frameInFlight = false;
}

bool PreviewFrames::clearShownCells()
{
    if (m_shown.empty())
        return false;
    m_shown.clear();
    return true;
}

const PointResult* PreviewFrames::shownCell(std::size_t index) const
{
    if (index >= m_shown.size() || !m_shown[index])
        return nullptr;
    return &*m_shown[index];
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
    const std::int64_t ceiling = m_results.firstPassCalls();
    const std::int64_t floor = std::min(kMinFrameCalls, ceiling);
    const double fits = m_frameRate * kFrameBudgetMs / 1000.0 / static_cast<double>(points);
    // Whole hundreds: frames of nearly the same speed find each other's points in the cache
    // (a drag that goes back over a value).
    const auto calls = static_cast<std::int64_t>(std::min(fits, 1e12) / 100.0) * 100;
    return std::clamp(calls, floor, ceiling);
}

PreviewFrames::Frame PreviewFrames::planFrame() const
{
    const std::vector<SweepPoint>& points = m_results.points();
    Frame f;
    f.serial = m_editSerial;
    f.editMs = m_lastEditMs;
    f.pointCount = points.size();
    f.loads = m_results.scenario().loads;
    std::vector<std::size_t> lacking;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (!m_results.passResult(points[i]))
            lacking.push_back(i);
    if (lacking.empty())
        return f;
    f.calls = m_dragging && m_dragFrameCalls > 0 ? m_dragFrameCalls
                                                 : frameCallsFor(lacking.size());
    for (std::size_t i : lacking)
        f.cells.push_back({i, m_results.key(points[i], f.calls)});
    f.work = m_results.missingBesidePasses(f.calls);
    return f;
}

void PreviewFrames::start()
{
    if (m_wanted && !m_busy) {
        m_busy = true;
        requestFrame();
    }
}

void PreviewFrames::requestFrame()
{
    m_wanted = false;
    m_runner->start({.owner = m_lane,
                     .passes = {[this] { return planJob(); }},
                     .onEnd = [this](const BackgroundRunner::Outcome& o) { onFrameEnd(o); }});
}

BackgroundRunner::Job PreviewFrames::planJob()
{
    // Planned now that the runner's thread is free: from the newest edit.
    m_frame = planFrame();
    if (m_frame.cells.empty())
        return {}; // back on results of a pass: onFrameEnd shows them
    if (m_dragging && m_dragFrameCalls == 0)
        m_dragFrameCalls = m_frame.calls;
    if (m_frame.work.count == 0)
        return {}; // every point of the frame was cached: onFrameEnd shows them
    m_frameInFlight = true;
    m_frameCalls = m_frame.calls;
    ++m_framesStarted;
    m_frameClock.start();
    return [this, batches = m_frame.work.batches,
            threads = m_threads](BackgroundRunner::Worker& worker) {
        std::vector<std::pair<PointIdentity, PointResult>> points;
        SweepResults::run(
            batches, worker.threads(threads),
            [&](const PointIdentity& key, const PointResult& point) {
                points.emplace_back(key, point);
            },
            worker.stopToken());
        if (worker.stopRequested())
            return; // cancelled, or over its budget for a value the hand has left
        // Right for their keys whichever frame is current when they land.
        worker.keep([this, points = std::move(points)] {
            for (const auto& [key, point] : points)
                m_results.store(key, point);
        });
    };
}

void PreviewFrames::onFrameEnd(const BackgroundRunner::Outcome& outcome)
{
    const bool computed = m_frameInFlight;
    m_frameInFlight = false;
    if (!outcome.error.isEmpty()) {
        emit failed(outcome.error);
        m_busy = false;
        emit finished();
        return;
    }
    if (m_frame.cells.empty()) {
        // Back on results of a pass (a drag over a cached value): show them.
        if (m_dragging)
            apply(m_frame, 0);
    } else if (!computed) {
        apply(m_frame, 0); // every point of the frame was cached
    } else if (outcome.completed) {
        const qint64 computeMs = m_frameClock.elapsed();
        learnSpeed(m_frame, computeMs);
        apply(m_frame, computeMs);
    }
    if (m_wanted) {
        requestFrame();
        return;
    }
    m_busy = false;
    emit finished();
}

void PreviewFrames::learnSpeed(const Frame& frame, qint64 computeMs)
{
    std::size_t points = 0;
    for (const SweepResults::Batch& batch : frame.work.batches)
        points += batch.keys.size();
    const double calls = static_cast<double>(points) * static_cast<double>(frame.calls);
    const double rate = calls / (static_cast<double>(std::max<qint64>(computeMs, 1)) / 1000.0);
    m_frameRate = 0.5 * m_frameRate + 0.5 * rate;
    // A drag keeps one frame size (its curves change with the knob, not with the noise of
    // another size), but not one that overruns the budget: the machine got busier.
    if (m_dragging && 2 * computeMs > 3 * kFrameBudgetMs)
        m_dragFrameCalls = std::min(m_dragFrameCalls, frameCallsFor(frame.cells.size()));
}

void PreviewFrames::apply(const Frame& frame, qint64 computeMs)
{
    // Frames are planned one after another from the newest edit, so their serials only grow;
    // a frame carrying older values than the charts show must never replace them.
    if (frame.serial < m_appliedSerial)
        return;
    m_appliedSerial = frame.serial;
    // The cells keep their meaning only while no edit since the frame's moved the points.
    if (frame.serial >= m_rowsSerial && frame.pointCount == m_results.points().size() &&
        frame.loads == m_results.scenario().loads) {
        m_shown.resize(frame.pointCount);
        for (const Frame::Cell& cell : frame.cells)
            if (const PointResult* p = m_results.cached(cell.key))
                m_shown[cell.index] = *p;
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
