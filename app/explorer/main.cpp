// hedge-explorer [SCENARIO.json] [--preset NAME] [--palette light|dark] [--charts KEYS]
//                [--size WxH] [--overlay RESULTS.json] [--live-speed X]
// (packaging/hedge-explorer.1, docs/user-guide.md "Starting"). Measurements and scripted
// drags are bench programs (bench/explorer/), not options of the program.
#include "AppPalette.h"
#include "LiveController.h"
#include "MainWindow.h"

#include <hedge/sim/AllocatorTuning.h>

#include "Metric.h"

#include <hedge/Version.h>
#include <hedge/io/Presets.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QSize>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

namespace {

// The command line, declared once and parsed twice (see answerWithoutDisplay).
struct CommandLine {
    QCommandLineParser parser;
    QStringList presetNames;
    QCommandLineOption presetOption{QStringLiteral("preset"), QString(), QStringLiteral("NAME")};
    QCommandLineOption paletteOption{
        QStringLiteral("palette"), QStringLiteral("light or dark colours, whatever the desktop's."),
        QStringLiteral("NAME")};
    QCommandLineOption chartsOption{
        QStringLiteral("charts"),
        QStringLiteral("The charts to show besides p99 and requests per call (comma-separated "
                       "keys of a scenario file's style.charts, such as p999_ms); they replace "
                       "the preset's or the file's."),
        QStringLiteral("KEYS")};
    QCommandLineOption sizeOption{QStringLiteral("size"),
                                  QStringLiteral("The window's size in pixels, such as 1280x800."),
                                  QStringLiteral("WxH")};
    QCommandLineOption overlayOption{
        QStringLiteral("overlay"),
        QStringLiteral("Draw the measured points of a results file over the curves (as File → "
                       "Overlay Measured Results…)."),
        QStringLiteral("RESULTS.json")};
    QCommandLineOption liveSpeedOption{
        QStringLiteral("live-speed"),
        QStringLiteral("Start in the Live view at this speed: 1, 10, 100 or 0 (as fast as "
                       "possible)."),
        QStringLiteral("X")};

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
        parser.addOptions({presetOption, paletteOption, chartsOption, sizeOption, overlayOption,
                           liveSpeedOption});
    }
};

// What the command line asks for, checked before any window exists: a bad value changes
// nothing and starts nothing.
struct Request {
    QList<hedge::Metric> charts;
    std::optional<QSize> size;
    std::optional<double> liveSpeed;
};

// --charts: the keys of a scenario file's style block (p999_ms) or the short ones (p999).
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

// Returns the first bad value's error, naming the option and what it allows, or nothing.
std::optional<QString> parseRequest(const CommandLine& cl, Request& request)
{
    const QCommandLineParser& parser = cl.parser;
    if (const auto error = parseCharts(parser.value(cl.chartsOption), request.charts))
        return error;
    const QString palette = parser.value(cl.paletteOption);
    if (parser.isSet(cl.paletteOption) && palette != QLatin1String("light") &&
        palette != QLatin1String("dark"))
        return QStringLiteral("--palette: \"%1\" is not a palette (allowed light, dark)")
            .arg(palette);
    if (parser.isSet(cl.sizeOption)) {
        const QStringList wh = parser.value(cl.sizeOption).split(QLatin1Char('x'));
        bool okW = false;
        bool okH = false;
        const int w = wh.size() == 2 ? wh[0].toInt(&okW) : 0;
        const int h = wh.size() == 2 ? wh[1].toInt(&okH) : 0;
        if (!okW || !okH || w < 200 || h < 150 || w > 10000 || h > 10000)
            return QStringLiteral("--size: \"%1\" is not WIDTHxHEIGHT in pixels (allowed "
                                  "200x150 … 10000x10000)")
                .arg(parser.value(cl.sizeOption));
        request.size = QSize(w, h);
    }
    if (parser.isSet(cl.liveSpeedOption)) {
        bool ok = false;
        const double speed = parser.value(cl.liveSpeedOption).toDouble(&ok);
        if (!ok || (speed != 0.0 && speed != 1.0 && speed != 10.0 && speed != 100.0))
            return QStringLiteral("--live-speed: \"%1\" is not a speed (allowed 1, 10, 100, or 0 "
                                  "for as fast as possible)")
                .arg(parser.value(cl.liveSpeedOption));
        request.liveSpeed = speed;
    }
    return std::nullopt;
}

