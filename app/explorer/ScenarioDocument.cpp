#include "ScenarioDocument.h"

#include <hedge/io/AtomicFile.h>
#include <hedge/io/Presets.h>
#include <hedge/io/ScenarioJson.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace hedge {

ScenarioDocument::ScenarioDocument(QObject* parent) : QObject(parent) {}

QString ScenarioDocument::title() const
{
    QString name;
    if (!m_filePath.isEmpty())
        name = QFileInfo(m_filePath).fileName();
    else if (const Preset* p = findPreset(m_presetName.toStdString()))
        name = tr("%1 (preset)").arg(QString::fromStdString(p->title));
    else
        name = tr("Untitled");
    return tr("%1[*] — Hedge Explorer").arg(name);
}

const Preset* ScenarioDocument::preset() const
{
    if (const Preset* p = findPreset(m_presetName.toStdString()))
        return p;
    for (const Preset& p : presets())
        if (p.scenario == m_scenario)
            return &p;
    return nullptr;
}

std::optional<QString> ScenarioDocument::open(const QString& path)
{
    StyledScenario s;
    try {
        s = readStyledScenarioFile(QDir::toNativeSeparators(path).toStdString());
    } catch (const ScenarioError& e) {
        return tr("“%1” was not opened:\n%2\n\nThe current scenario is unchanged.")
            .arg(QFileInfo(path).fileName(), QString::fromUtf8(e.what()));
    }
    m_filePath = QFileInfo(path).absoluteFilePath();
    m_presetName.clear();
    m_scenario = s.scenario;
    m_style = s.style;
    emit scenarioReplaced(m_scenario, m_style);
    setModified(false);
    autosave();
    return std::nullopt;
}

std::optional<QString> ScenarioDocument::save(const QString& path)
{
    if (auto error =
            writeFileAtomically(path.toStdString(), writeScenarioJson(m_scenario, m_style)))
        return QString::fromStdString(*error);
    m_filePath = QFileInfo(path).absoluteFilePath();
    setModified(false);
    autosave();
    return std::nullopt;
}

bool ScenarioDocument::loadPreset(const QString& name)
{
    const Preset* p = findPreset(name.toStdString());
    if (!p)
        return false;
    m_filePath.clear();
    m_presetName = name;
    m_scenario = p->scenario;
    m_style.reset();
    emit scenarioReplaced(m_scenario, m_style);
    setModified(false);
    autosave();
    return true;
}

void ScenarioDocument::setScenario(const Scenario& scenario)
{
    m_filePath.clear();
    m_presetName.clear();
    m_scenario = scenario;
    m_style.reset();
    emit scenarioReplaced(m_scenario, m_style);
    setModified(false);
    autosave();
}

void ScenarioDocument::newScenario()
{
    setScenario(Scenario{});
}

void ScenarioDocument::setDefaultScenario(const Scenario& scenario)
{
    m_scenario = scenario;
    m_style.reset();
    emit scenarioReplaced(m_scenario, m_style);
}

void ScenarioDocument::applyEdit(const Scenario& scenario)
{
    m_scenario = scenario;
    setModified(true);
    autosave();
}

void ScenarioDocument::applyStyleEdit(const ScenarioStyle& style)
{
    if (m_style == style)
        return;
    m_style = style;
    setModified(true);
    autosave();
}

bool ScenarioDocument::restoreAutosave()
{
    const QString path = autosavePath();
    if (!QFile::exists(path))
        return false;
    try {
        const StyledScenario s = readStyledScenarioFile(path.toStdString());
        const QSettings settings;
        m_filePath = settings.value(QStringLiteral("session/filePath")).toString();
        m_presetName = settings.value(QStringLiteral("session/preset")).toString();
        m_scenario = s.scenario;
        m_style = s.style;
        emit scenarioReplaced(m_scenario, m_style);
        setModified(settings.value(QStringLiteral("session/modified")).toBool());
        return true;
    } catch (const ScenarioError& e) {
        emit restoreFailed(QString::fromUtf8(e.what()));
        return false;
    }
}

QString ScenarioDocument::autosavePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/working-scenario.json");
}

void ScenarioDocument::autosave()
{
    // The session keys first, then the scenario: whoever sees the new scenario file (a test,
    // the next start after a kill) also sees the keys that go with it.
    QSettings settings;
    settings.setValue(QStringLiteral("session/filePath"), m_filePath);
    settings.setValue(QStringLiteral("session/preset"), m_presetName);
    settings.setValue(QStringLiteral("session/modified"), m_modified);
    // QSettings writes lazily; a killed process would lose these.
    settings.sync();
    // Every edit is written at once, atomically: a killed process comes back with it.
    const QString path = autosavePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (auto error =
            writeFileAtomically(path.toStdString(), writeScenarioJson(m_scenario, m_style)))
        emit autosaveFailed(QString::fromStdString(*error));
}

void ScenarioDocument::setModified(bool modified)
{
    m_modified = modified;
    emit titleChanged();
}

} // namespace hedge
