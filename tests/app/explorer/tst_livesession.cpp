// A Live session as a user lives through it, on the real window (docs/user-guide.md, "Live
// view"): the end of a timeline says so, and Run plays it again while the load's controls
// rest. The clock is driven by steps (run until a simulated time, or to the end), never by
// wall-clock time.
#include "ExplorerTestSupport.h"
#include "LiveController.h"
#include "LiveView.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QToolButton>
#include <QtTest>

using namespace hedge;

namespace {

Scenario twoSetups()
{
    Scenario s;
    s.seed = 11;
    s.calls = 2000;
    s.loads = {0.5};
    s.setups = {Scenario::referenceSetups()[1], Scenario::referenceSetups()[2]};
    return s;
}

} // namespace

class TestLiveSession : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_livesession")); }

    // At the end of a timeline nothing more can play: Run says Run Again and plays it from
    // 0 s; the load slider, Spike and Follow are off and say why, so is the status line.
    void theEndOfATimelineSaysSoAndRunPlaysItAgain()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        Scenario s = twoSetups();
        s.timeline = Timeline{};
        s.timeline->durationS = 6;
        s.timeline->loadSteps = {LoadStep{0, 0.5}};
        QVERIFY(!w.openScenarioFile(test::writeScenario(m_dir, s, "six-seconds.json")));
        QVERIFY(w.isLiveViewShown());
        LiveView* view = test::liveView(w);
        LiveController* live = w.liveController();
        view->speedBox()->setCurrentIndex(view->speedBox()->findText(QStringLiteral("Fastest")));
        QCOMPARE(view->runButton()->text(), QStringLiteral("Run"));
        QVERIFY(view->loadSlider()->isEnabled());
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return live->finished(); }, 20000));

        QCOMPARE(view->runButton()->text(), QStringLiteral("Run Again"));
        const QString why = QStringLiteral("The timeline ended at 0:06: Run Again plays it from 0 s.");
        QCOMPARE(view->runButton()->toolTip(), why);
        QVERIFY(!view->loadSlider()->isEnabled());
        QCOMPARE(view->loadSlider()->toolTip(), why);
        QVERIFY(!view->spikeButton()->isEnabled());
        QCOMPARE(view->spikeButton()->toolTip(), why);
        QVERIFY(!view->profileButton()->isEnabled());
        QVERIFY(view->statusLabel()->toolTip().startsWith(QStringLiteral("Timeline over")));

        // Run Again: from 0 s, running, the controls back.
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(!live->finished());
        QVERIFY(!live->isPaused());
        QVERIFY(live->nowS() < 6.0);
        QCOMPARE(view->runButton()->text(), QStringLiteral("Pause"));
        QVERIFY(view->loadSlider()->isEnabled());
        QVERIFY(view->spikeButton()->isEnabled());
        QVERIFY(!view->statusLabel()->toolTip().startsWith(QStringLiteral("Timeline over")));
        QVERIFY(QTest::qWaitFor([&] { return live->finished(); }, 20000));
        QCOMPARE(live->rings().front().size(), std::size_t(6));
        QCOMPARE(live->rings().front().at(0).tS, 1.0); // played again from 0 s
    }
};

QTEST_MAIN(TestLiveSession)
#include "tst_livesession.moc"
