// File → Overlay Measured Results…: a results file's points drawn over the simulated curves
// in the matching setup's colour, with hover figures and a key entry; unmatched setups
// listed; a bad file refused with the overlay in place kept; the menu entry removes it. The
// overlay belongs to the scenario it was measured for: an edit of a setup's policy or of the
// service hides the points it no longer describes (Undo brings them back), another preset
// removes the overlay and says so.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "KnobField.h"
#include "MainActions.h"
#include "MainWindow.h"
#include "UserInput.h"

#include <hedge/io/Presets.h>
#include <hedge/io/ResultsJson.h>

#include <widgets/MetricChartView.h>
#include <widgets/ResultsTableModel.h>

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPointer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolTip>

using namespace hedge;

namespace {

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// The measured points drawn on every chart, all setups.
int drawnMeasured(const MainWindow& w)
{
    int drawn = 0;
    for (Metric m : allMetrics())
        for (const Setup& s : w.scenario().setups)
            drawn += int(test::chart(w, m)->measuredPoints(QString::fromStdString(s.name)).size());
    return drawn;
}

QAction* presetEntry(const MainWindow& w, const char* name)
{
    return test::menuAction(w, QStringLiteral("&Presets"),
                            QString::fromStdString(findPreset(name)->title));
}

} // namespace

