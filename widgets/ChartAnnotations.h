// The texts a metric chart prints over itself: which pass is shown (at the top right, never
// over the title) and the key of the collapse markers (in a corner of the plot where no
// marker sits).
#pragma once

#include "SetupCurve.h"

#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

class QChart;
class QGraphicsSimpleTextItem;

namespace hedge {

class ChartTheme;

class ChartAnnotations {
public:
    // The texts become items of `chart`, which owns them.
    explicit ChartAnnotations(QChart* chart);

    void applyTheme(const ChartTheme& theme);

    void setPassText(const QString& text);
    QString passText() const { return m_passText; }
    // Beside the title when it fits there, in full or its first part ("coarse pass");
    // otherwise above the title, which then moves down by a line (the chart's top margin
    // becomes `margin` plus the label's height).
    void placePassLabel(int margin);

    // Which special markers a chart draws: each gets an entry in the key.
    struct KeyEntries {
        bool collapse = false;
        bool offScale = false;
        bool partialCollapse = false; // collapsed in some replicates, not all
        bool partialOffScale = false; // the same, above the axis
        bool measured = false;        // an overlaid results file
        // What a collapsed point means for its callers (docs/user-guide.md, "Charts"): with a
        // deadline they time out (goodput near 0, a p99 of the calls answered in time); without
        // one, every call is answered however late, and goodput does not show the collapse.
        bool timedOut = false;
        bool answeredLate = false;
        void add(MarkerKind kind);
    };
    // The key's text: every shape drawn once and "collapse" once ("▲ collapse, above the
    // axis   ◐ ◭ in some runs"), what the callers get after the first word ("✕ collapse:
    // callers time out"); `brief` gives the shapes with the word ("▲ ◐ ◭ collapse: timeouts").
    static QString keyText(KeyEntries entries, bool brief);
    // Shows the key when a special marker is drawn, in the plot corner whose area holds none
    // of `marks` (within `markerSize`) and the fewest `linePoints` (chart coordinates).
    void placeCollapseKey(const std::vector<QPointF>& marks, const std::vector<QPointF>& linePoints,
                          KeyEntries entries, double markerSize);

    // In chart coordinates; empty when hidden.
    QRectF passLabelRect() const;
    QRectF collapseKeyRect() const;
    QString collapseKeyText() const;

private:
    QChart* m_chart;
    QGraphicsSimpleTextItem* m_passLabel = nullptr;
    QGraphicsSimpleTextItem* m_collapseKey = nullptr;
    QString m_passText;
};

} // namespace hedge
