// Where a metric chart draws its points: each setup's points sorted by load, with their
// figure and their replicates' band; the load range of all of them; the value range of the
// visible setups' (their healthy points' only where the axis has a ceiling, MetricValueAxis),
// measured points included. Once the axis is fitted to those ranges, what each curve draws:
// its line, its collapse, off-scale and partial-collapse marks, band edges and measured
// points, clamped to the axis as the chart shows them.
#pragma once

#include "Metric.h"
#include "SetupCurve.h"

#include <hedge/sim/PointResult.h>

#include <QPointF>

#include <optional>
#include <utility>
#include <vector>

namespace hedge {

class SetupCurveSet;

class CurveLayout {
public:
    using Range = std::pair<double, double>;

    // `points` and `measured` must outlive the layout.
    CurveLayout(Metric metric, const std::vector<PointResult>& points,
                const std::vector<PointResult>& measured, const SetupCurveSet& curves);

    // The loads of every setup's points (none: no point of a known setup).
    std::optional<Range> loadRange() const { return m_loadRange; }
    // What the value axis must hold (none: nothing visible to draw).
    std::optional<Range> valueRange() const { return m_valueRange; }

    // What curve `curve` draws on an axis from `bottom` to its ceiling `top`. `server` is
    // the curve's cancellation so far; its last point's decides it.
    SetupCurve::Drawn drawn(std::size_t curve, double top, double bottom, bool& server) const;

private:
    struct Entry {
        double load;
        std::optional<double> value;
        int index;
        std::optional<Range> band;
    };

    void collectPoints();
    void collectMeasured();
    void widenValues(double lo, double hi, bool collapsed);

    Metric m_metric;
    bool m_log;
    bool m_ceiling;
    const std::vector<PointResult>& m_points;
    const std::vector<PointResult>& m_measured;
    const SetupCurveSet& m_curves;
    std::vector<std::vector<Entry>> m_perCurve;
    std::vector<std::vector<std::pair<QPointF, int>>> m_measuredPerCurve;
    std::optional<Range> m_loadRange;
    std::optional<Range> m_valueRange;
    double m_maxHealthy;
};

} // namespace hedge
