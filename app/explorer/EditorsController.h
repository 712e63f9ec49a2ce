// The glue between the editors (setup list, setup editor, service/run editor) and the working
// scenario: the selected setup goes to the setup editor, its edits back to the list, and every
// edit becomes a new validated scenario. Loading a scenario into the editors is not an edit.
#pragma once

#include <hedge/Scenario.h>

#include "SeriesStyle.h"

#include <QObject>

namespace hedge {

class ScenarioDocument;
class ServiceRunEditor;
class SetupEditor;
class SetupListWidget;

class EditorsController : public QObject {
    Q_OBJECT
public:
    EditorsController(const ScenarioDocument* document, SetupListWidget* setupList,
                      SetupEditor* setupEditor, ServiceRunEditor* serviceEditor,
                      QObject* parent = nullptr);

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
    void updateDelayHint();

    const ScenarioDocument* m_document;
    SetupListWidget* m_setupList;
    SetupEditor* m_setupEditor;
    ServiceRunEditor* m_serviceEditor;
    // Set while the editors are being filled: their change signals are not user edits.
    bool m_loading = false;
};

} // namespace hedge
