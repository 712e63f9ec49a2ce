// The working scenario as a document: the scenario, the file or preset it came from, whether it
// has unsaved edits, and its autosave. No dialogs: failures come back as messages for the
// window to show.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/io/ScenarioStyle.h>

#include <QObject>
#include <QString>

#include <optional>

namespace hedge {

struct Preset;

class ScenarioDocument : public QObject {
    Q_OBJECT
public:
    explicit ScenarioDocument(QObject* parent = nullptr);

    const Scenario& scenario() const { return m_scenario; }
    // How the window draws it (colours, hidden setups, charts): saved in the file and the
    // autosave; none for a preset or a file without a `style` block until the window says.
    const std::optional<ScenarioStyle>& style() const { return m_style; }
    QString filePath() const { return m_filePath; }
    QString presetName() const { return m_presetName; }
    // The preset loaded, or else the preset the scenario is equal to (New gives the reference
    // setups; a saved preset reopened is still that preset): nullptr for one's own scenario.
    const Preset* preset() const;
    bool isModified() const { return m_modified; }
    // "name[*] — Hedge Explorer", for QWidget::setWindowTitle.
    QString title() const;

    // A file that does not parse leaves the document untouched; returns the message then.
    std::optional<QString> open(const QString& path);
    std::optional<QString> save(const QString& path);
    // Returns false for an unknown preset name.
    bool loadPreset(const QString& name);
    // A scenario with no file, not modified.
    void setScenario(const Scenario& scenario);
    void newScenario();
    // Stands in before the first real scenario (no file, no autosave).
    void setDefaultScenario(const Scenario& scenario);
    // An edit of the working scenario: modified, autosaved.
    void applyEdit(const Scenario& scenario);
    // The user restyled the scenario: modified (the file would change), autosaved.
    void applyStyleEdit(const ScenarioStyle& style);
    // The style the window drew a new scenario with (the palette for a file without one):
    // kept for the next save and autosave, not an edit.
    void adoptStyle(const ScenarioStyle& style) { m_style = style; }
    // The scenario of the last session (autosave and its session keys); false when there is
    // none or it does not parse (restoreFailed() says why).
    bool restoreAutosave();

    // Where the working scenario is autosaved after each edit.
    static QString autosavePath();
    void autosave();

signals:
    // A new scenario replaced the working one (file, preset, new, restored session).
    void scenarioReplaced(const Scenario& scenario, const std::optional<ScenarioStyle>& style);
    void titleChanged();
    void autosaveFailed(const QString& error);
    void restoreFailed(const QString& error);

private:
    void setModified(bool modified);

    Scenario m_scenario;
    std::optional<ScenarioStyle> m_style;
    QString m_filePath;
    QString m_presetName;
    bool m_modified = false;
};

} // namespace hedge
