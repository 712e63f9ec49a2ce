// A heat map of one figure over (knob value, load): one cell per grid cell, knob values along
// x, loads up the y axis (a two-knob map's against values instead: docs/maps.md, "Two
// knobs"), a colour legend on the right. It draws a GridMap (engine/hedge/sim/
// GridMap.h) and simulates nothing.
// * Collapsed cells are hatched and crossed, not only coloured; cells not computed yet are
//   outlined and empty.
// * A thick outline encloses the cells where hedging helps without collapse.
// * Hover (mouse tracking) shows the cell's figures; arrows move a current cell (shown with
//   its figures), Enter/Space or a click activates it (cellActivated).
// * Follows the palette (light/dark) as the charts do; render() paints it for exports, titled
//   with the figure, the mapped setup and its knob, without the keyboard's current cell.
#pragma once

#include "CalloutBubble.h"
#include <hedge/sim/GridMap.h>

#include <QRectF>
#include <QString>
#include <QWidget>

#include <optional>

namespace hedge {

class MapColourScale;

class HeatMapView : public QWidget {
    Q_OBJECT
public:
    struct CellIndex {
        std::size_t value = 0; // column: index into GridMap::knobValues
        std::size_t row = 0;   // row: index into GridMap::rows (a load or an against value)
        bool operator==(const CellIndex&) const = default;
    };

    explicit HeatMapView(QWidget* parent = nullptr);

    // The map to draw (its cells hold `figure`), the knob's axis title ("hedge delay (ms)") and
    // the baseline's name for the hover text.
    void setMap(const GridMap& map, MapFigure figure);
    void setKnobTitle(const QString& title) { m_knobTitle = title; update(); }
    // A two-knob map's row knob ("workers"): the y axis title and the hover's second value.
    void setAgainstTitle(const QString& title) { m_againstTitle = title; update(); }
    // The gridded setup, named in the title.
    void setSetupName(const QString& name) { m_setupName = name; update(); }
    void setBaselineName(const QString& name) { m_baselineName = name; }
    // A line under the title: the pass and its size.
    void setNote(const QString& note);

    const GridMap& map() const { return m_map; }
    MapFigure figure() const { return m_figure; }
    QString note() const { return m_note; }

    // Geometry at the widget's size (tests, hover): the cell's rectangle, the cell at a point.
    QRectF cellRect(CellIndex cell) const;
    std::optional<CellIndex> cellAt(QPointF pos) const;
    std::optional<CellIndex> currentCell() const { return m_current; }
    void setCurrentCell(std::optional<CellIndex> cell);
    // The hover text of a cell (HTML), empty for a cell without a result.
    QString cellText(CellIndex cell) const;
    // The text shown for the cell under the mouse (or the keyboard's current cell).
    QString shownText() const { return m_shownText; }

    // A lesson step's callout (docs/lessons.md, "The callout on the chart") on the cell of
    // `knobValue` in the row `rowValue`, drawn while that cell has its result; an empty text
    // takes it away. `compact`: as for CalloutBubble::setText. The bubble stays over the cells
    // (never the title, the axes or the legend), over as few of their figures as it can.
    // The callout as drawn now: none while it is not.
    void setCallout(double knobValue, double rowValue, const QString& text,
                    const QString& compact = {});
    // Where the cells are drawn, at the widget's size.
    QRectF plotRect() const { return layoutFor(size()).plot; }
    std::optional<CalloutBubble> calloutNow() const { return placedCallout(layoutFor(size())); }

    // "p99 ÷ baseline p99 — “hedge, default budget / client”, hedge delay (ms) against load"
    // (or "… against workers at load 50 %"): the figure, and the setup and knobs the map sweeps.
    QString title() const;
    // Paints the whole map (title, axes, cells, legend) at `size` layout pixels, as exports
    // show it: the keyboard's current cell is the window's, not the picture's.
    void render(QPainter* painter, QSizeF size) const;

    QSize sizeHint() const override { return {720, 480}; }
    QSize minimumSizeHint() const override { return {360, 240}; }

signals:
    // A cell was clicked or chosen with Enter/Space: its knob value and row (its load, or a
    // two-knob map's against value).
    void cellActivated(double knobValue, double rowValue);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Layout {
        QRectF title;         // the title and the note under it
        double titleText = 0; // the title's height (it wraps)
        QRectF plot;   // the cells
        QRectF legend; // the colour bar
        QRectF keys;   // collapsed / helps / pending swatches under the bar
    };
    Layout layoutFor(QSizeF size) const;
    QRectF cellRectIn(const Layout& layout, CellIndex cell) const;
    void paintCells(QPainter* p, const Layout& layout, const MapColourScale& scale) const;
    void paintHelpsOutline(QPainter* p, const Layout& layout) const;
    void paintAxes(QPainter* p, const Layout& layout) const;
    void paintCurrentCell(QPainter* p, const Layout& layout) const;
    std::optional<CalloutBubble> placedCallout(const Layout& layout) const;
    void showCellText(std::optional<CellIndex> cell, QPoint globalPos);
    QString rowText(double row) const; // "50 %" for a load, the value for an against knob

    GridMap m_map;
    MapFigure m_figure = MapFigure::P99Ratio;
    QString m_knobTitle;
    QString m_againstTitle;
    QString m_setupName;
    QString m_baselineName = QStringLiteral("the baseline");
    QString m_note;
    std::optional<CellIndex> m_current;
    std::optional<CellIndex> m_hovered;
    QString m_shownText;
    struct Callout {
        double knobValue = 0.0;
        double rowValue = 0.0;
        QString text; // empty: none
        QString compact;
    } m_callout;
};

} // namespace hedge
