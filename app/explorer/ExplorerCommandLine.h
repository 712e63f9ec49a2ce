// hedge-explorer's command line (packaging/hedge-explorer.1, docs/user-guide.md "Starting"):
// [SCENARIO.json] --preset NAME --lesson FILE --palette light|dark --charts KEYS --size WxH
// --overlay RESULTS.json --live-speed X, and --help, --version. Declared once, parsed twice:
// first without a display (answerWithoutDisplay), then by the window's QApplication.
#pragma once

#include "Metric.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QSize>
#include <QStringList>

#include <optional>

namespace hedge {

class ExplorerCommandLine {
public:
    // What the command line asks for, checked before any window exists: a bad value changes
    // nothing and starts nothing.
    struct Request {
        QList<Metric> charts;
        std::optional<QSize> size;
        std::optional<double> liveSpeed;
    };

    ExplorerCommandLine();

    // After parser.process(): the request, or the first bad value's error naming the option
    // and what it allows.
    std::optional<QString> check(Request& request) const;

    // --help, --version and a mistyped option or value, answered and exited before the
    // QApplication exists; returns only when the window is to start.
    static void answerWithoutDisplay(int argc, char* argv[]);

    QCommandLineParser parser;
    QStringList presetNames;
    QCommandLineOption presetOption{QStringLiteral("preset"), QString(), QStringLiteral("NAME")};
    QCommandLineOption lessonOption{
        QStringLiteral("lesson"),
        QStringLiteral("Start with a lesson file (as File > Open Lesson...); a file with an "
                       "error opens nothing and its problem is said as FILE:LINE, as "
                       "hedgesim lesson check says it."),
        QStringLiteral("FILE")};
    QCommandLineOption paletteOption{
        QStringLiteral("palette"),
        QStringLiteral("light or dark colours for this run (View > Dark Palette remembers one)."),
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
};

} // namespace hedge
