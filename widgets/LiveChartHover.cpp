#include "LiveChartHover.h"
#include "LivePanelPainter.h"

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

// A figure's name in the readout, its unit after the value.
QString readoutName(Figure panel)
{
    switch (panel) {
    case Figure::P99:
        return QStringLiteral("p99");
    case Figure::Backlog:
        return LiveTimeSeriesView::tr("Backlog");
    default:
        return panelShortTitle(panel);
    }
}

} // namespace

QString LiveChartHover::valueText(double value)
{
    if (value == 0.0 || !std::isfinite(value))
        return QString::number(value);
    const int magnitude = int(std::floor(std::log10(std::abs(value))));
    QString text = QString::number(value, 'f', std::clamp(3 - magnitude, 0, 8));
    if (text.contains(QLatin1Char('.'))) { // "20.00" is "20"
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

QString LiveChartHover::figureText(Figure panel, double value)
{
    // The unit of the catalogue's row (hedge/sim/Figures.h): "20 ms", "5 %", "1.5 s", "3".
    const QString v = valueText(value);
    const char* unit = figureRow(panel).unit;
    return *unit ? v + QLatin1Char(' ') + QString::fromUtf8(unit) : v;
}

QString LiveChartHover::text(const std::vector<BucketRing>& rings,
                             const std::vector<LiveCollapses>& collapses,
                             const QList<SeriesStyle>& styles, Figure panel,
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
        const std::optional<double> v = bucketFigure(
            panel, b,
            w < std::size_t(families.size()) ? std::optional(families[qsizetype(w)]) : std::nullopt);
        if (panel == Figure::Load) {
            rows += QStringLiteral("<nobr>%1 %</nobr>").arg(valueText(*v));
            break;
        }
        QString figure = v ? figureText(panel, *v) : LiveTimeSeriesView::tr("none");
        // Envoy's slots are held against a bound that moves with the attempts in flight.
        if (v && panel == Figure::RetrySlots && b.retrySlotLimit)
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
                             .arg(panelTitle(panel).toHtmlEscaped(),
                                  LivePanelPainter::timeLabel(fromS), LivePanelPainter::timeLabel(toS));
    return panel == Figure::Load ? head + QStringLiteral("<br>") + rows : head + rows;
}

QString LiveChartHover::readout(const std::vector<BucketRing>& rings,
                                const std::vector<LiveCollapses>& collapses,
                                const QList<SeriesStyle>& styles,
                                const QList<Figure>& panels, double t,
                                const QList<PolicyFamily>& families)
{
    // Lines, not a table: a tooltip lays a table's columns out to the narrowest text and cuts
    // names into figures ("no hedge / clien67.27"). Each figure is "name: value unit".
    QString head, rows;
    for (std::size_t w = 0; w < rings.size() && int(w) < styles.size(); ++w) {
        const std::optional<std::size_t> k = rings[w].indexCovering(t);
        if (!styles[int(w)].visible || !k)
            continue;
        const TimelineBucket& b = rings[w].at(*k);
        if (head.isEmpty())
            head = QStringLiteral("<nobr><b>%1–%2</b> · %3</nobr>")
                       .arg(LivePanelPainter::timeLabel(rings[w].startS(*k)),
                            LivePanelPainter::timeLabel(b.tS),
                            LiveTimeSeriesView::tr("load %1").arg(figureText(Figure::Load, b.load * 100.0)));
        const auto family =
            w < std::size_t(families.size()) ? std::optional(families[qsizetype(w)]) : std::nullopt;
        rows += QStringLiteral("<br><nobr><span style=\"color:%1\">■</span> <b>%2</b>%3</nobr>")
                    .arg(styles[int(w)].color.name(), styles[int(w)].setup.toHtmlEscaped(),
                         w < collapses.size() && collapses[w].collapsedAt(b.tS, rings[w].back().tS)
                             ? LiveTimeSeriesView::tr(" · collapsed")
                             : QString());
        for (Figure panel : panels)
            if (panel != Figure::Load && panel != Figure::ReplicaBacklog) {
                const auto v = bucketFigure(panel, b, family);
                rows += QStringLiteral("<br><nobr>&nbsp;&nbsp;%1: %2</nobr>")
                            .arg(readoutName(panel).toHtmlEscaped(),
                                 v ? figureText(panel, *v) : LiveTimeSeriesView::tr("none"));
            }
    }
    if (head.isEmpty())
        return {};
    return head + rows;
}

} // namespace hedge
