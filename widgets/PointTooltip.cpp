#include "PointTooltip.h"

#include "SpreadText.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace hedge {

namespace {

QString num(double v)
{
    return PointTooltip::threeDigits(v);
}

QString ms(const std::optional<double>& v)
{
    // In ms like the replicates' spread after it.
    return v ? num(*v) + QStringLiteral(" ms") : QStringLiteral("— (no call succeeded)");
}

QString pct(double fraction)
{
    return num(fraction * 100.0) + QStringLiteral(" %");
}

// The pooled figure and, for a point run several times, the replicates' spread after it.
QString withSpread(const QString& pooled, const std::optional<FigureSpread>& spread,
                   double scale = 1.0)
{
    return spread ? pooled + QStringLiteral(" ") + SpreadText::bracket(*spread, scale) : pooled;
}

} // namespace

QString PointTooltip::threeDigits(double v)
{
    if (!std::isfinite(v))
        return QString::number(v);
    if (v == 0.0)
        return QStringLiteral("0");
    const double magnitude = std::floor(std::log10(std::abs(v)));
    // Whole numbers from 1000 up: an exponent ("1.23e+04") reads worse than the digits.
    const int decimals = std::clamp(2 - static_cast<int>(magnitude), 0, 9);
    return QString::number(v, 'f', decimals);
}

QString PointTooltip::duration(double ms)
{
    // Collapsed runs' latencies are tens of seconds: in seconds they read at a glance.
    return std::abs(ms) >= 1000.0 ? threeDigits(ms / 1000.0) + QStringLiteral(" s")
                                  : threeDigits(ms) + QStringLiteral(" ms");
}

QString PointTooltip::figure(std::optional<double> value, Metric metric)
{
    if (!value)
        return QStringLiteral("—");
    if (isLatencyMetric(metric))
        return duration(*value);
    if (isPercentMetric(metric))
        return threeDigits(*value) + QStringLiteral(" %");
    return threeDigits(*value);
}

QString PointTooltip::text(const PointResult& p)
{
    const auto row = [](const QString& name, const QString& value) {
        return QStringLiteral(
                   "<tr><td>%1</td><td style=\"padding-left:10px\"><nobr>%2</nobr></td></tr>")
            .arg(name, value);
    };
    QString html =
        QStringLiteral("<nobr><b>%1</b></nobr><table cellspacing=\"0\" cellpadding=\"0\">")
            .arg(QString::fromStdString(p.setup).toHtmlEscaped());
    // The load as the scenario gives it ("70 %", "72.5 %"), not "70.0 %".
    html += row(QStringLiteral("load"), QString::number(p.load * 100.0, 'g', 4) + QStringLiteral(" %"));
    const ReplicateSpread* s = p.spread ? &*p.spread : nullptr;
    const auto figure = [s](auto member) -> std::optional<FigureSpread> {
        if (!s)
            return std::nullopt;
        return s->*member;
    };
    const auto lat = [&](const std::optional<double>& v,
                         std::optional<FigureSpread> ReplicateSpread::*member) {
        return v ? withSpread(ms(v), figure(member)) : ms(v);
    };
    if (s)
        html += row(QStringLiteral("replicates"),
                    QStringLiteral("pooled figures, [spread] = %1").arg(SpreadText::kind(p)));
    html += row(QStringLiteral("p50 · p99 · p99.9"),
                QStringLiteral("%1 · %2 · %3")
                    .arg(lat(p.p50Ms, &ReplicateSpread::p50Ms),
                         lat(p.p99Ms, &ReplicateSpread::p99Ms),
                         lat(p.p999Ms, &ReplicateSpread::p999Ms)));
    html += row(QStringLiteral("mean · max"),
                QStringLiteral("%1 · %2").arg(lat(p.meanMs, &ReplicateSpread::meanMs),
                                              lat(p.maxMs, &ReplicateSpread::maxMs)));
    html += row(QStringLiteral("requests per call"),
                withSpread(num(p.requestsPerCall), figure(&ReplicateSpread::requestsPerCall)));
    html += row(QStringLiteral("hedged calls"),
                withSpread(pct(p.hedgedFraction), figure(&ReplicateSpread::hedgedFraction), 100.0));
    // No replicate spread is kept for it: the pooled share alone.
    html += row(QStringLiteral("hedges refused"), pct(p.hedgesRefusedFraction));
    html += row(QStringLiteral("rejected · failed"),
                QStringLiteral("%1 · %2").arg(
                    withSpread(pct(p.rejectedFraction), figure(&ReplicateSpread::rejectedFraction),
                               100.0),
                    withSpread(pct(p.failedFraction), figure(&ReplicateSpread::failedFraction),
                               100.0)));
    // docs/model.md, "Metrics": the calls' outcomes and where the work went (pooled alone).
    html += row(QStringLiteral("goodput · timed out"),
                QStringLiteral("%1 (%2/s) · %3")
                    .arg(pct(p.goodputFraction), num(p.goodputPerSecond), pct(p.timedOutFraction)));
    html += row(QStringLiteral("hedges · retries per call"),
                QStringLiteral("%1 · %2").arg(num(p.hedgesPerCall), num(p.retriesPerCall)));
    html += row(QStringLiteral("wasted work"), pct(p.wastedWorkFraction));
    html += row(QStringLiteral("utilisation"),
                withSpread(pct(p.utilisation), figure(&ReplicateSpread::utilisation), 100.0));
    html += row(QStringLiteral("cancellation"), QString::fromLatin1(toString(p.cancellation)));
    html += row(QStringLiteral("measured calls"), QString::number(p.measuredCalls));
    html += QStringLiteral("</table>");
    if (p.parts)
        html += QStringLiteral("<nobr>%1</nobr><br>").arg(partsLine(p).toHtmlEscaped());
    if (p.partiallyCollapsed())
        html += QStringLiteral("<nobr><b style=\"color:#d01010\">%1%2</b></nobr>")
                    .arg(p.collapsed ? QStringLiteral("COLLAPSED (most runs): ") : QString(),
                         SpreadText::partialCollapse(p));
    else if (p.collapsed)
        // Where other seeds stay healthy, the collapse is this run's, not the load's.
        html += p.verdictVaries()
                    ? QStringLiteral("<nobr><b style=\"color:#d01010\">COLLAPSED in this run: "
                                     "the queue never drained</b></nobr>")
                    : QStringLiteral("<nobr><b style=\"color:#d01010\">COLLAPSED: the queue "
                                     "never drained at this load</b></nobr>");
    // With a deadline the callers of a collapsed point gave up: what they got is the goodput,
    // not the p99 of the few answered in time (docs/user-guide.md, "Charts").
    if ((p.collapsed || p.partiallyCollapsed()) && p.timedOutFraction > 0.0)
        html += QStringLiteral("<br><nobr><b style=\"color:#d01010\">callers time out: %1 of "
                               "calls answered in time</b></nobr>")
                    .arg(pct(p.goodputFraction));
    // A point run once: how far its verdict holds on other seeds (docs/replicates.md, "Seed
    // check"), in red where it changes.
    if (const QString seeds = SpreadText::seedVerdict(p); !seeds.isEmpty()) {
        if (p.collapsed || p.partiallyCollapsed())
            html += QStringLiteral("<br>");
        html += p.verdictVaries()
                    ? QStringLiteral("<nobr><b style=\"color:#d01010\">%1</b></nobr>").arg(seeds)
                    : QStringLiteral("<nobr><i>%1</i></nobr>").arg(seeds);
    }
    return html;
}

