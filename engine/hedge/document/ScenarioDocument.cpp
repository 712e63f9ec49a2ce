#include <hedge/document/ScenarioDocument.h>

#include <hedge/qt/AtomicFile.h>
#include <hedge/io/Presets.h>
#include <hedge/io/ScenarioJson.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoStack>

#include <utility>

namespace hedge {

namespace {

// The style of `target`'s setups as it replaces the working scenario: each setup keeps the
// colour and visibility it has now, found by name (a setup moved, or back from an undone
// removal), else at its row when the row's setup was renamed (by the user, or by its policy),
// else the one `target` was saved with; the charts shown now stay.
std::optional<ScenarioStyle> styleFollowingSetups(const ScenarioState& target,
                                                  const Scenario& currentScenario,
                                                  const std::optional<ScenarioStyle>& current)
{
    if (!target.style && !current)
        return std::nullopt;
    const auto styleAt = [](const std::optional<ScenarioStyle>& style,
                            std::size_t row) -> const SetupStyle* {
        return style && row < style->setups.size() ? &style->setups[row] : nullptr;
    };
    const auto rowOf = [](const Scenario& scenario, const std::string& name) {
        for (std::size_t i = 0; i < scenario.setups.size(); ++i)
            if (scenario.setups[i].name == name)
                return std::optional(i);
        return std::optional<std::size_t>();
    };
    const std::vector<Setup>& setups = target.scenario.setups;
    const bool sameRows = setups.size() == currentScenario.setups.size();
    ScenarioStyle style;
    style.charts = current ? current->charts : target.style->charts;
    for (std::size_t i = 0; i < setups.size(); ++i) {
        const SetupStyle* found = nullptr;
        if (const auto row = rowOf(currentScenario, setups[i].name))
            found = styleAt(current, *row);
        else if (sameRows && !rowOf(target.scenario, currentScenario.setups[i].name))
            found = styleAt(current, i);
        if (!found)
            found = styleAt(target.style, i);
        if (!found)
            break; // the rest take the palette
        style.setups.push_back(*found);
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
    m_changedPreset = false;
    m_scenario = s.scenario;
    m_style = s.style;
    replaced();
    markSaved();
    autosave();
    return std::nullopt;
}

std::optional<QString> ScenarioDocument::save(const QString& path)
{
    if (auto error =
            writeFileAtomically(path.toStdString(), writeScenarioJson(m_scenario, m_style)))
        return QString::fromStdString(*error);
    m_filePath = QFileInfo(path).absoluteFilePath();
    m_changedPreset = false; // the file is the user's now
    markSaved();
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
    m_changedPreset = false;
    m_scenario = p->scenario;
    m_style.reset();
    replaced();
    markSaved();
    autosave();
    return true;
}

void ScenarioDocument::setScenario(const Scenario& scenario, const QString& fromPreset)
{
    m_filePath.clear();
    m_presetName = findPreset(fromPreset.toStdString()) ? fromPreset : QString();
    m_changedPreset = !m_presetName.isEmpty();
    m_scenario = scenario;
    m_style.reset();
    replaced();
    markSaved();
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
    push({scenario, styleFollowingSetups({scenario, m_style}, m_scenario, m_style)}, text);
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
    noteChange();
    if (m_dragging)
        m_draggedEdit = true;
    else
        autosave();
    emit edited(m_scenario);
}

void ScenarioDocument::restore(const ScenarioState& state)
{
    show({state.scenario, styleFollowingSetups(state, m_scenario, m_style)});
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
    noteChange();
    autosave();
}

void ScenarioDocument::adoptShownStyle()
{
    if (m_saved && m_saved->scenario == m_scenario)
        markSaved();
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
        m_changedPreset = false;
        m_scenario = s.scenario;
        m_style = s.style;
        replaced();
        if (settings.value(QStringLiteral("session/modified")).toBool()) {
            m_saved.reset(); // what the file holds is not known here
            setModified(true);
        } else
            markSaved();
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

void ScenarioDocument::markSaved()
{
    m_saved = ScenarioState{m_scenario, m_style};
    setModified(false);
}

void ScenarioDocument::noteChange()
{
    setModified(!m_saved || !(*m_saved == ScenarioState{m_scenario, m_style}));
}

void ScenarioDocument::setModified(bool modified)
{
    m_modified = modified;
    emit titleChanged();
}

} // namespace hedge
