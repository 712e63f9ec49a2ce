#include "CurveLayout.h"

#include "MetricValueAxis.h"
#include "SetupCurveSet.h"

#include <QString>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hedge {

namespace {
constexpr double kInfinity = std::numeric_limits<double>::infinity();
} // namespace

CurveLayout::CurveLayout(Metric metric, const std::vector<PointResult>& points,
                         const std::vector<PointResult>& measured, const SetupCurveSet& curves)
    : m_metric(metric), m_log(isLatencyMetric(metric)),
      m_ceiling(MetricValueAxis::hasCeiling(metric)), m_points(points), m_measured(measured),
      m_curves(curves), m_perCurve(curves.size()), m_measuredPerCurve(curves.size()),
      m_maxHealthy(-kInfinity)
{
    collectPoints();
    collectMeasured();
    // Where the axis has a ceiling, collapsed points above the healthy ones do not stretch it.
    if (m_valueRange && m_ceiling && std::isfinite(m_maxHealthy))
        m_valueRange->second = m_maxHealthy;
}

void CurveLayout::widenValues(double lo, double hi, bool collapsed)
{
    if (!m_valueRange)
        m_valueRange = Range(kInfinity, -kInfinity);
    m_valueRange->first = std::min(m_valueRange->first, lo);
    m_valueRange->second = std::max(m_valueRange->second, hi);
    if (!collapsed)
        m_maxHealthy = std::max(m_maxHealthy, hi);
}

void CurveLayout::collectPoints()
{
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const PointResult& p = m_points[i];
        const int ci = m_curves.indexOf(QString::fromStdString(p.setup));
        if (ci < 0)
            continue;
        m_loadRange = m_loadRange ? Range(std::min(m_loadRange->first, p.load),
                                          std::max(m_loadRange->second, p.load))
                                  : Range(p.load, p.load);
        std::optional<double> v = metricValue(p, m_metric);
        // One y <= 0 on a log axis hides the whole series: such a point is not drawn.
        if (v && (!std::isfinite(*v) || (m_log && *v <= 0.0)))
            v.reset();
        std::optional<Range> band = metricBand(p, m_metric);
        if (band && (!v || !std::isfinite(band->first) || !std::isfinite(band->second)))
            band.reset();
        m_perCurve[static_cast<std::size_t>(ci)].push_back({p.load, v, static_cast<int>(i), band});
    }
    // The value range comes from the visible setups only (hiding one zooms in on the rest).
    for (std::size_t ci = 0; ci < m_curves.size(); ++ci) {
        std::stable_sort(m_perCurve[ci].begin(), m_perCurve[ci].end(),
                         [](const Entry& a, const Entry& b) { return a.load < b.load; });
        if (!m_curves[ci]->style().visible)
            continue;
        for (const Entry& e : m_perCurve[ci]) {
            if (!e.value)
                continue;
            // The band is part of what the chart shows: the axis holds it (its lower edge only
            // where the axis can, a log axis stops above 0).
            double lo = *e.value, hi = *e.value;
            if (e.band) {
                if (!m_log || e.band->first > 0.0)
                    lo = std::min(lo, e.band->first);
                hi = std::max(hi, e.band->second);
            }
            widenValues(lo, hi, m_points[static_cast<std::size_t>(e.index)].collapsed);
        }
    }
}

// Measured points are compared with the curves: the axis holds them (healthy ones).
void CurveLayout::collectMeasured()
{
    for (std::size_t i = 0; i < m_measured.size(); ++i) {
        const PointResult& p = m_measured[i];
        const int ci = m_curves.indexOf(QString::fromStdString(p.setup));
        const std::optional<double> v = metricValue(p, m_metric);
        if (ci < 0 || !v || !std::isfinite(*v) || (m_log && *v <= 0.0))
            continue;
        m_measuredPerCurve[static_cast<std::size_t>(ci)].push_back(
            {QPointF(p.load, *v), static_cast<int>(i)});
        if (m_curves[static_cast<std::size_t>(ci)]->style().visible)
            widenValues(*v, *v, p.collapsed);
    }
}

SetupCurve::Drawn CurveLayout::drawn(std::size_t curve, double top, double bottom,
                                     bool& server) const
{
    SetupCurve::Drawn drawn;
    const std::vector<Entry>& entries = m_perCurve[curve];
    const bool anyBand = std::any_of(entries.begin(), entries.end(),
                                     [](const Entry& e) { return e.band.has_value(); });
    for (const Entry& e : entries) {
        const PointResult& p = m_points[static_cast<std::size_t>(e.index)];
        server = p.cancellation == Cancellation::Server;
        // Collapsed in some runs but not all: its replicates, or its seed check's runs.
        const bool partial = p.verdictVaries();
        const bool above = (p.collapsed || partial) && (!e.value || (m_ceiling && *e.value > top));
        const double y = above ? top : e.value.value_or(top);
        if (e.value) {
            drawn.line.append(QPointF(e.load, y));
            drawn.lineIndex.push_back(e.index);
            if (anyBand) {
                // A point run once has no spread: the band narrows to the line there. On a
                // log axis an edge at or below 0 would hide the band: it stops at the axis.
                const auto [lo, hi] = e.band.value_or(std::make_pair(y, y));
                const double lower = m_log && lo <= 0.0 ? bottom : std::min(lo, y);
                const double upper = m_ceiling ? std::min(std::max(hi, y), top) : std::max(hi, y);
                drawn.bandUpper.append(QPointF(e.load, upper));
                drawn.bandLower.append(QPointF(e.load, std::min(lower, upper)));
            }
        }
        // A partial collapse stays partial above the axis too.
        if (above)
            drawn[partial ? MarkerKind::PartialOffScale : MarkerKind::OffScale].add(
                QPointF(e.load, y), e.index);
        else if (partial)
            drawn[MarkerKind::Partial].add(QPointF(e.load, y), e.index);
        else if (p.collapsed)
            drawn[MarkerKind::Collapse].add(QPointF(e.load, y), e.index);
    }
    for (const auto& [at, index] : m_measuredPerCurve[curve])
        drawn[MarkerKind::Measured].add(QPointF(at.x(), m_ceiling ? std::min(at.y(), top) : at.y()),
                                        index);
    return drawn;
}

} // namespace hedge
