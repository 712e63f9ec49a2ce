#include "MapTab.h"

#include "GridDialog.h"
#include "MainActions.h"
#include "MapView.h"
#include "SetupListWidget.h"

#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/SweepPoints.h>

#include <QTabWidget>

namespace hedge {

MapTab::MapTab(ScenarioDocument* document, MapView* map, QTabWidget* sweepViews,
               QWidget* curves, SetupListWidget* setupList, MainActions* actions,
               QWidget* window)
    : QObject(window), m_document(document), m_map(map), m_sweepViews(sweepViews),
      m_curves(curves), m_setupList(setupList), m_actions(actions), m_window(window)
{
    connect(m_map, &MapView::cellChosen, this, &MapTab::applyCell);
    connect(m_map, &MapView::editGridRequested, this, &MapTab::editGrid);
    connect(m_actions, &MainActions::mapKnobRequested, this, &MapTab::editGrid);
    connect(m_actions, &MainActions::removeMapRequested, this, [this] {
        Scenario next = m_document->scenario();
        next.grid.reset();
        applyGridEdit(next);
    });
}

void MapTab::show(bool grid)
{
    m_actions->setMapShown(grid);
    const int at = m_sweepViews->indexOf(m_map);
    if (grid && at < 0)
        m_sweepViews->addTab(m_map, tr("&Map"));
    else if (!grid && at >= 0)
        m_sweepViews->removeTab(at);
    m_sweepViews->setCurrentWidget(grid ? m_map : m_curves);
    if (grid)
        emit mapShown();
}

void MapTab::follow(const Scenario& scenario)
{
    if (scenario.grid.has_value() != (m_sweepViews->indexOf(m_map) >= 0))
        show(scenario.grid.has_value());
}

bool MapTab::isMapCurrent() const
{
    return m_sweepViews->currentWidget() == m_map;
}

void MapTab::applyCell(double knobValue, double rowValue)
{
    // One edit, whether it sets one knob or a two-knob map's both: one undo takes it back.
    const std::optional<Scenario> next = withGridCell(m_document->scenario(), knobValue, rowValue);
    if (!next)
        return;
    try {
        validateScenario(*next);
    } catch (const ScenarioError& e) {
        emit message(tr("Not run: %1").arg(QString::fromUtf8(e.what())), 8000);
        return;
    }
    const int row = griddedSetupIndex(*next);
    m_document->applyEdit(*next, tr("Choose a Map Cell"));
    m_setupList->setCurrentRow(row);
    m_sweepViews->setCurrentWidget(m_curves);
}

void MapTab::editGrid()
{
    // Not exec(): the window's runs and redraws go on while the dialog is open.
    auto* dialog = new GridDialog(m_document->scenario(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { applyGridEdit(dialog->result()); });
    dialog->open();
}

void MapTab::applyGridEdit(const Scenario& next)
{
    m_document->applyEdit(next, next.grid ? tr("Edit the Map's Grid") : tr("Remove the Map"));
    show(next.grid.has_value());
}

} // namespace hedge
