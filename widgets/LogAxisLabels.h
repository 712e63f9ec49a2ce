// The labels a log axis of a metric chart adds between its decades. Qt's QLogValueAxis labels
// only the powers of its base (10, 100, 1000): a p99 of 300 ms had to be guessed from the
// minor grid. Where a decade is tall enough, 2 and 5 times each power are labelled too, beside
// their minor grid lines, in the axis's font and colour (exports draw them: items of the chart).
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

class QChart;
class QGraphicsSimpleTextItem;
class QLogValueAxis;

namespace hedge {

class LogAxisLabels {
public:
    // The labels become items of `chart`, which owns them.
    explicit LogAxisLabels(QChart* chart);

    // Places the labels for `axis` (on the chart's left, nullptr: none) in the plot area's
    // current height.
    void place(const QLogValueAxis* axis);

    // Every label the axis shows, from the bottom: the powers Qt draws and the ones added
    // here ("10", "20", "50", "100", ...).
    QStringList shownLabels() const { return m_shown; }

    // A value as the axis labels it ("0.5", "20", "1000").
    static QString labelText(double value);

private:
    QChart* m_chart;
    std::vector<QGraphicsSimpleTextItem*> m_items; // owned by the chart; hidden when unused
    QStringList m_shown;
};

} // namespace hedge
