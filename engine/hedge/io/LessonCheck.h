// A lesson step against a run of its scenario (docs/lessons.md, "Checking a lesson"): its texts
// with the run's figures in place of the placeholders, and whether each condition holds.
// `hedgesim lesson check` and the explorer's lesson panel read a step the same way.
#pragma once

#include <hedge/io/Lesson.h>
#include <hedge/sim/PointResult.h>

#include <optional>
#include <string>
#include <vector>

namespace hedge {

// The point a reference names among a sweep's results (grid cells are not among them); nullptr
// when the run has not got it (yet).
const PointResult* findLessonPoint(const std::vector<PointResult>& points,
                                   const LessonFigureRef& ref);

// The text with every placeholder replaced by its figure as formatLessonFigure prints it; none
// while a point it names is missing from `points`.
std::optional<std::string> fillLessonText(const LessonText& text,
                                          const std::vector<PointResult>& points);

struct LessonConditionOutcome {
    // What was compared, with the figures: "p99_ms of "hedge, default budget / client" at 30 %
    // is 31 ms, below 40 ms".
    std::string description;
    bool holds = false;
};

// Each condition of the step in file order; one that names a point the run has not got, or a
// figure the point has not (no call succeeded: no latency), does not hold.
std::vector<LessonConditionOutcome>
evaluateLessonConditions(const LessonStep& step, const std::vector<PointResult>& points);

} // namespace hedge
