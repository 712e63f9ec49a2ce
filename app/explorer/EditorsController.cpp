#include "EditorsController.h"

#include "PointTooltip.h"

#include "ServiceRunEditor.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"
#include "SetupNames.h"

#include <hedge/document/PresetEdits.h>
#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/run/SweepController.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <algorithm>
#include <utility>

namespace hedge {

EditorsController::EditorsController(ScenarioDocument* document, SetupListWidget* setupList,
                                     SetupEditor* setupEditor, ServiceRunEditor* serviceEditor,
                                     SweepController* sweep, QObject* parent)
    : QObject(parent), m_document(document), m_setupList(setupList), m_setupEditor(setupEditor),
      m_serviceEditor(serviceEditor), m_sweep(sweep)
{
    m_setupEditor->setEnabled(false);
    connect(m_setupList, &SetupListWidget::currentSetupChanged, this,
            &EditorsController::onSetupSelected);
    connect(m_setupList, &SetupListWidget::setupsChanged, this,
            &EditorsController::onSetupsEdited);
    // A colour or a tick in the list is an edit of the document, as a knob is.
    connect(m_setupList, &SetupListWidget::colourChosen, this,
            [this](int row, const QColor& colour) {
                m_document->setSetupColour(row, colour.name().toStdString());
            });
    connect(m_setupList, &SetupListWidget::visibilityChosen, m_document,
            &ScenarioDocument::setSetupVisible);
    connect(m_setupEditor, &SetupEditor::edited, this, &EditorsController::onSetupEdited);
    connect(m_serviceEditor, &ServiceRunEditor::edited, this,
            &EditorsController::onServiceEdited);
    connect(m_setupEditor, &SetupEditor::dragStarted, this, &EditorsController::onDragStarted);
    connect(m_setupEditor, &SetupEditor::dragFinished, this, &EditorsController::onDragFinished);
    connect(m_serviceEditor, &ServiceRunEditor::dragStarted, this,
            &EditorsController::onDragStarted);
    connect(m_serviceEditor, &ServiceRunEditor::dragFinished, this,
            &EditorsController::onDragFinished);
    connect(m_document, &ScenarioDocument::edited, this, &EditorsController::onDocumentEdited);
    connect(m_document, &ScenarioDocument::styleChanged, this, &EditorsController::showList);
}

QList<SeriesStyle> EditorsController::seriesStyles(const Scenario& scenario,
                                                   const ScenarioStyle& style)
{
    QList<SeriesStyle> styles;
    for (std::size_t i = 0; i < style.setups.size() && i < scenario.setups.size(); ++i)
        styles.push_back({QString::fromStdString(scenario.setups[i].name),
                          QColor(QString::fromStdString(style.setups[i].colour)),
                          style.setups[i].visible});
    return styles;
}

void EditorsController::showScenario(const Scenario& scenario)
{
    m_setupList->showDocument();
    m_serviceEditor->setScenario(scenario);
    onSetupSelected(m_setupList->currentRow());
    updateServiceHints(scenario.service);
}

void EditorsController::showList()
{
    m_setupList->showDocument(m_setupList->currentRow());
}

void EditorsController::onSetupSelected(int row)
{
    const auto& setups = m_document->scenario().setups;
    if (row < 0 || row >= static_cast<int>(setups.size())) {
        m_setupEditor->setSetup(Setup{});
        m_setupEditor->setEnabled(false);
        return;
    }
    m_setupEditor->setEnabled(true);
    m_setupEditor->setSetup(inForce(row));
}

Setup EditorsController::inForce(int row) const
{
    Setup shown = m_document->scenario().setups.at(static_cast<std::size_t>(row));
    ServiceConfig unused = m_document->scenario().service;
    if (m_played)
        m_played(row, shown, unused);
    return shown;
}

void EditorsController::showRunning()
{
    const int row = m_setupList->currentRow();
    // Only what differs is shown again: a field being typed in keeps its text.
    if (row >= 0 && row < static_cast<int>(m_document->scenario().setups.size()) &&
        !(m_setupEditor->setup() == inForce(row)))
        m_setupEditor->setSetup(inForce(row));
    Scenario shown = m_document->scenario();
    m_serviceEditor->applyTo(shown);
    ServiceConfig service = m_document->scenario().service;
    Setup unused;
    if (m_played)
        m_played(std::max(0, row), unused, service);
    if (!(shown.service == service)) {
        shown.service = service;
        m_serviceEditor->setScenario(shown);
        updateServiceHints(service);
    }
}

void EditorsController::onSetupsEdited(const std::vector<Setup>& setups)
{
    Scenario next = m_document->scenario();
    next.setups = setups;
    if (!apply(next, tr("Change Setups")))
        // A refused rename's text: the list shows the document again.
        showList();
}

void EditorsController::onSetupEdited()
{
    const Scenario& current = m_document->scenario();
    const int row = m_setupList->currentRow();
    if (row < 0 || row >= static_cast<int>(current.setups.size()))
        return;
    Scenario next = current;
    next.setups[static_cast<std::size_t>(row)] =
        withEditedKnobs(current.setups, row, m_setupEditor->setup());
    apply(next, tr("Edit Setup"));
}

void EditorsController::onServiceEdited()
{
    Scenario next = m_document->scenario();
    m_serviceEditor->applyTo(next);
    apply(next, tr("Edit Service and Run"));
}

bool EditorsController::apply(const Scenario& next, const QString& text)
{
    try {
        validateScenario(next);
    } catch (const ScenarioError& e) {
        // The editors' ranges should make this impossible; keep the last good scenario.
        emit editRefused(tr("Not run: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    m_document->applyEdit(next, PresetEdits::undoText(m_document->scenario(), next, text));
    return true;
}

void EditorsController::onDocumentEdited(const Scenario& scenario)
{
    updateServiceHints(scenario.service);
    showList();
    // Each editor shows the document where it differs (an undo, a redo, an edit from elsewhere);
    // the editor the edit came from already shows it, and a field being typed in keeps its text.
    Scenario shownService = scenario;
    m_serviceEditor->applyTo(shownService);
    if (!(shownService == scenario))
        m_serviceEditor->setScenario(scenario);
    const int row = m_setupList->currentRow();
    if (row < 0 || row >= static_cast<int>(scenario.setups.size()))
        return onSetupSelected(row);
    const Setup wanted = inForce(row);
    Setup shown = m_setupEditor->setup();
    if (shown == wanted)
        return;
    // A name that followed an edit of the policy (SetupNames.h): only the name changes.
    shown.name = wanted.name;
    if (shown == wanted)
        m_setupEditor->setName(wanted.name);
    else
        onSetupSelected(row);
}

void EditorsController::onDragStarted()
{
    m_document->beginDrag();
    m_sweep->beginDrag();
}

void EditorsController::onDragFinished()
{
    m_document->endDrag();
    m_sweep->endDrag();
}

void EditorsController::updateServiceHints(const ServiceConfig& service)
{
    m_setupEditor->setReplicas(service.replicas);
    const ServiceTimeQuantiles q = serviceTimeQuantiles(service);
    // Three significant digits, as the service editor writes them: a sub-millisecond service
    // reads "0.412 ms", not "0.4 ms" or "0.0 ms".
    m_setupEditor->setDelayHint(
        tr("Service time alone: p95 %1 ms, p99 %2 ms")
            .arg(PointTooltip::threeDigits(q.p95Ms), PointTooltip::threeDigits(q.p99Ms)));
}

} // namespace hedge
