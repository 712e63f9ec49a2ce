// File → Export Lesson… (docs/lessons.md, "Handouts"): the dialog (LessonExportDialog), the
// lesson's steps run on the window's runner (LessonRunController), then its handout written
// (LessonHandout.h) with the charts the window draws. Errors go out as a signal for the window.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class QWidget;

namespace hedge {

class BackgroundRunner;
class LessonExportDialog;
class LessonRunController;
class MainActions;

class LessonExport : public QObject {
    Q_OBJECT
public:
    LessonExport(MainActions* actions, BackgroundRunner* runner, QWidget* window);

    void openDialog();
    // The dialog while it is open (tests drive it as a user does).
    LessonExportDialog* dialog() const;

signals:
    void failed(const QString& title, const QString& error);
    void message(const QString& text, int timeoutMs);

private:
    void start();
    void finish(bool completed, const QString& error);
    // The lesson under way in the window's lesson pane; -1: none.
    int lessonUnderWay() const;

    QWidget* m_window;
    LessonRunController* m_runs;
    QPointer<LessonExportDialog> m_dialog;
    QString m_path; // the export under way's
    int m_version = 0;
};

} // namespace hedge
