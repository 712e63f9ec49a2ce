#include "EditorsController.h"

#include "ScenarioDocument.h"
#include "SweepController.h"

#include "ServiceRunEditor.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <utility>

namespace hedge {

EditorsController::EditorsController(const ScenarioDocument* document, SetupListWidget* setupList,
                                     SetupEditor* setupEditor, ServiceRunEditor* serviceEditor,
                                     SweepController* sweep, QObject* parent)
    : QObject(parent), m_document(document), m_setupList(setupList), m_setupEditor(setupEditor),
      m_serviceEditor(serviceEditor), m_sweep(sweep)
{
    m_setupEditor->setEnabled(false);
    connect(m_setupList, &SetupListWidget::currentSetupChanged, this,
            &EditorsController::onSetupSelected);
    connect(m_setupList, &SetupListWidget::setupsChanged, this,
            &EditorsController::onScenarioEdited);
    connect(m_setupEditor, &SetupEditor::edited, this, &EditorsController::onSetupEdited);
    connect(m_serviceEditor, &ServiceRunEditor::edited, this,
            &EditorsController::onScenarioEdited);
    connect(m_setupEditor, &SetupEditor::dragStarted, this, &EditorsController::onDragStarted);
    connect(m_setupEditor, &SetupEditor::dragFinished, this, &EditorsController::onDragFinished);
    connect(m_serviceEditor, &ServiceRunEditor::dragStarted, this,
            &EditorsController::onDragStarted);
    connect(m_serviceEditor, &ServiceRunEditor::dragFinished, this,
            &EditorsController::onDragFinished);
}

void EditorsController::showScenario(const Scenario& scenario, const QList<SeriesStyle>& styles)
{
    m_loading = true;
    m_setupList->setSetups(scenario.setups, styles);
    m_serviceEditor->setScenario(scenario);
    m_loading = false;
    onSetupSelected(m_setupList->currentRow());
    updateDelayHint(scenario.service);
}

void EditorsController::onSetupSelected(int row)
{
    const auto& setups = m_setupList->setups();
    if (row < 0 || row >= static_cast<int>(setups.size())) {
        m_setupEditor->setSetup(Setup{});
        m_setupEditor->setEnabled(false);
        return;
    }
    m_setupEditor->setEnabled(true);
    m_setupEditor->setSetup(setups[row]);
}

void EditorsController::onSetupEdited()
{
    m_setupList->updateSetup(m_setupList->currentRow(), m_setupEditor->setup());
}

void EditorsController::onScenarioEdited()
{
    if (m_loading)
        return;
    const Scenario& current = m_dragScenario ? *m_dragScenario : m_document->scenario();
    Scenario next = current;
    next.setups = m_setupList->setups();
    m_serviceEditor->applyTo(next);
    if (next == current)
        return;
    try {
        validateScenario(next);
    } catch (const ScenarioError& e) {
        // The editors' ranges should make this impossible; keep the last good scenario.
        emit editRefused(tr("Not run: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    updateDelayHint(next.service);
    if (m_dragging) {
        m_dragScenario = next;
        m_sweep->setScenario(next);
        return;
    }
    emit scenarioEdited(next);
}

void EditorsController::onDragStarted()
{
    m_dragging = true;
    m_sweep->beginDrag();
}

void EditorsController::onDragFinished()
{
    m_dragging = false;
    if (m_dragScenario) {
        const Scenario last = *std::exchange(m_dragScenario, std::nullopt);
        emit scenarioEdited(last);
    }
    m_sweep->endDrag();
}

void EditorsController::updateDelayHint(const ServiceConfig& service)
{
    const ServiceTimeQuantiles q = serviceTimeQuantiles(service);
    m_setupEditor->setDelayHint(tr("Service time alone: p95 %1 ms, p99 %2 ms")
                                    .arg(q.p95Ms, 0, 'f', 1)
                                    .arg(q.p99Ms, 0, 'f', q.p99Ms < 100 ? 1 : 0));
}

} // namespace hedge
