// The glue between the editors (setup list, setup editor, service/run editor) and the working
// scenario: the selected setup goes to the setup editor, its edits back to the list, and every
// edit becomes a new validated scenario. Loading a scenario into the editors is not an edit.
// A drag of an editor's slider is a drag for the sweep too: its moves go to the sweep alone
// (preview frames), and the value the hand lets go becomes the edit of the document (its
// autosave syncs two files to disk: not something to do 60 times a second on the GUI thread).
#pragma once

#include <hedge/Scenario.h>

#include "SeriesStyle.h"

#include <QObject>

#include <optional>

namespace hedge {

class ScenarioDocument;
class ServiceRunEditor;
class SetupEditor;
class SetupListWidget;
class SweepController;

class EditorsController : public QObject {
    Q_OBJECT
public:
    EditorsController(const ScenarioDocument* document, SetupListWidget* setupList,
                      SetupEditor* setupEditor, ServiceRunEditor* serviceEditor,
                      SweepController* sweep, QObject* parent = nullptr);

    // Fills the editors without echoing an edit back.
    void showScenario(const Scenario& scenario, const QList<SeriesStyle>& styles);

signals:
    // A valid scenario that differs from the document's; the delay hint follows it.
    void scenarioEdited(const Scenario& next);
    void editRefused(const QString& message);

private:
    void onSetupSelected(int row);
    void onSetupEdited();
    void onScenarioEdited();
    void updateDelayHint(const ServiceConfig& service);
    void onDragStarted();
    void onDragFinished();

    const ScenarioDocument* m_document;
    SetupListWidget* m_setupList;
    SetupEditor* m_setupEditor;
    ServiceRunEditor* m_serviceEditor;
    SweepController* m_sweep;
    bool m_dragging = false;
    std::optional<Scenario> m_dragScenario; // the newest scenario of the drag, not yet edited
    // Set while the editors are being filled: their change signals are not user edits.
    bool m_loading = false;
};

} // namespace hedge
