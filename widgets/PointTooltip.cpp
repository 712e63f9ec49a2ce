#include "PointTooltip.h"

#include <optional>

namespace hedge {

namespace {

QString num(double v, int significant = 6)
{
    return QString::number(v, 'g', significant);
}

QString ms(const std::optional<double>& v)
{
    return v ? num(*v) + QStringLiteral(" ms") : QStringLiteral("— (no call succeeded)");
}

QString pct(double fraction)
{
    return num(fraction * 100.0) + QStringLiteral(" %");
}

} // namespace

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
    html += row(QStringLiteral("load"), pct(p.load));
    html += row(QStringLiteral("p50 · p99 · p99.9"),
                QStringLiteral("%1 · %2 · %3").arg(ms(p.p50Ms), ms(p.p99Ms), ms(p.p999Ms)));
    html +=
        row(QStringLiteral("mean · max"), QStringLiteral("%1 · %2").arg(ms(p.meanMs), ms(p.maxMs)));
    html += row(QStringLiteral("requests per call"), num(p.requestsPerCall));
    html += row(QStringLiteral("hedged calls"), pct(p.hedgedFraction));
    html += row(QStringLiteral("rejected · failed"),
                QStringLiteral("%1 · %2").arg(pct(p.rejectedFraction), pct(p.failedFraction)));
    html += row(QStringLiteral("utilisation"), pct(p.utilisation));
    html += row(QStringLiteral("cancellation"), QString::fromLatin1(toString(p.cancellation)));
    html += row(QStringLiteral("measured calls"), QString::number(p.measuredCalls));
    html += QStringLiteral("</table>");
    if (p.collapsed)
        html += QStringLiteral("<nobr><b style=\"color:#d01010\">COLLAPSED: the queue never "
                               "drained at this load</b></nobr>");
    return html;
}

QString PointTooltip::offScaleNote(const PointResult& point, Metric metric)
{
    const std::optional<double> v = metricValue(point, metric);
    QString figure = QStringLiteral("missing (no call succeeded)");
    if (v) {
        figure = num(*v);
        if (isLatencyMetric(metric))
            figure += QStringLiteral(" ms");
        else if (isPercentMetric(metric))
            figure += QStringLiteral(" %");
    }
    return QStringLiteral("<br><nobr>▲ above the axis, drawn on its top: %1 = %2</nobr>")
        .arg(metricShortName(metric), figure);
}

} // namespace hedge
