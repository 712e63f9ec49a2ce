// The window's one BackgroundRunner shared by its controllers (engine/README.md,
// "Background work"): a sweep's pass running gives way to the advisor and to an export of a
// Live session (they never wait for it), the sweep then runs again from what landed and ends
// complete, and one batch job runs at a time; in the window, every controller runs on its one
// runner. Each request comes on the turn of the event loop
// right after the sweep's full pass was launched (a queued call: before its end can land), so
// the order is the rule's, not the machine's speed.
#include "ExplorerTestSupport.h"
#include "LiveView.h"

#include <hedge/advise/AdviceQuestion.h>
#include <hedge/run/AdviceController.h>
#include <hedge/run/BackgroundRunner.h>
#include <hedge/run/LiveController.h>
#include <hedge/run/SweepController.h>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace hedge;

Q_DECLARE_METATYPE(hedge::AdviceAnswer)

namespace {

Scenario sweepScenario()
{
    Scenario s;
    s.seed = 7;
    s.calls = 200000;
    s.setups = {Scenario::referenceSetups()[1], Scenario::referenceSetups()[2]};
    s.loads = {0.3, 0.5, 0.7};
    return s;
}

Scenario smallGrid()
{
    Scenario s;
    s.calls = 2500;
    s.seed = 11;
    s.loads = {0.3, 0.6, 0.9};
    s.setups.clear();
    for (const Setup& setup : Scenario::referenceSetups())
        if (setup.name == "no hedge / client" || setup.name == "hedge, default budget / client")
            s.setups.push_back(setup);
    s.grid = Grid{
        .setup = "hedge, default budget / client", .knob = "hedge.delay_ms", .values = {5, 20, 40}};
    return s;
}

AdviceQuestion quickQuestion()
{
    Scenario world;
    world.calls = 3000;
    world.seed = 7;
    Setup stack;
    stack.name = "hedge";
    stack.hedge = HedgeSettings{.delayMs = 20.0, .maxAttempts = 2, .budgetPercent = 5.0};
    AdviceQuestion q = defaultQuestion(world, stack);
    q.search.erase(std::remove_if(q.search.begin(), q.search.end(),
                                  [](const KnobSearch& s) { return s.field != "hedge.delay_ms"; }),
                   q.search.end());
    q.search.front().steps = 3;
    q.limits.collapseRuns = 2;
    return q;
}

// Calls `ask` once, on the turn of the event loop after the sweep's full pass was launched.
void whenFullPassRuns(SweepController& sweep, const std::function<void()>& ask)
{
    auto asked = std::make_shared<bool>(false);
    QObject::connect(
        &sweep, &SweepController::progressChanged, &sweep,
        [&sweep, ask, asked] {
            if (*asked || sweep.progress().pass != SweepController::Pass::Full)
                return;
            *asked = true;
            ask();
        },
        Qt::QueuedConnection);
}

} // namespace

