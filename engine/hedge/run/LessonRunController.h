// Runs a lesson's steps on the window's BackgroundRunner for File → Export Lesson…
// (docs/lessons.md, "Handouts"): each distinct step scenario once, as `hedgesim lesson check`
// and `hedgesim lesson export` run them (LessonRuns.h), so that a handout from the window has
// their figures. A Background lane: the passes take turns with the sweep's and the map's, and
// give way to a preview frame, the advisor or a fit; a scenario run before it gave way is kept.
#pragma once

#include <hedge/io/Lesson.h>
#include <hedge/io/LessonRuns.h>
#include <hedge/run/BackgroundRunner.h>

#include <QObject>
#include <QPointer>
#include <QString>

namespace hedge {

class LessonRunController : public QObject {
    Q_OBJECT
public:
    // Runs on `runner` (the window's); without one, on its own.
    explicit LessonRunController(BackgroundRunner* runner = nullptr, QObject* parent = nullptr);
    ~LessonRunController() override;

    // Runs every step of `lesson` (a run under way stops: its finished scenarios are kept).
    void run(Lesson lesson);
    // Stops the run; finished() hears completed = false.
    void stop();
    void shutdown();
    bool isRunning() const;
    // Distinct step scenarios, and those run so far.
    int total() const { return int(LessonRuns::distinctRuns(m_lesson)); }
    int done() const { return int(m_runs.runsOf(m_lesson)); }

    const Lesson& lesson() const { return m_lesson; }
    // What has run; every step once finished(true) is heard.
    const LessonRuns& runs() const { return m_runs; }

signals:
    // A step scenario has run (done() of total()).
    void progressed();
    // Every scenario ran (completed), or the run stopped or failed (`error`).
    void finished(bool completed, const QString& error);

private:
    BackgroundRunner::Job planPass();

    QPointer<BackgroundRunner> m_runner;
    int m_lane = 0;
    Lesson m_lesson;
    LessonRuns m_runs;
};

} // namespace hedge
