#include "LessonExport.h"

#include "LessonExportDialog.h"
#include "LessonHandout.h"
#include "LessonPanel.h"
#include "MainActions.h"

#include <hedge/io/Lesson.h>
#include <hedge/io/ShippedLessons.h>
#include <hedge/run/LessonRunController.h>

#include <QStandardPaths>
#include <QStringList>

#include <QWidget>
#include <utility>

namespace hedge {

LessonExport::LessonExport(MainActions* actions, BackgroundRunner* runner, QWidget* window)
    : QObject(window), m_window(window), m_runs(new LessonRunController(runner, this))
{
    connect(actions, &MainActions::exportLessonRequested, this, &LessonExport::openDialog);
    connect(m_runs, &LessonRunController::progressed, this, [this] {
        if (m_dialog)
            m_dialog->showProgress(m_runs->done(), m_runs->total());
    });
    connect(m_runs, &LessonRunController::finished, this, &LessonExport::finish);
}

LessonExportDialog* LessonExport::dialog() const
{
    return m_dialog;
}

int LessonExport::lessonUnderWay() const
{
    const auto* lessons = m_window->findChild<LessonPanel*>();
    return lessons ? lessons->lessonIndex() : -1;
}

void LessonExport::openDialog()
{
    if (m_dialog) {
        m_dialog->raise();
        return;
    }
    QList<LessonExportDialog::LessonEntry> lessons;
    for (const std::string& file : shippedLessonFiles())
        lessons.push_back(
            {QString::fromStdString(readLessonFile(file).title), QString::fromStdString(file)});
    m_dialog = new LessonExportDialog(
        lessons, lessonUnderWay(),
        QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation), m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_dialog, &LessonExportDialog::exportRequested, this, &LessonExport::start);
    connect(m_dialog, &LessonExportDialog::cancelRequested, m_runs, &LessonRunController::stop);
    connect(m_dialog, &QDialog::rejected, m_runs, &LessonRunController::stop);
    m_dialog->open();
}

void LessonExport::start()
{
    m_path = m_dialog->path();
    m_version = int(m_dialog->version());
    Lesson lesson;
    try {
        lesson = readLessonFile(m_dialog->lessonFile().toStdString());
    } catch (const ScenarioError& e) {
        // A file of one's own changed since it was chosen: its error, nothing run.
        m_dialog->showEnd(QString::fromUtf8(e.what()));
        return;
    }
    m_runs->run(std::move(lesson));
    m_dialog->showProgress(m_runs->done(), m_runs->total());
}

void LessonExport::finish(bool completed, const QString& error)
{
    // The dialog closed (Cancel, Escape, its window's close button) while the steps ran: the
    // export was called off, whatever ran meanwhile.
    if (!m_dialog || !m_dialog->isVisible())
        return;
    if (!completed) {
        if (!error.isEmpty()) {
            m_dialog->showEnd(error);
            emit failed(tr("Export Lesson"), error);
        }
        return;
    }
    const LessonHandout handout = makeLessonHandout(m_runs->lesson(), m_runs->runs());
    const std::optional<QString> written =
        writeLessonHandout(m_path, handout, HandoutVersion(m_version));
    // A file that cannot be written: the dialog stays open with the error, to choose another.
    m_dialog->showEnd(written.value_or(QString()));
    if (!written)
        emit message(tr("Lesson \"%1\" exported to %2").arg(handout.title, m_path), 5000);
}

} // namespace hedge
