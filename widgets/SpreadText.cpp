#include "SpreadText.h"

#include "PointTooltip.h"

#include <QLocale>

namespace hedge {

namespace {

QString number(double v, int decimals)
{
    return decimals < 0 ? PointTooltip::threeDigits(v) : QLocale().toString(v, 'f', decimals);
}

} // namespace

QString SpreadText::bracket(const FigureSpread& spread, double scale, int decimals)
{
    const bool percentiles = spread.p5 && spread.p95;
    const double lo = percentiles ? *spread.p5 : spread.min;
    const double hi = percentiles ? *spread.p95 : spread.max;
    return QStringLiteral("[%1–%2]").arg(number(lo * scale, decimals),
                                         number(hi * scale, decimals));
}

QString SpreadText::kind(const PointResult& point)
{
    const int n = point.replicates();
    // Up to 19 replicates the 5th and 95th percentiles are the min and the max
    // (spreadIsRange): say what they are.
    const bool percentiles = !spreadIsRange(n);
    return QStringLiteral("%1 of %2 runs")
        .arg(percentiles ? QStringLiteral("p5–p95") : QStringLiteral("min–max"))
        .arg(n);
}

QString SpreadText::partialCollapse(const PointResult& point)
{
    if (!point.partiallyCollapsed())
        return {};
    return QStringLiteral("collapsed in %1 of %2 runs")
        .arg(point.collapsedRuns())
        .arg(point.replicates());
}

} // namespace hedge
