// The preview frames of a SweepController: what an edit shows at once, before its run.
//
// * An edit gets a frame on the next turn of the event loop: every point it left without a
//   result of a pass, all of them at a size the machine computes within one frame
//   (kFrameBudgetMs), applied to the charts together. The frame's points go into the sweep's
//   SweepResults; the frames run on the sweep's BackgroundRunner, on a Foreground lane of
//   their own (a pass running gives way to them).
// * While a knob is dragged (beginDrag/endDrag) frames follow each other, each one the value
//   under the hand when it started; values the hand passed while a frame ran are dropped, never
//   queued. Until its frame lands, a cell shows what it showed before the edit (shownCell).
// * With the timing log on (TimingLog.h), the end of a drag logs its frames per second, their
//   engine time and how long after the hand set a value it was shown.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/run/BackgroundRunner.h>
#include <hedge/run/SweepResults.h>
#include <hedge/sim/PointResult.h>

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hedge {

class PreviewFrames : public QObject {
    Q_OBJECT
public:
    // The engine time of one frame: its calls per point follow the measured speed of the
    // frames before it, so that a drag redraws at 20–30 frames a second with the GUI's own
    // redraw on top.
    static constexpr int kFrameBudgetMs = 25;
    // A frame never goes below this many calls per point (nor above the first pass).
    static constexpr std::int64_t kMinFrameCalls = 1000;

    // Reads and fills `results`, runs on `runner` (both the sweep's).
    PreviewFrames(SweepResults& results, BackgroundRunner* runner);
    ~PreviewFrames() override;

    // The results' points are about to become `next`, at `nextLoads` (a new edit): keeps what
    // the cells show, and stops a frame far over its budget. Call schedule() once `next` is in
    // place.
    void noteEdit(const std::vector<SweepPoint>& next, const std::vector<double>& nextLoads);
    // A frame of the current scenario is wanted (on the next turn of the event loop).
    void schedule();
    // Stops the frame in flight and wants no more.
    void cancel();
    // cancel(), and the frame wanted on the next turn of the event loop is not started.
    void shutdown();
    // Drops what the cells showed before their edit; returns whether any cell showed it.
    bool clearShownCells();
    // What the cell of the results' point `index` showed before the edit whose frame has not
    // landed yet, if anything.
    const PointResult* shownCell(std::size_t index) const;

    void beginDrag();
    // Returns false when no drag was going on.
    bool endDrag();
    bool isDragging() const { return m_dragging; }

    // A frame is wanted or being computed: the run waits for it.
    bool isPending() const { return m_kick.isActive() || m_busy; }
    bool isComputing() const { return m_frameInFlight; }
    // Every edit gets the next serial; applied() says which edit's values a frame shows.
    quint64 editSerial() const { return m_editSerial; }
    int framesStarted() const { return m_framesStarted; }
    // Calls per point of the last frame.
    std::int64_t frameCalls() const { return m_frameCalls; }
    void setThreads(int threads) { m_threads = threads; }

signals:
    // A frame's points are in the cache and its cells in shownCell(): the charts may redraw.
    void applied(quint64 editSerial);
    // The engine refused the scenario; no more frames run until the next schedule().
    void failed(const QString& message);
    // No frame is wanted any more: a run that waited for the frames may start.
    void finished();

private:
    // One frame: the cells (indices of the results' points) of edit `serial` that had no
    // result of a pass, and the points it runs for them.
    struct Frame {
        struct Cell {
            std::size_t index;
            PointIdentity key;
        };
        quint64 serial = 0;
        qint64 editMs = 0; // when the edit was made, on the drag's clock
        std::int64_t calls = 0;
        std::size_t pointCount = 0;
        std::vector<double> loads;
        std::vector<Cell> cells;
        SweepResults::Missing work; // the points to run
    };
    // What a cell shows while its new results are computed: the point shown before the edit.
    using Shown = std::vector<std::optional<PointResult>>; // by point index

    std::int64_t frameCallsFor(std::size_t points) const;
    Frame planFrame() const;
    void start();
    // Frames one after another, each planned from the newest edit when the runner's thread is
    // free: what the hand passed over while a frame ran is never computed.
    void requestFrame();
    BackgroundRunner::Job planJob();
    void onFrameEnd(const BackgroundRunner::Outcome& outcome);
    void learnSpeed(const Frame& frame, qint64 computeMs);
    void apply(const Frame& frame, qint64 computeMs);
    void measureDragFrame(const Frame& frame, qint64 computeMs);
    void logDrag();

    SweepResults& m_results;
    QPointer<BackgroundRunner> m_runner; // the window's (it may go first)
    int m_lane = 0;
    int m_threads = 0;
    QTimer m_kick;
    bool m_wanted = false; // a frame for the current scenario is wanted
    bool m_busy = false;   // frames follow each other until none is wanted
    Frame m_frame;         // the last one planned
    bool m_frameInFlight = false;
    bool m_dragging = false;
    double m_frameRate = 3.0e6; // simulated calls per second of the frames, measured
    std::int64_t m_frameCalls = 0;
    std::int64_t m_dragFrameCalls = 0; // one size for all the frames of a drag
    quint64 m_editSerial = 0;
    quint64 m_appliedSerial = 0;
    int m_framesStarted = 0;
    QElapsedTimer m_frameClock;
    Shown m_shown;            // empty, or one a point
    quint64 m_rowsSerial = 0; // the last edit that moved, added or removed rows or loads

    // The timing log (TimingLog.h)
    QElapsedTimer m_dragClock;
    qint64 m_lastEditMs = 0; // on m_dragClock
    int m_dragEdits = 0;
    int m_dragFrames = 0;
    int m_dragFramePoints = 0;
    std::vector<qint64> m_dragComputeMs;
    std::vector<qint64> m_dragLagMs;
};

} // namespace hedge
