#include "ScenarioDocument.h"

#include <hedge/io/AtomicFile.h>
#include <hedge/io/Presets.h>
#include <hedge/io/ScenarioJson.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoStack>

#include <map>
#include <utility>

namespace hedge {

namespace {

// The style of `target`'s setups: each keeps the colour and visibility it has in `current`
// (by name), else the one it had in `saved`; the charts shown now stay.
std::optional<ScenarioStyle> styleByName(const ScenarioState& saved,
                                         const Scenario& currentScenario,
                                         const std::optional<ScenarioStyle>& current)
{
    if (!saved.style && !current)
        return std::nullopt;
    std::map<std::string, SetupStyle> byName;
    const auto collect = [&byName](const Scenario& scenario,
                                   const std::optional<ScenarioStyle>& style) {
        if (!style)
            return;
        for (std::size_t i = 0; i < style->setups.size() && i < scenario.setups.size(); ++i)
            byName.try_emplace(scenario.setups[i].name, style->setups[i]);
    };
    collect(currentScenario, current);
    collect(saved.scenario, saved.style);
    ScenarioStyle style;
    style.charts = current ? current->charts : saved.style->charts;
    for (const Setup& s : saved.scenario.setups) {
        const auto found = byName.find(s.name);
        if (found == byName.end())
            break; // the rest take the palette
        style.setups.push_back(found->second);
    }
    return style;
}

} // namespace

ScenarioDocument::ScenarioDocument(QObject* parent)
    : QObject(parent), m_undoStack(new QUndoStack(this))
{
}

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
    replaced();
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
    replaced();
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
    replaced();
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
    replaced();
}

void ScenarioDocument::applyEdit(const Scenario& scenario, const QString& text)
{
    push({scenario, styleByName({scenario, m_style}, m_scenario, m_style)}, text);
}

void ScenarioDocument::applyEdit(const Scenario& scenario, const ScenarioStyle& style,
                                 const QString& text)
{
    push({scenario, style}, text);
}

void ScenarioDocument::push(ScenarioState after, const QString& text)
{
    ScenarioState before{m_scenario, m_style};
    if (after == before)
        return;
    m_undoStack->push(new ScenarioEditCommand(this, std::move(before), std::move(after),
                                              m_dragging ? m_drag : 0,
                                              text.isEmpty() ? tr("Edit") : text));
}

void ScenarioDocument::beginDrag()
{
    m_dragging = true;
    m_draggedEdit = false;
    ++m_drag;
}

void ScenarioDocument::endDrag()
{
    if (!m_dragging)
        return;
    m_dragging = false;
    if (std::exchange(m_draggedEdit, false)) {
        autosave();
        emit dragFinished(m_scenario);
    }
}

void ScenarioDocument::show(const ScenarioState& state)
{
    m_scenario = state.scenario;
    m_style = state.style;
    setModified(true);
    if (m_dragging)
        m_draggedEdit = true;
    else
        autosave();
    emit edited(m_scenario);
}

void ScenarioDocument::restore(const ScenarioState& state)
{
    show({state.scenario, styleByName(state, m_scenario, m_style)});
}

void ScenarioDocument::replaced()
{
    m_undoStack->clear();
    emit scenarioReplaced(m_scenario, m_style);
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
        replaced();
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
