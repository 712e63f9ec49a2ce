// BackgroundRunner: the one way the explorer runs work off the GUI thread. What its clients
// rely on: a pass is planned after the one before it has landed (coarse before full), a stale
// run's results are dropped and its end is not reported, a stopped run ends as stopped, an
// error ends the run, and a job's thread is done when shutdown() returns. Shared by the window's
// controllers, its rule: one batch job at a time, Foreground lanes first, then Background ones
// taking turns pass by pass; a Background pass gives way to a Foreground job and runs again;
// a Live job runs at once beside the slot on the threads the batch job leaves. Jobs here block
// on a gate the test opens, so nothing depends on how fast the machine is.
#include <hedge/run/BackgroundRunner.h>

#include <QSignalSpy>
#include <QtTest>

#include <condition_variable>
#include <mutex>
#include <stdexcept>

using namespace hedge;

namespace {

// A job that waits until the test opens the gate (or the run is stopped).
class Gate {
public:
    void open()
    {
        {
            const std::lock_guard lock(m_lock);
            m_open = true;
        }
        m_wake.notify_all();
    }
    // False when stopped before the gate opened.
    bool wait(std::stop_token stop)
    {
        std::unique_lock lock(m_lock);
        return m_wake.wait(lock, stop, [this] { return m_open; });
    }

private:
    std::mutex m_lock;
    std::condition_variable_any m_wake;
    bool m_open = false;
};

using Outcome = BackgroundRunner::Outcome;

} // namespace

class TestBackgroundRunner : public QObject {
    Q_OBJECT

private slots:
    void coarseIsPlannedAfterItsResultsLandedThenFull()
    {
        BackgroundRunner runner;
        const int lane = runner.addLane(BackgroundRunner::Kind::Background);
        QStringList log;
        std::optional<Outcome> end;
        const auto pass = [&](QString name) -> BackgroundRunner::Plan {
            return [&log, name] {
                log << QStringLiteral("plan ") + name;
                return [&log, name](BackgroundRunner::Worker& w) {
                    w.post([&log, name] { log << QStringLiteral("result ") + name; });
                };
            };
        };
        runner.start({.owner = lane,
                      .passes = {pass(QStringLiteral("coarse")), pass(QStringLiteral("full"))},
                      .onEnd = [&](const Outcome& o) { end = o; }});
        QTRY_VERIFY(end.has_value());
        QVERIFY(end->completed);
        QVERIFY(end->error.isEmpty());
        QCOMPARE(log, QStringList({"plan coarse", "result coarse", "plan full", "result full"}));
        QVERIFY(!runner.isActive());
    }

    void aPassWithNothingToDoIsSkipped()
    {
        BackgroundRunner runner;
        const int lane = runner.addLane(BackgroundRunner::Kind::Background);
        int jobs = 0;
        std::optional<Outcome> end;
        runner.start({.owner = lane,
                      .passes = {[] { return BackgroundRunner::Job{}; },
                                 [&jobs] {
                                     return [&jobs](BackgroundRunner::Worker& w) {
                                         w.post([&jobs] { ++jobs; });
                                     };
                                 }},
                      .onEnd = [&](const Outcome& o) { end = o; }});
        QTRY_VERIFY(end.has_value());
        QVERIFY(end->completed);
        QCOMPARE(jobs, 1);
    }

    void aStaleRunsResultsAreDroppedButKeptOnesLand()
    {
        BackgroundRunner runner;
        const int lane = runner.addLane(BackgroundRunner::Kind::Background);
        Gate gate;
        QStringList landed;
        bool staleEnded = false;
        runner.start({.owner = lane,
                      .passes = {[&] {
                          return [&](BackgroundRunner::Worker& w) {
                              w.post([&] { landed << "stale result"; });
                              w.keep([&] { landed << "kept result"; });
                              gate.wait(w.stopToken());
                          };
                      }},
                      .onEnd = [&](const Outcome&) { staleEnded = true; }});
        std::optional<Outcome> end;
        // Replaces the first run, which is still on the thread: this one waits for it.
        runner.start({.owner = lane,
                      .passes = {[&] {
                          return [&](BackgroundRunner::Worker& w) {
                              w.post([&] { landed << "new result"; });
                          };
                      }},
                      .onEnd = [&](const Outcome& o) { end = o; }});
        QVERIFY(runner.isActive());
        QTRY_VERIFY(end.has_value());
        QVERIFY(end->completed);
        QVERIFY(!staleEnded);
        QCOMPARE(landed, QStringList({"kept result", "new result"}));
    }

