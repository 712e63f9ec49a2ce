// Drives the real main window offscreen: load a small scenario, edit through the widgets,
// wait for the sweep and compare what the charts and the table hold with the engine's numbers.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "KnobField.h"
#include "MainWindow.h"
#include "TestFiles.h"
#include "UserInput.h"

#include "MetricChartView.h"
#include "ResultsTableModel.h"
#include "ServiceRunEditor.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <hedge/io/ResultsJson.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/sim/LoadSweep.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <memory>

using namespace hedge;

namespace {

using test::idle;
using test::writeFile;

Scenario small()
{
    return test::twoSetups({0.5, 0.8, 0.95}, 2000, 3);
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::unique_ptr<MainWindow> openSmall(const Scenario& s = small())
    {
        return test::openWindow(m_dir, s, QStringLiteral("small.json"));
    }

private slots:
    void initTestCase()
    {
        test::startPrivateSession(QStringLiteral("tst_mainwindow"));
        QVERIFY(m_dir.isValid());
    }

    void init() { test::clearSession(); }

    void editThroughWidgetGivesTheEngineNumbers()
    {
        auto w = openSmall();
        QCOMPARE(w->scenario(), small());
        QTRY_VERIFY_WITH_TIMEOUT(idle(*w), 60000);
        const int before = w->controller()->simulatedPoints();
        QCOMPARE(before, 6);

        // Select the hedged setup and change its delay through the spin box.
        test::setupList(*w)->setCurrentRow(1);
        QDoubleSpinBox* delay =
            test::knobField<QDoubleSpinBox>(test::setupEditor(*w), "hedge.delay_ms");
        QCOMPARE(delay->value(), 20.0);
        test::typeInto(delay, QStringLiteral("35"), Qt::Key_Return);
        QCOMPARE(w->scenario().setups[1].hedge->delayMs, 35.0);
        QVERIFY(w->isModified());
        QVERIFY(w->windowTitle().contains(QStringLiteral("small.json")));
        QTRY_VERIFY_WITH_TIMEOUT(idle(*w), 60000);

        Scenario expected = small();
        expected.setups[1].hedge->delayMs = 35.0;
        QCOMPARE(w->scenario(), expected);
        const std::vector<PointResult> points = LoadSweep(expected, 1).run().points;
        // Only the edited setup ran again.
        QCOMPARE(w->controller()->simulatedPoints(), before + 3);

        // The engine's figures; the seed check adds the verdicts of other seeds
        // (tst_seedcheck).
        std::vector<PointResult> shown = test::tableModel(*w)->points();
        for (PointResult& p : shown)
            p.seedCheck.reset();
        QCOMPARE(shown, points);
        for (Metric m : {Metric::P99, Metric::RequestsPerCall}) {
            MetricChartView* chart = test::chart(*w, m);
            // A collapsed point above the axis is drawn on its ceiling.
            const double ceiling = chart->valueAxisCeiling();
            for (const Setup& s : expected.setups) {
                QList<QPointF> want;
                for (const PointResult& p : points)
                    if (p.setup == s.name) {
                        const double v = *metricValue(p, m);
                        want << QPointF(p.load, p.collapsed && v > ceiling ? ceiling : v);
                    }
                QCOMPARE(chart->seriesPoints(QString::fromStdString(s.name)), want);
            }
        }
        QVERIFY(test::chart(*w, Metric::P99)->passLabel().startsWith(QStringLiteral("full pass")));
    }

    void eventLoopTurnsDuringSweep()
    {
        Scenario s = small();
        s.calls = 400000;
        auto w = openSmall(s);
        QSignalSpy finished(w->controller(), &SweepController::runFinished);
        int ticks = 0;
        QTimer ticker;
        ticker.setInterval(10);
        QStringList statuses;
        connect(&ticker, &QTimer::timeout, this, [&] {
            ticks += w->controller()->isRunning();
            if (statuses.isEmpty() || statuses.last() != test::statusLabel(*w)->text())
                statuses << test::statusLabel(*w)->text();
        });
        ticker.start();
        QVERIFY(w->controller()->isRunning());
        QVERIFY(finished.wait(120000));
        ticker.stop();
        QVERIFY(w->controller()->simulatedPoints() >= 6);
        // The loop turned while the sweep ran (how often depends on the machine:
        // not asserted); a GUI thread blocked for the sweep turns only once it is over.
        QVERIFY2(ticks >= 2, qPrintable(QString::number(ticks)));
        // The status bar showed the progress: points done / total, then the end state.
        bool sawProgress = false;
        for (const QString& text : statuses)
            sawProgress = sawProgress || (text.contains(QStringLiteral(" / 6 points")));
        QVERIFY2(sawProgress, qPrintable(statuses.join(QLatin1Char('\n'))));
        QVERIFY(test::statusLabel(*w)->text().contains(QStringLiteral("6 points")));
    }

    void cancelKeepsScenarioAndPoints()
    {
        Scenario s = small();
        s.calls = 5000000;
        auto w = openSmall(s);
        QTRY_VERIFY_WITH_TIMEOUT(test::cancelButton(*w)->isEnabled(), 60000);
        QTest::mouseClick(test::cancelButton(*w), Qt::LeftButton);
        QVERIFY(!w->controller()->isRunning());
        QVERIFY(!test::cancelButton(*w)->isEnabled());
        QCOMPARE(w->scenario(), s);
        QVERIFY(test::statusLabel(*w)->text().contains(QStringLiteral("Stopped")));
    }

    // Esc closes an open name editor first (the run goes on), then cancels the run.
    void escapeClosesAnEditorThenCancels()
    {
        Scenario s = small();
        s.calls = 5000000;
        auto w = openSmall(s);
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        QTRY_VERIFY_WITH_TIMEOUT(w->controller()->isRunning(), 60000);
        QListWidget* list = test::setupList(*w)->listWidget();
        list->setFocus();
        list->editItem(list->item(0));
        QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QLineEdit*>(QApplication::focusWidget()) != nullptr,
                                 60000);
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("typed"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QLineEdit*>(QApplication::focusWidget()) == nullptr,
                                 60000);
        QVERIFY(w->controller()->isRunning()); // the run goes on
        QCOMPARE(w->scenario().setups[0].name, s.setups[0].name); // the edit was dropped
        QTest::keyClick(w.get(), Qt::Key_Escape); // now Esc cancels the run
        QTRY_VERIFY_WITH_TIMEOUT(!w->controller()->isRunning(), 60000);
    }

