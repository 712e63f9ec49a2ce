// The curves of a metric chart, one per setup in the setups' order. A curve belongs to its
// setup's name: restyling, adding, removing, renaming and reordering setups keep each kept
// setup's curve (and its series) and create or drop only the others.
#pragma once

#include "SeriesStyle.h"
#include "SetupCurve.h"

#include <QColor>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QString>

#include <memory>
#include <vector>

class QChart;

namespace hedge {

class MarkerStacks;

class SetupCurveSet {
public:
    using Curves = std::vector<std::unique_ptr<SetupCurve>>;

    // One curve per style (a duplicate setup name is dropped: it would be unreachable).
    // Returns true when the setups or their order changed, so that the chart puts its series
    // back; false when only their styles did.
    bool setStyles(const QList<SeriesStyle>& styles, const QColor& halo);
    QList<SeriesStyle> styles() const;

    // The curve of a setup, or nullptr / -1.
    const SetupCurve* find(const QString& setup) const;
    int indexOf(const QString& setup) const { return m_lookup.value(setup, -1); }

    // Puts every curve's series on `chart` (taking off all it had) in drawing order: the
    // bands, then the lines, then the markers, so that markers are drawn on top.
    void addSeriesTo(QChart* chart) const;
    // The points at the spot under `chartPos` (chart coordinates): the drawn point nearest to
    // it within `radiusPx` first, then, in the setups' order, every other point drawn at the
    // same load within `spotPx` of its figure or in its marker's stack; empty when no point
    // is that near. A measured point's index is `measuredOffset` + its own.
    std::vector<int> pointsAt(QChart& chart, QPointF chartPos, double radiusPx, int measuredOffset,
                              const MarkerStacks& stacks, double spotPx) const;

    std::size_t size() const { return m_curves.size(); }
    const std::unique_ptr<SetupCurve>& operator[](std::size_t i) const { return m_curves[i]; }
    Curves::const_iterator begin() const { return m_curves.begin(); }
    Curves::const_iterator end() const { return m_curves.end(); }

private:
    Curves m_curves;
    QHash<QString, int> m_lookup; // setup name -> m_curves index
};

} // namespace hedge
