// File → Export Lesson… (docs/lessons.md, "Handouts"): which lesson (a shipped one, or a
// lesson file of one's own), the teacher's or the student's version, and the file (.html: one
// self-contained page; .pdf). Export asks the
// window to run the lesson's steps; the dialog shows how many have run, and Cancel stops them.
#pragma once

#include "LessonHandout.h"

#include <QDialog>
#include <QStringList>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace hedge {

class LessonExportDialog : public QDialog {
    Q_OBJECT
public:
    struct LessonEntry {
        QString title;
        QString file; // for readLessonFile
    };
    // `lessons`: the shipped lessons; `current`: the one preselected (the lesson under way).
    LessonExportDialog(const QList<LessonEntry>& lessons, int current, const QString& folder,
                       QWidget* parent = nullptr);

    // The chosen lesson's file.
    QString lessonFile() const;
    HandoutVersion version() const;
    QString path() const;

    // While the steps run: "Running the steps' scenarios: 2 of 5"; the fields wait.
    void showProgress(int done, int total);
    // The export ended with `error` (empty: written; the dialog closes then).
    void showEnd(const QString& error);

signals:
    void exportRequested();
    void cancelRequested();

private:
    void updateExportButton();
    void browse();
    // Open File…: a lesson file joins the list when it reads (else its error is shown and the
    // list stays as it was).
    void openLessonFile();

    QComboBox* m_lesson;
    QComboBox* m_version;
    QLineEdit* m_path;
    QPushButton* m_openLesson;
    QPushButton* m_browse;
    QLabel* m_status;
    QDialogButtonBox* m_buttons;
    QPushButton* m_export;
    bool m_running = false;
};

} // namespace hedge
