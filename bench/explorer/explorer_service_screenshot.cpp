// explorer_service_screenshot DIALOG.png WINDOW.png [--preset NAME] [--size WxH]
//                             [--palette light|dark] [--utilisation PERCENT] [--percentiles]
//                             [--workers N]
// Pictures of Service → From Measurements… for the user guide (resources/screenshots/): a
// cache's latencies (20 000 of them, eleven in twelve hits about 5 ms, one in twelve misses
// about 50 ms) read from a CSV, or with --percentiles a dashboard's p50 12, p90 25, p99 80 and
// p99.9 200 ms typed, calibrated at --utilisation (default 60 %; 0: taken as service times);
// DIALOG.png is the dialog once the fit is shown, WINDOW.png the window after OK, its service
// editor saying where the service time comes from. --workers sets the preset service's workers
// first (fewer workers, more of the measured latency is queueing).
#include "ExplorerBench.h"

#include "ServiceMeasurementsDialog.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>

#include <cmath>
#include <cstdio>

namespace {

QByteArray cacheLatencies()
{
    QByteArray csv = "latency_ms\n";
    for (int i = 0; i < 20000; ++i) {
        const double u = (i + 0.5) / 20000.0;
        // Hits and misses spread log-uniformly, a factor of about two each.
        const double ms = i % 12 == 0 ? 35.0 * std::pow(2.0, u) : 3.5 * std::pow(2.0, u);
        csv += QByteArray::number(ms, 'f', 3) + '\n';
    }
    return csv;
}

QAction* fromMeasurements(QMainWindow& w)
{
    for (QAction* menu : w.menuBar()->actions())
        if (menu->menu())
            for (QAction* a : menu->menu()->actions())
                if (a->text() == QStringLiteral("From &Measurements…"))
                    return a;
    return nullptr;
}

// Types what a user would: a dashboard's percentiles or the measurements file, and the
// utilisation they were measured at (none when 0).
void fillDialog(hedge::ServiceMeasurementsDialog* dialog, bool fromPercentiles, const QString& csv,
                int percent)
{
    const auto type = [dialog](const char* field, const QString& text) {
        auto* edit = dialog->findChild<QLineEdit*>(QString::fromLatin1(field));
        edit->setText(text);
        emit edit->textEdited(text);
    };
    if (fromPercentiles) {
        dialog->findChild<QRadioButton*>(QStringLiteral("measurementsFromPercentiles"))->click();
        type("p50", QStringLiteral("12"));
        type("p90", QStringLiteral("25"));
        type("p99", QStringLiteral("80"));
        type("p99.9", QStringLiteral("200"));
    } else {
        dialog->findChild<QRadioButton*>(QStringLiteral("measurementsFromFile"))->click();
        type("measurementsPath", csv);
    }
    if (percent > 0) {
        dialog->findChild<QRadioButton*>(QStringLiteral("measuredUnderLoad"))->click();
        dialog->findChild<QSpinBox*>(QStringLiteral("measuredUtilisation"))->setValue(percent);
    }
}

} // namespace

int main(int argc, char* argv[])
{
    hedge::bench::setUpApplication();
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Save PNGs of Service → From Measurements…."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("DIALOG.png"), QStringLiteral("The dialog."));
    parser.addPositionalArgument(QStringLiteral("WINDOW.png"), QStringLiteral("The window."));
    const hedge::bench::WindowOptions windowOptions;
    windowOptions.addTo(parser);
    const QCommandLineOption utilisation(QStringLiteral("utilisation"),
                                         QStringLiteral("Measured at PERCENT (default 60)."),
                                         QStringLiteral("PERCENT"), QStringLiteral("60"));
    const QCommandLineOption percentiles(QStringLiteral("percentiles"),
                                         QStringLiteral("Type a dashboard's percentiles."));
    const QCommandLineOption workers(QStringLiteral("workers"),
                                     QStringLiteral("The service's workers (default: the preset's)."),
                                     QStringLiteral("N"));
    parser.addOptions({utilisation, percentiles, workers});
    parser.process(app);
    if (parser.positionalArguments().size() != 2) {
        std::fprintf(stderr, "explorer_service_screenshot: DIALOG.png WINDOW.png expected\n");
        return 2;
    }
    const QString dialogPath = parser.positionalArguments().at(0);
    const QString windowPath = parser.positionalArguments().at(1);

    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("bimodal-cache.csv"));
    QFile file(csv);
    if (!file.open(QIODevice::WriteOnly) || file.write(cacheLatencies()) < 0)
        return 1;
    file.close();

    std::unique_ptr<hedge::MainWindow> window = windowOptions.openWindow(parser);
    hedge::MainWindow* w = window.get();
    if (parser.isSet(workers)) {
        hedge::Scenario scenario = w->scenario();
        scenario.service.workers = parser.value(workers).toInt();
        w->setScenario(scenario);
    }
    fromMeasurements(*w)->trigger();
    auto* dialog = w->findChild<hedge::ServiceMeasurementsDialog*>();
    fillDialog(dialog, parser.isSet(percentiles), csv, parser.value(utilisation).toInt());
    auto* ok = dialog->findChild<QPushButton*>(QStringLiteral("applyServiceFit"));
    auto status = std::make_shared<int>(0);
    const auto save = [status](QWidget* widget, const QString& to) {
        if (!widget->grab().save(to)) {
            std::fprintf(stderr, "explorer_service_screenshot: cannot write %s\n", qPrintable(to));
            *status = 1;
        }
    };
    // The fit is ready when OK is: poll, as the user's eye would.
    auto* poll = new QTimer(w);
    QObject::connect(poll, &QTimer::timeout, w, [=] {
        if (!ok->isEnabled() || dialog->isFitting())
            return;
        poll->stop();
        save(dialog, dialogPath);
        ok->click();
        QTimer::singleShot(1500, w, [=] {
            save(w, windowPath);
            QCoreApplication::exit(*status);
        });
    });
    poll->start(200);
    return app.exec();
}
