// hedge-explorer [SCENARIO.json] [--preset NAME] [--lesson FILE] [--palette light|dark]
//                [--charts KEYS] [--size WxH] [--overlay RESULTS.json] [--live-speed X]
// (packaging/hedge-explorer.1, docs/user-guide.md "Starting"). Measurements and scripted
// drags are bench programs (bench/explorer/), not options of the program.
#include "ExplorerCommandLine.h"
#include "MainWindow.h"

#include "Metric.h"

#include <hedge/Version.h>
#include <hedge/run/LiveController.h>
#include <hedge/sim/AllocatorTuning.h>

#include <QApplication>
#include <QIcon>

#include <cstdio>

namespace {

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
    hedge::ExplorerCommandLine::answerWithoutDisplay(argc, argv);

    QApplication app(argc, argv);
    setWindowIcon();
    hedge::ExplorerCommandLine cl;
    cl.parser.process(app);
    hedge::ExplorerCommandLine::Request request;
    if (const auto error = cl.check(request)) {
        std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(*error));
        return 2;
    }

    const QStringList files = cl.parser.positionalArguments();
    const bool preset = cl.parser.isSet(cl.presetOption);
    const bool lesson = cl.parser.isSet(cl.lessonOption);
    hedge::MainWindow window(
        hedge::MainWindow::Options{.restoreSession = files.isEmpty() && !preset && !lesson});
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
    // After the window, which applied the palette View → Dark Palette remembers: the
    // command line wins for this run.
    if (cl.parser.isSet(cl.paletteOption))
        window.usePalette(cl.parser.value(cl.paletteOption));
    if (request.size)
        window.resize(*request.size);
    if (request.liveSpeed) {
        window.liveController()->setSpeed(*request.liveSpeed);
        window.showLiveView();
    }
    window.show();
    // On the shown window: a bad lesson's message is a box on it, and said here too; the
    // window starts with what it would show without the option.
    if (lesson) {
        if (window.openLessonFile(cl.parser.value(cl.lessonOption)))
            std::fprintf(stderr, "hedge-explorer: %s\n", qPrintable(window.lastError()));
    }
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
