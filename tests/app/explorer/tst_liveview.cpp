// The Live view driven as a user drives it, on the real window: View → Live View starts a
// session of the working setups; Run, the load slider (keys), a knob typed into the setup
// editor while it runs, Pause; the saved session replays in the engine hedgesim runs with the
// very same buckets. A timeline preset or file opens in the Live view, and a bad one is refused with its field
// named, the session in place kept.
#include "ExplorerTestSupport.h"
#include "KnobField.h"
#include "LiveView.h"
#include "MetricChartView.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"
#include "TestScenarios.h"
#include "UserInput.h"

#include <hedge/io/Presets.h>
#include <hedge/io/TimelineResultsFile.h>
#include <hedge/run/LiveController.h>
#include <hedge/sim/TimelineWorld.h>

#include <QChart>
#include <QComboBox>
#include <QLineSeries>
#include <QMenu>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>
#include <QSlider>
#include <QTabWidget>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QtTest>

#include <cmath>

using namespace hedge;

namespace {

// Run (the button), at least `seconds` more simulated seconds, Pause.
void runFor(MainWindow& w, double seconds)
{
    LiveController* live = w.liveController();
    const double untilS = live->nowS() + seconds;
    if (live->isPaused())
        QTest::mouseClick(test::liveView(w)->runButton(), Qt::LeftButton);
    QVERIFY(!live->isPaused());
    QVERIFY(QTest::qWaitFor([&] { return live->nowS() >= untilS; }, 20000));
    QTest::mouseClick(test::liveView(w)->runButton(), Qt::LeftButton);
    QVERIFY(live->isPaused());
}

} // namespace

