#include "LiveChartHover.h"
#include "LivePanelPainter.h"

namespace hedge {

QString LiveChartHover::valueText(double value)
{
    return QString::number(value, 'g', 4);
}

QString LiveChartHover::text(const std::vector<BucketRing>& rings,
                             const std::vector<LiveCollapses>& collapses,
                             const QList<SeriesStyle>& styles, LiveTimeSeriesView::Panel panel,
                             double t, const QList<PolicyFamily>& families)
{
    QString rows;
    double fromS = -1.0, toS = -1.0;
    for (std::size_t w = 0; w < rings.size() && int(w) < styles.size(); ++w) {
        const SeriesStyle& style = styles[int(w)];
        if (!style.visible)
            continue;
        const BucketRing& ring = rings[w];
        const std::optional<std::size_t> k = ring.indexCovering(t);
        if (!k)
            continue;
        const TimelineBucket& b = ring.at(*k);
        if (toS < 0.0) {
            toS = b.tS;
            fromS = ring.startS(*k);
        }
        const std::optional<double> v = LiveTimeSeriesView::panelValue(
            panel, b,
            w < std::size_t(families.size()) ? std::optional(families[qsizetype(w)]) : std::nullopt);
        if (panel == LiveTimeSeriesView::Panel::Load) {
            rows += QStringLiteral("<nobr>%1 %</nobr>").arg(valueText(*v));
            break;
        }
        QString figure = v ? valueText(*v) : LiveTimeSeriesView::tr("none");
        // Envoy's slots are held against a bound that moves with the attempts in flight.
        if (v && panel == LiveTimeSeriesView::Panel::RetrySlots && b.retrySlotLimit)
            figure = LiveTimeSeriesView::tr("%1 of %2").arg(figure, valueText(*b.retrySlotLimit));
        rows += QStringLiteral("<br><nobr><span style=\"color:%1\">■</span> %2: %3%4</nobr>")
                    .arg(style.color.name(), style.setup.toHtmlEscaped(), figure,
                         w < collapses.size() && collapses[w].collapsedAt(b.tS, ring.back().tS)
                             ? LiveTimeSeriesView::tr(" · <b>collapsed</b>")
                             : QString());
    }
    if (toS < 0.0)
        return {};
    const QString head = QStringLiteral("<nobr><b>%1</b> · %2–%3</nobr>")
                             .arg(LiveTimeSeriesView::panelTitle(panel).toHtmlEscaped(),
                                  LivePanelPainter::timeLabel(fromS), LivePanelPainter::timeLabel(toS));
    return panel == LiveTimeSeriesView::Panel::Load ? head + QStringLiteral("<br>") + rows : head + rows;
}

QString LiveChartHover::readout(const std::vector<BucketRing>& rings,
                                const std::vector<LiveCollapses>& collapses,
                                const QList<SeriesStyle>& styles,
                                const QList<LiveTimeSeriesView::Panel>& panels, double t,
                                const QList<PolicyFamily>& families)
{
    using Panel = LiveTimeSeriesView::Panel;
    QString head, rows;
    for (std::size_t w = 0; w < rings.size() && int(w) < styles.size(); ++w) {
        const std::optional<std::size_t> k = rings[w].indexCovering(t);
        if (!styles[int(w)].visible || !k)
            continue;
        const TimelineBucket& b = rings[w].at(*k);
        if (head.isEmpty()) {
            head = QStringLiteral("<nobr><b>%1–%2</b> · %3 %</nobr>")
                       .arg(LivePanelPainter::timeLabel(rings[w].startS(*k)),
                            LivePanelPainter::timeLabel(b.tS), valueText(b.load * 100.0));
            rows += QStringLiteral("<tr><td></td>");
            for (Panel panel : panels)
                if (panel != Panel::Load && panel != Panel::ReplicaBacklog)
                    rows += QStringLiteral("<td><b>%1</b></td>")
                                .arg(LiveTimeSeriesView::panelShortTitle(panel).toHtmlEscaped());
            rows += QStringLiteral("</tr>");
        }
        const auto family =
            w < std::size_t(families.size()) ? std::optional(families[qsizetype(w)]) : std::nullopt;
        rows += QStringLiteral("<tr><td><nobr><span style=\"color:%1\">■</span> %2%3</nobr></td>")
                    .arg(styles[int(w)].color.name(), styles[int(w)].setup.toHtmlEscaped(),
                         w < collapses.size() && collapses[w].collapsedAt(b.tS, rings[w].back().tS)
                             ? LiveTimeSeriesView::tr(" · <b>collapsed</b>")
                             : QString());
        for (Panel panel : panels)
            if (panel != Panel::Load && panel != Panel::ReplicaBacklog) {
                const auto v = LiveTimeSeriesView::panelValue(panel, b, family);
                rows += QStringLiteral("<td>%1</td>")
                            .arg(v ? valueText(*v) : LiveTimeSeriesView::tr("none"));
            }
        rows += QStringLiteral("</tr>");
    }
    if (head.isEmpty())
        return {};
    return head + QStringLiteral("<table>") + rows + QStringLiteral("</table>");
}

} // namespace hedge
