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

QString SpreadText::verdictRuns(const PointResult& point)
{
    const int runs = point.verdictRuns();
    const int collapsed = point.verdictCollapsedRuns();
    if (runs <= 1)
        return QStringLiteral("1 run");
    if (collapsed == 0)
        return QStringLiteral("%1 of %1 healthy").arg(runs);
    if (collapsed == runs)
        return QStringLiteral("%1 of %1 collapsed").arg(runs);
    return QStringLiteral("collapses in %1 of %2").arg(collapsed).arg(runs);
}

QString SpreadText::seedVerdict(const PointResult& point)
{
    if (point.spread)
        return {};
    if (!point.seedCheck)
        return QStringLiteral("one run: the verdict may change with the seed");
    const SeedCheck& check = *point.seedCheck;
    // The figures shown are this run's: say which verdict it had.
    const QString own = point.collapsed ? QStringLiteral("collapsed") : QStringLiteral("healthy");
    if (point.verdictVaries())
        return seedCollapses(point) + QStringLiteral(" (the figures are one run's: %1)").arg(own);
    return QStringLiteral("%1 on all %2 seeds checked").arg(own).arg(check.runs);
}

QString SpreadText::seedCollapses(const PointResult& point)
{
    if (!point.seedCheck || !point.verdictVaries())
        return {};
    return QStringLiteral("collapsed in %1 of %2 seeds")
        .arg(point.seedCheck->collapsedRuns)
        .arg(point.seedCheck->runs);
}

} // namespace hedge
