#include "MetricValueAxis.h"

#include <QFontMetricsF>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

// A fraction of the axis's height under its top that every figure shown in full stays under,
// so that none touches the edge the off-scale markers hang from.
constexpr double kCeilingInset = 0.035;

double ceilingOf(double lo, double hi, bool log)
{
    return log ? hi / std::pow(hi / lo, kCeilingInset) : hi - (hi - lo) * kCeilingInset;
}

} // namespace

MetricValueAxis::MetricValueAxis(Metric metric) : m_metric(metric)
{
    if (isLatencyMetric(metric)) {
        auto* axis = new QLogValueAxis;
        axis->setBase(10.0);
        axis->setMinorTickCount(8);
        axis->setLabelFormat(QStringLiteral("%.0f"));
        m_axis = axis;
    } else {
        auto* axis = new QValueAxis;
        axis->setMinorTickCount(0);
        m_axis = axis;
    }
    m_axis->setTitleText(metricTitle(metric));
}

bool MetricValueAxis::isLogarithmic() const
{
    return qobject_cast<QLogValueAxis*>(m_axis) != nullptr;
}

bool MetricValueAxis::hasCeiling(Metric metric)
{
    return isLatencyMetric(metric) || metric == Metric::RequestsPerCall;
}

double MetricValueAxis::niceCeiling(double value)
{
    if (!(value > 0.0) || !std::isfinite(value))
        return 1.0;
    const double decade = std::pow(10.0, std::floor(std::log10(value)));
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        // The tolerance keeps an exact 200 at 200 despite pow's rounding.
        if (m * decade >= value * (1.0 - 1e-12))
            return m * decade;
    }
    return 10.0 * decade;
}

void MetricValueAxis::fit(std::optional<std::pair<double, double>> values, double plotHeightPx,
                          const QFont& labelFont)
{
    const double lineHeight = QFontMetricsF(labelFont).height();
    // A labelled tick every two and a half lines at least; 3 to 7 of them.
    const int maxTicks =
        plotHeightPx > 0 ? std::clamp(static_cast<int>(plotHeightPx / (lineHeight * 2.5)) + 1, 3, 7)
                         : 6;
    if (auto* log = qobject_cast<QLogValueAxis*>(m_axis)) {
        double lo = 1.0, hi = 1000.0;
        if (values) {
            lo = std::pow(10.0, std::floor(std::log10(values->first / 1.15)));
            hi = std::max(niceCeiling(values->second * 1.15), lo * 10.0);
            while (ceilingOf(lo, hi, true) <= values->second)
                hi = niceCeiling(hi * 1.01);
        }
        if (log->min() != lo || log->max() != hi) {
            // %g would print 1e+05; plain digits read better for ms.
            log->setLabelFormat(lo < 1.0 ? QStringLiteral("%g") : QStringLiteral("%.0f"));
            log->setRange(lo, hi);
        }
        return;
    }
    double lo = 0.0, hi = 1.0;
    if (m_metric == Metric::Utilisation) {
        hi = 100.0;
    } else if (m_metric == Metric::RequestsPerCall) {
        lo = 0.9;
        hi = 1.5;
        if (values) {
            lo = std::min(1.0, values->first);
            hi = std::max(values->second, lo + 0.1);
            const double pad = (hi - lo) * 0.06;
            lo = std::max(0.0, lo - pad);
            hi += pad;
        }
    } else if (values) {
        hi = std::max(1.0, values->second * 1.08);
        // A share of the calls or of the busy time never passes 100 %: goodput near 100 drew
        // an axis up to 150 with nothing above 100.
        if (isPercentMetric(m_metric) && values->second <= 100.0)
            hi = std::min(hi, 100.0);
    }
    auto* lin = qobject_cast<QValueAxis*>(m_axis);
    QValueAxis probe;
    probe.setTickCount(maxTicks);
    probe.setRange(lo, hi);
    probe.applyNiceNumbers();
    if (lin->min() != probe.min() || lin->max() != probe.max() ||
        lin->tickCount() != probe.tickCount()) {
        lin->setRange(probe.min(), probe.max());
        lin->setTickCount(probe.tickCount());
        const double tickStep = (probe.max() - probe.min()) / std::max(1, probe.tickCount() - 1);
        const int decimals = tickStep >= 1.0 ? 0 : tickStep >= 0.1 ? 1 : 2;
        lin->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
    }
}

std::pair<double, double> MetricValueAxis::range() const
{
    if (auto* log = qobject_cast<QLogValueAxis*>(m_axis))
        return {log->min(), log->max()};
    if (auto* lin = qobject_cast<QValueAxis*>(m_axis))
        return {lin->min(), lin->max()};
    return {0.0, 0.0};
}

} // namespace hedge

namespace hedge {

double MetricValueAxis::ceiling() const
{
    // The plot's top edge itself: a marker a little under it read as the figure of the top
    // tick ("2.00 requests per call" read as 1.15, a p99 of 42 s as 100 ms). The marker hangs
    // from the edge and its figure is printed under it (OffScaleLabels).
    return range().second;
}

} // namespace hedge