    void stopEndsTheRunAsStoppedAndSkipsTheNextPass()
    {
        BackgroundRunner runner;
        const int lane = runner.addLane(BackgroundRunner::Kind::Background);
        Gate gate;
        bool stoppedInJob = false;
        bool fullPlanned = false;
        std::optional<Outcome> end;
        runner.start({.owner = lane,
                      .passes = {[&] {
                                     return [&](BackgroundRunner::Worker& w) {
                                         stoppedInJob = !gate.wait(w.stopToken());
                                     };
                                 },
                                 [&] {
                                     fullPlanned = true;
                                     return BackgroundRunner::Job{};
                                 }},
                      .onEnd = [&](const Outcome& o) { end = o; }});
        runner.stop(lane + 1); // another owner's: not this run
        QVERIFY(runner.isActive(lane));
        runner.stop(lane);
        QTRY_VERIFY(end.has_value());
        QVERIFY(!end->completed);
        QVERIFY(end->error.isEmpty());
        QVERIFY(stoppedInJob);
        QVERIFY(!fullPlanned);
    }

    void cancelMakesTheRunStaleAndShutdownJoins()
    {
        BackgroundRunner runner;
        const int lane = runner.addLane(BackgroundRunner::Kind::Background);
        Gate gate;
        bool ended = false;
        bool posted = false;
        runner.start({.owner = lane,
                      .passes = {[&] {
                          return [&](BackgroundRunner::Worker& w) {
                              gate.wait(w.stopToken());
                              w.post([&] { posted = true; });
                          };
                      }},
                      .onEnd = [&](const Outcome&) { ended = true; }});
        QVERIFY(runner.isThreadBusy());
        runner.cancel();
        QVERIFY(!runner.isActive());
        runner.shutdown(); // returns: the cancel reached the job
        QVERIFY(!runner.isThreadBusy());
        QCoreApplication::processEvents();
        QVERIFY(!ended);
        QVERIFY(!posted);
    }

    void anErrorEndsTheRun()
    {
        BackgroundRunner runner;
        const int lane = runner.addLane(BackgroundRunner::Kind::Background);
        bool fullPlanned = false;
        std::optional<Outcome> end;
        runner.start({.owner = lane,
                      .passes = {[] {
                                     return [](BackgroundRunner::Worker&) {
                                         throw std::runtime_error("calls: must be > 0");
                                     };
                                 },
                                 [&] {
                                     fullPlanned = true;
                                     return BackgroundRunner::Job{};
                                 }},
                      .onEnd = [&](const Outcome& o) { end = o; }});
        QTRY_VERIFY(end.has_value());
        QVERIFY(!end->completed);
        QCOMPARE(end->error, QStringLiteral("calls: must be > 0"));
        QVERIFY(!fullPlanned);
    }

    // The advisor (or a fit, an export, a preview frame) asked while a sweep's pass runs: the
    // pass stops at once (what it kept lands, what it posted does not), the Foreground job runs
    // on the whole budget, then the pass is planned again and the run completes.
    void aBackgroundPassGivesWayToAForegroundJobAndRunsAgain()
    {
        BackgroundRunner runner;
        runner.setThreadBudget(3);
        const int sweep = runner.addLane(BackgroundRunner::Kind::Background);
        const int advice = runner.addLane(BackgroundRunner::Kind::Foreground);
        Gate gate;
        QStringList log;
        int launches = 0;
        std::optional<Outcome> sweepEnd;
        std::optional<Outcome> adviceEnd;
        runner.start({.owner = sweep,
                      .passes = {[&] {
                          log << QStringLiteral("plan sweep");
                          const bool first = launches++ == 0;
                          return [&, first](BackgroundRunner::Worker& w) {
                              w.keep([&] { log << QStringLiteral("sweep point kept"); });
                              if (first && !gate.wait(w.stopToken()))
                                  w.post([&] { log << QStringLiteral("sweep partial"); });
                          };
                      }},
                      .onEnd = [&](const Outcome& o) {
                          log << QStringLiteral("sweep end");
                          sweepEnd = o;
                      }});
        QVERIFY(runner.isThreadBusy(sweep));
        int adviceThreads = 0;
        runner.start({.owner = advice,
                      .passes = {[&] {
                          return [&](BackgroundRunner::Worker& w) {
                              const int threads = w.threads();
                              w.post([&, threads] {
                                  log << QStringLiteral("advice");
                                  adviceThreads = threads;
                              });
                          };
                      }},
                      .onEnd = [&](const Outcome& o) { adviceEnd = o; }});
        // Given way at once; the advice waits only for the pass to wind down.
        QVERIFY(runner.isWaiting(sweep));
        QVERIFY(runner.isWaiting(advice));
        QTRY_VERIFY(sweepEnd.has_value());
        QVERIFY(adviceEnd && adviceEnd->completed);
        QVERIFY(sweepEnd->completed);
        QCOMPARE(log, QStringList({"plan sweep", "sweep point kept", "advice", "plan sweep",
                                   "sweep point kept", "sweep end"}));
        QCOMPARE(adviceThreads, 3);
        QCOMPARE(runner.mostThreadsAtOnce(), 1);
    }

