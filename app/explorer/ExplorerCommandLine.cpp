#include "ExplorerCommandLine.h"

#include <hedge/io/Presets.h>

#include <QCoreApplication>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace hedge {

namespace {

// --charts: the keys of a scenario file's style block (p999_ms) or the short ones (p999).
std::optional<QString> parseCharts(const QString& value, QList<Metric>& charts)
{
    for (const QString& key : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        std::optional<Metric> metric = metricFromResultsKey(key.trimmed());
        if (!metric)
            metric = metricFromKey(key.trimmed());
        if (!metric) {
            QStringList known;
            for (Metric m : allMetrics())
                known << metricResultsKey(m);
            return QStringLiteral("--charts: unknown chart \"%1\" (known: %2)")
                .arg(key.trimmed(), known.join(QStringLiteral(", ")));
        }
        charts << *metric;
    }
    return std::nullopt;
}

} // namespace

ExplorerCommandLine::ExplorerCommandLine()
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
    for (const Preset& p : presets())
        presetNames << QString::fromStdString(p.name);
    presetOption.setDescription(
        QStringLiteral("Start with a preset: %1.").arg(presetNames.join(QStringLiteral(", "))));
    parser.addOptions(
        {presetOption, lessonOption, paletteOption, chartsOption, sizeOption, overlayOption,
         liveSpeedOption});
}

// Returns the first bad value's error, naming the option and what it allows, or nothing.
std::optional<QString> ExplorerCommandLine::check(Request& request) const
{
    if (const auto error = parseCharts(parser.value(chartsOption), request.charts))
        return error;
    const QString palette = parser.value(paletteOption);
    if (parser.isSet(paletteOption) && palette != QLatin1String("light") &&
        palette != QLatin1String("dark"))
        return QStringLiteral("--palette: \"%1\" is not a palette (allowed light, dark)")
            .arg(palette);
    if (parser.isSet(sizeOption)) {
        const QStringList wh = parser.value(sizeOption).split(QLatin1Char('x'));
        bool okW = false;
        bool okH = false;
        const int w = wh.size() == 2 ? wh[0].toInt(&okW) : 0;
        const int h = wh.size() == 2 ? wh[1].toInt(&okH) : 0;
        if (!okW || !okH || w < 200 || h < 150 || w > 10000 || h > 10000)
            return QStringLiteral("--size: \"%1\" is not WIDTHxHEIGHT in pixels (allowed "
                                  "200x150 … 10000x10000)")
                .arg(parser.value(sizeOption));
        request.size = QSize(w, h);
    }
    if (parser.isSet(liveSpeedOption)) {
        bool ok = false;
        const double speed = parser.value(liveSpeedOption).toDouble(&ok);
        if (!ok || (speed != 0.0 && speed != 1.0 && speed != 10.0 && speed != 100.0))
            return QStringLiteral("--live-speed: \"%1\" is not a speed (allowed 1, 10, 100, or 0 "
                                  "for as fast as possible)")
                .arg(parser.value(liveSpeedOption));
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
void ExplorerCommandLine::answerWithoutDisplay(int argc, char* argv[])
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
    ExplorerCommandLine commandLine;
    if (!commandLine.parser.parse(QCoreApplication::arguments())) {
        const QStringList unknown = commandLine.parser.unknownOptionNames();
        if (!unknown.isEmpty() &&
            std::all_of(unknown.begin(), unknown.end(),
                        [](const QString& name) { return qtOptions.contains(name); }))
            return;
    }
    commandLine.parser.process(core); // exits after help, version or an error
    Request request;
    if (const auto error = commandLine.check(request)) {
        std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(*error));
        std::exit(2);
    }
}

} // namespace hedge
