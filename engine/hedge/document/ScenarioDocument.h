// The working scenario as a document, the one model of the window: the scenario, how it is
// shown (each setup's colour and visibility, the metric charts and Live panels on), the file or preset it came
// from, whether it has unsaved edits, its autosave and its undo stack. Every edit (typed,
// dragged, in the setup list, on the map, in the grid dialog, a colour, a setup hidden) comes
// in here and goes out through edited() and styleChanged(), to which the editors, the list,
// the charts, runs and Live view listen: no view keeps a copy of the setups or their styles,
// and none needs a guard against its own change coming back. No dialogs: failures come back
// as messages for the window to show. What is undoable and what the file keeps:
// docs/ARCHITECTURE.md, "The document".
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
    // How the window draws it: one entry per setup (a file's colour, else the palette's next
    // unused one), the charts shown in chart order, the Live panels on (always given here).
    // Saved in the file and the autosave.
    const ScenarioStyle& style() const { return m_style; }
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
    // Setups keep their colours and visibility by name (a renamed one at its row); a new setup
    // takes the palette's next unused colour. Nothing happens for a scenario equal to the
    // working one.
    void applyEdit(const Scenario& scenario, const QString& text = {});
    // The user's restyling of setup `row`: one undo step each ("Colour of “x”", "Hide “x”").
    // An unknown row, a colour that is not "#rrggbb" or no change does nothing.
    void setSetupColour(int row, const std::string& colour);
    void setSetupVisible(int row, bool visible);
    // A metric chart on or off (View menu): modified and autosaved, kept by the file, but no
    // undo step (as the window's other View toggles). Unknown keys and the charts always shown
    // are ignored.
    void setChartShown(const std::string& key, bool shown);
    // One of the Live view's optional panels on or off (its Charts menu; a key of panelKeys()):
    // as a chart, modified and autosaved, kept by the file, no undo step. Unknown keys are
    // ignored.
    void setPanelShown(const std::string& key, bool shown);
    // A lesson step shows exactly the setups `names` (the others hidden): part of what the step
    // shows, not an undo step. Modified only if the document was edited otherwise
    // (adoptShownStyle()).
    void showSetups(const std::vector<std::string>& names);
    // The edits between beginDrag() and endDrag() are one undo step, autosaved at the end
    // (not 60 times a second on the GUI thread); endDrag() emits dragFinished().
    void beginDrag();
    void endDrag();
    bool isDragging() const { return m_dragging; }
    // Undo/Redo over applyEdit(); loading a file or preset, New and a restored session clear it.
    QUndoStack* undoStack() const { return m_undoStack; }

    // For ScenarioEditCommand: `state`'s scenario and setups' styles, done, undone or redone;
    // the charts and Live panels stay as they are (their toggles are not undo steps).
    void restore(const ScenarioState& state);
    // The style as shown now is the loaded one (a lesson step shows its setups): not an edit,
    // so that the next lesson or preset does not ask about unsaved changes. Only while the
    // document is not modified otherwise.
    void adoptShownStyle();
    // The scenario of the last session (autosave and its session keys); false when there is
    // none or it does not parse (restoreFailed() says why).
    bool restoreAutosave();

    // Where the working scenario is autosaved after each edit.
    static QString autosavePath();
    void autosave();

signals:
    // A new scenario replaced the working one (file, preset, new, restored session).
    void scenarioReplaced(const Scenario& scenario, const hedge::ScenarioStyle& style);
    void titleChanged();
    void autosaveFailed(const QString& error);
    void restoreFailed(const QString& error);
    // The working scenario changed by an edit, an undo or a redo (not by loading).
    void edited(const Scenario& scenario);
    // How the setups are drawn changed (a colour, a visibility, a chart; or the setups' names or
    // order by an edit, undo or redo), not by loading: scenarioReplaced() gives a new style.
    void styleChanged(const hedge::ScenarioStyle& style);
    // The drag's last edit was made (see beginDrag()).
    void dragFinished(const Scenario& scenario);

private:
    void setModified(bool modified);
    // The working state is what was opened or saved: not modified; an edit, undo or redo back
    // to it is not a modification either.
    void markSaved();
    void noteChange();
    void push(ScenarioState after, const QString& text);
    // The working state becomes `state`: modified, autosaved (at a drag's end), signalled.
    void show(const ScenarioState& state);
    // A style change that is no undo step (a chart, a lesson's setups).
    void showStyle(const ScenarioStyle& style);
    // A new scenario replaces the working one, drawn with `loaded` (a file's or the autosave's
    // style block) or, without one, the palette and the charts of its preset or those shown now.
    // The edits of the old one cannot be undone.
    void replaced(const std::optional<ScenarioStyle>& loaded);

    QUndoStack* m_undoStack = nullptr;
    bool m_dragging = false;
    bool m_draggedEdit = false;
    int m_drag = 0; // the number of the current or last drag

    Scenario m_scenario;
    ScenarioStyle m_style;
    QString m_filePath;
    QString m_presetName;
    bool m_changedPreset = false; // set by setScenario() with its preset, cleared by a load
    bool m_modified = false;
    std::optional<ScenarioState> m_saved; // empty: unknown (a modified session restored)
};

} // namespace hedge