QString PointTooltip::partsLine(const PointResult& p)
{
    if (!p.parts)
        return {};
    const PartFigures& parts = *p.parts;
    const QString hedged = QStringLiteral("slowest part hedged %1").arg(pct(parts.slowestHedgedFraction));
    if (!parts.p99Ms)
        return QStringLiteral("Parts: none answered, ") + hedged;
    // How many times the part's p99 the call waits at its own p99: the tail at scale.
    QString call = QStringLiteral("call p99 —");
    if (p.p99Ms) {
        call = QStringLiteral("call p99 %1").arg(duration(*p.p99Ms));
        if (*parts.p99Ms > 0.0)
            call += QStringLiteral(": ×%1").arg(QString::number(*p.p99Ms / *parts.p99Ms, 'f', 2));
    }
    return QStringLiteral("Parts: p99 %1 (%2), %3").arg(duration(*parts.p99Ms), call, hedged);
}

namespace {

// A metric's figure of a point with its unit, or why there is none.
QString figureText(const PointResult& point, Metric metric)
{
    const std::optional<double> v = metricValue(point, metric);
    if (!v)
        return QStringLiteral("missing (no call succeeded)");
    return PointTooltip::figure(v, metric);
}

} // namespace

QString PointTooltip::offScaleNote(const PointResult& point, Metric metric)
{
    // The shape of its marker: half filled for a collapse in some runs only.
    return QStringLiteral("<br><nobr>%1 above the axis, drawn on its top: %2 = %3</nobr>")
        .arg(point.verdictVaries() ? QStringLiteral("◭") : QStringLiteral("▲"),
             metricShortName(metric), figureText(point, metric));
}

QString PointTooltip::measuredHeading(const QString& source)
{
    return QStringLiteral("<nobr>◇ <b>measured</b> (%1)</nobr><br>").arg(source.toHtmlEscaped());
}

QString PointTooltip::alsoHere(const std::vector<AtSpot>& points, Metric metric)
{
    if (points.empty())
        return {};
    QString html = QStringLiteral("<hr><nobr><b>Also here:</b></nobr>"
                                  "<table cellspacing=\"0\" cellpadding=\"0\">");
    for (const AtSpot& at : points) {
        const PointResult& p = at.point;
        QString state;
        if (p.partiallyCollapsed())
            state = SpreadText::partialCollapse(p);
        else if (p.seedCheck && p.verdictVaries())
            state = SpreadText::seedCollapses(p);
        else if (p.collapsed)
            state = QStringLiteral("COLLAPSED");
        const QString source = at.measured ? QStringLiteral("◇ measured ") : QString();
        html += QStringLiteral("<tr><td><nobr><b>%1</b></nobr></td>"
                               "<td style=\"padding-left:10px\"><nobr>%2%3 = %4</nobr></td>"
                               "<td style=\"padding-left:10px;color:#d01010\"><nobr>%5</nobr></td>"
                               "</tr>")
                    .arg(QString::fromStdString(p.setup).toHtmlEscaped(), source,
                         metricShortName(metric), figureText(p, metric), state);
    }
    return html + QStringLiteral("</table>");
}

} // namespace hedge
