#include "LessonStepChart.h"

#include "ChartExport.h"
#include "LiveTimeSeriesView.h"
#include "Metric.h"
#include "MetricChartView.h"
#include "PaintedExport.h"
#include "SeriesStyle.h"

#include <hedge/sim/BucketRing.h>
#include <hedge/sim/Figures.h>

#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <utility>

namespace hedge {

std::optional<QString> lessonCompactCallout(const LessonFigureRef& anchor, const LessonRun& run)
{
    // The words round the figure's value.
    static const std::map<std::string, std::pair<std::string, std::string>> words{
        {"p50_ms", {"p50 ", ""}},
        {"p99_ms", {"p99 ", ""}},
        {"p999_ms", {"p99.9 ", ""}},
        {"mean_ms", {"mean ", ""}},
        {"max_ms", {"max ", ""}},
        {"backlog_ms", {"backlog ", ""}},
        {"p99_ms_low", {"p99 from ", ""}},
        {"p99_ms_high", {"p99 up to ", ""}},
        {"p99_ms_min", {"p99 from ", ""}},
        {"p99_ms_max", {"p99 up to ", ""}},
        {"requests_per_call", {"", " requests per call"}},
        {"hedged_fraction", {"", " of calls hedged"}},
        {"rejected_fraction", {"", " of calls rejected"}},
        {"failed_fraction", {"", " of calls failed"}},
        {"hedges_refused_fraction", {"", " of hedges refused"}},
        {"goodput_fraction", {"goodput ", ""}},
        {"goodput_per_s", {"goodput ", " calls/s"}},
        {"timed_out_fraction", {"", " of calls timed out"}},
        {"hedges_per_call", {"", " hedges per call"}},
        {"retries_per_call", {"", " retries per call"}},
        {"wasted_work_fraction", {"", " of the busy time wasted"}},
        {"utilisation", {"utilisation ", ""}},
        {"collapsed", {"", ""}},
        {"load", {"load ", ""}},
    };
    std::string before = anchor.figure + " ", after;
    std::replace(before.begin(), before.end(), '_', ' ');
    if (const auto found = words.find(anchor.figure); found != words.end())
        std::tie(before, after) = found->second;
    LessonText text;
    text.parts.push_back({before, {}});
    text.parts.push_back({{}, anchor});
    if (anchor.atS) {
        const int s = int(std::lround(*anchor.atS));
        text.parts.push_back({after + QStringLiteral(" at %1:%2")
                                          .arg(s / 60)
                                          .arg(s % 60, 2, 10, QLatin1Char('0'))
                                          .toStdString(),
                              {}});
    } else {
        LessonFigureRef load = anchor;
        load.figure = "load";
        text.parts.push_back({after + " at ", {}});
        text.parts.push_back({{}, load});
        text.parts.push_back({" load", {}});
    }
    const std::optional<std::string> filled = fillLessonText(text, run);
    if (!filled)
        return std::nullopt;
    return QString::fromStdString(*filled);
}

QByteArray lessonStepChartSvg(const LessonStep& step, const std::vector<PointResult>& points,
                              const LessonRun& run, const QString& sentence, QSize size)
{
    if (step.scenario.timeline)
        return {};
    // The chart the window puts the callout on: its figure's, else the p99 chart.
    const Metric metric =
        metricFromResultsKey(QString::fromStdString(step.anchor.figure)).value_or(Metric::P99);
    MetricChartView view(metric);
    // Reports are read on white paper: the report's light palette (ReportWriter.cpp).
    view.setPalette(QPalette(QColor(0xEF, 0xEF, 0xEF)));
    QList<SeriesStyle> styles;
    for (std::size_t i = 0; i < step.scenario.setups.size(); ++i) {
        const std::string& name = step.scenario.setups[i].name;
        const bool shown =
            std::find(step.shows.begin(), step.shows.end(), name) != step.shows.end();
        styles.push_back({QString::fromStdString(name), colourForIndex(int(i)), shown});
    }
    view.setSeriesStyles(styles);
    // The curves: a map's cells are the map's, not a chart's.
    std::vector<PointResult> curves;
    std::copy_if(points.begin(), points.end(), std::back_inserter(curves),
                 [](const PointResult& p) { return !p.knobValue && !p.againstValue; });
    view.setPoints(curves);
    if (!step.scenario.loads.empty()) {
        const auto [lo, hi] =
            std::minmax_element(step.scenario.loads.begin(), step.scenario.loads.end());
        view.setLoadRange(*lo, *hi);
    }
    if (!step.anchor.gridValue && !sentence.isEmpty())
        view.setCallout(QString::fromStdString(step.anchor.setup), step.anchor.load, sentence,
                        lessonCompactCallout(step.anchor, run).value_or(QString()));
    return renderChartSvg(&view, size);
}

QByteArray lessonTimelineChartSvg(const LessonStep& step, const std::vector<WorldResult>& worlds,
                                  double untilS, const LessonRun& run, const QString& sentence,
                                  QSize size)
{
    // The buckets the Live view holds when it pauses at `untilS`, one ring a world.
    std::vector<BucketRing> rings;
    QList<SeriesStyle> styles;
    std::size_t calloutWorld = 0;
    for (std::size_t i = 0; i < worlds.size(); ++i) {
        rings.emplace_back(std::max<std::size_t>(worlds[i].buckets.size(), 1));
        for (const TimelineBucket& bucket : worlds[i].buckets)
            if (bucket.tS <= untilS + 1e-6)
                rings.back().push(bucket);
        const bool shown =
            std::find(step.shows.begin(), step.shows.end(), worlds[i].setup) != step.shows.end();
        styles.push_back({QString::fromStdString(worlds[i].setup), colourForIndex(int(i)), shown});
        if (worlds[i].setup == step.anchor.setup)
            calloutWorld = i;
    }
    LiveTimeSeriesView view;
    view.setPalette(QPalette(QColor(0xEF, 0xEF, 0xEF)));
    view.setSource(&rings);
    view.setSeriesStyles(styles);
    // From the start to the moment: the whole story the step tells, as far as the view keeps.
    view.setWindowSeconds(std::clamp(untilS, 60.0, 600.0));
    const Figure panel =
        figureFromResultsKey(step.anchor.figure, panelFigures()).value_or(Figure::P99);
    view.setPanelShown(panel, true);
    view.resize(size);
    if (step.anchor.atS && !sentence.isEmpty())
        view.setCallout(panel, calloutWorld, *step.anchor.atS, sentence,
                        lessonCompactCallout(step.anchor, run).value_or(QString()));
    const PaintAt paint = [&view](QPainter* painter, QSizeF at) {
        view.render(*painter, QRectF(QPointF(0, 0), at));
    };
    return paintSvg(paint, size, view.logicalDpiX(), QString::fromStdString(step.title));
}

} // namespace hedge
