// File → Overlay Measured Results…: a results file's points drawn over the simulated curves
// in the matching setup's colour, with hover figures and a key entry; unmatched setups
// listed; a bad file refused with the overlay in place kept; the menu entry removes it.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "MainActions.h"
#include "MainWindow.h"

#include <hedge/io/ResultsJson.h>

#include <widgets/MetricChartView.h>
#include <widgets/ResultsTableModel.h>

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QFile>
#include <QFileDialog>
#include <QPointer>
#include <QLineEdit>
#include <QMessageBox>
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

} // namespace

class TestMeasuredOverlay : public QObject {
    Q_OBJECT

private slots:
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
        QVERIFY(writeFile(good, QByteArray::fromStdString(writeResultsJson(fileScenario, measured))));

        QAction* overlay =
            test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Overlay &Measured Results…"));
        QAction* remove =
            test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Remove Measured O&verlay"));
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
        QVERIFY2(QToolTip::text().contains(QStringLiteral("measured")), qPrintable(QToolTip::text()));
        QVERIFY2(QToolTip::text().contains(QString::number(*measured.front().p99Ms, 'g', 6)),
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
