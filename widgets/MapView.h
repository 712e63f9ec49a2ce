// The map tab of the window: the heat map of a grid scenario (HeatMapView) fed by the
// map's SweepController, a choice of figure and the map's exports (PNG/SVG/PDF of the picture, the
// cells as a CSV or results JSON file).
#pragma once

#include <hedge/sim/GridMap.h>

#include <QImage>
#include <QSize>
#include <QWidget>

#include <optional>

class QComboBox;
class QPushButton;

namespace hedge {

class HeatMapView;
class SweepController;

class MapView : public QWidget {
    Q_OBJECT
public:
    explicit MapView(SweepController* controller, QWidget* parent = nullptr);

    HeatMapView* heatMap() const { return m_heatMap; }
    QComboBox* figureBox() const { return m_figureBox; }
    QPushButton* exportButton() const { return m_exportButton; }
    QPushButton* editButton() const { return m_editButton; }
    MapFigure figure() const;
    void setFigure(MapFigure figure);

    // Writes the map to `path`, the format by its suffix: .png (at `size`, the view's when
    // empty, × `scale`), .svg, .pdf, .csv or .json (the cells and baselines as results).
    // Returns the error, or nothing.
    std::optional<QString> exportMap(const QString& path, QSize size = {}, qreal scale = 1.0);
    // The picture as the exports draw it, at the view's size (Copy Chart).
    QImage picture() const;

    // Pulls the controller's points into the heat map (on its coalesced signal).
    void refresh();
    // Export Map… (also File → Export Chart… while the map is shown).
    void exportDialog();

signals:
    // A cell was clicked (or chosen with Enter): the knob value to give the gridded setup, and
    // its row (a load, or a two-knob map's against value, which the setup gets too).
    void cellChosen(double value, double rowValue);
    // Edit Grid… was pressed.
    void editGridRequested();
    void exportFailed(const QString& title, const QString& message);
    void message(const QString& text, int ms);

private:
    QSize exportSize() const;
    int exportDpi() const;

    SweepController* m_controller;
    HeatMapView* m_heatMap = nullptr;
    QComboBox* m_figureBox = nullptr;
    QPushButton* m_exportButton = nullptr;
    QPushButton* m_editButton = nullptr;
};

} // namespace hedge
