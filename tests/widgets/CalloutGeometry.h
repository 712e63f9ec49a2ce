// What a lesson's callout hides, measured on what the chart draws (docs/lessons.md, "The
// callout on the chart"): its bubble must lie in the plot (on the Live view, in its own panel),
// and meet none of the chart's texts (title, axis labels, legend, off-scale figures, the
// collapse key), none of the other curves' points or segments and none of the markers. Shared
// by tst_chartcallout (a chart alone) and tst_lessonpanel (the lessons walked in the window).
#pragma once

#include <widgets/ChartCallout.h>
#include <widgets/HeatMapView.h>
#include <widgets/LiveTimeSeriesView.h>
#include <widgets/MetricChartView.h>

#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLineF>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStringList>
#include <QTextDocument>

#include <functional>

namespace hedge::test {

inline QString rectText(const QRectF& r)
{
    return QStringLiteral("%1,%2 %3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

// Whether the segment a–b meets the rectangle (an end inside, or crossing an edge).
inline bool segmentMeets(QPointF a, QPointF b, const QRectF& r)
{
    if (r.contains(a) || r.contains(b))
        return true;
    const QLineF segment(a, b);
    const QLineF edges[] = {{r.topLeft(), r.topRight()},
                            {r.topRight(), r.bottomRight()},
                            {r.bottomRight(), r.bottomLeft()},
                            {r.bottomLeft(), r.topLeft()}};
    for (const QLineF& edge : edges)
        if (segment.intersects(edge) == QLineF::BoundedIntersection)
            return true;
    return false;
}

// What `bubble` meets of a line drawn through `points` (in order), named `name`.
inline void lineProblems(const QString& name, const QList<QPointF>& points, const QRectF& bubble,
                         QStringList& problems)
{
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (bubble.contains(points[i]))
            problems << QStringLiteral("covers a point of %1 at %2,%3")
                            .arg(name)
                            .arg(points[i].x())
                            .arg(points[i].y());
        else if (i > 0 && segmentMeets(points[i - 1], points[i], bubble))
            problems << QStringLiteral("covers a segment of %1").arg(name);
    }
}

// Every text item drawn on the chart (Qt's title, axis labels and legend; the pass label, the
// off-scale figures, the log axis's labels and the collapse key), in chart coordinates.
inline QList<QPair<QString, QRectF>> chartTexts(QChart* chart)
{
    QList<QPair<QString, QRectF>> texts;
    const std::function<void(QGraphicsItem*)> visit = [&](QGraphicsItem* item) {
        for (QGraphicsItem* child : item->childItems()) {
            if (!child->isVisible())
                continue;
            QString text;
            if (auto* simple = dynamic_cast<QGraphicsSimpleTextItem*>(child))
                text = simple->text();
            else if (auto* rich = dynamic_cast<QGraphicsTextItem*>(child))
                text = rich->document()->toPlainText();
            if (!text.trimmed().isEmpty())
                texts.push_back({text, child->mapRectToItem(chart, child->boundingRect())});
            visit(child);
        }
    };
    visit(chart);
    return texts;
}

// What the callout of `view` hides; empty when it hides nothing. The callout's own curve is
// checked too, but for its two segments that meet at the ring.
inline QStringList calloutProblems(MetricChartView& view)
{
    QStringList problems;
    const ChartCallout& callout = view.callout();
    const QRectF bubble = callout.bubbleRect();
    QChart* chart = view.chart();
    if (!chart->plotArea().adjusted(-0.5, -0.5, 0.5, 0.5).contains(bubble))
        problems << QStringLiteral("bubble %1 outside the plot %2")
                        .arg(rectText(bubble), rectText(chart->plotArea()));
    for (const auto& [text, rect] : chartTexts(chart))
        if (rect.intersects(bubble))
            problems << QStringLiteral("covers the text \"%1\"").arg(text);
    for (QAbstractSeries* s : chart->series()) {
        if (!s->isVisible())
            continue;
        if (auto* scatter = qobject_cast<QScatterSeries*>(s)) {
            for (const QPointF& p : scatter->points())
                if (bubble.contains(chart->mapToPosition(p, scatter)))
                    problems << QStringLiteral("covers a marker of %1").arg(s->name());
            continue;
        }
        auto* line = qobject_cast<QLineSeries*>(s);
        if (!line)
            continue;
        QList<QPointF> drawn;
        for (const QPointF& p : line->points())
            drawn << chart->mapToPosition(p, line);
        if (s->name() != callout.setup()) {
            lineProblems(s->name(), drawn, bubble, problems);
            continue;
        }
        // Its own curve: the points, and the segments but those from the anchor.
        QList<QPointF> before, after;
        bool past = false;
        for (const QPointF& p : drawn) {
            if (QLineF(p, callout.anchor()).length() < 0.5) {
                past = true;
                continue;
            }
            (past ? after : before) << p;
        }
        lineProblems(s->name(), before, bubble, problems);
        lineProblems(s->name(), after, bubble, problems);
    }
    return problems;
}

// The same on the Live view: the bubble in the panel of its anchor, over no other panel, none
// of that panel's lines, its title or its collapse labels.
inline QStringList calloutProblems(const LiveTimeSeriesView& view, const CalloutBubble& drawn)
{
    QStringList problems;
    const QRectF bubble = drawn.bubbleRect();
    std::optional<Figure> own;
    for (const Figure panel : panelFigures())
        if (view.panelRect(panel).adjusted(-1, -1, 1, 1).contains(drawn.anchor()))
            own = panel;
    if (!own)
        return {QStringLiteral("the anchor is in no panel")};
    const QRectF plot = view.panelRect(*own);
    if (!plot.adjusted(-0.5, -0.5, 0.5, 0.5).contains(bubble))
        problems << QStringLiteral("bubble %1 outside its panel %2")
                        .arg(rectText(bubble), rectText(plot));
    for (const Figure panel : panelFigures())
        if (panel != *own && view.panelRect(panel).intersects(bubble))
            problems << QStringLiteral("covers the panel \"%1\"")
                            .arg(panelTitle(panel));
    if (view.titleRect(*own).intersects(bubble))
        problems << QStringLiteral("covers the panel's title");
    if (*own == Figure::P99)
        for (const QRectF& label : view.collapseLabelRects())
            if (label.intersects(bubble))
                problems << QStringLiteral("covers a collapse label");
    int world = 0;
    for (const QPolygonF& line : view.drawnLines(*own)) {
        QList<QPointF> points(line.begin(), line.end());
        // The anchor's own line: but the two segments from the anchor.
        QList<QPointF> before, after;
        bool past = false;
        for (const QPointF& p : points) {
            if (QLineF(p, drawn.anchor()).length() < 0.5) {
                past = true;
                continue;
            }
            (past ? after : before) << p;
        }
        const QString name = QStringLiteral("world %1").arg(world++);
        lineProblems(name, before, bubble, problems);
        lineProblems(name, after, bubble, problems);
    }
    return problems;
}

// On the map: the bubble over the cells only (not the title, the axes or the legend), clear of
// the callout's cell, and over at most `mostCells` cells' centres (their figures).
inline QStringList calloutProblems(const HeatMapView& map, const CalloutBubble& drawn,
                                   int mostCells)
{
    QStringList problems;
    const QRectF bubble = drawn.bubbleRect();
    const QRectF plot = map.plotRect();
    if (!plot.adjusted(-0.5, -0.5, 0.5, 0.5).contains(bubble))
        problems << QStringLiteral("bubble %1 outside the cells %2")
                        .arg(rectText(bubble), rectText(plot));
    int covered = 0;
    const GridMap& grid = map.map();
    for (std::size_t v = 0; v < grid.knobValues.size(); ++v)
        for (std::size_t r = 0; r < grid.rows.size(); ++r) {
            const QPointF centre = map.cellRect({v, r}).center();
            if (!bubble.contains(centre))
                continue;
            ++covered;
            if (QLineF(centre, drawn.anchor()).length() < 0.5)
                problems << QStringLiteral("covers its own cell");
        }
    if (covered > mostCells)
        problems << QStringLiteral("covers %1 cells (at most %2)").arg(covered).arg(mostCells);
    return problems;
}

} // namespace hedge::test
