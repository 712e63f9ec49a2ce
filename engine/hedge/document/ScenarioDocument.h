// The working scenario as a document, the one model of the window: the scenario, the file or
// preset it came from, whether it has unsaved edits, its autosave and its undo stack. Every
// edit (typed, dragged, in the setup list, on the map, in the grid dialog) comes in through
// applyEdit() and goes out through edited(), to which the editors, charts, runs and Live view
// listen. No dialogs: failures come back as messages for the window to show.
#pragma once

#include <hedge/document/ScenarioEditCommand.h>

#include <hedge/Scenario.h>
#include <hedge/io/ScenarioStyle.h>

#include <QObject>
#include <QString>

#include <optional>

class QUndoStack;

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
    // Loaded by setScenario() as preset() with changes (a lesson step's knobs), not edited
    // since: the changes are not the user's.
    bool isChangedPreset() const { return m_changedPreset && !m_modified; }
    // "name[*] — Hedge Explorer", for QWidget::setWindowTitle.
    QString title() const;

    // A file that does not parse leaves the document untouched; returns the message then.
    std::optional<QString> open(const QString& path);
    std::optional<QString> save(const QString& path);
    // Returns false for an unknown preset name.
    bool loadPreset(const QString& name);
    // A scenario with no file, not modified. `fromPreset`: the preset it was built from (a
    // lesson step's knobs on a preset), whose explanation describes it (preset()).
    void setScenario(const Scenario& scenario, const QString& fromPreset = {});
    void newScenario();
    // Stands in before the first real scenario (no file, no autosave).
    void setDefaultScenario(const Scenario& scenario);
    // An edit of the working scenario, one undo step: modified, autosaved, edited() emitted.
    // Setups keep their colours by name; a changed list of setups (added, removed, renamed,
    // moved) comes with its `style`. Nothing happens for a scenario equal to the working one.
    void applyEdit(const Scenario& scenario, const QString& text = {});
    void applyEdit(const Scenario& scenario, const ScenarioStyle& style, const QString& text);
    // The edits between beginDrag() and endDrag() are one undo step, autosaved at the end
    // (not 60 times a second on the GUI thread); endDrag() emits dragFinished().
    void beginDrag();
    void endDrag();
    bool isDragging() const { return m_dragging; }
    // Undo/Redo over applyEdit(); loading a file or preset, New and a restored session clear it.
    QUndoStack* undoStack() const { return m_undoStack; }

    // For ScenarioEditCommand: `state` as the edit made it (show), or back from the undo stack
    // with each setup's colour and visibility as they are now (restore).
    void show(const ScenarioState& state);
    void restore(const ScenarioState& state);
    // The user restyled the scenario: modified (the file would change), autosaved.
    void applyStyleEdit(const ScenarioStyle& style);
    // The style as shown now is the loaded one (a lesson step shows its setups): not an edit,
    // so that the next lesson or preset does not ask about unsaved changes. Only while the
    // document is not modified otherwise.
    void adoptShownStyle();
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
    // The working scenario changed by an edit, an undo or a redo (not by loading).
    void edited(const Scenario& scenario);
    // The drag's last edit was made (see beginDrag()).
    void dragFinished(const Scenario& scenario);

private:
    void setModified(bool modified);
    // The working state is what was opened or saved: not modified; an edit, undo or redo back
    // to it is not a modification either.
    void markSaved();
    void noteChange();
    void push(ScenarioState after, const QString& text);
    // A new scenario replaces the working one: the edits of the old one cannot be undone.
    void replaced();

    QUndoStack* m_undoStack = nullptr;
    bool m_dragging = false;
    bool m_draggedEdit = false;
    int m_drag = 0; // the number of the current or last drag

    Scenario m_scenario;
    std::optional<ScenarioStyle> m_style;
    QString m_filePath;
    QString m_presetName;
    bool m_changedPreset = false; // set by setScenario() with its preset, cleared by a load
    bool m_modified = false;
    std::optional<ScenarioState> m_saved; // empty: unknown (a modified session restored)
};

} // namespace hedge