class TestLiveView : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_liveview")); }

    void aSessionDrivenByHandReplaysInHedgesim()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        w.setScenario(test::twoHedgedSetups());
        QVERIFY(!w.isLiveViewShown());
        QAction* live = test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Live View"));
        QVERIFY(live);
        QCOMPARE(live->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_2));
        live->trigger();
        QVERIFY(w.isLiveViewShown());
        LiveController* controller = w.liveController();
        QVERIFY(controller->hasSession());
        QCOMPARE(controller->setupNames().size(), 2);
        LiveView* view = test::liveView(w);
        view->speedBox()->setCurrentIndex(view->speedBox()->findText(QStringLiteral("Fastest")));
        QCOMPARE(controller->speed(), LiveController::kFastest);

        runFor(w, 4);
        // The load slider, by keys: 50 % → 60 %.
        QSlider* slider = view->loadSlider();
        QCOMPARE(slider->value(), 50);
        slider->setFocus();
        QTest::keyClick(slider, Qt::Key_PageUp);
        QTest::keyClick(slider, Qt::Key_PageUp);
        QCOMPARE(slider->value(), 60);
        QCOMPARE(controller->load(), 0.6);
        runFor(w, 4);
        // A knob typed into the setup editor while the session runs.
        test::setupList(w)->setCurrentRow(0);
        QDoubleSpinBox* delay =
            test::knobField<QDoubleSpinBox>(test::setupEditor(w), "hedge.delay_ms");
        test::typeInto(delay, QStringLiteral("45"), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(controller->current().setups[0].hedge->delayMs, 45.0, 60000);
        runFor(w, 4);

        const QString path = m_dir.filePath(QStringLiteral("session.json"));
        QVERIFY(!view->saveSession(path));
        const Scenario saved = readScenarioFile(path.toStdString());
        QVERIFY(saved.timeline);
        QCOMPARE(saved.timeline->durationS, controller->nowS());
        QVERIFY(std::any_of(saved.timeline->loadSteps.begin(), saved.timeline->loadSteps.end(),
                            [](const LoadStep& s) { return s.load == 0.6 && s.atS > 0; }));
        QCOMPARE(saved.timeline->changes.size(), std::size_t(1));
        QCOMPARE(saved.timeline->changes[0].setup, test::twoHedgedSetups().setups[0].name);
        QCOMPARE(saved.timeline->changes[0].set.front().field, std::string("hedge.delay_ms"));

        const TimelineOutcome replay = runTimeline(saved, 2);
        QCOMPARE(replay.worlds.size(), controller->rings().size());
        for (std::size_t wi = 0; wi < replay.worlds.size(); ++wi) {
            const BucketRing& ring = controller->rings()[wi];
            QCOMPARE(replay.worlds[wi].buckets.size(), ring.size());
            for (std::size_t i = 0; i < ring.size(); ++i)
                QVERIFY2(replay.worlds[wi].buckets[i] == ring.at(i),
                         qPrintable(QStringLiteral("world %1, bucket %2").arg(wi).arg(i)));
        }
        // The chart drew them.
        QVERIFY(view->chart()->paintCount() > 0);

        // Exports: the buckets of the whole session (timeline@1), the charts.
        QSignalSpy exported(view, &LiveView::exportFinished);
        const QString json = m_dir.filePath(QStringLiteral("session.timeline.json"));
        const QString csv = m_dir.filePath(QStringLiteral("session.csv"));
        QVERIFY(!view->exportTo(json));
        QVERIFY(!view->exportTo(csv));
        QVERIFY(QTest::qWaitFor([&] { return exported.size() == 2; }, 20000));
        for (const QList<QVariant>& call : exported)
            QVERIFY(!call.at(1).value<std::optional<QString>>());
        QFile jsonFile(json), csvFile(csv);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly) && csvFile.open(QIODevice::ReadOnly));
        QCOMPARE(jsonFile.readAll().toStdString(), writeTimelineResultsJson(saved, replay.worlds));
        QCOMPARE(csvFile.readAll().toStdString(), writeTimelineResultsCsv(replay.worlds));
        QVERIFY(!view->exportTo(m_dir.filePath(QStringLiteral("live.svg"))));
        QVERIFY(QFile(m_dir.filePath(QStringLiteral("live.svg"))).size() > 1000);
    }

    void aSweepPointOpensInsideTheLiveView()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false});
        w.resize(1024, 700);
        w.show();
        Scenario s = test::twoHedgedSetups();
        s.loads = {0.5, 0.8};
        w.setScenario(s);
        QVERIFY(QTest::qWaitFor([&] { return w.controller()->isComplete(); }, 30000));
        MetricChartView* chart = test::chart(w, Metric::RequestsPerCall);
        const std::vector<PointResult> points = w.controller()->displayedPoints();
        const auto it = std::find_if(points.begin(), points.end(), [&](const PointResult& p) {
            return p.setup == s.setups[1].name && p.load == 0.8;
        });
        QVERIFY(it != points.end());
        // The coalesced redraw puts it on the chart.
        QTRY_VERIFY_WITH_TIMEOUT(chart->seriesPoints(QString::fromStdString(it->setup))
                                     .contains(QPointF(it->load, it->requestsPerCall)),
                                 60000);
        QAbstractSeries* series = nullptr;
        for (QAbstractSeries* a : chart->chart()->series())
            if (a->name() == QString::fromStdString(it->setup) && qobject_cast<QLineSeries*>(a))
                series = a;
        QVERIFY(series);
        const QPoint at = chart->mapFromScene(
            chart->chart()->mapToPosition(QPointF(it->load, it->requestsPerCall), series));
        QVERIFY(chart->pointAt(at));

        // The context menu offers it; a double click opens it.
        QContextMenuEvent menuEvent(QContextMenuEvent::Mouse, at, chart->viewport()->mapToGlobal(at));
        QApplication::sendEvent(chart->viewport(), &menuEvent);
        auto* menu = chart->findChild<QMenu*>(QStringLiteral("pointMenu"));
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), 1);
        QVERIFY(menu->actions().front()->text().contains(QStringLiteral("80 %")));
        menu->close();
        w.liveController()->setSpeed(LiveController::kFastest);
        QTest::mouseDClick(chart->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(w.isLiveViewShown());
        LiveController* live = w.liveController();
        QVERIFY(live->hasSession());
        QCOMPARE(live->load(), 0.8);
        QCOMPARE(live->scenario().timeline->steps(), (std::vector<LoadStep>{LoadStep{0, 0.8}}));
        QCOMPARE(test::setupList(w)->currentRow(), 1);
        QVERIFY(QTest::qWaitFor([&] { return live->nowS() >= 2; }, 60000));
        QCOMPARE(live->rings()[1].back().load, 0.8);
    }

    void theMetastablePresetAndTimelineFilesOpenInTheLiveView()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        QVERIFY(w.loadPreset(QStringLiteral("metastable")));
        QVERIFY(w.isLiveViewShown());
        QVERIFY(w.liveController()->scenario().timeline);
        QCOMPARE(w.liveController()->scenario().timeline->steps(),
                 findPreset("metastable")->scenario.timeline->steps());
        QVERIFY(test::menuAction(w, QStringLiteral("&Presets"),
                                 QString::fromStdString(findPreset("metastable")->title)));

        // A bad file: refused with the field named; the session in place stays.
        const Scenario before = w.liveController()->scenario();
        Scenario bad = findPreset("metastable")->scenario;
        bad.timeline->loadSteps = {LoadStep{0, 0.4}, LoadStep{10, 1.9}};
        bad.timeline->profile.reset();
        const auto error = w.openScenarioFile(test::writeScenario(m_dir, bad, "bad.json"));
        QVERIFY(error);
        QVERIFY2(error->contains(QStringLiteral("timeline.load_steps[1].load")), qPrintable(*error));
        QCOMPARE(w.liveController()->scenario(), before);
        QVERIFY(w.liveController()->hasSession());

        // A good file plays in the Live view.
        w.showSweepView();
        Scenario good = test::twoHedgedSetups();
        good.timeline = Timeline{};
        good.timeline->durationS = 5;
        good.timeline->loadSteps = {LoadStep{0, 0.3}, LoadStep{2, 0.7}};
        QVERIFY(!w.openScenarioFile(test::writeScenario(m_dir, good, "good.json")));
        QVERIFY(w.isLiveViewShown());
        LiveController* controller = w.liveController();
        controller->setSpeed(LiveController::kFastest);
        QTest::mouseClick(test::liveView(w)->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return controller->finished(); }, 20000));
        QCOMPARE(controller->rings().front().size(), std::size_t(5));
        QCOMPARE(controller->rings().front().back().load, 0.7);
        QVERIFY(test::liveView(w)
                    ->findChild<QLabel*>(QStringLiteral("liveClock"))
                    ->toolTip()
                    .contains(QStringLiteral("finished")));
    }

    // Every preset, one after the other in the Live view (moved from tst_livemarks, whose
    // other marks need no window): the session starts at the preset's
    // stated load (a timeline at its first step, which is that load), the slider shows it, and
    // the explanation names it as a percentage ("at 50 % load").
    void eachPresetStartsLiveAtTheLoadItsTextDiscusses()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Live View"))->trigger();
        LiveController* live = w.liveController();
        LiveView* view = test::liveView(w);
        for (const Preset& p : presets()) {
            const QString name = QString::fromStdString(p.name);
            QVERIFY(w.loadPreset(name));
            // A preset with a map opens on it: back to the Live view, as a user goes.
            if (!w.isLiveViewShown())
                test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Live View"))
                    ->trigger();
            QVERIFY2(w.isLiveViewShown() && live->hasSession(), qPrintable(name));
            QVERIFY2(live->load() == p.liveLoad,
                     qPrintable(QStringLiteral("%1: starts at %2, not %3")
                                    .arg(name)
                                    .arg(live->load())
                                    .arg(p.liveLoad)));
            if (p.scenario.timeline)
                QCOMPARE(p.scenario.timeline->steps().front().load, p.liveLoad);
            const int percent = int(std::lround(p.liveLoad * 100.0));
            QCOMPARE(view->loadSlider()->value(), percent);
            const QRegularExpression named(QStringLiteral("(?<![0-9.])%1 %").arg(percent));
            QVERIFY2(
                QString::fromStdString(p.explanation).contains(named),
                qPrintable(QStringLiteral("%1: the text never names %2 %").arg(name).arg(percent)));
        }
    }
};

QTEST_MAIN(TestLiveView)
#include "tst_liveview.moc"
