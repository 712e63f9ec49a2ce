// hedge-explorer [SCENARIO.json] [--preset NAME] [--measure] [--version]
#include "DragRecorder.h"
#include "LiveMeasure.h"
#include "LiveController.h"
#include "MainWindow.h"
#include "MapController.h"

#include <hedge/sim/AllocatorTuning.h>

#include "KnobSlider.h"
#include "Metric.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <hedge/Version.h>
#include <hedge/io/Presets.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QIcon>
#include <QPalette>
#include <QPointer>
#include <QStyle>
#include <QSize>
#include <QStyleFactory>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <vector>

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3a));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x56, 0xb4, 0xe9));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8a, 0x8a));
    p.setColor(QPalette::Mid, QColor(0x45, 0x47, 0x4a));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Light, QColor(0x50, 0x52, 0x55));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x7a, 0x7a, 0x7a));
    return p;
}

// The command line, declared once and parsed twice (see answerWithoutDisplay).
struct CommandLine {
    QCommandLineParser parser;
    QStringList presetNames;
    QCommandLineOption presetOption{QStringLiteral("preset"), QString(), QStringLiteral("NAME")};
    QCommandLineOption measureOption{
        QStringLiteral("measure"),
        QStringLiteral("Log (stderr) the time from an edit or the start to the first redrawn "
                       "curve and to the end of the full pass, and the frames per second of a "
                       "slider drag.")};
    // Hidden: screenshots and scripted measurements.
    QCommandLineOption screenshotOption{
        QStringLiteral("screenshot"),
        QStringLiteral("Save a PNG of the window after the full pass, then quit."),
        QStringLiteral("PATH")};
    QCommandLineOption paletteOption{QStringLiteral("palette"), QStringLiteral("light or dark."),
                                     QStringLiteral("NAME")};
    QCommandLineOption delayOption{QStringLiteral("screenshot-delay"),
                                   QStringLiteral("Take the screenshot after MS milliseconds, "
                                                  "while the sweep runs."),
                                   QStringLiteral("MS")};
    QCommandLineOption chartsOption{
        QStringLiteral("charts"),
        QStringLiteral("The charts to show besides p99 and requests per call (comma-separated "
                       "keys of a scenario file's style.charts, such as p999_ms); they replace "
                       "the preset's or the file's."),
        QStringLiteral("KEYS")};
    QCommandLineOption sizeOption{QStringLiteral("size"), QStringLiteral("Window size, WxH."),
                                  QStringLiteral("WxH")};
    QCommandLineOption editOption{
        QStringLiteral("measure-edit"),
        QStringLiteral("After the first full pass, change the selected setup's delay; after its "
                       "full pass, drag the delay's slider for 2 s at 60 Hz; quit after the "
                       "release's full pass (with --measure).")};
    QCommandLineOption recordOption{
        QStringLiteral("record-drag"),
        QStringLiteral("With --measure-edit: save the window's frames during the drag, 25 a "
                       "second, into DIR (PNGs and frames.tsv; scripts/record-delay-drag.sh)."),
        QStringLiteral("DIR")};

    QCommandLineOption overlayOption{
        QStringLiteral("overlay"),
        QStringLiteral("Overlay the measured points of a results file (as File → Overlay Measured "
                       "Results…)."),
        QStringLiteral("PATH")};

