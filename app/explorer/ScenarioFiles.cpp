#include "ScenarioFiles.h"

#include "MainActions.h"

#include <hedge/document/ScenarioDocument.h>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QWidget>

namespace hedge {

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