// --help, --version and a mistyped option or value are answered here, before the
// QApplication exists: creating it needs a display, and a terminal, a build server or a
// packager's chroot has none. A QCoreApplication needs none and gives the help its program
// name. Qt's own options (-platform, -style, ...) are unknown to our parser until the
// QApplication has taken them out, so a command line holding one is left to the parse after
// it. Returns only when the window is to start.
void answerWithoutDisplay(int argc, char* argv[])
{
    static const QStringList qtOptions = {QStringLiteral("platform"),
                                          QStringLiteral("platformpluginpath"),
                                          QStringLiteral("platformtheme"),
                                          QStringLiteral("plugin"),
                                          QStringLiteral("qwindowgeometry"),
                                          QStringLiteral("qwindowicon"),
                                          QStringLiteral("qwindowtitle"),
                                          QStringLiteral("qmljsdebugger"),
                                          QStringLiteral("reverse"),
                                          QStringLiteral("session"),
                                          QStringLiteral("style"),
                                          QStringLiteral("stylesheet"),
                                          QStringLiteral("widgetcount"),
                                          QStringLiteral("display"),
                                          QStringLiteral("geometry"),
                                          QStringLiteral("title"),
                                          QStringLiteral("name"),
                                          QStringLiteral("dialogs"),
                                          QStringLiteral("nograb"),
                                          QStringLiteral("dograb"),
                                          QStringLiteral("sync"),
                                          QStringLiteral("visual")};
    // QCoreApplication may take arguments out of argv: give it a copy, the window needs all.
    int coreArgc = argc;
    std::vector<char*> coreArgv(argv, argv + argc + 1);
    const QCoreApplication core(coreArgc, coreArgv.data());
    CommandLine commandLine;
    if (!commandLine.parser.parse(QCoreApplication::arguments())) {
        const QStringList unknown = commandLine.parser.unknownOptionNames();
        if (!unknown.isEmpty() &&
            std::all_of(unknown.begin(), unknown.end(),
                        [](const QString& name) { return qtOptions.contains(name); }))
            return;
    }
    commandLine.parser.process(core); // exits after help, version or an error
    Request request;
    if (const auto error = parseRequest(commandLine, request)) {
        std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(*error));
        std::exit(2);
    }
}

void setWindowIcon()
{
    const QString appId = QStringLiteral("io.github.hedgeexplorer.HedgeExplorer");
    QGuiApplication::setDesktopFileName(appId);
    QIcon icon = QIcon::fromTheme(appId);
    if (icon.isNull())
        for (int size : {16, 32, 48, 64, 128, 256})
            icon.addFile(QStringLiteral(":/icons/%1x%1/apps/%2.png").arg(size).arg(appId));
    QApplication::setWindowIcon(icon);
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
    setWindowIcon();
    CommandLine cl;
    cl.parser.process(app);
    Request request;
    if (const auto error = parseRequest(cl, request)) {
        std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(*error));
        return 2;
    }
    hedge::applyPalette(cl.parser.value(cl.paletteOption));

    const QStringList files = cl.parser.positionalArguments();
    const bool preset = cl.parser.isSet(cl.presetOption);
    hedge::MainWindow window(
        hedge::MainWindow::Options{.restoreSession = files.isEmpty() && !preset});
    if (!files.isEmpty()) {
        if (window.openScenarioFile(files.first()))
            std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(window.lastError()));
    }
    if (preset && !window.loadPreset(cl.parser.value(cl.presetOption))) {
        std::fprintf(stderr, "hedge-explorer: unknown preset \"%s\" (known: %s)\n",
                     qPrintable(cl.parser.value(cl.presetOption)),
                     qPrintable(cl.presetNames.join(", ")));
        return 2;
    }
    if (request.size)
        window.resize(*request.size);
    if (request.liveSpeed) {
        window.liveController()->setSpeed(*request.liveSpeed);
        window.showLiveView();
    }
    window.show();
    // After the file or preset: the command line wins over their charts. On the shown window:
    // the table gives way to the charts as it does when the user shows them.
    if (cl.parser.isSet(cl.chartsOption))
        for (hedge::Metric m : hedge::allMetrics())
            window.setChartVisible(m, request.charts.contains(m));
    if (cl.parser.isSet(cl.overlayOption)) {
        if (window.overlayMeasuredFile(cl.parser.value(cl.overlayOption)))
            std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(window.lastError()));
    }
    return app.exec();
}
