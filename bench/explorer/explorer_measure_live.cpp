// explorer_measure_live: the Live view's figures (LiveMeasure.h, docs/PERFORMANCE.md "The
// explorer") on hedge.explorer.timing (standard error), then quit.
#include "ExplorerBench.h"
#include "LiveMeasure.h"

#include <QApplication>

int main(int argc, char* argv[])
{
    hedge::bench::setUpApplication();
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Log the Live view's redraws, event-loop latency and memory (hedge.explorer.timing)."));
    parser.addHelpOption();
    const hedge::bench::WindowOptions windowOptions;
    windowOptions.addTo(parser);
    parser.process(app);
    std::unique_ptr<hedge::MainWindow> window = windowOptions.openWindow(parser);
    hedge::bench::measureLiveView(*window);
    return app.exec();
}
