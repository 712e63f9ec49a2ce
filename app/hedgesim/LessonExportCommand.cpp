#include "LessonExportCommand.h"

#include <LessonHandout.h>

#include <hedge/io/Lesson.h>
#include <hedge/io/LessonRuns.h>

#include <QApplication>

#include <memory>
#include <ostream>

namespace hedge::cli {

namespace {

// The charts are the explorer's widgets, drawn off screen: they need a QApplication. hedgesim
// has none of its own (its other commands need no Qt GUI), so the export makes one on the
// offscreen platform, without a display; a process that has one (a test's) lends it.
std::unique_ptr<QApplication> offscreenApplication()
{
    if (QCoreApplication::instance()) {
        if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
            throw std::runtime_error("lesson export needs a QApplication for its charts");
        return nullptr;
    }
    static int argc = 3;
    static char name[] = "hedgesim", platform[] = "-platform", offscreen[] = "offscreen";
    static char* argv[] = {name, platform, offscreen, nullptr};
    return std::make_unique<QApplication>(argc, argv);
}

} // namespace

int runLessonExport(const CommandLine& cl, const Streams& s)
{
    Lesson lesson;
    try {
        lesson = readLessonFile(cl.input);
    } catch (const ScenarioError& e) {
        throw InvalidInput(e.what());
    }
    const std::unique_ptr<QApplication> app = offscreenApplication();
    LessonRuns runs;
    runs.runAll(lesson, cl.threads);
    const LessonHandout handout = makeLessonHandout(lesson, runs);
    const HandoutVersion version =
        cl.handoutStudent ? HandoutVersion::Student : HandoutVersion::Teacher;
    bool written = true;
    for (const std::string& out : {cl.handoutHtml, cl.handoutPdf}) {
        if (out.empty())
            continue;
        if (auto error = writeLessonHandout(QString::fromStdString(out), handout, version)) {
            s.err << error->toStdString() << "\n";
            written = false;
        } else {
            s.out << out << ": " << lesson.title << ", " << lesson.steps.size() << " steps ("
                  << handoutVersionName(version).toStdString() << "'s version)\n";
        }
    }
    s.out << std::flush;
    return written ? kExitOk : kExitInternal;
}

} // namespace hedge::cli
