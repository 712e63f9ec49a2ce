// explorer_measure [--preset NAME] [--edit-and-drag] [--size WxH] [--palette light|dark]
// The explorer's start, edit and drag figures (docs/PERFORMANCE.md, "The explorer"), logged on
// hedge.explorer.timing (standard error): start → first curves and → full pass; with a grid,
// start → the map's full pass; with --edit-and-drag, an edit and a 2 s slider drag
// (EditAndDrag.h). Quits when the last figure is in.
#include "EditAndDrag.h"
#include "ExplorerBench.h"

#include <hedge/run/SweepController.h>
#include <hedge/run/TimingLog.h>

#include <QApplication>
#include <QElapsedTimer>

int main(int argc, char* argv[])
{
    hedge::bench::setUpApplication();
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Log the explorer's start, edit and drag times (hedge.explorer.timing)."));
    parser.addHelpOption();
    const hedge::bench::WindowOptions windowOptions;
    windowOptions.addTo(parser);
    const QCommandLineOption editAndDrag(
        QStringLiteral("edit-and-drag"),
        QStringLiteral("After the first full pass, edit a setup's delay, then drag its slider "
                       "for 2 s; quit after the release's full pass."));
    parser.addOption(editAndDrag);
    parser.process(app);

    QElapsedTimer clock;
    clock.start();
    std::unique_ptr<hedge::MainWindow> window = windowOptions.openWindow(parser);
    hedge::MainWindow* w = window.get();
    const bool grid = w->scenario().grid.has_value();
    // Quit once the sweep's full pass (or the script) and, with a grid, the map's are done.
    auto sweepDone = std::make_shared<bool>(false);
    auto mapDone = std::make_shared<bool>(!grid);
    const auto quitWhenDone = [sweepDone, mapDone] {
        if (*sweepDone && *mapDone)
            QCoreApplication::quit();
    };
    if (grid)
        QObject::connect(w->mapSweep(), &hedge::SweepController::runFinished, w,
                         [w, clock, mapDone, quitWhenDone](bool completed) {
                             if (!completed || *mapDone)
                                 return;
                             qCInfo(hedge::lcExplorerTiming,
                                    "start -> map full pass: %lld ms (%zu points)",
                                    static_cast<long long>(clock.elapsed()),
                                    w->mapSweep()->displayedPoints().size());
                             *mapDone = true;
                             quitWhenDone();
                         });
    if (parser.isSet(editAndDrag)) {
        auto* script = new hedge::bench::EditAndDrag(*w);
        QObject::connect(script, &hedge::bench::EditAndDrag::finished, w,
                         [sweepDone, quitWhenDone] {
                             *sweepDone = true;
                             quitWhenDone();
                         });
    } else {
        QObject::connect(w->controller(), &hedge::SweepController::runFinished, w,
                         [sweepDone, quitWhenDone](bool completed) {
                             *sweepDone = *sweepDone || completed;
                             quitWhenDone();
                         });
    }
    return app.exec();
}
