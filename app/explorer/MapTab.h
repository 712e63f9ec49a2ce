// The map's tab beside the curves (shown for a grid scenario only), Run → Map a Knob… / Edit
// the Map's Grid… / Remove Map, and a map cell chosen as a value for its setup: each grid
// change and chosen cell is an edit of the document (docs/user-guide.md, "Map").
#pragma once

#include <hedge/Scenario.h>

#include <QObject>

class QTabWidget;
class QWidget;

namespace hedge {

class MainActions;
class MapView;
class ScenarioDocument;
class SetupListWidget;

class MapTab : public QObject {
    Q_OBJECT
public:
    MapTab(ScenarioDocument* document, MapView* map, QTabWidget* sweepViews, QWidget* curves,
           SetupListWidget* setupList, MainActions* actions, QWidget* window);

    // Adds or removes the tab; a grid opens on its map (the curves are a click away).
    void show(bool grid);
    // The tab follows a grid added or removed by an edit, an undo or a redo.
    void follow(const Scenario& scenario);
    bool isMapCurrent() const;
    // The GridDialog, applied on its OK.
    void editGrid();

signals:
    // The map was put in front: the window shows the sweep view.
    void mapShown();
    void message(const QString& text, int ms);

private:
    void applyCell(double knobValue, double rowValue);
    void applyGridEdit(const Scenario& next);

    ScenarioDocument* m_document;
    MapView* m_map;
    QTabWidget* m_sweepViews;
    QWidget* m_curves;
    SetupListWidget* m_setupList;
    MainActions* m_actions;
    QWidget* m_window;
};

} // namespace hedge