    CommandLine()
    {
        // Qt's options take one dash ("-platform"): one word, not -p -l -a ...; ours too.
        parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
        parser.setApplicationDescription(
            QStringLiteral("See when request hedging helps a service and when it hurts it."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(
            QStringLiteral("SCENARIO.json"),
            QStringLiteral("A scenario file to open (hedge-explorer/scenario@1)."),
            QStringLiteral("[SCENARIO.json]"));
        for (const hedge::Preset& p : hedge::presets())
            presetNames << QString::fromStdString(p.name);
        presetOption.setDescription(
            QStringLiteral("Start with a preset: %1.").arg(presetNames.join(QStringLiteral(", "))));
        for (QCommandLineOption* hidden :
             {&screenshotOption, &paletteOption, &delayOption, &chartsOption, &sizeOption,
              &editOption, &recordOption, &overlayOption, &liveSpeedOption, &measureLiveOption})
            hidden->setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOptions({presetOption, measureOption, screenshotOption, paletteOption,
                           delayOption, chartsOption, sizeOption, editOption, recordOption, liveSpeedOption, measureLiveOption,
                           overlayOption});
    }
    QCommandLineOption liveSpeedOption{
        QStringLiteral("live-speed"),
        QStringLiteral("The Live view's speed: 1, 10, 100 or 0 (as fast as possible)."),
        QStringLiteral("X")};
    QCommandLineOption measureLiveOption{
        QStringLiteral("measure-live"),
        QStringLiteral("Measure the Live view: redraws per second and event-loop latency "
                       "during a ×100 run, then memory before and after an hour of simulated "
                       "time run as fast as possible.")};
};

// --charts: the keys of a scenario file's style block (p999_ms) or the short ones (p999).
// Returns the unknown key's error, or nothing.
std::optional<QString> parseCharts(const QString& value, QList<hedge::Metric>& charts)
{
    for (const QString& key : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        std::optional<hedge::Metric> metric = hedge::metricFromResultsKey(key.trimmed());
        if (!metric)
            metric = hedge::metricFromKey(key.trimmed());
        if (!metric) {
            QStringList known;
            for (hedge::Metric m : hedge::allMetrics())
                known << hedge::metricResultsKey(m);
            return QStringLiteral("--charts: unknown chart \"%1\" (known: %2)")
                .arg(key.trimmed(), known.join(QStringLiteral(", ")));
        }
        charts << *metric;
    }
    return std::nullopt;
}

// --help, --version and a mistyped option are answered here, before the QApplication exists:
// creating it needs a display, and a terminal, a build server or a packager's chroot has
// none. A QCoreApplication needs none and gives the help its program name. Qt's own options
// (-platform, -style, ...) are unknown to our parser until the QApplication has taken them
// out, so a command line holding one is left to the parse after it. Returns only when the
// window is to start.
void answerWithoutDisplay(int argc, char* argv[])
{
    static const QStringList qtOptions = {
        QStringLiteral("platform"),      QStringLiteral("platformpluginpath"),
        QStringLiteral("platformtheme"), QStringLiteral("plugin"),
        QStringLiteral("qwindowgeometry"), QStringLiteral("qwindowicon"),
        QStringLiteral("qwindowtitle"),  QStringLiteral("qmljsdebugger"),
        QStringLiteral("reverse"),       QStringLiteral("session"),
        QStringLiteral("style"),         QStringLiteral("stylesheet"),
        QStringLiteral("widgetcount"),   QStringLiteral("display"),
        QStringLiteral("geometry"),      QStringLiteral("title"),
        QStringLiteral("name"),          QStringLiteral("dialogs"),
        QStringLiteral("nograb"),        QStringLiteral("dograb"),
        QStringLiteral("sync"),          QStringLiteral("visual")};
    // QCoreApplication may take arguments out of argv: give it a copy, the window needs all.
    int coreArgc = argc;
    std::vector<char*> coreArgv(argv, argv + argc + 1);
    const QCoreApplication core(coreArgc, coreArgv.data());
    CommandLine commandLine;
    if (!commandLine.parser.parse(QCoreApplication::arguments())) {
        const QStringList unknown = commandLine.parser.unknownOptionNames();
        if (!unknown.isEmpty() && std::all_of(unknown.begin(), unknown.end(),
                                              [](const QString& name) {
                                                  return qtOptions.contains(name);
                                              }))
            return;
    }
    commandLine.parser.process(core); // exits after help, version or an error
    QList<hedge::Metric> charts;
    const QString chartKeys = commandLine.parser.value(commandLine.chartsOption);
    if (const auto error = parseCharts(chartKeys, charts)) {
        std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(*error));
        std::exit(2);
    }
}

// A drag of the delay slider as the mouse makes it: the handle held, moved at 60 Hz for 2 s
// across a third of the slider, let go. With `recordDir`, a DragRecorder takes the window's
// frames at 25 a second from the press until 0.5 s after the release.
hedge::DragRecorder* dragDelaySlider(hedge::MainWindow& window, const QString& recordDir)
{
    hedge::KnobSlider* slider = window.setupEditor()->delaySlider();
    const int from = slider->value();
    const int travel = (slider->maximum() - slider->minimum()) / 3;
    auto* clock = new QElapsedTimer;
    auto* mover = new QTimer(&window);
    mover->setTimerType(Qt::PreciseTimer);
    mover->setInterval(16);
    hedge::DragRecorder* recorder = nullptr;
    if (!recordDir.isEmpty())
        recorder = new hedge::DragRecorder(&window, slider, recordDir, 40, 500, &window);
    QObject::connect(mover, &QTimer::timeout, &window, [slider, from, travel, clock, mover] {
        const double t = std::min(1.0, static_cast<double>(clock->elapsed()) / 2000.0);
        slider->setSliderPosition(from + static_cast<int>(t * travel));
        if (t >= 1.0) {
            mover->stop();
            slider->setSliderDown(false);
            delete clock;
            mover->deleteLater();
        }
    });
    std::fprintf(stderr, "hedge-explorer: measure: dragging the delay slider for 2 s at 60 Hz\n");
    slider->setSliderDown(true);
    clock->start();
    mover->start();
    return recorder;
}

// --measure-edit: after the first full pass, one edit of a setup's delay through its spin box;
// after its full pass, a drag of the same delay's slider; quits after the release's full pass
// (and once the recording, if any, is written).
void scriptEditAndDrag(hedge::MainWindow& window, const QString& recordDir)
{
    auto* step = new int(0);
    QObject::connect(
        window.controller(), &hedge::SweepController::runFinished, &window,
        [&window, step, recordDir, recorder = QPointer<hedge::DragRecorder>(),
         written = std::make_shared<bool>(false)](bool completed) mutable {
            if (!completed)
                return;
            switch ((*step)++) {
            case 0: {
                window.setupList()->setCurrentRow(
                    std::min<int>(2, static_cast<int>(window.setupList()->setups().size()) - 1));
                std::fprintf(
                    stderr, "hedge-explorer: measure: editing the delay of \"%s\"\n",
                    window.scenario().setups[window.setupList()->currentRow()].name.c_str());
                QDoubleSpinBox* delay = window.setupEditor()->delaySpin();
                delay->setValue(delay->value() + 5.0);
                break;
            }
            case 1:
                recorder = dragDelaySlider(window, recordDir);
                if (recorder)
                    QObject::connect(recorder, &hedge::DragRecorder::written, &window,
                                     [&window, step, written](bool) {
                                         *written = true;
                                         if (*step > 2) // the full pass came first
                                             window.close();
                                     });
                break;
            default:
                if (!recorder || *written)
                    window.close();
            }
        });
}

} // namespace