class TestMeasuredOverlay : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_measuredoverlay")); }

    // Slow replica → Export Results as JSON → Overlay Measured Results with it: the diamonds
    // sit on the curves. An edit of one setup's policy hides its diamonds alone, an edit of the
    // service all of them; Undo brings them back. Presets → Metastable: no diamond is left (the
    // overlay was measured for the slow replicas), and the status bar says it was removed.
    void overlayBelongsToTheScenarioItWasMeasuredFor()
    {
        QTemporaryDir dir;
        MainWindow w(MainWindow::Options{.restoreSession = false});
        w.controller()->setCoarseCalls(2000); // the first pass is enough to export
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        presetEntry(w, "slow-replica")->trigger();
        const Scenario slow = w.scenario();
        QCOMPARE(slow.setups.size(), std::size_t(3));
        QTRY_COMPARE_WITH_TIMEOUT(test::tableModel(w)->points().size(), std::size_t(9), 60000);
        test::menuAction(w, QStringLiteral("&Run"), QStringLiteral("&Cancel Run"))->trigger();

        const QString results = dir.filePath(QStringLiteral("slow-replica-results.json"));
        test::answerFileDialog(results);
        test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Export Results as &JSON…"))
            ->trigger();
        QVERIFY(QFile::exists(results));
        test::answerFileDialog(results);
        test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Overlay &Measured Results…"))
            ->trigger();
        QAction* remove = test::menuAction(w, QStringLiteral("&File"),
                                           QStringLiteral("Remove Measured O&verlay"));
        QVERIFY(remove->isEnabled());
        MetricChartView* p99 = test::chart(w, Metric::P99);
        const QString plain = QString::fromStdString(slow.setups[0].name);
        const QString hedged = QString::fromStdString(slow.setups[1].name);
        const QString elsewhere = QString::fromStdString(slow.setups[2].name);
        for (const QString& setup : {plain, hedged, elsewhere})
            QCOMPARE(p99->measuredPoints(setup).size(), 3);
        QVERIFY(!w.findChild<QMessageBox*>(QStringLiteral("unmatchedSetupsMessage")));

        // Another policy for "hedge, no budget / client", under the same name: a delay of
        // 5 ms, typed (one key: one edit, one undo step). Its diamonds go, the others stay;
        // the status bar says whose went.
        QListWidget* list = test::setupList(w)->listWidget();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier,
                          list->visualItemRect(list->item(1)).center());
        QDoubleSpinBox* delay =
            test::knobField<QDoubleSpinBox>(test::setupEditor(w), "hedge.delay_ms");
        test::typeInto(delay, QStringLiteral("5"));
        QTRY_VERIFY_WITH_TIMEOUT(w.scenario().setups[1].hedge->delayMs == 5.0, 20000);
        QCOMPARE(w.scenario().setups[1].name, slow.setups[1].name);
        QCOMPARE(p99->measuredPoints(hedged).size(), 0);
        QCOMPARE(p99->measuredPoints(plain).size(), 3);
        QCOMPARE(p99->measuredPoints(elsewhere).size(), 3);
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.contains(hedged) && said.contains(QStringLiteral("hidden")),
                 qPrintable(said));

        // Undo (Ctrl+Z): the policy measured, its diamonds back.
        const auto undo = [&w, list] {
            // The shortcut is the window's: active again after the file dialogs.
            w.activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(&w));
            list->setFocus();
            QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier);
        };
        undo();
        QCOMPARE(w.scenario().setups[1], slow.setups[1]);
        QCOMPARE(p99->measuredPoints(hedged).size(), 3);
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("drawn again")));

        // Another service (a sigma of 1, typed): every diamond goes; Undo brings them back.
        QDoubleSpinBox* sigma = test::serviceRunEditor(w)->sigmaSpin();
        test::typeInto(sigma, QStringLiteral("1"));
        QTRY_VERIFY_WITH_TIMEOUT(w.scenario().service.sigma == 1.0, 20000);
        QCOMPARE(drawnMeasured(w), 0);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("service")),
                 qPrintable(w.statusBar()->currentMessage()));
        undo();
        QCOMPARE(w.scenario().service, slow.service);
        QCOMPARE(p99->measuredPoints(plain).size(), 3);

        // Presets → Metastable (every edit was undone: nothing to discard, no question), back
        // to the sweep: no diamond, on any chart.
        QVERIFY(!w.isModified());
        presetEntry(w, "metastable")->trigger();
        QCOMPARE(w.scenario(), findPreset("metastable")->scenario);
        test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Sweep View"))->trigger();
        QVERIFY(!w.isLiveViewShown());
        for (Metric m : allMetrics())
            QVERIFY2(test::chart(w, m)->measured().empty(), qPrintable(metricResultsKey(m)));
        QCOMPARE(drawnMeasured(w), 0);
        QVERIFY(!remove->isEnabled());
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("Removed the measured")),
                 qPrintable(w.statusBar()->currentMessage()));
        // The slow replicas' file over Metastable: measured with another service, so not
        // drawn, and said; then Presets → Reference removes it.
        test::answerFileDialog(results);
        test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Overlay &Measured Results…"))
            ->trigger();
        QVERIFY(remove->isEnabled());
        QCOMPARE(drawnMeasured(w), 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            w.findChild<QMessageBox*>(QStringLiteral("unmatchedSetupsMessage")), 60000);
        w.findChild<QMessageBox*>(QStringLiteral("unmatchedSetupsMessage"))->accept();
        presetEntry(w, "reference")->trigger();
        for (Metric m : allMetrics())
            QVERIFY(test::chart(w, m)->measured().empty());
        QVERIFY(!remove->isEnabled());
    }

    // A results file measured with another service draws nothing, and says why.
    void aFileOfAnotherServiceIsNotDrawn()
    {
        QTemporaryDir dir;
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        const Scenario scenario = test::twoSetups({0.3, 0.5});
        w.setScenario(scenario);
        w.show();
        Scenario other = scenario;
        other.service.workers = 8;
        PointResult p;
        p.setup = "no hedge";
        p.load = 0.3;
        p.measuredCalls = 100;
        p.p99Ms = 40.0;
        const QString path = dir.filePath(QStringLiteral("other.json"));
        QVERIFY(writeFile(path, QByteArray::fromStdString(writeResultsJson(other, {p}))));
        test::answerFileDialog(path);
        test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Overlay &Measured Results…"))
            ->trigger();
        QCOMPARE(drawnMeasured(w), 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            w.findChild<QMessageBox*>(QStringLiteral("unmatchedSetupsMessage")), 60000);
        auto* box = w.findChild<QMessageBox*>(QStringLiteral("unmatchedSetupsMessage"));
        QVERIFY2(box->text().contains(QStringLiteral("service")), qPrintable(box->text()));
        box->accept();
    }

    void overlayFromTheFileMenu()
    {
        QTemporaryDir dir;
        MainWindow w(MainWindow::Options{.restoreSession = false});
        const Scenario scenario = test::twoSetups({0.3, 0.5});
        w.setScenario(scenario);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 20000);

        // "Measured": the simulated points 20 % slower, and a setup the scenario has not.
        std::vector<PointResult> measured = test::tableModel(w)->points();
        QCOMPARE(measured.size(), std::size_t(4));
        for (PointResult& p : measured)
            p.p99Ms = *p.p99Ms * 1.2;
        Scenario fileScenario = scenario;
        Setup extra;
        extra.name = "only measured";
        fileScenario.setups.push_back(extra);
        PointResult stray = measured.front();
        stray.setup = extra.name;
        measured.push_back(stray);
        const QString good = dir.filePath(QStringLiteral("measured.json"));
        QVERIFY(
            writeFile(good, QByteArray::fromStdString(writeResultsJson(fileScenario, measured))));

        QAction* overlay = test::menuAction(w, QStringLiteral("&File"),
                                            QStringLiteral("Overlay &Measured Results…"));
        QAction* remove = test::menuAction(w, QStringLiteral("&File"),
                                           QStringLiteral("Remove Measured O&verlay"));
        QVERIFY(overlay && remove);
        QVERIFY(!remove->isEnabled());
        test::answerFileDialog(good);
        overlay->trigger();

        MetricChartView* p99 = test::chart(w, Metric::P99);
        const QList<QPointF> drawn = p99->measuredPoints(QStringLiteral("no hedge"));
        QCOMPARE(drawn.size(), 2);
        QCOMPARE(drawn.front(), QPointF(0.3, *measured.front().p99Ms));
        QCOMPARE(p99->measuredPoints(QStringLiteral("hedge, no budget")).size(), 2);
        QVERIFY(remove->isEnabled());
        QVERIFY(!p99->collapseLabelRect().isEmpty()); // the key names the diamonds

        // The setup the scenario has not is named in a message.
        QTRY_VERIFY_WITH_TIMEOUT(
            w.findChild<QMessageBox*>(QStringLiteral("unmatchedSetupsMessage")), 60000);
        auto* unmatched = w.findChild<QMessageBox*>(QStringLiteral("unmatchedSetupsMessage"));
        QVERIFY2(unmatched->text().contains(QStringLiteral("only measured")),
                 qPrintable(unmatched->text()));
        unmatched->accept();

        // Hover on a diamond: "measured" and its figures.
        QAbstractSeries* marks = nullptr;
        for (QAbstractSeries* s : p99->chart()->series())
            if (s->name() == QStringLiteral("no hedge (measured)"))
                marks = s;
        QVERIFY(marks);
        const QPoint at = p99->mapFromScene(
            p99->chart()->mapToScene(p99->chart()->mapToPosition(drawn.front(), marks)));
        QTest::mouseMove(w.windowHandle(), p99->viewport()->mapTo(&w, at));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 60000);
        QVERIFY2(QToolTip::text().contains(QStringLiteral("measured")),
                 qPrintable(QToolTip::text()));
        QVERIFY2(QToolTip::text().contains(PointTooltip::threeDigits(*measured.front().p99Ms)),
                 qPrintable(QToolTip::text()));

        // A bad file: a clear error, the overlay in place kept.
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QVERIFY(writeFile(bad, "{\"schema\": \"hedge-explorer/results@1\", \"points\": 3}"));
        test::answerFileDialog(bad);
        overlay->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!w.lastError().isEmpty(), 60000);
        QVERIFY2(w.lastError().contains(QStringLiteral("bad.json")), qPrintable(w.lastError()));
        QCOMPARE(p99->measuredPoints(QStringLiteral("no hedge")), drawn);

        // The menu entry removes it.
        remove->trigger();
        QVERIFY(p99->measuredPoints(QStringLiteral("no hedge")).isEmpty());
        QVERIFY(!remove->isEnabled());
    }
};

QTEST_MAIN(TestMeasuredOverlay)
#include "tst_measuredoverlay.moc"
