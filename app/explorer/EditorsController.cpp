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

namespace {

// The style the list gave its setups, with the charts the document shows.
ScenarioStyle styleOf(const QList<SeriesStyle>& styles, const std::optional<ScenarioStyle>& now)
{
    ScenarioStyle style;
    if (now)
        style.charts = now->charts;
    for (const SeriesStyle& s : styles)
        style.setups.push_back({s.color.name().toStdString(), s.visible});
    return style;
}

} // namespace

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
}

QList<SeriesStyle> EditorsController::seriesStyles(const Scenario& scenario,
                                                   const std::optional<ScenarioStyle>& style)
{
    QList<SeriesStyle> styles;
    if (!style)
        return styles;
    for (std::size_t i = 0; i < style->setups.size() && i < scenario.setups.size(); ++i)
        styles.push_back({QString::fromStdString(scenario.setups[i].name),
                          QColor(QString::fromStdString(style->setups[i].colour)),
                          style->setups[i].visible});
    return styles;
}

void EditorsController::showScenario(const Scenario& scenario, const QList<SeriesStyle>& styles)
{
    m_loading = true;
    m_setupList->setSetups(scenario.setups, styles);
    m_serviceEditor->setScenario(scenario);
    m_loading = false;
    onSetupSelected(m_setupList->currentRow());
    updateServiceHints(scenario.service);
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
        !(m_setupEditor->setup() == inForce(row))) {
        m_loading = true;
        m_setupEditor->setSetup(inForce(row));
        m_loading = false;
    }
    Scenario shown = m_document->scenario();
    m_serviceEditor->applyTo(shown);
    ServiceConfig service = m_document->scenario().service;
    Setup unused;
    if (m_played)
        m_played(std::max(0, row), unused, service);
    if (!(shown.service == service)) {
        shown.service = service;
        m_loading = true;
        m_serviceEditor->setScenario(shown);
        m_loading = false;
        updateServiceHints(service);
    }
}

void EditorsController::onSetupsEdited(const std::vector<Setup>& setups,
                                       const QList<SeriesStyle>& styles)
{
    Scenario next = m_document->scenario();
    next.setups = setups;
    if (!apply(next, Source::SetupList, &styles, tr("Change Setups")))
        // The list went ahead of the document: it shows the document again.
        onDocumentEdited(m_document->scenario());
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
    apply(next, Source::SetupEditor, nullptr, tr("Edit Setup"));
}

void EditorsController::onServiceEdited()
{
    Scenario next = m_document->scenario();
    m_serviceEditor->applyTo(next);
    apply(next, Source::ServiceEditor, nullptr, tr("Edit Service and Run"));
}

bool EditorsController::apply(const Scenario& next, Source source,
                              const QList<SeriesStyle>* styles, const QString& text)
{
    if (m_loading)
        return true;
    try {
        validateScenario(next);
    } catch (const ScenarioError& e) {
        // The editors' ranges should make this impossible; keep the last good scenario.
        emit editRefused(tr("Not run: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    const Source outer = std::exchange(m_source, source);
    const QString named = PresetEdits::undoText(m_document->scenario(), next, text);
    if (styles)
        m_document->applyEdit(next, styleOf(*styles, m_document->style()), named);
    else
        m_document->applyEdit(next, named);
    m_source = outer;
    return true;
}

void EditorsController::onDocumentEdited(const Scenario& scenario)
{
    updateServiceHints(scenario.service);
    // The list shows its own edit already (and may be committing a typed name right now).
    if (m_source == Source::SetupList)
        return;
    const int row = m_setupList->currentRow();
    m_loading = true;
    m_setupList->setSetups(scenario.setups, seriesStyles(scenario, m_document->style()), row);
    // The editor being typed in keeps its fields as the user left them.
    if (m_source == Source::None)
        m_serviceEditor->setScenario(scenario);
    m_loading = false;
    const int shown = m_setupList->currentRow();
    if (m_source == Source::SetupEditor && shown >= 0)
        m_setupEditor->setName(scenario.setups[static_cast<std::size_t>(shown)].name);
    else if (m_source == Source::None)
        onSetupSelected(shown);
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
