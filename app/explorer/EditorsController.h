// The glue between the editors (setup list, setup editor, service/run editor) and the working
// scenario, ScenarioDocument. Each user edit becomes a new validated scenario made from the
// document's and goes to the document (ScenarioDocument::applyEdit); the editors show what the
// document holds after every edit, undo and redo (ScenarioDocument::edited) and after a new
// scenario, or the knobs a Live session's played changes set. Showing a scenario in the
// editors is not an edit.
// A drag of an editor's slider is one drag of the document (one undo step, autosaved at the
// end) and a drag for the sweep (preview frames until the hand lets go).
#pragma once

#include <hedge/Scenario.h>
#include <hedge/io/ScenarioStyle.h>

#include "SeriesStyle.h"

#include <QObject>

#include <functional>
#include <optional>
#include <vector>

namespace hedge {

class ScenarioDocument;
class ServiceRunEditor;
class SetupEditor;
class SetupListWidget;
class SweepController;

class EditorsController : public QObject {
    Q_OBJECT
public:
    EditorsController(ScenarioDocument* document, SetupListWidget* setupList,
                      SetupEditor* setupEditor, ServiceRunEditor* serviceEditor,
                      SweepController* sweep, QObject* parent = nullptr);

    // Fills the editors with a new scenario of the document (its first setup shown).
    void showScenario(const Scenario& scenario);

    // Sets on setup `row` (and the service) the knobs a Live session's played timeline changes
    // set so far: the editors show the knobs in force (docs/user-guide.md, "Live view").
    using PlayedChanges = std::function<void(int row, Setup& setup, ServiceConfig& service)>;
    void setPlayedChanges(PlayedChanges played) { m_played = std::move(played); }
    // The knobs in force changed (a change played, a session started): the editors show them
    // (the editors tell only the user's changes, so nothing comes back as an edit).
    void showRunning();

    // A style's colours and visibility by position, as the setup list and charts match them
    // (by name).
    static QList<SeriesStyle> seriesStyles(const Scenario& scenario, const ScenarioStyle& style);

signals:
    void editRefused(const QString& message);

private:
    void onSetupSelected(int row);
    // Setup `row` as the editor shows it: the document's, with the knobs in force in a Live
    // session.
    Setup inForce(int row) const;
    void onSetupsEdited(const std::vector<Setup>& setups);
    // The list shows the document's setups and styles, the current row kept.
    void showList();
    void onSetupEdited();
    void onServiceEdited();
    void onDocumentEdited(const Scenario& scenario);
    // Validates `next` and hands it to the document; false (and editRefused) if invalid.
    bool apply(const Scenario& next, const QString& text);
    // The setup editor's hints that follow the service: its service time under the delay, its
    // replicas under "Hedges go to".
    void updateServiceHints(const ServiceConfig& service);
    void onDragStarted();
    void onDragFinished();

    ScenarioDocument* m_document;
    SetupListWidget* m_setupList;
    SetupEditor* m_setupEditor;
    ServiceRunEditor* m_serviceEditor;
    SweepController* m_sweep;
    PlayedChanges m_played;
};

} // namespace hedge
