// Service → From Measurements… as a user meets it (docs/user-guide.md, "Your own service"):
// typed percentiles become the service's distribution by OK, one undoable edit (Undo gives the
// service back exactly); the service editor then says where its time comes from, disables the
// log-normal fields and shows the distribution's p50/p99; Use the Log-Normal Model takes it
// away (undoably); a file that does not read shows its FILE:LINE and changes nothing; latencies
// measured under load are calibrated on a worker with a progress bar, Stop and Cancel; the
// dialog and the editor fit a 1024×700 window. Nothing here waits for a time: the fits are
// awaited by their content.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "ServiceFitChart.h"
#include "ServiceFitTable.h"
#include "ServiceMeasurementsDialog.h"
#include "ServiceSourceLine.h"
#include "UserInput.h"

#include <hedge/service/CalibrationVerdict.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QScatterSeries>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QtTest>

using namespace hedge;

namespace {

// A calibration is many simulations: generous, and only a bound on a hang.
constexpr int kFitTimeoutMs = 300000;

ServiceMeasurementsDialog* openDialog(MainWindow& w)
{
    QAction* action =
        test::menuAction(w, QStringLiteral("Serv&ice"), QStringLiteral("From &Measurements…"));
    if (!action)
        return nullptr;
    action->trigger();
    return w.findChild<ServiceMeasurementsDialog*>();
}

template <class T> T* part(QWidget* dialog, const char* name)
{
    T* found = dialog->findChild<T*>(QString::fromLatin1(name));
    if (!found)
        qFatal("no %s named %s", T::staticMetaObject.className(), name);
    return found;
}

void type(QWidget* dialog, const char* field, const QString& text)
{
    auto* edit = part<QLineEdit>(dialog, field);
    test::typeInto(edit, text);
}

QPushButton* okButton(QWidget* dialog)
{
    return part<QPushButton>(dialog, "applyServiceFit");
}

// 2 000 latencies: most about 5 ms, a tenth about 50 ms (a cache's hits and misses).
QByteArray bimodalCsv()
{
    QByteArray csv = "latency_ms\n";
    for (int i = 0; i < 2000; ++i) {
        const double u = (i + 0.5) / 2000.0;
        const double ms = i % 10 == 0 ? 40.0 + 20.0 * u : 4.0 + 2.0 * u;
        csv += QByteArray::number(ms, 'f', 3) + '\n';
    }
    return csv;
}

// A histogram in seconds with two label sets: get (100 calls, 0–5 ms and 5–50 ms) and put
// (100 calls, 40 up to 10 ms, the rest up to 100 ms). The first bucket starts at 0.
QByteArray twoSeriesProm()
{
    return "# TYPE rpc_seconds histogram\n"
           "rpc_seconds_bucket{op=\"get\",le=\"0.005\"} 60\n"
           "rpc_seconds_bucket{op=\"get\",le=\"0.05\"} 100\n"
           "rpc_seconds_bucket{op=\"get\",le=\"+Inf\"} 100\n"
           "rpc_seconds_bucket{op=\"put\",le=\"0.01\"} 40\n"
           "rpc_seconds_bucket{op=\"put\",le=\"0.1\"} 100\n"
           "rpc_seconds_bucket{op=\"put\",le=\"+Inf\"} 100\n";
}

std::unique_ptr<MainWindow> shownWindow(int workers = ServiceConfig{}.workers)
{
    auto w = std::make_unique<MainWindow>(
        MainWindow::Options{.restoreSession = false, .runAtStart = false});
    Scenario scenario = test::twoSetups({0.5});
    scenario.service.workers = workers;
    w->setScenario(scenario);
    w->resize(1024, 700);
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get()))
        qFatal("the window was not shown");
    return w;
}

QString quantilesText(MainWindow& w)
{
    return test::serviceRunEditor(w)->quantilesLabel()->text();
}

} // namespace