class TestSharedRunner : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        qRegisterMetaType<AdviceAnswer>();
        test::startPrivateSession(QStringLiteral("tst_sharedrunner"));
    }

    // The window's sweep, map, Live session and a Live export, each on a lane of the window's
    // one runner (curves and map: passes and preview frames; Live: worlds and exports; the
    // advisor; the lesson pane's exercise solutions; the service fit; File → Export Lesson…'s
    // steps): never more than one batch job and the Live session at once.
    void theWindowsControllersRunOnItsOneRunner()
    {
        QTemporaryDir dir;
        auto w = test::openWindow(dir, smallGrid(), QStringLiteral("grid.json"));
        BackgroundRunner* runner = w->runner();
        QVERIFY(runner);
        QCOMPARE(runner->laneCount(), 10);
        QTRY_VERIFY_WITH_TIMEOUT(w->controller()->isComplete() && w->mapSweep()->isComplete() &&
                                     !w->controller()->isRunning() && !w->mapSweep()->isRunning(),
                                 120000);
        w->liveController()->setSpeed(LiveController::kFastest);
        w->showLiveView();
        QTRY_VERIFY_WITH_TIMEOUT(w->liveController()->nowS() >= 2.0, 60000);
        QSignalSpy exported(test::liveView(*w), &LiveView::exportFinished);
        QVERIFY(!test::liveView(*w)->exportTo(dir.filePath(QStringLiteral("live.csv"))));
        QVERIFY(exported.wait(60000));
        QVERIFY(!exported.at(0).at(1).value<std::optional<QString>>());
        QVERIFY(runner->isThreadBusy()); // the session plays on
        qInfo("the window's runner: %d lanes, %d job threads started, at most %d at once",
              runner->laneCount(), runner->threadsStarted(), runner->mostThreadsAtOnce());
        QVERIFY(runner->mostThreadsAtOnce() <= 2);
    }

    void theAdvisorGoesBeforeARunningSweep()
    {
        BackgroundRunner runner;
        SweepController sweep(nullptr, nullptr, {}, &runner);
        sweep.setSeedCheck(0, 0.0);
        AdviceController advice(nullptr, nullptr, &runner);
        QStringList order;
        bool sweepWaited = false;
        connect(&advice, &AdviceController::finished, this, [&] { order << "advice"; });
        connect(&sweep, &SweepController::runFinished, this, [&](bool completed) {
            order << (completed ? "sweep completed" : "sweep stopped");
        });
        whenFullPassRuns(sweep, [&] {
            advice.start(quickQuestion());
            // Given way at once: its pass is stopped, not waited for.
            sweepWaited = sweep.isWaiting() && advice.isRunning();
        });
        sweep.setScenario(sweepScenario(), true);
        QTRY_VERIFY_WITH_TIMEOUT(order.size() == 2, 300000);
        QVERIFY(sweepWaited);
        QCOMPARE(order, QStringList({"advice", "sweep completed"}));
        QVERIFY(sweep.isComplete());
        QVERIFY(advice.answer() && advice.answer()->finished);
        QCOMPARE(runner.mostThreadsAtOnce(), 1); // one batch job at a time
    }

    void aLiveExportGoesBeforeARunningSweepBesideTheSession()
    {
        QTemporaryDir dir;
        BackgroundRunner runner;
        LiveController live(nullptr, nullptr, &runner);
        live.setSpeed(LiveController::kFastest);
        QVERIFY(!live.start(sweepScenario(), 0.5, true));
        QTRY_VERIFY_WITH_TIMEOUT(live.nowS() >= 3.0, 60000);
        live.pause();
        const Scenario session = live.recordedScenario();
        live.resume(); // the session plays on beside the sweep and the export

        SweepController sweep(nullptr, nullptr, {}, &runner);
        sweep.setSeedCheck(0, 0.0);
        QStringList order;
        bool sweepWaited = false;
        const QString csv = dir.filePath(QStringLiteral("live.csv"));
        connect(live.exporter(), &LiveExport::finished, this,
                [&](const QString& path, const std::optional<QString>& error) {
                    order << (error ? *error
                                    : QStringLiteral("export ") + QFileInfo(path).fileName());
                });
        connect(&sweep, &SweepController::runFinished, this, [&](bool completed) {
            order << (completed ? "sweep completed" : "sweep stopped");
        });
        whenFullPassRuns(sweep, [&] {
            QVERIFY(!live.exporter()->start(session, csv));
            sweepWaited = sweep.isWaiting();
        });
        sweep.setScenario(sweepScenario(), true);
        QTRY_VERIFY_WITH_TIMEOUT(order.size() == 2, 300000);
        QVERIFY(sweepWaited);
        QCOMPARE(order, QStringList({"export live.csv", "sweep completed"}));
        QVERIFY(sweep.isComplete());
        QVERIFY(QFileInfo(csv).size() > 0);
        live.shutdown();
    }
};

QTEST_MAIN(TestSharedRunner)
#include "tst_sharedrunner.moc"
