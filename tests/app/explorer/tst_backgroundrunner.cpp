// BackgroundRunner: the one way the explorer runs work off the GUI thread. What its clients
// rely on: a pass is planned after the one before it has landed (coarse before full), a stale
// run's results are dropped and its end is not reported, a stopped run ends as stopped, an
// error ends the run, and a job's thread is done when shutdown() returns. Jobs here block on a
// gate the test opens, so nothing depends on how fast the machine is.
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
        runner.start({.owner = 0,
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
        int jobs = 0;
        std::optional<Outcome> end;
        runner.start({.owner = 0,
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
        Gate gate;
        QStringList landed;
        bool staleEnded = false;
        runner.start({.owner = 0,
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
        runner.start({.owner = 0,
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
        Gate gate;
        bool stoppedInJob = false;
        bool fullPlanned = false;
        std::optional<Outcome> end;
        runner.start({.owner = 7,
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
        runner.stop(3); // another owner's: not this run
        QVERIFY(runner.isActive(7));
        runner.stop(7);
        QTRY_VERIFY(end.has_value());
        QVERIFY(!end->completed);
        QVERIFY(end->error.isEmpty());
        QVERIFY(stoppedInJob);
        QVERIFY(!fullPlanned);
    }

    void cancelMakesTheRunStaleAndShutdownJoins()
    {
        BackgroundRunner runner;
        Gate gate;
        bool ended = false;
        bool posted = false;
        runner.start({.owner = 0,
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
        bool fullPlanned = false;
        std::optional<Outcome> end;
        runner.start({.owner = 0,
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
};

QTEST_GUILESS_MAIN(TestBackgroundRunner)
#include "tst_backgroundrunner.moc"
