// A setup renamed while its world runs in the Live view (docs/user-guide.md, "Live view"): a
// budget typed renames "hedge, no budget / client" by its policy; the hover over the time
// already shown keeps the name it had then, the time after the edit carries the new one.
// The clock is played to set simulated times (LiveController::playTo), never paused by the
// wall clock.
#include "ExplorerTestSupport.h"
#include "KnobField.h"
#include "LiveTimeSeriesView.h"
#include "LiveView.h"
#include "TestScenarios.h"
#include "UserInput.h"

#include <hedge/run/LiveController.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QToolButton>
#include <QtTest>

using namespace hedge;

namespace {

const QString kOld = QStringLiteral("hedge, no budget / client");
const QString kNew = QStringLiteral("hedge, budget 7 % / client");

// Plays the session to exactly `atS` simulated seconds and waits until it is paused there.
// (Pausing from the GUI once it shows `atS` lands wherever the worker is by then: under load,
// seconds to minutes later, and the time before the rename may scroll out of the window.)
bool playTo(LiveController& live, double atS)
{
    live.playTo(atS);
    return QTest::qWaitFor([&] { return live.isPaused() && live.nowS() == atS; }, 120000);
}

// The p99 panel's hover at simulated time `t`.
QString p99HoverAt(LiveTimeSeriesView& chart, double t)
{
    const QRectF p99 = chart.panelRect(Figure::P99);
    const auto [t0, t1] = chart.timeRange();
    return chart.hoverTextAt(
        QPointF(p99.left() + (t - t0) / (t1 - t0) * p99.width(), p99.center().y()));
}

} // namespace

class TestLiveNames : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_livenames")); }

    void aRenameKeepsTheOldNameOnTheHistoryShown()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        w.setScenario(test::twoHedgedSetups());
        test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Live View"))->trigger();
        LiveView* view = test::liveView(w);
        LiveController* live = w.liveController();
        const double renamedAtS = 8.0;
        QVERIFY(playTo(*live, renamedAtS));

        test::setupList(w)->setCurrentRow(0);
        QDoubleSpinBox* budget =
            test::knobField<QDoubleSpinBox>(test::setupEditor(w), "hedge.budget_percent");
        test::typeInto(budget, QStringLiteral("7"), Qt::Key_Return);
        QCOMPARE(QString::fromStdString(w.scenario().setups[0].name), kNew);
        QCOMPARE(live->current().setups[0].hedge->budgetPercent, 7.0); // the same session
        QVERIFY(playTo(*live, renamedAtS + 8.0));

        LiveTimeSeriesView* chart = view->chart();
        const QString before = p99HoverAt(*chart, renamedAtS - 4.0);
        QVERIFY2(before.contains(kOld + QStringLiteral(": ")), qPrintable(before));
        QVERIFY2(!before.contains(kNew), qPrintable(before));
        const QString after = p99HoverAt(*chart, renamedAtS + 4.0);
        QVERIFY2(after.contains(kNew + QStringLiteral(": ")), qPrintable(after));
        QVERIFY2(!after.contains(kOld), qPrintable(after));
        // The other world was not renamed: its name on both sides.
        const QString other = QStringLiteral("hedge, default budget / client: ");
        QVERIFY(before.contains(other) && after.contains(other));
    }
};

QTEST_MAIN(TestLiveNames)

#include "tst_livenames.moc"
