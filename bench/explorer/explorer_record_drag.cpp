// explorer_record_drag DIR [--preset NAME] [--size WxH] [--palette light|dark]
// The drag of explorer_measure --edit-and-drag (EditAndDrag.h), recorded: the window's frames
// 25 a second from the press until 0.5 s after the release, as DIR/frame-NNNN.png and
// DIR/frames.tsv (DragRecorder.h). scripts/record-delay-drag.sh makes the README's GIF of them.
#include "DragRecorder.h"
#include "EditAndDrag.h"
#include "ExplorerBench.h"

#include <QApplication>

#include <cstdio>
#include <memory>

int main(int argc, char* argv[])
{
    hedge::bench::setUpApplication();
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Record the window's frames during a scripted slider drag."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("DIR"),
                                 QStringLiteral("Where the frames and frames.tsv go."));
    const hedge::bench::WindowOptions windowOptions;
    windowOptions.addTo(parser);
    parser.process(app);
    if (parser.positionalArguments().size() != 1) {
        std::fprintf(stderr, "explorer_record_drag: one DIR expected\n");
        return 2;
    }

    std::unique_ptr<hedge::MainWindow> window = windowOptions.openWindow(parser);
    auto* script = new hedge::bench::EditAndDrag(*window);
    constexpr int kIntervalMs = 40; // 25 frames a second
    constexpr int kTailMs = 500;
    auto* recorder = new hedge::DragRecorder(window.get(), script->delaySlider(),
                                             parser.positionalArguments().first(), kIntervalMs,
                                             kTailMs, window.get());
    // The release's full pass and the written frames, in either order, end the program.
    auto pending = std::make_shared<int>(2);
    auto ok = std::make_shared<bool>(true);
    const auto oneDone = [pending, ok] {
        if (--*pending == 0)
            QCoreApplication::exit(*ok ? 0 : 1);
    };
    QObject::connect(script, &hedge::bench::EditAndDrag::finished, window.get(), oneDone);
    QObject::connect(recorder, &hedge::DragRecorder::written, window.get(),
                     [ok, oneDone](bool written) {
                         *ok = written;
                         oneDone();
                     });
    return app.exec();
}
