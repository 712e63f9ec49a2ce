#include <hedge/document/ScenarioDocument.h>

#include <hedge/qt/AtomicFile.h>
#include <hedge/io/Presets.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/sim/Figures.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoStack>

#include <algorithm>
#include <utility>

namespace hedge {

namespace {

std::optional<std::size_t> rowOf(const Scenario& scenario, const std::string& name)
{
    for (std::size_t i = 0; i < scenario.setups.size(); ++i)
        if (scenario.setups[i].name == name)
            return i;
    return std::nullopt;
}

// The setups' styles of `next` as it replaces `current` by an edit: each setup keeps the colour
// and visibility it has now, found by name (a setup moved), else at its row when the row's
// setup was renamed (by the user, or by its policy); a new setup takes the palette's next
// unused colour.
std::vector<SetupStyle> stylesFollowingSetups(const Scenario& next, const Scenario& current,
                                              const ScenarioStyle& style)
{
    const auto styleAt = [&style](std::size_t row) -> const SetupStyle* {
        return row < style.setups.size() ? &style.setups[row] : nullptr;
    };
    const bool sameRows = next.setups.size() == current.setups.size();
    std::vector<const SetupStyle*> known;
    for (std::size_t i = 0; i < next.setups.size(); ++i) {
        const SetupStyle* found = nullptr;
        if (const auto row = rowOf(current, next.setups[i].name))
            found = styleAt(*row);
        else if (sameRows && !rowOf(next, current.setups[i].name))
            found = styleAt(i);
        known.push_back(found);
    }
    return completeSetupStyles(known);
}

} // namespace

ScenarioDocument::ScenarioDocument(QObject* parent)
    : QObject(parent), m_undoStack(new QUndoStack(this))
{
    m_style.panels = defaultPanels();
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
    replaced(s.style);
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
    replaced(std::nullopt);
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
    replaced(std::nullopt);
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
    replaced(std::nullopt);
}

void ScenarioDocument::applyEdit(const Scenario& scenario, const QString& text)
{
    ScenarioStyle style = m_style;
    style.setups = stylesFollowingSetups(scenario, m_scenario, m_style);
    push({scenario, std::move(style)}, text);
}

void ScenarioDocument::setSetupColour(int row, const std::string& colour)
{
    if (row < 0 || std::size_t(row) >= m_style.setups.size() || !isColour(colour))
        return;
    ScenarioStyle style = m_style;
    style.setups[std::size_t(row)].colour = QString::fromStdString(colour).toLower().toStdString();
    push({m_scenario, std::move(style)},
         tr("Colour of “%1”").arg(QString::fromStdString(m_scenario.setups[std::size_t(row)].name)));
}

void ScenarioDocument::setSetupVisible(int row, bool visible)
{
    if (row < 0 || std::size_t(row) >= m_style.setups.size())
        return;
    ScenarioStyle style = m_style;
    style.setups[std::size_t(row)].visible = visible;
    const QString name = QString::fromStdString(m_scenario.setups[std::size_t(row)].name);
    push({m_scenario, std::move(style)},
         visible ? tr("Show “%1”").arg(name) : tr("Hide “%1”").arg(name));
}

void ScenarioDocument::setChartShown(const std::string& key, bool shown)
{
    std::vector<std::string> charts = m_style.charts;
    std::erase(charts, key);
    if (shown)
        charts.push_back(key);
    ScenarioStyle style = m_style;
    style.charts = shownCharts(charts);
    showStyle(style);
}

void ScenarioDocument::setPanelShown(const std::string& key, bool shown)
{
    std::vector<std::string> panels = m_style.panels.value_or(defaultPanels());
    std::erase(panels, key);
    if (shown)
        panels.push_back(key);
    ScenarioStyle style = m_style;
    style.panels = shownPanels(panels);
    showStyle(style);
}

void ScenarioDocument::showSetups(const std::vector<std::string>& names)
{
    ScenarioStyle style = m_style;
    for (std::size_t i = 0; i < style.setups.size() && i < m_scenario.setups.size(); ++i)
        style.setups[i].visible =
            std::find(names.begin(), names.end(), m_scenario.setups[i].name) != names.end();
    showStyle(style);
}

void ScenarioDocument::showStyle(const ScenarioStyle& style)
{
    if (style == m_style)
        return;
    m_style = style;
    noteChange();
    autosave();
    emit styleChanged(m_style);
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

namespace {

// docs/user-guide.md, "Charts": a scenario whose calls have outcomes (a setup with a deadline or
// retries) shows the goodput chart, since with a deadline a collapse reads there and not on the
// p99 chart; the user may turn it off again.
std::vector<std::string> withGoodputChart(std::vector<std::string> charts)
{
    charts.emplace_back(figureRow(Figure::GoodputPercent).resultsKey);
    return shownCharts(charts);
}

} // namespace

void ScenarioDocument::show(const ScenarioState& shown)
{
    ScenarioState state = shown;
    // The edit that first gives the scenario a deadline or retries turns goodput on.
    if (!m_scenario.hasCallOutcomes() && state.scenario.hasCallOutcomes())
        state.style.charts = withGoodputChart(state.style.charts);
    const bool scenarioChanged = !(state.scenario == m_scenario);
    const auto names = [](const Scenario& s) {
        std::vector<std::string> n;
        for (const Setup& setup : s.setups)
            n.push_back(setup.name);
        return n;
    };
    // The drawing follows a style, and the setups' names and order it is matched by.
    const bool drawingChanged =
        !(state.style == m_style) || names(state.scenario) != names(m_scenario);
    m_scenario = state.scenario;
    m_style = state.style;
    noteChange();
    if (m_dragging)
        m_draggedEdit = true;
    else
        autosave();
    if (scenarioChanged)
        emit edited(m_scenario);
    if (drawingChanged)
        emit styleChanged(m_style);
}

void ScenarioDocument::restore(const ScenarioState& state)
{
    // Only the setups' styles are undone: the charts and panels on are no undo steps.
    ScenarioStyle style = m_style;
    style.setups = state.style.setups;
    show({state.scenario, std::move(style)});
}

void ScenarioDocument::replaced(const std::optional<ScenarioStyle>& loaded)
{
    ScenarioStyle style;
    if (loaded)
        style.charts = loaded->charts;
    else if (const Preset* p = preset(); p && m_filePath.isEmpty())
        style.charts = p->shownMetrics; // the metrics its text talks about
    else
        style.charts = m_style.charts; // a file without a style keeps the charts shown
    style.charts = shownCharts(style.charts);
    // A file's style says which charts it shows; a preset or a file without one shows goodput
    // once its calls have outcomes.
    if (!loaded && m_scenario.hasCallOutcomes())
        style.charts = withGoodputChart(style.charts);
    // The Live panels a file names; a file that names none (no style, or written before they
    // were kept) keeps those on now.
    std::vector<std::string> panels =
        loaded && loaded->panels ? *loaded->panels : m_style.panels.value_or(defaultPanels());
    // A preset turns on the panels its text talks about (the retry storm's goodput), beside
    // those on.
    if (const Preset* p = preset(); !loaded && p && m_filePath.isEmpty())
        panels.insert(panels.end(), p->shownPanels.begin(), p->shownPanels.end());
    style.panels = shownPanels(panels);
    std::vector<const SetupStyle*> known;
    for (std::size_t i = 0; i < m_scenario.setups.size(); ++i)
        known.push_back(loaded && i < loaded->setups.size() ? &loaded->setups[i] : nullptr);
    style.setups = completeSetupStyles(known);
    m_style = std::move(style);
    m_undoStack->clear();
    emit scenarioReplaced(m_scenario, m_style);
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
        replaced(s.style);
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
