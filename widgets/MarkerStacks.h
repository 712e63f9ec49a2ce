// Collapse markers of several setups at one spot would hide each other: on the reference
// preset's p99 chart three setups collapse on the ceiling at the same loads, and only the
// last one drawn showed. Markers at the same load whose figures lie within a marker's size of
// each other (on the chart, in pixels) form a stack; a stack is spread sideways, in the
// setups' order and centred on its load, so that every setup's marker shows. The lines keep
// their points where the figures are.
#pragma once

#include <QPointF>

#include <vector>

class QChart;

namespace hedge {

class SetupCurveSet;

class MarkerStacks {
public:
    // Draws every curve's markers on `chart` (its current plot area and axes), stacks spread
    // apart; `markerSize` in pixels. Measured points are drawn where they are: hollow, they
    // hide nothing.
    void place(QChart& chart, const SetupCurveSet& curves, double markerSize);

    // The points whose markers share a stack with `point`'s, `point` included, in the setups'
    // order; empty when its marker stands alone.
    std::vector<int> stackOf(int point) const;
    // How many stacks of more than one marker there are.
    std::size_t size() const { return m_stacks.size(); }

private:
    std::vector<std::vector<int>> m_stacks;
};

} // namespace hedge
