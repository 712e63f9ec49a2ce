// Dragging a knob of the real window: the mouse holds the delay slider's handle and moves it
// across the slider in 120 moves, a mouse event every 16 ms of the event loop, resting three
// times on the way until the value under the hand is drawn. The curves follow the hand in
// preview frames, each showing a value the hand set, never an older one after a newer; what
// the hand passed while a frame ran is dropped, not queued; the last value's curve is on the
// chart when the hand stops, and its full pass after the release. Meanwhile the GUI's event
// loop keeps turning, also while the engine computes. Only order and content are asserted:
// how many frames land and how fast depends on the machine and its load.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "HeldMouse.h"
#include "KnobField.h"
#include "MainWindow.h"

#include "KnobSlider.h"
#include "Metric.h"
#include "MetricChartView.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <hedge/sim/LoadSweep.h>

#include <QDoubleSpinBox>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <map>
#include <memory>
#include <set>

using namespace hedge;
using hedge::test::moveHeldMouse;

namespace {

constexpr int kMoveIntervalMs = 16; // 60 Hz, the pace of a mouse's events
constexpr int kMoves = 120;
constexpr int kRestEvery = 30; // the hand rests until its value is drawn, 3 times on the way

// The p99 curve a chart draws for `setup`, as (load, p99) pairs.
QList<QPointF> p99Curve(const std::vector<PointResult>& points, const std::string& setup)
{
    QList<QPointF> curve;
    for (const PointResult& p : points)
        if (p.setup == setup)
            curve << QPointF(p.load, *metricValue(p, Metric::P99));
    return curve;
}

// What one drag recorded.
struct Drag {
    std::map<quint64, double> delayOfEdit; // edit serial -> the delay the hand set
    quint64 lastSerial = 0;
    double lastDelay = 0.0;
    int moves = 0;
    QList<quint64> applied;            // frames, in the order they reached the charts
    int appliedBeforeLastMove = 0;     // how many of them came before the hand's last move
    int ticks = 0;                     // turns of the event loop during the drag
    std::set<int> framesSeenComputing; // frames during which a tick came
    int framesStarted = 0;             // during the drag
    QList<QPointF> curveAtLastFrame;   // the hedged setup's p99 curve on the chart
    std::int64_t frameCalls = 0;
};

} // namespace

