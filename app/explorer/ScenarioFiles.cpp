#include "ScenarioFiles.h"

#include "MainActions.h"

#include <hedge/document/ScenarioDocument.h>

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QWidget>

namespace hedge {

namespace {

// Whether `path` holds a lesson (docs/lessons.md, "The file"): its "schema" says so. Anything
// else, a file that does not parse among them, is read as a scenario and its error is the
// scenario reader's.
bool isLessonFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QJsonDocument json = QJsonDocument::fromJson(file.readAll());
    return json.isObject() &&
           json.object().value(QStringLiteral("schema")).toString() ==
               QLatin1String("hedge-explorer/lesson@1");
}

} // namespace

ScenarioFiles::ScenarioFiles(ScenarioDocument* document, MainActions* actions, QWidget* window)
    : QObject(window), m_document(document), m_actions(actions), m_window(window)
{
    connect(m_actions, &MainActions::newRequested, this, [this] {
        if (maybeDiscard())
            m_document->newScenario();
    });
    connect(m_actions, &MainActions::openRequested, this, &ScenarioFiles::openDialog);
    connect(m_actions, &MainActions::saveRequested, this, &ScenarioFiles::save);
    connect(m_actions, &MainActions::saveAsRequested, this, &ScenarioFiles::saveAsDialog);
    connect(m_actions, &MainActions::presetRequested, this, [this](const QString& name) {
        if (maybeDiscard())
            m_document->loadPreset(name);
    });
    connect(m_actions, &MainActions::recentFileRequested, this, [this](const QString& path) {
        if (maybeDiscard())
            openFile(path);
    });
}

std::optional<QString> ScenarioFiles::openFile(const QString& path)
{
    if (m_openLesson && isLessonFile(path)) {
        if (auto error = m_openLesson(path))
            return error;
        m_actions->addRecentFile(QFileInfo(path).absoluteFilePath());
        return std::nullopt;
    }
    if (auto error = m_document->open(path)) {
        emit failed(tr("Cannot Open Scenario"), *error);
        return error;
    }
    m_actions->addRecentFile(m_document->filePath());
    return std::nullopt;
}

std::optional<QString> ScenarioFiles::saveFile(const QString& path)
{
    if (auto error = m_document->save(path)) {
        emit failed(tr("Cannot Save Scenario"), *error);
        return error;
    }
    m_actions->addRecentFile(m_document->filePath());
    emit message(tr("Saved %1").arg(QDir::toNativeSeparators(m_document->filePath())), 4000);
    return std::nullopt;
}

void ScenarioFiles::openDialog()
{
    if (!maybeDiscard())
        return;
    const QString file = m_document->filePath();
    const QString dir = file.isEmpty() ? QDir::homePath() : QFileInfo(file).absolutePath();
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Scenario"), dir,
                                                      tr("Scenario files (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool ScenarioFiles::save()
{
    if (m_document->filePath().isEmpty())
        return saveAsDialog();
    return !saveFile(m_document->filePath()).has_value();
}

bool ScenarioFiles::saveAsDialog()
{
    QString suggestion = m_document->filePath();
    const QString preset = m_document->presetName();
    if (suggestion.isEmpty())
        suggestion = QDir::homePath() + QLatin1Char('/') +
                     (preset.isEmpty() ? QStringLiteral("scenario") : preset) +
                     QStringLiteral(".json");
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Scenario"), suggestion,
                                                tr("Scenario files (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    return !saveFile(path).has_value();
}

bool ScenarioFiles::maybeDiscard()
{
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::question(
        m_window, tr("Unsaved Changes"),
        tr("The working scenario has changes that are not saved in a file. Save them first?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return save();
    return true;
}

} // namespace hedge