int main(int argc, char* argv[])
{
    hedge::keepFreedMemoryForReuse();
    QApplication::setOrganizationName(QStringLiteral("HedgeExplorer"));
    QApplication::setApplicationName(QStringLiteral("hedge-explorer"));
    QApplication::setApplicationDisplayName(QStringLiteral("Hedge Explorer"));
    QApplication::setApplicationVersion(QString::fromLatin1(hedge::kVersion));
    answerWithoutDisplay(argc, argv);

    QApplication app(argc, argv);
    const QString appId = QStringLiteral("io.github.hedgeexplorer.HedgeExplorer");
    QGuiApplication::setDesktopFileName(appId);
    QIcon icon = QIcon::fromTheme(appId);
    if (icon.isNull())
        for (int size : {16, 32, 48, 64, 128, 256})
            icon.addFile(QStringLiteral(":/icons/%1x%1/apps/%2.png").arg(size).arg(appId));
    QApplication::setWindowIcon(icon);

    CommandLine commandLine;
    auto& [parser, presetNames, presetOption, measureOption, screenshotOption, paletteOption,
           delayOption, chartsOption, sizeOption, editOption, recordOption, overlayOption,
           liveSpeedOption, measureLiveOption] =
        commandLine;
    parser.process(app);
    QList<hedge::Metric> charts;
    if (const auto error = parseCharts(parser.value(chartsOption), charts)) {
        std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(*error));
        return 2;
    }

    // Checked before the window exists: a bad value changes nothing and starts nothing.
    std::optional<QSize> size;
    if (parser.isSet(sizeOption)) {
        const QStringList wh = parser.value(sizeOption).split(QLatin1Char('x'));
        bool okW = false;
        bool okH = false;
        const int w = wh.size() == 2 ? wh[0].toInt(&okW) : 0;
        const int h = wh.size() == 2 ? wh[1].toInt(&okH) : 0;
        if (!okW || !okH || w < 200 || h < 150 || w > 10000 || h > 10000) {
            std::fprintf(stderr,
                         "hedge-explorer: --size: \"%s\" is not WIDTHxHEIGHT in pixels "
                         "(allowed 200x150 … 10000x10000)\n",
                         qPrintable(parser.value(sizeOption)));
            return 2;
        }
        size = QSize(w, h);
    }
    std::optional<double> liveSpeed;
    if (parser.isSet(liveSpeedOption)) {
        bool ok = false;
        const double speed = parser.value(liveSpeedOption).toDouble(&ok);
        if (!ok || (speed != 0.0 && speed != 1.0 && speed != 10.0 && speed != 100.0)) {
            std::fprintf(stderr,
                         "hedge-explorer: --live-speed: \"%s\" is not a speed (allowed 1, 10, "
                         "100, or 0 for as fast as possible)\n",
                         qPrintable(parser.value(liveSpeedOption)));
            return 2;
        }
        liveSpeed = speed;
    }

    if (parser.value(paletteOption) == QLatin1String("dark")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
    } else if (parser.value(paletteOption) == QLatin1String("light")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
    }

    const bool scripted = parser.isSet(screenshotOption) || parser.isSet(editOption);
    hedge::MainWindow::Options options;
    options.measure = parser.isSet(measureOption);
    // Scripted runs start from a known state, not from the user's last session.
    const QStringList files = parser.positionalArguments();
    options.restoreSession = !scripted && files.isEmpty() && !parser.isSet(presetOption);
    hedge::MainWindow window(options);

    if (!files.isEmpty()) {
        if (window.openScenarioFile(files.first()))
            std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(window.lastError()));
    }
    if (parser.isSet(presetOption)) {
        if (!window.loadPreset(parser.value(presetOption))) {
            std::fprintf(stderr, "hedge-explorer: unknown preset \"%s\" (known: %s)\n",
                         qPrintable(parser.value(presetOption)),
                         qPrintable(presetNames.join(", ")));
            return 2;
        }
    } else if (files.isEmpty() && !options.restoreSession) {
        window.loadPreset(QStringLiteral("reference"));
    }
    if (size)
        window.resize(*size);
    if (liveSpeed) {
        window.liveController()->setSpeed(*liveSpeed);
        window.showLiveView();
    }
    window.show();
    // After the file or preset: the command line wins over their charts. On the shown window:
    // the table gives way to the charts as it does when the user shows them.
    if (parser.isSet(chartsOption))
        for (hedge::Metric m : hedge::allMetrics())
            window.setChartVisible(m, charts.contains(m));
    if (parser.isSet(measureLiveOption))
        hedge::measureLiveView(window);
    if (parser.isSet(overlayOption)) {
        if (window.overlayMeasuredFile(parser.value(overlayOption)))
            std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(window.lastError()));
    }

    if (options.measure && window.scenario().grid) {
        auto clock = std::make_shared<QElapsedTimer>();
        clock->start();
        QObject::connect(window.mapController(), &hedge::MapController::runFinished, &window,
                         [clock, &window](bool completed) {
                             if (completed)
                                 std::fprintf(stderr,
                                              "hedge-explorer: measure: start -> map full pass: "
                                              "%lld ms (%zu points)\n",
                                              static_cast<long long>(clock->elapsed()),
                                              window.mapController()->points().size());
                         });
    }
    if (parser.isSet(screenshotOption)) {
        const QString path = parser.value(screenshotOption);
        window.setupList()->setCurrentRow(1);
        const auto shoot = [&window, path] {
            if (!window.grab().save(path))
                std::fprintf(stderr, "hedge-explorer: cannot write %s\n", qPrintable(path));
            window.close();
        };
        if (parser.isSet(delayOption))
            QTimer::singleShot(parser.value(delayOption).toInt(), &window, shoot);
        else if (window.scenario().grid) // a grid shows its map: wait for its full pass
            QObject::connect(window.mapController(), &hedge::MapController::runFinished, &window,
                             [&window, shoot](bool completed) {
                                 if (completed)
                                     QTimer::singleShot(500, &window, shoot);
                             });
        else
            QObject::connect(window.controller(), &hedge::SweepController::runFinished, &window,
                             [&window, shoot](bool completed) {
                                 if (completed)
                                     QTimer::singleShot(500, &window, shoot);
                             });
    } else if (parser.isSet(editOption)) {
        scriptEditAndDrag(window, parser.value(recordOption));
    }
    return app.exec();
}
