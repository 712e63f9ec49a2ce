// explorer_screenshot OUT.png [--preset NAME] [--size WxH] [--palette light|dark]
//                             [--live-speed X] [--delay MS] [--presenter] [--lesson N[:STEP]]
//                             [--lessons]
// A picture of the window for the documentation (resources/screenshots/): the second setup
// selected, taken half a second after the full pass (a grid's map's full pass), or after
// --delay MS while the run goes on; --live-speed shows the Live view running at that speed.
// --presenter takes it in presenter mode (View → Presenter Mode: full screen, so the picture
// is the screen's size; offscreen, give the screen's size with
// -platform offscreen:configfile=FILE, FILE being {"screens": [{"name": "s", "x": 0, "y": 0,
// "width": 1920, "height": 1080, "logicalDpi": 96, "dpr": 1}]}). --lesson N[:STEP] shows step
// STEP (1 by default) of the N-th lesson of Help → Lessons…, its callout on the chart (a
// timeline step's on the Live view, once it has stopped at the step's moment). --lessons shows
// the end of Help → Lessons…'s list, where the user lessons folder's files are (the bench runs
// in QStandardPaths' test mode: the folder is ~/.qttest/share/HedgeExplorer/hedge-explorer/lessons).
#include "ExplorerBench.h"
#include "LessonPanel.h"

#include "SetupListWidget.h"

#include <hedge/run/LiveController.h>
#include <hedge/run/SweepController.h>

#include <QAction>
#include <QApplication>
#include <QListWidget>
#include <QTimer>

#include <cstdio>

int main(int argc, char* argv[])
{
    hedge::bench::setUpApplication();
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Save a PNG of the explorer's window."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("OUT.png"), QStringLiteral("The picture."));
    const hedge::bench::WindowOptions windowOptions;
    windowOptions.addTo(parser);
    const QCommandLineOption delay(QStringLiteral("delay"),
                                   QStringLiteral("Take it after MS milliseconds instead."),
                                   QStringLiteral("MS"));
    const QCommandLineOption liveSpeed(QStringLiteral("live-speed"),
                                       QStringLiteral("Show the Live view at this speed."),
                                       QStringLiteral("X"));
    const QCommandLineOption presenter(QStringLiteral("presenter"),
                                       QStringLiteral("In presenter mode (full screen)."));
    const QCommandLineOption lesson(QStringLiteral("lesson"),
                                    QStringLiteral("Show step STEP of the N-th lesson."),
                                    QStringLiteral("N[:STEP]"));
    const QCommandLineOption lessonList(QStringLiteral("lessons"),
                                        QStringLiteral("Show Help > Lessons...'s list."));
    parser.addOptions({delay, liveSpeed, presenter, lesson, lessonList});
    parser.process(app);
    if (parser.positionalArguments().size() != 1) {
        std::fprintf(stderr, "explorer_screenshot: one OUT.png expected\n");
        return 2;
    }
    const QString path = parser.positionalArguments().first();

    std::unique_ptr<hedge::MainWindow> window = windowOptions.openWindow(parser);
    hedge::MainWindow* w = window.get();
    hedge::bench::part<hedge::SetupListWidget>(*w)->setCurrentRow(1);
    if (parser.isSet(presenter))
        for (QAction* action : w->findChildren<QAction*>())
            if (action->text() == QStringLiteral("&Presenter Mode") && !action->isChecked())
                action->trigger();
    if (parser.isSet(lesson)) {
        const QStringList at = parser.value(lesson).split(QLatin1Char(':'));
        auto* panel = hedge::bench::part<hedge::LessonPanel>(*w);
        panel->startLesson(at.front().toInt() - 1);
        for (int step = 1; step < (at.size() > 1 ? at[1].toInt() : 1); ++step)
            panel->nextStep();
    }
    if (parser.isSet(lessonList)) { // its end: the user lessons folder's files come last
        auto* panel = hedge::bench::part<hedge::LessonPanel>(*w);
        panel->showLessons();
        panel->findChild<QListWidget*>(QStringLiteral("lessonList"))->scrollToBottom();
    }
    if (parser.isSet(liveSpeed)) {
        w->liveController()->setSpeed(parser.value(liveSpeed).toDouble());
        w->showLiveView();
    }
    auto status = std::make_shared<int>(0);
    const auto shoot = [w, path, status] {
        if (!w->grab().save(path)) {
            std::fprintf(stderr, "explorer_screenshot: cannot write %s\n", qPrintable(path));
            *status = 1;
        }
        QCoreApplication::exit(*status);
    };
    // A lesson's step: its own run's end (the window's first run, stopped, may end first).
    const bool onLesson = parser.isSet(lesson);
    const auto shootSoon = [w, shoot, onLesson](bool completed) {
        if (completed && (!onLesson || w->controller()->isComplete()))
            QTimer::singleShot(500, w, shoot);
    };
    if (parser.isSet(delay) || parser.isSet(liveSpeed))
        QTimer::singleShot(parser.value(delay).toInt(), w, shoot);
    else if (onLesson && w->scenario().timeline) // a timeline step: once the Live view stops
        QObject::connect(w->liveController(), &hedge::LiveController::pausedChanged, w,
                         [w, shoot](bool paused) {
                             if (paused && w->liveController()->nowS() > 0.0)
                                 QTimer::singleShot(500, w, shoot);
                         });
    else if (w->scenario().grid) // a grid shows its map: wait for its full pass
        QObject::connect(w->mapSweep(), &hedge::SweepController::runFinished, w, shootSoon);
    else
        QObject::connect(w->controller(), &hedge::SweepController::runFinished, w, shootSoon);
    return app.exec();
}
