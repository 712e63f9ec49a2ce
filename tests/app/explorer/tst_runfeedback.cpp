// What the window says about the run and the scenario: the pass label tells full points from
// coarse ones when both are shown, F5 with nothing to run says so, and New (the reference
// setups) shows the reference preset's explanation; a collapse in the Live session is the
// Live view's news, not the sweep's status.
#include "ExplorerTestSupport.h"
#include "LiveView.h"
#include "MainWindow.h"

#include "MetricChartView.h"
#include "PresetExplanation.h"

#include <hedge/io/Presets.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/run/LiveController.h>

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace hedge;

namespace {

Setup named(const char* name, std::optional<HedgeSettings> hedge)
{
    Setup s;
    s.name = name;
    s.hedge = hedge;
    return s;
}

Scenario scenarioOf(std::vector<Setup> setups, std::int64_t calls)
{
    Scenario s;
    s.seed = 9;
    s.calls = calls;
    s.loads = {0.5};
    s.setups = std::move(setups);
    return s;
}

bool idle(MainWindow& w)
{
    return !w.controller()->isPendingOrRunning() && w.controller()->isComplete();
}

} // namespace

class TestRunFeedback : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        test::startPrivateSession(QStringLiteral("tst_runfeedback"));
        QVERIFY(m_dir.isValid());
    }

    void init() { test::clearSession(); }

    void passLabelSaysWhenFullAndCoarsePointsMix()
    {
        // One setup at full size first; then a second one whose coarse point arrives while
        // the first one's full point is still shown.
        constexpr std::int64_t kCalls = 400000;
        MainWindow w(MainWindow::Options{.restoreSession = false});
        w.show();
        const Setup plain = named("no hedge", std::nullopt);
        QCOMPARE(w.openScenarioFile(test::writeScenario(m_dir, scenarioOf({plain}, kCalls),
                                                        QStringLiteral("a.json"))),
                 std::nullopt);
        QTRY_VERIFY_WITH_TIMEOUT(idle(w), 120000);
        QVERIFY(test::chart(w, Metric::P99)->passLabel().startsWith(QStringLiteral("full pass")));

        const Scenario two = scenarioOf({plain, named("hedge", HedgeSettings{})}, kCalls);
        QCOMPARE(w.openScenarioFile(test::writeScenario(m_dir, two, QStringLiteral("b.json"))),
                 std::nullopt);
        // As soon as the coarse pass is over, Esc: one full point and one coarse point shown.
        QElapsedTimer timer;
        timer.start();
        while (w.controller()->progress().pass != SweepController::Pass::Full &&
               timer.elapsed() < 60000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
        QCOMPARE(w.controller()->progress().pass, SweepController::Pass::Full);
        QTest::keyClick(&w, Qt::Key_Escape);
        QVERIFY(!w.controller()->isRunning());
        QVERIFY(!w.controller()->isComplete());
        QCOMPARE(w.controller()->displayedPoints().size(), std::size_t{2});
        // The charts take the label at their next redraw.
        QTRY_VERIFY_WITH_TIMEOUT(
            test::chart(w, Metric::P99)->passLabel() == w.controller()->passLabel(), 60000);
        const QString label = test::chart(w, Metric::P99)->passLabel();
        QVERIFY2(!label.startsWith(QStringLiteral("coarse pass")), qPrintable(label));
        QVERIFY2(label.startsWith(QStringLiteral("mixed")), qPrintable(label));
        QVERIFY2(label.contains(QStringLiteral("1 of 2 points")), qPrintable(label));
        QVERIFY2(label.contains(QStringLiteral("stopped")), qPrintable(label));
    }

    void f5WithNothingToRunSaysSo()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false});
        w.show();
        QCOMPARE(w.openScenarioFile(
                     test::writeScenario(m_dir, scenarioOf({named("no hedge", std::nullopt)}, 2000),
                                         QStringLiteral("small.json"))),
                 std::nullopt);
        QTRY_VERIFY_WITH_TIMEOUT(idle(w), 60000);
        w.statusBar()->clearMessage();
        QTest::keyClick(&w, Qt::Key_F5);
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Up to date: nothing to run"));
        QVERIFY(!w.controller()->isPendingOrRunning());
    }

    void newShowsTheReferenceExplanation()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QCOMPARE(w.openScenarioFile(
                     test::writeScenario(m_dir, scenarioOf({named("no hedge", std::nullopt)}, 2000),
                                         QStringLiteral("own.json"))),
                 std::nullopt);
        QVERIFY(
            test::presetExplanation(w)->text().contains(QStringLiteral("not one of the presets")));
        QTest::keySequence(&w, QKeySequence::New);
        const Preset* reference = findPreset("reference");
        QVERIFY(reference);
        QCOMPARE(w.scenario(), reference->scenario);
        QCOMPARE(test::presetExplanation(w)->text(),
                 QString::fromStdString(reference->explanation));
        QCOMPARE(test::presetExplanation(w)->title(), QString::fromStdString(reference->title));
    }

    // View → Live View of a setup that collapses at once (ten attempts a call, 1 ms apart, no
    // budget), Fastest, Run; View → Sweep View before a bucket is shown. The collapse comes
    // while the sweep is shown: its status bar does not report it; the Live view's status line
    // does. Reset and Run in the Live view: the collapse is told in the status bar there, and
    // goes when the sweep is shown.
    void liveCollapsesAreTheLiveViewsNews()
    {
        Setup storm =
            named("storm", HedgeSettings{.delayMs = 1.0, .maxAttempts = 10, .budgetPercent = 0.0});
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        w.setScenario(scenarioOf({storm}, 2000));
        test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Live View"))->trigger();
        LiveView* live = test::liveView(w);
        live->speedBox()->setCurrentIndex(live->speedBox()->findText(QStringLiteral("Fastest")));
        QSignalSpy collapses(w.liveController(), &LiveController::collapseStarted);
        // Run, then the sweep at once: the session's first samples reach the window only
        // through its event loop, after the sweep is shown.
        live->runButton()->click();
        QAction* sweepView =
            test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Sweep View"));
        sweepView->trigger();
        QVERIFY(!w.isLiveViewShown());
        QTRY_VERIFY_WITH_TIMEOUT(collapses.size() >= 1, 60000);
        QVERIFY2(!w.statusBar()->currentMessage().contains(QStringLiteral("collapsed")),
                 qPrintable(w.statusBar()->currentMessage()));
        test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Live View"))->trigger();
        // The status follows the samples on the window's redraw clock, which may come after the
        // collapse signal: wait for it rather than for a time.
        QTRY_VERIFY2(live->statusLabel()->toolTip().contains(QStringLiteral("storm")),
                     qPrintable(live->statusLabel()->toolTip()));

        // In the Live view the status bar tells it; the sweep does not keep it.
        QTest::mouseClick(live->resetButton(), Qt::LeftButton);
        if (w.liveController()->isPaused())
            live->runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(collapses.size() >= 2, 60000);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("storm collapsed")),
                 qPrintable(w.statusBar()->currentMessage()));
        sweepView->trigger();
        QVERIFY2(w.statusBar()->currentMessage().isEmpty(),
                 qPrintable(w.statusBar()->currentMessage()));
    }
};

QTEST_MAIN(TestRunFeedback)
#include "tst_runfeedback.moc"
