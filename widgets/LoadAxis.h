// The x axis of every chart: load in percent of the service's capacity. Tick labels are
// placed on round loads (every 1, 5, 10, 20 or 25 %) spaced so that each label fits in the
// width the chart has: a small chart gets fewer ticks, never "5…".
#pragma once

#include <QFont>

#include <utility>

class QCategoryAxis;

namespace hedge {

class LoadAxis {
public:
    // The axis is owned by the chart it is added to.
    LoadAxis();

    QCategoryAxis* axis() const { return m_axis; }

    // Shows [lo, hi] (fractions of capacity) with labels that fit in `plotWidthPx` when
    // drawn in `labelFont`. Does nothing when neither the range nor the tick step changed.
    void setRange(double lo, double hi, double plotWidthPx, const QFont& labelFont);
    std::pair<double, double> range() const;
    // The distance between labelled ticks, as a fraction of capacity.
    double tickStep() const { return m_step; }

    // The finest round step that puts at most `maxLabels` (two at least) labels in (lo, hi].
    static double stepFor(double lo, double hi, int maxLabels);
    static int labelCount(double lo, double hi, double step);

private:
    QCategoryAxis* m_axis = nullptr;
    double m_step = 0.0;
};

} // namespace hedge
