// A Live session as a user lives through it, on the real window (docs/user-guide.md, "Live
// view"): a collapse is marked for as long as the service is collapsed, and a brief dip inside
// it is the same collapse (docs/timeline.md, "Collapses in the Live view"); the end of a
// timeline says so, and Run plays it again while the load's controls rest; a replayed
// session's recorded change shows in the setup editor and on the charts. The clock is driven by
// steps (run until a simulated time, or to the end), never by wall-clock time.
#include "ExplorerTestSupport.h"
#include "KnobField.h"
#include "LiveTimeSeriesView.h"
#include "LiveView.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"
#include "TestScenarios.h"
#include "UserInput.h"

#include <hedge/run/LiveController.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QToolButton>
#include <QtTest>

using namespace hedge;

namespace {

// The speed a user picks in the Live view's speed box ("×100", "Fastest").
void chooseSpeed(LiveView& view, const QString& speed)
{
    view.speedBox()->setCurrentIndex(view.speedBox()->findText(speed));
}

} // namespace

class TestLiveSession : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_livesession")); }

    // The metastable preset: "hedge, no budget / client" collapses in the burst and stays
    // collapsed (p99 over 10 s, two requests a call) long after the load fell to 40 % at 4:30,
    // until its queue has drained. One collapse, marked (strip, hover, status line) for as
    // long as it lasts, and ended only once the backlog is gone.
    void aCollapseLastsUntilTheQueueHasDrained()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(w.loadPreset(QStringLiteral("metastable")));
        LiveView* view = test::liveView(w);
        LiveController* live = w.liveController();
        chooseSpeed(*view, QStringLiteral("Fastest"));
        QComboBox* window = nullptr;
        for (QComboBox* box : view->findChildren<QComboBox*>())
            if (box->findText(QStringLiteral("10 min")) >= 0)
                window = box;
        window->setCurrentIndex(window->findText(QStringLiteral("10 min")));
        QSignalSpy started(live, &LiveController::collapseStarted);
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return live->finished(); }, 120000));

        const std::size_t noBudget = 1;
        QCOMPARE(live->setupNames()[int(noBudget)], QStringLiteral("hedge, no budget / client"));
        const std::vector<CollapseSpan>& spans = live->collapses()[noBudget].spans();
        QCOMPARE(spans.size(), std::size_t(1));
        QVERIFY2(spans[0].fromS >= 60 && spans[0].fromS <= 90,
                 qPrintable(QString::number(spans[0].fromS)));
        QVERIFY(spans[0].toS);
        // Every bucket after the onset with p99 over 10 s or a backlog over a second of work
        // lies inside it: the collapse lasts while the service is collapsed.
        const BucketRing& ring = live->rings()[noBudget];
        double lastSick = 0;
        for (std::size_t k = 0; k < ring.size(); ++k) {
            const TimelineBucket& b = ring.at(k);
            if (b.tS > spans[0].fromS && ((b.p99Ms && *b.p99Ms > 10000) || b.backlogMs > 1000))
                lastSick = b.tS;
        }
        QVERIFY2(lastSick > 300, qPrintable(QString::number(lastSick))); // long after 4:30
        QVERIFY2(*spans[0].toS >= lastSick, qPrintable(QString::number(*spans[0].toS)));
        QVERIFY(*spans[0].toS <= lastSick + 1);
        // One message for it, and none for a collapse of this world again.
        QCOMPARE(std::count_if(started.begin(), started.end(),
                               [](const QList<QVariant>& call) {
                                   return call.at(0).toString() ==
                                          QStringLiteral("hedge, no budget / client");
                               }),
                 1);
        // The pointer on the p99 chart at 6:00 (after the load fell): still collapsed there.
        LiveTimeSeriesView* chart = view->chart();
        const QRectF p99 = chart->panelRect(Figure::P99);
        const auto [t0, t1] = chart->timeRange();
        const QPointF at6(p99.left() + (360.0 - t0) / (t1 - t0) * p99.width(), p99.center().y());
        const QString hover = chart->hoverTextAt(at6);
        QVERIFY2(hover.contains(QStringLiteral("hedge, no budget / client: ")), qPrintable(hover));
        const QString row = hover.section(QStringLiteral("hedge, no budget / client: "), 1, 1)
                                .section(QStringLiteral("</nobr>"), 0, 0);
        QVERIFY2(row.contains(QStringLiteral("collapsed")), qPrintable(hover));
    }

    // A short dip of the load inside a collapse: the queue shrinks for a few seconds (the
    // per-bucket flag drops), then grows again. One collapse, reported once.
    void aBriefDipInsideACollapseIsOneCollapse()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        Scenario s = test::twoHedgedSetups();
        s.timeline = Timeline{};
        s.timeline->durationS = 120;
        s.timeline->loadSteps = {LoadStep{0, 0.4}, LoadStep{20, 0.9}, LoadStep{60, 0.2},
                                 LoadStep{66, 0.9}};
        QVERIFY(!w.openScenarioFile(test::writeScenario(m_dir, s, "dip.json")));
        LiveView* view = test::liveView(w);
        LiveController* live = w.liveController();
        chooseSpeed(*view, QStringLiteral("Fastest"));
        QSignalSpy started(live, &LiveController::collapseStarted);
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return live->finished(); }, 60000));
        // The flag did drop in the dip and rise again (else this test shows nothing).
        const BucketRing& ring = live->rings()[0];
        int rises = 0;
        for (std::size_t k = 1; k < ring.size(); ++k)
            rises += ring.at(k).collapsed && !ring.at(k - 1).collapsed ? 1 : 0;
        QVERIFY2(rises >= 2, qPrintable(QString::number(rises)));
        QCOMPARE(live->collapses()[0].spans().size(), std::size_t(1));
        QCOMPARE(started.count(), 1);
        QVERIFY(view->statusLabel()->toolTip().contains(QStringLiteral("Collapsed: ")));
        // Its label is drawn once.
        QCOMPARE(view->chart()->collapseLabelRects().size(), 1);
    }

    // Edits in Live that rename a setup by its policy (a budget typed; "Hedges go to", which
    // starts the session again): the editor's header names the setup being edited, as the
    // list does, at once and after the session restarted.
    void anEditThatRenamesASetupKeepsTheEditorsHeader()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(w.loadPreset(QStringLiteral("slow-replica")));
        test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Live View"))->trigger();
        SetupEditor* editor = test::setupEditor(w);
        SetupListWidget* list = test::setupList(w);
        const auto header = [editor] {
            for (QLabel* l : editor->findChildren<QLabel*>())
                if (l->font().bold() && l->wordWrap())
                    return l->text();
            return QString();
        };
        list->setCurrentRow(1);
        QCOMPARE(header(), QStringLiteral("hedge, no budget / client"));
        QDoubleSpinBox* budget = test::knobField<QDoubleSpinBox>(editor, "hedge.budget_percent");
        test::typeInto(budget, QStringLiteral("7"), Qt::Key_Return);
        QCOMPARE(list->listWidget()->currentItem()->text(),
                 QStringLiteral("hedge, budget 7 % / client"));
        QCOMPARE(header(), QStringLiteral("hedge, budget 7 % / client"));

        // The third setup sends its hedges to another replica; to any replica, it is named as
        // the second was: "… 2". The session starts again.
        list->setCurrentRow(2);
        QComboBox* placement = editor->placementCombo();
        placement->setFocus();
        QTest::keyClick(placement, Qt::Key_Up);
        QCOMPARE(placement->currentIndex(), 0);
        QCOMPARE(list->listWidget()->currentItem()->text(),
                 QStringLiteral("hedge, no budget / client"));
        QCOMPARE(header(), QStringLiteral("hedge, no budget / client"));
        QCOMPARE(w.liveController()->current().setups[2].hedge->placement, HedgePlacement::Any);
    }

    // A collapsed setup renamed by an edit (a budget typed while paused in the metastable
    // collapse): the Live view's status line names it as the list and the editor do, not by
    // the name its world started with.
    void aRenamedSetupIsNamedSoInTheLiveStatus()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(w.loadPreset(QStringLiteral("metastable")));
        LiveView* view = test::liveView(w);
        LiveController* live = w.liveController();
        // Paused the moment the collapse (1:02–7:25) is reported, whatever the machine's speed:
        // the pause lands inside it.
        chooseSpeed(*view, QStringLiteral("×100"));
        connect(live, &LiveController::collapseStarted, view, [&] {
            if (!live->isPaused())
                view->runButton()->click();
        });
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return live->isPaused(); }, 120000));
        QVERIFY(live->firstCollapseS(1));
        QVERIFY2(view->statusLabel()->toolTip().contains(
                     QStringLiteral("hedge, no budget / client (since")),
                 qPrintable(view->statusLabel()->toolTip()));

        test::setupList(w)->setCurrentRow(1);
        QDoubleSpinBox* budget =
            test::knobField<QDoubleSpinBox>(test::setupEditor(w), "hedge.budget_percent");
        test::typeInto(budget, QStringLiteral("7"), Qt::Key_Return);
        const QString status = view->statusLabel()->toolTip();
        QVERIFY2(status.contains(QStringLiteral("hedge, budget 7 % / client (since")),
                 qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("hedge, no budget / client")), qPrintable(status));
    }

    // A saved session replayed: its recorded change (the delay of the first setup to 45 ms at
    // 0:03) shows in the setup editor once played, on whichever setup the user looks at, and
    // is marked on the load chart; Restart shows the knobs as they start. The document is
    // not edited by playing.
    void aReplayedChangeShowsInTheEditorAndOnTheCharts()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        Scenario s = test::twoHedgedSetups();
        s.timeline = Timeline{};
        s.timeline->durationS = 6;
        s.timeline->loadSteps = {LoadStep{0, 0.5}};
        s.timeline->changes = {
            TimelineChange{3.0, s.setups[0].name, {KnobSetting{"hedge.delay_ms", 45.0}}}};
        QVERIFY(!w.openScenarioFile(test::writeScenario(m_dir, s, "replayed.json")));
        LiveView* view = test::liveView(w);
        LiveController* live = w.liveController();
        SetupEditor* editor = test::setupEditor(w);
        test::setupList(w)->setCurrentRow(0);
        QCOMPARE(test::knobField<QDoubleSpinBox>(editor, "hedge.delay_ms")->value(), 20.0);
        chooseSpeed(*view, QStringLiteral("Fastest"));
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return live->finished(); }, 20000));

        QCOMPARE(test::knobField<QDoubleSpinBox>(editor, "hedge.delay_ms")->value(), 45.0);
        QCOMPARE(editor->setup().name, s.setups[0].name);
        QCOMPARE(w.scenario(), s); // playing edits nothing
        QVERIFY(!w.isWindowModified());
        // The other setup keeps its delay; back on the first, 45 ms again.
        test::setupList(w)->setCurrentRow(1);
        QCOMPARE(test::knobField<QDoubleSpinBox>(editor, "hedge.delay_ms")->value(), 20.0);
        test::setupList(w)->setCurrentRow(0);
        QCOMPARE(test::knobField<QDoubleSpinBox>(editor, "hedge.delay_ms")->value(), 45.0);
        // Marked on the load chart where it happened.
        QCOMPARE(live->changeMarks().size(), std::size_t(1));
        QCOMPARE(live->changeMarks()[0].atS, 3.0);
        QCOMPARE(view->chart()->changeLabelTexts(), QStringList{QStringLiteral("Delay 45 ms")});

        // Restart: from 0 s, with the knobs the file starts with.
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QCOMPARE(test::knobField<QDoubleSpinBox>(editor, "hedge.delay_ms")->value(), 20.0);
        QVERIFY(view->chart()->changeLabelTexts().isEmpty());
    }

    // At the end of a timeline nothing more can play: Run says Restart and plays it from
    // 0 s; the load slider, Spike and Follow are off and say why, so is the status line.
    void theEndOfATimelineSaysSoAndRunPlaysItAgain()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        Scenario s = test::twoHedgedSetups();
        s.timeline = Timeline{};
        s.timeline->durationS = 6;
        s.timeline->loadSteps = {LoadStep{0, 0.5}};
        QVERIFY(!w.openScenarioFile(test::writeScenario(m_dir, s, "six-seconds.json")));
        QVERIFY(w.isLiveViewShown());
        LiveView* view = test::liveView(w);
        LiveController* live = w.liveController();
        chooseSpeed(*view, QStringLiteral("Fastest"));
        QCOMPARE(view->runButton()->text(), QStringLiteral("Run"));
        QVERIFY(view->loadSlider()->isEnabled());
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return live->finished(); }, 20000));

        QCOMPARE(view->runButton()->text(), QStringLiteral("Restart"));
        const QString why =
            QStringLiteral("The timeline ended at 0:06: Restart plays it from 0 s.");
        QCOMPARE(view->runButton()->toolTip(), why);
        QVERIFY(!view->loadSlider()->isEnabled());
        QCOMPARE(view->loadSlider()->toolTip(), why);
        QVERIFY(!view->spikeButton()->isEnabled());
        QCOMPARE(view->spikeButton()->toolTip(), why);
        QVERIFY(!view->profileButton()->isEnabled());
        QVERIFY(view->statusLabel()->toolTip().startsWith(QStringLiteral("Timeline ended at 0:06")));

        // Restart: from 0 s, running, the controls back.
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(!live->finished());
        QVERIFY(!live->isPaused());
        QVERIFY(live->nowS() < 6.0);
        QCOMPARE(view->runButton()->text(), QStringLiteral("Pause"));
        QVERIFY(view->loadSlider()->isEnabled());
        QVERIFY(view->spikeButton()->isEnabled());
        QVERIFY(!view->statusLabel()->toolTip().startsWith(QStringLiteral("Timeline ended")));
        QVERIFY(QTest::qWaitFor([&] { return live->finished(); }, 20000));
        QCOMPARE(live->rings().front().size(), std::size_t(6));
        QCOMPARE(live->rings().front().at(0).tS, 1.0); // played again from 0 s
    }
};

QTEST_MAIN(TestLiveSession)
#include "tst_livesession.moc"