class TestKnobDrag : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> open()
    {
        auto w = std::make_unique<MainWindow>(MainWindow::Options{.restoreSession = false});
        w->resize(1280, 800);
        w->show();
        // Above the coarse pass (60 000 calls): the release has a full pass to run.
        w->setScenario(test::twoSetups({0.5, 0.8, 0.95}, 60000, 9));
        if (!QTest::qWaitForWindowExposed(w.get()))
            qFatal("the window was not shown");
        return w;
    }

    // Holds the hedged setup's delay handle and moves it right in kMoves moves, counting the
    // event loop's turns on a 1 ms timer; stops before the release.
    Drag drag(MainWindow& w)
    {
        Drag d;
        test::setupList(w)->setCurrentRow(1);
        KnobSlider* slider = test::knobField<KnobSlider>(test::setupEditor(w), "hedge.delay_ms");
        QDoubleSpinBox* delay =
            test::knobField<QDoubleSpinBox>(test::setupEditor(w), "hedge.delay_ms");
        SweepController* c = w.controller();
        connect(c, &SweepController::frameApplied, this,
                [&d](quint64 serial) { d.applied << serial; });
        QTimer ticker;
        ticker.setTimerType(Qt::PreciseTimer);
        ticker.setInterval(1);
        connect(&ticker, &QTimer::timeout, this, [&] {
            ++d.ticks;
            if (c->isComputingFrame())
                d.framesSeenComputing.insert(c->framesStarted());
        });

        // The handle to the slider's start with the keyboard (an ordinary edit), so that the
        // drag crosses the whole slider: a new value at nearly every move, more than frames can
        // show.
        slider->setFocus();
        QTest::keyClick(slider, Qt::Key_Home);
        if (delay->value() != 0.0 || !QTest::qWaitFor([&w] { return test::idle(w); }, 60000))
            qFatal("the Home key did not bring the delay to 0");
        const QPoint start = slider->handleRect().center();
        const int framesBefore = c->framesStarted();
        ticker.start();
        QTest::mousePress(slider, Qt::LeftButton, Qt::NoModifier, start);
        if (!slider->isSliderDown())
            qFatal("the press missed the slider's handle");
        // To near the slider's end.
        const int travel = slider->width() - 2 * start.x();
        const auto lastValueDrawn = [&] {
            return !d.applied.isEmpty() && d.applied.last() == d.lastSerial;
        };
        for (int move = 1; move <= kMoves; ++move) {
            moveHeldMouse(slider, start + QPoint(travel * move / kMoves, 0));
            ++d.moves;
            d.lastSerial = c->editSerial();
            d.lastDelay = delay->value();
            d.delayOfEdit.emplace(d.lastSerial, d.lastDelay);
            if (move % kRestEvery == 0 && move < kMoves && !QTest::qWaitFor(lastValueDrawn, 60000))
                qFatal("the value under the resting hand was never drawn");
            QTest::qWait(kMoveIntervalMs);
        }
        d.appliedBeforeLastMove = static_cast<int>(d.applied.size());
        // The hand rests on its last value: its frame comes, then nothing more.
        if (!QTest::qWaitFor(lastValueDrawn, 60000))
            qFatal("the last value's frame never came");
        ticker.stop();
        d.framesStarted = c->framesStarted() - framesBefore;
        d.frameCalls = c->frameCalls();
        d.curveAtLastFrame =
            test::chart(w, Metric::P99)
                ->seriesPoints(QString::fromStdString(w.scenario().setups[1].name));
        QTest::mouseRelease(slider, Qt::LeftButton, Qt::NoModifier, start + QPoint(travel, 0));
        return d;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HedgeExplorerTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_knobdrag"));
        QSettings().clear();
    }

    void curvesFollowTheHandAndEndOnItsLastValue()
    {
        auto w = open();
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(*w), 60000);
        const Drag d = drag(*w);
        qInfo("%d moves, %d distinct values, %lld frames applied (%lld calls/point)", d.moves,
              static_cast<int>(d.delayOfEdit.size()), static_cast<long long>(d.applied.size()),
              static_cast<long long>(d.frameCalls));
        QVERIFY2(d.delayOfEdit.size() > 20, "the hand barely moved the delay");
        QVERIFY(d.lastDelay > 60.0);

        // Every frame shows a value the hand set, and never an older one after a newer.
        for (int i = 0; i < d.applied.size(); ++i) {
            QVERIFY2(d.delayOfEdit.contains(d.applied[i]), "a frame of no value of the hand");
            if (i > 0)
                QVERIFY2(d.applied[i] > d.applied[i - 1],
                         qPrintable(QStringLiteral("frame %1 (edit %2) after edit %3")
                                        .arg(i)
                                        .arg(d.applied[i])
                                        .arg(d.applied[i - 1])));
        }
        // The curves moved with the hand, not only at its end: each rest on the way drew the
        // value under it.
        QVERIFY2(d.appliedBeforeLastMove >= kMoves / kRestEvery - 1,
                 qPrintable(QString::number(d.appliedBeforeLastMove)));
        // Values the hand passed over were dropped, not queued: once it stopped, at most the
        // frame already running came before the last value's.
        QVERIFY2(d.applied.size() - d.appliedBeforeLastMove <= 2,
                 qPrintable(QStringLiteral("%1 frames after the hand stopped")
                                .arg(d.applied.size() - d.appliedBeforeLastMove)));

        // The chart shows the last value's curve, at the frame's size.
        Scenario last = w->scenario();
        QCOMPARE(last.setups[1].hedge->delayMs, d.lastDelay);
        Scenario preview = last;
        preview.calls = d.frameCalls;
        QCOMPARE(d.curveAtLastFrame,
                 p99Curve(LoadSweep(preview, 1).run().points, last.setups[1].name));

        // After the release, its full pass.
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(*w), 60000);
        QCOMPARE(w->scenario(), last);
        const std::vector<PointResult> full = LoadSweep(last, 1).run().points;
        for (const Setup& s : last.setups)
            QCOMPARE(test::chart(*w, Metric::P99)->seriesPoints(QString::fromStdString(s.name)),
                     p99Curve(full, s.name));
        QVERIFY(test::chart(*w, Metric::P99)->passLabel().startsWith(QStringLiteral("full pass")));
    }

    void eventLoopTurnsDuringTheDrag()
    {
        auto w = open();
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(*w), 60000);
        const Drag d = drag(*w);
        QVERIFY(d.framesStarted > 0);
        // No speed is asserted. A GUI thread that waits for the engine never ticks while a
        // frame is computed: the loop turned during the drag, and during frames.
        qInfo("%d ticks; %d of %d frames saw the loop turn while the engine computed them", d.ticks,
              static_cast<int>(d.framesSeenComputing.size()), d.framesStarted);
        QVERIFY(d.ticks > 0);
        QVERIFY2(!d.framesSeenComputing.empty(),
                 "the event loop stood still while the engine computed the frames");
    }
};

QTEST_MAIN(TestKnobDrag)
#include "tst_knobdrag.moc"