    void closeDuringRunIsSafe()
    {
        Scenario s = small();
        s.calls = 5000000;
        auto w = openSmall(s);
        QTRY_VERIFY_WITH_TIMEOUT(w->controller()->progress().pass != SweepController::Pass::Idle,
                                 60000);
        QVERIFY(w->close());
        QVERIFY(!w->controller()->isRunning());
        w.reset();
        // Late events of the stopped worker must find nothing to crash on.
        QTest::qWait(100);
    }

    void invalidLoadListKeepsLastGoodLoads()
    {
        auto w = openSmall();
        QTRY_VERIFY_WITH_TIMEOUT(idle(*w), 60000);
        ServiceRunEditor* e = test::serviceRunEditor(*w);
        e->loadModeCombo()->setCurrentIndex(1);
        QLineEdit* list = e->loadListEdit();
        list->setFocus();
        list->end(false);
        QTest::keyClicks(list, QStringLiteral(", 2.5"));
        QTRY_VERIFY_WITH_TIMEOUT(e->loadErrorLabel()->isVisible(), 60000); // after the typing pause
        QVERIFY(e->loadError().contains(QStringLiteral("2.5")));
        QCOMPARE(w->scenario().loads, small().loads);
        QVERIFY(!w->controller()->isPendingOrRunning());
    }