class TestServiceMeasurements : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_servicemeasurements")); }

    void typedPercentilesAreOneUndoableEdit()
    {
        auto w = shownWindow();
        const ServiceConfig before = w->scenario().service;
        ServiceRunEditor* editor = test::serviceRunEditor(*w);
        QVERIFY(editor->medianSpin()->isEnabled());
        QVERIFY(!editor->sourceLine()->label()->isVisible());

        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        QVERIFY(part<QRadioButton>(dialog, "measuredAtLowLoad")->isChecked());
        type(dialog, "p50", QStringLiteral("12"));
        type(dialog, "p90", QStringLiteral("25"));
        type(dialog, "p99", QStringLiteral("80"));
        type(dialog, "p99.9", QStringLiteral("200"));
        QTRY_VERIFY_WITH_TIMEOUT(okButton(dialog)->isEnabled(), kFitTimeoutMs);
        auto* table = part<ServiceFitTable>(dialog, "serviceFitTable");
        QCOMPARE(table->cellText(2, ServiceFitTable::Measured), QStringLiteral("80.0"));
        QCOMPARE(table->cellText(2, ServiceFitTable::Model), QStringLiteral("80.0"));
        QCOMPARE(table->cellText(2, ServiceFitTable::Simulated), QStringLiteral("—"));
        QCOMPARE(table->cellText(2, ServiceFitTable::Residual), QStringLiteral("+0.0 %"));
        const QString notes = part<QLabel>(dialog, "fitNotes")->text();
        QVERIFY2(notes.contains("the slowest taken as 500 ms"), qPrintable(notes));
        auto* chart = part<ServiceFitChart>(dialog, "serviceFitChart");
        QCOMPARE(chart->typedSeries()->count(), 4);
        QCOMPARE(chart->measuredSeries()->count(), 0); // a dashboard has its points only
        QVERIFY(chart->modelSeries()->count() > 100);

        QTest::mouseClick(okButton(dialog), Qt::LeftButton);
        QTRY_VERIFY(!dialog);
        const SharedDistribution& d = w->scenario().service.distribution;
        QVERIFY(d);
        QCOMPARE(d->kind, DistributionKind::Percentiles);
        QCOMPARE(d->percentiles, (std::vector<PercentilePoint>{
                                     {0.5, 12.0}, {0.9, 25.0}, {0.99, 80.0}, {0.999, 200.0}}));
        QVERIFY(!d->calibration);
        ServiceConfig rest = w->scenario().service;
        rest.distribution.reset();
        QCOMPARE(rest, before); // only the distribution changed
        QVERIFY(w->isModified());
        QAction* logNormal = test::menuAction(*w, QStringLiteral("Serv&ice"),
                                              QStringLiteral("Use the &Log-Normal Model"));
        QVERIFY(logNormal && logNormal->isEnabled());

        // The editor: the distribution's p50 and p99, where they come from, the fields it
        // makes moot disabled and the others not.
        QVERIFY2(quantilesText(*w).contains("<b>p50</b> 12.0 ms"), qPrintable(quantilesText(*w)));
        QVERIFY2(quantilesText(*w).contains("<b>p99</b> 80.0 ms"), qPrintable(quantilesText(*w)));
        QLabel* source = editor->sourceLine()->label();
        QVERIFY(source->isVisible());
        QCOMPARE(source->text(), QStringLiteral("From percentiles p50 12 ms, p90 25 ms, p99 80 ms, "
                                                "p99.9 200 ms, taken as service times"));
        for (QWidget* off : std::initializer_list<QWidget*>{
                 editor->medianSpin(), editor->sigmaSpin(), editor->hiccupProbabilitySpin(),
                 editor->hiccupMinSpin(), editor->hiccupMaxSpin()})
            QVERIFY(!off->isEnabled());
        QVERIFY(editor->workersSpin()->isEnabled());
        QVERIFY(editor->errorProbabilitySpin()->isEnabled());

        // Undo: the service as it was, exactly; Redo: the distribution again.
        QAction* undo = test::menuAction(*w, QStringLiteral("&Edit"),
                                         QStringLiteral("&Undo Service From Measurements"));
        QVERIFY(undo && undo->isEnabled());
        undo->trigger();
        QCOMPARE(w->scenario().service, before);
        QVERIFY(editor->medianSpin()->isEnabled());
        QVERIFY(!source->isVisible());
        QVERIFY(!logNormal->isEnabled());
        QCOMPARE(quantilesText(*w).contains("<b>p50</b> 12.0 ms"), false);
        QAction* redo = test::menuAction(*w, QStringLiteral("&Edit"),
                                         QStringLiteral("&Redo Service From Measurements"));
        QVERIFY(redo && redo->isEnabled());
        redo->trigger();
        QVERIFY(w->scenario().service.distribution);

        // The editor's button gives the log-normal model back, undoably.
        QTest::mouseClick(editor->sourceLine()->logNormalButton(), Qt::LeftButton);
        QCOMPARE(w->scenario().service, before);
        QVERIFY(editor->medianSpin()->isEnabled());
        undo = test::menuAction(*w, QStringLiteral("&Edit"),
                                QStringLiteral("&Undo Use the Log-Normal Model"));
        QVERIFY(undo && undo->isEnabled());
        undo->trigger();
        QCOMPARE(w->scenario().service.distribution, d);
    }

    // A scenario that cannot take a distribution (its map sweeps the log-normal median):
    // OK shows why in the dialog, which stays open, and the service is kept.
    // A sub-millisecond service (a cache answering in 0.4 ms) keeps three significant digits
    // in the service editor and in the setup editor's hint; it used to read "p50 0.0 ms".
    // The guesses beyond the typed points are noted in the engine fit's words, which
    // `hedgesim service fit` prints too (tst_hedgesimservice::typedPercentilesGiveTheDialogsNotes).
    void typedPercentilesNoteTheirGuesses()
    {
        auto w = shownWindow();
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        type(dialog, "p50", QStringLiteral("12"));
        type(dialog, "p99", QStringLiteral("80"));
        QTRY_VERIFY_WITH_TIMEOUT(okButton(dialog)->isEnabled(), kFitTimeoutMs);
        ServiceFitRequest request;
        request.percentiles = {{0.5, 12.0}, {0.99, 80.0}};
        QStringList expected;
        for (const std::string& note : fitService(request).notes)
            expected << QStringLiteral("• ") + QString::fromStdString(note);
        QVERIFY(expected.contains(QStringLiteral("• the fastest taken as half the p50: 6 ms")));
        const QString notes = part<QLabel>(dialog, "fitNotes")->text();
        QCOMPARE(notes, expected.join(QLatin1Char('\n')));
        dialog->reject();
    }

    void aSubMillisecondServiceKeepsItsDigits()
    {
        auto w = shownWindow();
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        type(dialog, "p50", QStringLiteral("0.412"));
        type(dialog, "p90", QStringLiteral("0.6"));
        type(dialog, "p99", QStringLiteral("0.9"));
        QTRY_VERIFY_WITH_TIMEOUT(okButton(dialog)->isEnabled(), kFitTimeoutMs);
        QTest::mouseClick(okButton(dialog), Qt::LeftButton);
        QTRY_VERIFY(!dialog);
        const ServiceTimeQuantiles q = serviceTimeQuantiles(w->scenario().service);
        QVERIFY(q.p99Ms < 1.0);
        const QString text = quantilesText(*w);
        QVERIFY2(text.contains(QStringLiteral("<b>p50</b> 0.412 ms")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral(" 0.0 ms")), qPrintable(text));
        QVERIFY2(
            text.contains(QStringLiteral("<b>p95</b> %1 ms").arg(QString::number(q.p95Ms, 'f', 3))),
            qPrintable(text));
        const QString hint = test::setupEditor(*w)->delayHintLabel()->text();
        QCOMPARE(hint,
                 QStringLiteral("Service time alone: p95 %1 ms, p99 %2 ms")
                     .arg(QString::number(q.p95Ms, 'f', 3), QString::number(q.p99Ms, 'f', 3)));
    }

    void aRefusedDistributionIsExplainedInTheDialog()
    {
        auto w = shownWindow();
        Scenario s = w->scenario();
        s.grid = Grid{.setup = s.setups[1].name, .knob = "service.median_ms",
                      .values = {5.0, 10.0}};
        w->setScenario(s);
        const ServiceConfig before = w->scenario().service;
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        type(dialog, "p50", QStringLiteral("12"));
        type(dialog, "p99", QStringLiteral("80"));
        QTRY_VERIFY_WITH_TIMEOUT(okButton(dialog)->isEnabled(), kFitTimeoutMs);
        QTest::mouseClick(okButton(dialog), Qt::LeftButton);
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY2(dialog->error().contains("grid.knob"), qPrintable(dialog->error()));
        QCOMPARE(w->scenario().service, before);
        dialog->reject();
    }

    void badNumbersNameTheirField()
    {
        auto w = shownWindow();
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        type(dialog, "p50", QStringLiteral("12"));
        type(dialog, "p99", QStringLiteral("fast"));
        QTRY_VERIFY2(dialog->error().startsWith("p99: “fast” is not a latency"),
                     qPrintable(dialog->error()));
        QVERIFY(!okButton(dialog)->isEnabled());
        type(dialog, "p99", QStringLiteral("8"));
        QTRY_VERIFY2(dialog->error().startsWith("p99: 8 ms is below p50's 12 ms"),
                     qPrintable(dialog->error()));
        type(dialog, "p99", QStringLiteral("80"));
        QTRY_VERIFY_WITH_TIMEOUT(okButton(dialog)->isEnabled(), kFitTimeoutMs);
        QVERIFY(dialog->error().isEmpty());
        dialog->reject();
        QTRY_VERIFY(!dialog);
        QVERIFY(!w->scenario().service.distribution);
    }

    // The format follows the file's name, and the unit the format's convention; both can be
    // changed.
    void theFormatIsGuessedFromTheName()
    {
        auto w = shownWindow();
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        QTest::mouseClick(part<QRadioButton>(dialog, "measurementsFromFile"), Qt::LeftButton);
        auto* format = part<QComboBox>(dialog, "measurementsFormat");
        auto* unit = part<QComboBox>(dialog, "measurementsUnit");
        auto* column = part<QLineEdit>(dialog, "measurementsColumn");
        auto* metric = part<QComboBox>(dialog, "measurementsMetric");
        type(dialog, "measurementsPath", QStringLiteral("api.prom"));
        QCOMPARE(format->currentText(), QStringLiteral("Prometheus histogram"));
        QCOMPARE(unit->currentText(), QStringLiteral("s"));
        QVERIFY(metric->isVisible() && !column->isVisible());
        type(dialog, "measurementsPath", QStringLiteral("run.hlog"));
        QCOMPARE(format->currentText(), QStringLiteral("HdrHistogram log"));
        QCOMPARE(unit->currentText(), QStringLiteral("ms"));
        QVERIFY(!metric->isVisible() && !column->isVisible());
        type(dialog, "measurementsPath", QStringLiteral("cache.csv"));
        QCOMPARE(format->currentText(), QStringLiteral("CSV of latencies"));
        QCOMPARE(unit->currentText(), QStringLiteral("ms"));
        QVERIFY(column->isVisible() && !metric->isVisible());
        // A name that says nothing keeps the format chosen.
        type(dialog, "measurementsPath", QStringLiteral("latencies"));
        QCOMPARE(format->currentText(), QStringLiteral("CSV of latencies"));
        dialog->reject();
    }

    void aBadFileShowsItsLineAndKeepsTheService()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, QStringLiteral("bad.csv"),
                                             "latency_ms\n12\n13\nabc\n14\n");
        auto w = shownWindow();
        const ServiceConfig before = w->scenario().service;
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        QTest::mouseClick(part<QRadioButton>(dialog, "measurementsFromFile"), Qt::LeftButton);
        type(dialog, "measurementsPath", path);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->error().isEmpty(), kFitTimeoutMs);
        QVERIFY2(dialog->error().contains(QStringLiteral("bad.csv:4:")),
                 qPrintable(dialog->error()));
        QVERIFY(!okButton(dialog)->isEnabled());
        dialog->reject();
        QTRY_VERIFY(!dialog);
        QCOMPARE(w->scenario().service, before);
    }

    void latenciesUnderLoadAreCalibrated()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, QStringLiteral("bimodal-cache.csv"), bimodalCsv());
        // Two workers at 60 %: calls wait often enough that queueing is much of the latency.
        auto w = shownWindow(2);
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        QTest::mouseClick(part<QRadioButton>(dialog, "measurementsFromFile"), Qt::LeftButton);
        type(dialog, "measurementsPath", path);
        QTRY_VERIFY_WITH_TIMEOUT(okButton(dialog)->isEnabled(), kFitTimeoutMs);
        // As service times: the table is the measurements', nothing simulated.
        auto* table = part<ServiceFitTable>(dialog, "serviceFitTable");
        QCOMPARE(table->cellText(0, ServiceFitTable::Simulated), QStringLiteral("—"));

        QTest::mouseClick(part<QRadioButton>(dialog, "measuredUnderLoad"), Qt::LeftButton);
        QCOMPARE(part<QSpinBox>(dialog, "measuredUtilisation")->value(), 60);
        QVERIFY(!okButton(dialog)->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(okButton(dialog)->isEnabled(), kFitTimeoutMs);
        for (int row = 0; row < 4; ++row)
            QVERIFY(table->cellText(row, ServiceFitTable::Simulated) != QStringLiteral("—"));
        auto* chart = part<ServiceFitChart>(dialog, "serviceFitChart");
        QCOMPARE(chart->simulatedSeries()->count(), 4);
        // The whole simulated distribution is drawn, and the notes say how far its shape is
        // from the measured one.
        QVERIFY(chart->simulatedCurve()->count() > 100);
        const QString notes = part<QLabel>(dialog, "fitNotes")->text();
        // The engine's verdict in its words (this bimodal file does not come within 2 % on
        // two workers: it is "not calibrated", which the dialog used to call "calibrated").
        const Calibration& kept = *dialog->fit()->distribution.calibration;
        const QString verdict = QString::fromStdString(describeCalibration(kept));
        QVERIFY2(notes.contains(QStringLiteral("• ") + verdict + QStringLiteral(" (")),
                 qPrintable(notes));
        QCOMPARE(verdict.startsWith(QStringLiteral("calibrated at 60 % load")),
                 calibrationVerdict(kept).calibrated);
        // The calibration simulated the scenario's two workers, and the dialog says so.
        QVERIFY2(notes.contains("simulated with the scenario's 2 workers"), qPrintable(notes));
        const QString workers = part<QLabel>(dialog, "calibrationWorkers")->text();
        QVERIFY2(workers.contains("the scenario's 2 workers"), qPrintable(workers));
        QVERIFY2(notes.contains("the simulated and measured response times differ by at most"),
                 qPrintable(notes));
        // Queueing adds to the service time: on two workers at 60 % the calibrated p50 is
        // well below the measured one.
        const ServiceFit& fit = *dialog->fit();
        QVERIFY2(fit.distribution.table.quantile(0.5) < 0.95 * fit.measured.at(0.5),
                 qPrintable(QStringLiteral("%1 ms, measured %2 ms")
                                .arg(fit.distribution.table.quantile(0.5))
                                .arg(fit.measured.at(0.5))));

        QTest::mouseClick(okButton(dialog), Qt::LeftButton);
        QTRY_VERIFY(!dialog);
        const SharedDistribution& d = w->scenario().service.distribution;
        QVERIFY(d && d->calibration);
        QCOMPARE(d->calibration->utilisation, 0.6);
        QCOMPARE(d->samples, std::int64_t(2000));
        QCOMPARE(test::serviceRunEditor(*w)->sourceLine()->label()->text(),
                 QStringLiteral("From bimodal-cache.csv: 2 000 samples, ") +
                     QString::fromStdString(describeCalibration(*d->calibration)));
    }

    // A fit that misses the tolerance is "not calibrated" in the dialog's notes and in the
    // service editor, in the engine's words (hedgesim service fit says the same).
    void aFitThatMissesIsNotCalledCalibrated()
    {
        // Response times that hardly vary, at 90 % on one worker: queueing alone spreads them
        // more, so no service time gives them.
        auto w = shownWindow(1);
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        type(dialog, "p50", QStringLiteral("10"));
        type(dialog, "p90", QStringLiteral("10.5"));
        type(dialog, "p99", QStringLiteral("11"));
        type(dialog, "p99.9", QStringLiteral("11.5"));
        type(dialog, "max", QStringLiteral("12"));
        QTest::mouseClick(part<QRadioButton>(dialog, "measuredUnderLoad"), Qt::LeftButton);
        auto* load = part<QSpinBox>(dialog, "measuredUtilisation");
        test::typeInto(load, QStringLiteral("90"));
        QTRY_COMPARE(load->value(), 90); // a typed number applies after the editors' pause
        QTRY_VERIFY_WITH_TIMEOUT(okButton(dialog)->isEnabled() && dialog->fit() &&
                                     dialog->fit()->distribution.calibration &&
                                     dialog->fit()->distribution.calibration->utilisation == 0.9,
                                 kFitTimeoutMs);
        const Calibration c = *dialog->fit()->distribution.calibration;
        const std::string words = describeCalibration(c);
        QVERIFY2(QString::fromStdString(words).startsWith("not calibrated at 90 % load: p"),
                 words.c_str());
        QVERIFY(!dialog->fit()->converged);
        const QString notes = part<QLabel>(dialog, "fitNotes")->text();
        QVERIFY2(notes.contains(QStringLiteral("• ") + QString::fromStdString(words)),
                 qPrintable(notes));
        QVERIFY2(!notes.contains(QStringLiteral("• calibrated")), qPrintable(notes));

        QTest::mouseClick(okButton(dialog), Qt::LeftButton);
        QTRY_VERIFY(!dialog);
        const QString line = test::serviceRunEditor(*w)->sourceLine()->label()->text();
        QCOMPARE(line, QStringLiteral("From percentiles p50 10 ms, p90 10.5 ms, p99 11 ms, "
                                      "p99.9 11.5 ms, ") +
                           QString::fromStdString(words));
    }

    // A Prometheus selector typed for one file does not follow to a CSV: each format has its
    // own field, and the CSV's only column is read.
    void aCsvIsNotReadWithAPrometheusMetric()
    {
        QTemporaryDir dir;
        const QString prom = test::writeFile(dir, QStringLiteral("api.prom"), twoSeriesProm());
        const QString csv = test::writeFile(dir, QStringLiteral("cache.csv"), bimodalCsv());
        auto w = shownWindow();
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        QTest::mouseClick(part<QRadioButton>(dialog, "measurementsFromFile"), Qt::LeftButton);
        type(dialog, "measurementsPath", prom);
        auto* metric = part<QComboBox>(dialog, "measurementsMetric");
        metric->setFocus();
        QTest::keyClicks(metric, QStringLiteral("rpc_seconds{op=\"get\"}"));
        QTRY_VERIFY_WITH_TIMEOUT(okButton(dialog)->isEnabled(), kFitTimeoutMs);
        QCOMPARE(dialog->fit()->distribution.metric, std::string("rpc_seconds{op=\"get\"}"));
        type(dialog, "measurementsPath", csv);
        // The fit of the CSV, or its error: whichever comes, it must be the fit.
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isFitting(), kFitTimeoutMs);
        QVERIFY2(dialog->error().isEmpty(), qPrintable(dialog->error()));
        QVERIFY(okButton(dialog)->isEnabled());
        QCOMPARE(dialog->fit()->distribution.format, MeasurementFormat::Csv);
        QCOMPARE(dialog->fit()->distribution.samples, std::int64_t(2000));
        dialog->reject();
    }

    // A histogram with several label sets: the error lists them, and the metric's list offers
    // them once the file is read; picking one fits it. The plot starts at the data, not at the
    // 0 the first bucket starts from.
    void aHistogramsSeriesArePickedFromAList()
    {
        QTemporaryDir dir;
        const QString prom = test::writeFile(dir, QStringLiteral("api.prom"), twoSeriesProm());
        auto w = shownWindow();
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        QTest::mouseClick(part<QRadioButton>(dialog, "measurementsFromFile"), Qt::LeftButton);
        type(dialog, "measurementsPath", prom);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->error().isEmpty() && !dialog->isFitting(),
                                 kFitTimeoutMs);
        QVERIFY2(dialog->error().contains(QStringLiteral("rpc_seconds has 2 label sets: "
                                                         "{op=\"get\"}, {op=\"put\"}")),
                 qPrintable(dialog->error()));
        auto* metric = part<QComboBox>(dialog, "measurementsMetric");
        QCOMPARE(metric->count(), 2);
        QCOMPARE(metric->itemText(1), QStringLiteral("rpc_seconds{op=\"put\"}"));
        metric->setFocus();
        QTest::keyClick(metric, Qt::Key_Down);
        QTest::keyClick(metric, Qt::Key_Down);
        QCOMPARE(metric->currentText(), QStringLiteral("rpc_seconds{op=\"put\"}"));
        QTRY_VERIFY_WITH_TIMEOUT(okButton(dialog)->isEnabled(), kFitTimeoutMs);
        QCOMPARE(dialog->fit()->distribution.metric, std::string("rpc_seconds{op=\"put\"}"));
        QCOMPARE(dialog->fit()->distribution.samples, std::int64_t(100));
        // put's buckets: 0–10 ms holds 40 calls, the rest up to 100 ms: the axis starts at a
        // decade at or below the data (1 ms), not at the table's 1e-6 ms.
        auto* chart = part<ServiceFitChart>(dialog, "serviceFitChart");
        const auto axes = chart->chart()->axes(Qt::Horizontal);
        QCOMPARE(axes.size(), 1);
        const auto* axis = qobject_cast<QLogValueAxis*>(axes.front());
        QVERIFY(axis);
        QVERIFY2(axis->min() >= 0.1, qPrintable(QString::number(axis->min())));
        QVERIFY2(axis->max() <= 1000.0, qPrintable(QString::number(axis->max())));
        dialog->reject();
    }

    // A saved scenario's fit is shown from its table when the file is gone: no error, no
    // fit started, the plot, the table and the calibration's verdict.
    void aSavedFitIsReviewedWithoutItsFile()
    {
        auto w = shownWindow(2);
        Scenario s = w->scenario();
        ServiceDistribution d;
        d.kind = DistributionKind::Empirical;
        d.source = "/nowhere/bimodal-cache.csv";
        d.samples = 20000;
        d.table = percentileTable({{0.5, 5.0}, {0.9, 20.0}, {0.99, 60.0}}, std::nullopt,
                                  std::nullopt);
        d.calibration = Calibration{.utilisation = 0.6,
                                    .rounds = 3,
                                    .measured = {{0.5, 8.0}, {0.9, 30.0}, {0.99, 80.0}},
                                    .simulated = {{0.5, 8.05}, {0.9, 30.1}, {0.99, 80.4}}};
        s.service.distribution = d;
        w->setScenario(s);
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        QVERIFY(!dialog->isFitting());
        QVERIFY2(dialog->error().isEmpty(), qPrintable(dialog->error()));
        QVERIFY(dialog->fit());
        QVERIFY(okButton(dialog)->isEnabled());
        auto* chart = part<ServiceFitChart>(dialog, "serviceFitChart");
        QVERIFY(chart->modelSeries()->count() > 100);
        QCOMPARE(chart->typedSeries()->count(), 3);
        QCOMPARE(chart->simulatedSeries()->count(), 3);
        auto* table = part<ServiceFitTable>(dialog, "serviceFitTable");
        QCOMPARE(table->cellText(1, ServiceFitTable::Measured), QStringLiteral("30.0"));
        QCOMPARE(table->cellText(1, ServiceFitTable::Simulated), QStringLiteral("30.1"));
        const QString notes = part<QLabel>(dialog, "fitNotes")->text();
        QVERIFY2(notes.contains("as the scenario keeps it"), qPrintable(notes));
        QVERIFY2(notes.contains("• calibrated at 60 % load (3 rounds"), qPrintable(notes));
        // A field changed fits again: the file is read, and its absence said.
        type(dialog, "measurementsColumn", QStringLiteral("latency_ms"));
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->error().isEmpty(), kFitTimeoutMs);
        QVERIFY(!okButton(dialog)->isEnabled());
        dialog->reject();
    }

    // Stop ends the calibration with what it has; Cancel closes the dialog at once and the
    // service is kept.
    void stopAndCancelLeaveTheGuiFree()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, QStringLiteral("cache.csv"), bimodalCsv());
        auto w = shownWindow();
        const ServiceConfig before = w->scenario().service;
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        QTest::mouseClick(part<QRadioButton>(dialog, "measurementsFromFile"), Qt::LeftButton);
        QTest::mouseClick(part<QRadioButton>(dialog, "measuredUnderLoad"), Qt::LeftButton);
        type(dialog, "measurementsPath", path);
        auto* stop = part<QPushButton>(dialog, "stopFit");
        QTRY_VERIFY_WITH_TIMEOUT(stop->isVisible(), kFitTimeoutMs);
        QVERIFY(part<QProgressBar>(dialog, "fitProgress")->isVisible());
        QTest::mouseClick(stop, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isFitting(), kFitTimeoutMs);
        // A round or more: the fit it stopped at, said to be stopped; none: why.
        if (dialog->fit())
            QVERIFY2(part<QLabel>(dialog, "fitNotes")->text().contains("stopped"),
                     qPrintable(part<QLabel>(dialog, "fitNotes")->text()));
        else
            QVERIFY2(dialog->error().startsWith("Stopped before a fit"),
                     qPrintable(dialog->error()));
        QVERIFY(!stop->isVisible());

        // Again, and Cancel while it runs.
        part<QSpinBox>(dialog, "measuredUtilisation")->setValue(70);
        QTRY_VERIFY_WITH_TIMEOUT(stop->isVisible(), kFitTimeoutMs);
        dialog->reject();
        QTRY_VERIFY(!dialog);
        QCOMPARE(w->scenario().service, before);
    }

    // The window closes while the dialog calibrates: the dialog goes, then the runner.
    void closingTheWindowMidCalibration()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, QStringLiteral("cache.csv"), bimodalCsv());
        auto w = shownWindow();
        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        QTest::mouseClick(part<QRadioButton>(dialog, "measurementsFromFile"), Qt::LeftButton);
        QTest::mouseClick(part<QRadioButton>(dialog, "measuredUnderLoad"), Qt::LeftButton);
        type(dialog, "measurementsPath", path);
        QTRY_VERIFY_WITH_TIMEOUT(part<QPushButton>(dialog, "stopFit")->isVisible(), kFitTimeoutMs);
        w.reset();
        QVERIFY(!dialog);
    }

    void theDialogAndTheEditorFit1024x700()
    {
        auto w = shownWindow();
        Scenario s = w->scenario();
        ServiceDistribution d;
        d.kind = DistributionKind::Empirical;
        d.source = "/home/someone/measurements/bimodal-cache-latencies-2026.csv";
        d.samples = 20000;
        d.table = percentileTable({{0.5, 5.0}, {0.99, 60.0}}, std::nullopt, std::nullopt);
        d.calibration = Calibration{.utilisation = 0.6, .rounds = 4};
        s.service.distribution = d;
        w->setScenario(s);
        QTRY_COMPARE(w->size(), QSize(1024, 700));
        ServiceRunEditor* editor = test::serviceRunEditor(*w);
        QVERIFY(editor->sourceLine()->label()->isVisible());
        QScrollArea* area = nullptr;
        for (QWidget* up = editor; up && !area; up = up->parentWidget())
            area = qobject_cast<QScrollArea*>(up);
        QVERIFY(area);
        // The source line adds no width to the editor (its other fields set how wide it is),
        // and its buttons are within the pane.
        const int width = editor->minimumSizeHint().width();
        editor->sourceLine()->hide();
        QCOMPARE(editor->minimumSizeHint().width(), width);
        editor->sourceLine()->show();
        QVERIFY(editor->sourceLine()->minimumSizeHint().width() <= area->viewport()->width());
        for (QWidget* button : std::initializer_list<QWidget*>{
                 editor->sourceLine()->logNormalButton(),
                 editor->sourceLine()->measurementsButton()}) {
            const int right = button->mapTo(area->viewport(), QPoint(button->width(), 0)).x();
            QVERIFY2(right <= area->viewport()->width(), qPrintable(QString::number(right)));
        }

        QPointer<ServiceMeasurementsDialog> dialog = openDialog(*w);
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        // Its fields filled from the service's distribution.
        QCOMPARE(part<QLineEdit>(dialog, "measurementsPath")->text(),
                 QString::fromStdString(d.source));
        QVERIFY(part<QRadioButton>(dialog, "measuredUnderLoad")->isChecked());
        const QSize least = dialog->minimumSizeHint();
        QVERIFY2(least.width() <= 1024 && least.height() <= 660,
                 qPrintable(QStringLiteral("%1×%2").arg(least.width()).arg(least.height())));
        QVERIFY(dialog->width() <= 1024 && dialog->height() <= 700);
        dialog->reject();
    }
};

QTEST_MAIN(TestServiceMeasurements)
#include "tst_servicemeasurements.moc"
