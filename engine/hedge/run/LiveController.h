// Runs the live view's worlds (docs/timeline.md, "In the explorer") off the GUI thread, on a
// simulated clock.
//
// * A worker thread owns the LiveTimeline and advances every world a bucket at a time, paced
//   to the chosen speed (×1, ×10, ×100 or as fast as possible). What the user does (a load,
//   a spike, a profile, an edited knob, pause) goes to the worker through a command list under
//   a lock and takes effect at the next bucket boundary, at the simulated time of that
//   boundary; it is recorded there, so the session replays bucket for bucket
//   (recordedScenario(), `hedgesim timeline`).
// * Buckets cross to the GUI thread in a batch under a lock of ours; the worker posts one
//   queued call when the batch stops being empty, never one per bucket, and waits when the
//   GUI has not taken a full batch (memory stays bounded even when the GUI falls behind).
//   On the GUI side they land in one fixed-capacity ring per world (the longest window);
//   the window's RedrawClock emits samplesChanged() at most once a tick.
// * The worker is a job on a Live lane of the window's BackgroundRunner: it starts at once,
//   beside the sweep's passes, and spreads the worlds over what the runner's thread budget
//   leaves (at least one thread); a new session makes the old one's late buckets stale.
// * An export of the session's buckets replays it off the GUI thread (LiveExport, on the same
//   runner): exporter().
// * The numbers do not depend on the thread count: each world is its own simulation.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/run/BackgroundRunner.h>
#include <hedge/run/LiveChangeMarks.h>
#include <hedge/run/LiveCollapses.h>
#include <hedge/run/LiveExport.h>
#include <hedge/run/LiveWorker.h>
#include <hedge/run/LiveWorldNames.h>
#include <hedge/run/RedrawClock.h>
#include <hedge/sim/BucketRing.h>
#include <hedge/sim/TimelineResult.h>

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace hedge {

class LiveController : public QObject {
    Q_OBJECT
public:
    static constexpr int kRedrawIntervalMs = RedrawClock::kIntervalMs;
    static constexpr double kMaxWindowS = 600.0; // the longest window the view scrolls
    static constexpr std::size_t kMaxRingBuckets = 60000;
    static constexpr double kFastest = LiveWorker::kFastest; // speed: as fast as possible

    // Redraws on `clock` and runs on `runner` (the window's); without them, on its own.
    explicit LiveController(RedrawClock* clock = nullptr, QObject* parent = nullptr,
                            BackgroundRunner* runner = nullptr);
    ~LiveController() override;

    // A new session of `scenario`: a timeline scenario plays its steps and changes; a sweep
    // scenario runs at constant `load` (open-ended). Validated first: an invalid one is
    // refused with the message (FIELD: problem) and the session in place is kept. Starts
    // paused unless `run`.
    std::optional<QString> start(const Scenario& scenario, double load = 0.5, bool run = true);
    bool hasSession() const { return bool(m_session); }
    // Stops the worker (the window closes); a session can be started again.
    void shutdown();

    void pause();
    void resume();
    // Plays as fast as possible to simulated `tS` and pauses there, the bucket ending then the
    // last one shown (a lesson's moment); from 0 s again when the session is already past it.
    // The speed is the user's again once there (or when another session starts first), and the
    // load shown is the last bucket's: the load at that moment.
    void playTo(double tS);
    bool isPaused() const { return m_paused; }
    // The same scenario again from 0 s, without the session's live edits.
    void reset();
    // At a timeline's end: the worlds go on, running, at the load and knobs in force, as a
    // live session (open-ended). False when the timeline has not ended.
    bool continueLive();

    // Simulated seconds per wall second; kFastest for as fast as possible.
    void setSpeed(double speed);
    double speed() const { return m_speed; }
    // Threads the worlds spread over at most (default: as many as there are cores, at most one
    // per world; fewer while a batch job holds the runner's budget). Does not change the
    // numbers.
    void setThreadCount(int threads);

    // Load in force from the next bucket on (0 … 1.5).
    std::optional<QString> setLoad(double load);
    // +`extra` load for `lengthS` simulated seconds, then back to the load in force now.
    std::optional<QString> spike(double extra, double lengthS);
    // The profile from now on (its times count from now).
    std::optional<QString> followProfile(const LoadProfile& profile);
    double load() const { return m_load; }

    // The user's edit of the working scenario while the session runs: knob changes become
    // timeline changes at the next bucket boundary. Setups added, removed, renamed or moved,
    // another cancellation mode or seed start the session afresh (returns a note saying so).
    // A value out of range is refused (FIELD: problem) and the session keeps its setups.
    std::optional<QString> applyEdit(const Scenario& next);
    // One knob of one setup (empty setup: every world), as a timeline file spells it.
    std::optional<QString> setKnob(const QString& setup, const QString& field, double value);

    // What the GUI holds: per world its last buckets, oldest first.
    const std::vector<BucketRing>& rings() const { return m_rings; }
    QStringList setupNames() const;
    double nowS() const { return m_nowS; }
    bool finished() const { return m_finished; }
    // `setup`'s bucket ending at `atS` among those kept (the session's setups by their names at
    // its start), or nullptr.
    const TimelineBucket* bucketAt(const std::string& setup, double atS) const;
    // The start of world `world`'s collapse under way, or none.
    std::optional<double> firstCollapseS(std::size_t world) const;
    // Each world's collapses as the view marks them (LiveCollapses), over the longest window.
    const std::vector<LiveCollapses>& collapses() const { return m_collapses; }
    // The load steps and knobs changed so far, as the charts mark them (LiveChangeMarks): the
    // played timeline's changes when their time has passed, the user's edits when they were
    // made, the load steps where the buckets' load moved.
    const std::vector<LiveChangeMark>& changeMarks() const
    {
        return m_marks.marks();
    }
    // Each world's name through the session: an edit that renames a setup (its policy's name,
    // or the user's) names the world anew from the time it reached the session on.
    const LiveWorldNames& worldNames() const { return m_names; }
    // Sets on world `world`'s setup and on `service` what the played timeline's changes have
    // set so far (the editors show the knobs in force).
    void applyPlayed(std::size_t world, Setup& setup, ServiceConfig& service) const;
    // The session so far as a timeline scenario (up to the last bucket the GUI has).
    Scenario recordedScenario();
    // Exports of the session's buckets (a replay of recordedScenario(), on the runner).
    LiveExport* exporter() const { return m_export; }
    const Scenario& scenario() const { return m_scenario; }
    // The setups and service as the changes so far left them.
    const Scenario& current() const { return m_current; }

    // Figures for bench/explorer/explorer_measure_live and the tests.
    std::int64_t redrawCount() const { return m_redraws; }
    std::int64_t bucketCount() const { return m_bucketsTaken; }
    std::size_t heldBuckets() const;

signals:
    void sessionStarted();
    // New buckets in the rings (at most 25 times a second).
    void samplesChanged();
    void pausedChanged(bool paused);
    void speedChanged(double speed);
    void loadChanged(double load);
    void finishedChanged(bool finished);
    // A world's collapse began at simulated `atS` (docs/timeline.md, "Collapses in the Live
    // view": a flag during a collapse under way is not a new one).
    void collapseStarted(const QString& setup, double atS);
    // A change of the played timeline came into force (current() and applyPlayed() hold it).
    void changesPlayed();

private:
    // The user's speed again after playTo()'s fastest play.
    void restoreSpeed();
    using Command = LiveWorker::Command;
    // Woken through the runner; the buckets themselves cross under the shared lock.
    void takeBuckets();
    // The clock's redraw: returns whether the next tick is wanted too.
    bool redraw();
    void startWorker(std::unique_ptr<LiveTimeline> timeline);
    void stopWorker();
    void post(Command command);
    std::optional<QString> validate(const Scenario& candidate) const;
    // The played timeline's changes whose time is before `uptoS` and not yet applied.
    void playChanges(double uptoS);
    // Marks `set` on `setup`'s world (empty: every world) at `atS`; before m_current has it.
    void markChange(double atS, const std::string& setup, const std::vector<KnobSetting>& set);

    Scenario m_scenario; // as the session started
    Scenario m_current;  // its setups and service after the changes so far
    double m_startLoad = 0.5;
    double m_load = 0.5;
    double m_speed = 1.0;
    std::optional<double> m_speedBeforePlayTo; // the user's, while playTo() plays fastest
    int m_threads = 0;
    bool m_paused = false;
    bool m_finished = false;
    double m_nowS = 0.0;
    bool m_session = false;

    std::shared_ptr<LiveWorker> m_shared;
    QPointer<BackgroundRunner> m_runner; // the window's (it may go first)
    int m_lane = 0;
    LiveExport* m_export = nullptr;
    std::vector<BucketRing> m_rings;
    std::vector<LiveCollapses> m_collapses; // one per world
    std::size_t m_nextChange = 0;           // of m_scenario's timeline, not yet played
    std::size_t m_nextOutage = 0;           // of its outages, not yet marked
    std::vector<TimelineChange> m_played;
    LiveChangeMarks m_marks;
    LiveWorldNames m_names;
    std::optional<Scenario> m_recorded; // as the worker last reported it
    QPointer<RedrawClock> m_clock;
    RedrawClock::Client m_clockClient = 0;
    bool m_newBuckets = false; // since the last redraw
    std::int64_t m_redraws = 0;
    std::int64_t m_bucketsTaken = 0;
};

} // namespace hedge