    // Waiting batch jobs: Foreground first, then Background lanes taking turns pass by pass.
    void foregroundFirstThenBackgroundLanesInTurn()
    {
        BackgroundRunner runner;
        const int busy = runner.addLane(BackgroundRunner::Kind::Foreground);
        const int curves = runner.addLane(BackgroundRunner::Kind::Background);
        const int map = runner.addLane(BackgroundRunner::Kind::Background);
        const int frame = runner.addLane(BackgroundRunner::Kind::Foreground);
        Gate gate;
        QStringList log;
        const auto pass = [&](QString name) -> BackgroundRunner::Plan {
            return [&log, name] {
                return [&log, name](BackgroundRunner::Worker& w) {
                    w.post([&log, name] { log << name; });
                };
            };
        };
        int ended = 0;
        runner.start({.owner = busy,
                      .passes = {[&] {
                          return [&](BackgroundRunner::Worker& w) { gate.wait(w.stopToken()); };
                      }},
                      .onEnd = [&](const Outcome&) { ++ended; }});
        runner.start({.owner = curves,
                      .passes = {pass("curves coarse"), pass("curves full")},
                      .onEnd = [&](const Outcome&) { ++ended; }});
        runner.start({.owner = map,
                      .passes = {pass("map coarse"), pass("map full")},
                      .onEnd = [&](const Outcome&) { ++ended; }});
        runner.start(
            {.owner = frame, .passes = {pass("frame")}, .onEnd = [&](const Outcome&) { ++ended; }});
        QVERIFY(runner.isWaiting(curves) && runner.isWaiting(map) && runner.isWaiting(frame));
        gate.open();
        QTRY_COMPARE(ended, 4);
        QCOMPARE(log,
                 QStringList({"frame", "curves coarse", "map coarse", "curves full", "map full"}));
        QCOMPARE(runner.mostThreadsAtOnce(), 1);
    }

    // A Live session starts at once beside a batch job, on what the budget leaves (at least
    // one thread), and takes the whole budget again once the batch job has ended.
    void aLiveJobRunsBesideTheSlotOnTheThreadsItLeaves()
    {
        BackgroundRunner runner;
        runner.setThreadBudget(4);
        const int sweep = runner.addLane(BackgroundRunner::Kind::Background);
        const int live = runner.addLane(BackgroundRunner::Kind::Live);
        Gate sweepGate;
        Gate liveGate;
        std::optional<Outcome> sweepEnd;
        std::optional<Outcome> liveEnd;
        QList<int> liveThreads;
        runner.start({.owner = sweep,
                      .passes = {[&] {
                          return
                              [&](BackgroundRunner::Worker& w) { sweepGate.wait(w.stopToken()); };
                      }},
                      .onEnd = [&](const Outcome& o) { sweepEnd = o; }});
        runner.start({.owner = live,
                      .passes = {[&] {
                          return [&](BackgroundRunner::Worker& w) {
                              const int during = w.threads();
                              w.post([&, during] { liveThreads << during; });
                              liveGate.wait(w.stopToken());
                              const int after = w.threads();
                              w.post([&, after] { liveThreads << after; });
                          };
                      }},
                      .onEnd = [&](const Outcome& o) { liveEnd = o; }});
        QVERIFY(runner.isThreadBusy(live)); // not queued behind the sweep
        QTRY_COMPARE(liveThreads.size(), 1);
        QCOMPARE(liveThreads.at(0), 1);
        sweepGate.open();
        QTRY_VERIFY(sweepEnd.has_value());
        liveGate.open();
        QTRY_VERIFY(liveEnd.has_value());
        QCOMPARE(liveThreads, QList<int>({1, 4}));
        QCOMPARE(runner.mostThreadsAtOnce(), 2);
    }
};

QTEST_GUILESS_MAIN(TestBackgroundRunner)
#include "tst_backgroundrunner.moc"