    void malformedFileIsRefused_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("syntax") << QByteArray("{ \"calls\": 2000, ");
        QTest::newRow("type") << QByteArray("{ \"calls\": \"many\" }");
        QTest::newRow("range") << QByteArray("{ \"loads\": [0.5, 2.0] }");
        QTest::newRow("unknown field") << QByteArray("{ \"cals\": 2000 }");
    }

    void malformedFileIsRefused()
    {
        QFETCH(QByteArray, content);
        auto w = openSmall();
        const QString goodPath = w->filePath();
        const QString path = writeFile(m_dir, QStringLiteral("bad.json"), content);
        const auto error = w->openScenarioFile(path);
        QVERIFY(error.has_value());
        QCOMPARE(w->scenario(), small());
        QCOMPARE(w->filePath(), goodPath);
        QVERIFY(!w->isModified());
        auto* box = w->findChild<QMessageBox*>(QStringLiteral("errorMessage"));
        QVERIFY(box);
        QTRY_VERIFY_WITH_TIMEOUT(box->isVisible(), 60000);
        QVERIFY(box->text().contains(QStringLiteral("bad.json")));
        box->close();
    }

    void exportsWriteValidFiles()
    {
        auto w = openSmall();
        QTRY_VERIFY_WITH_TIMEOUT(idle(*w), 60000);
        const std::vector<PointResult> points = LoadSweep(small(), 1).run().points;

        const QString png = m_dir.filePath(QStringLiteral("p99.png"));
        QCOMPARE(w->exportChart(Metric::P99, png, QSize(640, 400), 2.0), std::nullopt);
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1280, 800));

        const QString svg = m_dir.filePath(QStringLiteral("p99.svg"));
        QCOMPARE(w->exportChart(Metric::RequestsPerCall, svg, QSize(640, 400)), std::nullopt);
        QVERIFY(QSvgRenderer(svg).isValid());

        const QString pdf = m_dir.filePath(QStringLiteral("p99.pdf"));
        QCOMPARE(w->exportChart(Metric::P99, pdf), std::nullopt);
        QVERIFY(test::readAll(pdf).startsWith("%PDF"));

        const QString json = m_dir.filePath(QStringLiteral("results.json"));
        QCOMPARE(w->exportResultsJson(json), std::nullopt);
        const RunResults results = readResultsFile(json.toStdString());
        QCOMPARE(results.scenario, small());
        QCOMPARE(results.points.size(), points.size());
        for (std::size_t i = 0; i < points.size(); ++i) {
            QCOMPARE(results.points[i].setup, points[i].setup);
            QCOMPARE(results.points[i].load, points[i].load);
            QCOMPARE(results.points[i].p99Ms, points[i].p99Ms);
            QCOMPARE(results.points[i].p999Ms, points[i].p999Ms);
            QCOMPARE(results.points[i].requestsPerCall, points[i].requestsPerCall);
            QCOMPARE(results.points[i].utilisation, points[i].utilisation);
            QCOMPARE(results.points[i].collapsed, points[i].collapsed);
        }

        const QString csv = m_dir.filePath(QStringLiteral("results.csv"));
        QCOMPARE(w->exportResultsCsv(csv), std::nullopt);
        const QList<QByteArray> lines = test::readAll(csv).trimmed().split('\n');
        QCOMPARE(lines.size(), static_cast<qsizetype>(points.size() + 1));
        QVERIFY(lines[0].startsWith("setup,cancellation,load"));
        const QList<QByteArray> first = lines[1].split(',');
        QCOMPARE(first[0], QByteArray("no hedge"));
        QCOMPARE(first[2].toDouble(), points[0].load);
        QCOMPARE(first[5].toDouble(), *points[0].p99Ms);

        const QString html = m_dir.filePath(QStringLiteral("report.html"));
        QCOMPARE(w->exportReport(html), std::nullopt);
        const QByteArray page = test::readAll(html);
        QVERIFY(page.contains("<html") || page.contains("<!DOCTYPE"));
        QVERIFY(page.contains("hedge, no budget"));
        const QString reportPdf = m_dir.filePath(QStringLiteral("report.pdf"));
        QCOMPARE(w->exportReport(reportPdf), std::nullopt);
        QVERIFY(test::readAll(reportPdf).startsWith("%PDF"));
    }

    void saveThenReopenRoundTrips()
    {
        auto w = openSmall();
        test::setupList(*w)->setCurrentRow(0);
        test::knobField<QCheckBox>(test::setupEditor(*w), "hedge")->setChecked(true);
        QVERIFY(w->isModified());
        QVERIFY(w->windowTitle().contains(QStringLiteral("[*]")));
        const QString path = m_dir.filePath(QStringLiteral("saved.json"));
        QCOMPARE(w->saveScenarioFile(path), std::nullopt);
        QVERIFY(!w->isModified());
        QCOMPARE(readScenarioFile(path.toStdString()), w->scenario());
        QVERIFY(w->windowTitle().contains(QStringLiteral("saved.json")));
    }

    void autosaveRestoresTheWorkingScenario()
    {
        Scenario edited = small();
        {
            auto w = openSmall();
            test::setupList(*w)->setCurrentRow(1);
            test::knobField<QSpinBox>(test::setupEditor(*w), "hedge.max_attempts")->setValue(3);
            edited.setups[1].hedge->maxAttempts = 3;
            QCOMPARE(w->scenario(), edited);
            // Written at the edit, not at exit: a killed process loses nothing.
            QCOMPARE(readScenarioFile(MainWindow::autosavePath().toStdString()), edited);
            w->controller()->shutdown();
        } // destroyed without closeEvent, as a killed process would be
        MainWindow again(MainWindow::Options{.restoreSession = true, .runAtStart = false});
        QCOMPARE(again.scenario(), edited);
        QVERIFY(again.isModified());
    }

    void firstStartShowsReferencePreset()
    {
        MainWindow w(MainWindow::Options{.restoreSession = true, .runAtStart = false});
        QCOMPARE(w.scenario().setups.size(), std::size_t{12});
        QVERIFY(w.windowTitle().contains(QStringLiteral("preset")));
        QVERIFY(!w.isModified());
    }

    void extraChartsCanBeShown()
    {
        auto w = openSmall();
        QVERIFY(!test::chart(*w, Metric::P999)->isVisible());
        w->setChartVisible(Metric::P999, true);
        QVERIFY(test::chart(*w, Metric::P999)->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(idle(*w), 60000);
        QCOMPARE(test::chart(*w, Metric::P999)->seriesPoints(QStringLiteral("no hedge")).size(), 3);
        w->setChartVisible(Metric::P999, false);
        QVERIFY(!test::chart(*w, Metric::P999)->isVisible());
        QVERIFY(test::chart(*w, Metric::P99)->isVisible());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
