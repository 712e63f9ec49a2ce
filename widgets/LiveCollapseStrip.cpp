#include "LiveCollapseStrip.h"

#include "ChartTheme.h"
#include "LiveChartHover.h"

#include <QPainter>

#include <algorithm>

namespace hedge {

QString LiveCollapseStrip::keyText()
{
    return LiveTimeSeriesView::tr("collapsed");
}

QString LiveCollapseStrip::keyToolTip()
{
    return LiveTimeSeriesView::tr(
        "The strip above the p99 chart: a row per setup, a bar in its colour for as long as it "
        "is collapsed (its backlog over one second of work and growing, until it has stayed "
        "under one second for 10 s)");
}

void LiveCollapseStrip::drawKey(QPainter& p, const ChartTheme& theme,
                                const QList<SeriesStyle>& styles, const QRectF& where)
{
    // Thin rows as over the p99 chart, in the first shown worlds' colours.
    int row = 0;
    for (const SeriesStyle& style : styles)
        if (style.visible && row < 3)
            p.fillRect(QRectF(where.left(), where.center().y() - 4 + 3 * row++, 10, 2.5),
                       style.color);
    p.setPen(theme.text());
    p.drawText(where.adjusted(14, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, keyText());
}

std::optional<double> LiveCollapseStrip::peakBacklogS(const BucketRing& ring,
                                                      const CollapseSpan& span, double endS)
{
    std::optional<double> peak;
    // 1e-9: bucket ends are sums of bucket lengths.
    for (std::size_t k = 0; k < ring.size(); ++k)
        if (ring.at(k).tS > span.beganS + 1e-9 && ring.at(k).tS <= endS + 1e-9)
            peak = std::max(peak.value_or(0.0), ring.at(k).backlogMs / 1000.0);
    return peak;
}

QList<QRectF> LiveCollapseStrip::barRects(const std::vector<BucketRing>* rings,
                                          const std::vector<LiveCollapses>& collapses,
                                          const QList<SeriesStyle>& styles, const QRectF& strip,
                                          double t0, double t1)
{
    const std::vector<LivePanelPainter::ChangeMark> none;
    QList<QRectF> rects;
    for (const auto& bar :
         LivePanelPainter(rings, collapses, none, styles).collapseBars(strip, t0, t1))
        rects << bar.rect;
    return rects;
}

QString LiveCollapseStrip::hoverText(const std::vector<BucketRing>* rings,
                                     const std::vector<LiveCollapses>& collapses,
                                     const QList<SeriesStyle>& styles, const QRectF& strip,
                                     double t0, double t1, QPointF pos)
{
    const std::vector<LivePanelPainter::ChangeMark> none;
    const LivePanelPainter painter(rings, collapses, none, styles);
    for (const LivePanelPainter::CollapseBar& bar : painter.collapseBars(strip, t0, t1)) {
        // A bar may be a pixel wide: the pointer within two of it is on it.
        if (!bar.rect.adjusted(-2, -0.5, 2, 0.5).contains(pos))
            continue;
        const QString name = styles[int(bar.world)].setup.toHtmlEscaped();
        const QString to = bar.span.toS ? LivePanelPainter::timeLabel(*bar.span.toS)
                                        : LiveTimeSeriesView::tr("now (under way)");
        QString text = LiveTimeSeriesView::tr("<nobr><b>%1</b> collapsed %2–%3</nobr>")
                           .arg(name, LivePanelPainter::timeLabel(bar.span.fromS), to);
        if (const auto peak = peakBacklogS((*rings)[bar.world], bar.span, bar.endS))
            text += LiveTimeSeriesView::tr("<br><nobr>backlog at the peak: %1 s of work</nobr>")
                        .arg(LiveChartHover::valueText(*peak));
        return text;
    }
    return keyToolTip();
}

} // namespace hedge
