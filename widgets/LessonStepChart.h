// A lesson step's chart as the explorer draws it, outside the window (docs/lessons.md,
// "Handouts"): the metric chart of the callout's figure (the p99 chart for a figure without
// one), the step's setups shown in the window's colours, the callout's ring and bubble at its
// point with the sentence, drawn by the window's own MetricChartView. A map step's chart is its
// curves (the map's baseline) without the cell's callout. A timeline step's is the Live view's
// charts (LiveTimeSeriesView) from 0 s to the step's moment, the callout on the panel of its
// figure.
#pragma once

#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>
#include <hedge/sim/PointResult.h>
#include <hedge/sim/TimelineResult.h>

#include <QByteArray>
#include <QSize>
#include <QString>

#include <optional>
#include <vector>

namespace hedge {

// The callout's compact form (CalloutBubble::setText), drawn where the sentence would hide a
// curve: the figure it points at and where ("p99 55 ms at 30 % load", "1.04 requests per call
// at 30 % load", "p99 1.2 s at 4:25"); none until the run has the figure.
std::optional<QString> lessonCompactCallout(const LessonFigureRef& anchor, const LessonRun& run);

// The size a handout lays a step's chart out at: about as wide as an A4 page in portrait at
// 96 dpi, so that the PDF prints its labels at their size on screen (a browser scales it up).
inline constexpr QSize kHandoutChartSize{720, 430};

// The step's chart over `points` (its sweep's) as an SVG document laid out at `size`, in the
// report's light palette, with `sentence` in the callout's bubble; empty for a timeline step.
QByteArray lessonStepChartSvg(const LessonStep& step, const std::vector<PointResult>& points,
                              const LessonRun& run, const QString& sentence,
                              QSize size = kHandoutChartSize);
// A timeline step's chart over `worlds` (its timeline's), from 0 s to `untilS` (the step's
// moment, or what its Reveal plays to), the callout at its moment.
QByteArray lessonTimelineChartSvg(const LessonStep& step, const std::vector<WorldResult>& worlds,
                                  double untilS, const LessonRun& run, const QString& sentence,
                                  QSize size = kHandoutChartSize);

} // namespace hedge
