// A lesson step against a run of its scenario (docs/lessons.md, "Checking a lesson"): its texts
// with the run's figures in place of the placeholders, and whether each condition holds.
// `hedgesim lesson check` and the explorer's lesson panel read a step the same way.
#pragma once

#include <hedge/io/Lesson.h>
#include <hedge/sim/PointResult.h>
#include <hedge/sim/TimelineResult.h>

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hedge {

struct LessonWindowFigure;

// The run a step's figures are read from: a sweep's points, or a timeline's buckets (the
// worlds of `hedgesim timeline`, or what the Live view has kept). Refers to them: they outlive
// it.
class LessonRun {
public:
    // `setup`'s bucket ending at `atS`; nullptr when the run has not got it (yet).
    using BucketAt = std::function<const TimelineBucket*(const std::string& setup, double atS)>;

    // Implicit: a sweep's points are its run.
    LessonRun(const std::vector<PointResult>& points) : m_points(&points) {}
    explicit LessonRun(BucketAt buckets) : m_buckets(std::move(buckets)) {}
    static LessonRun ofWorlds(const std::vector<WorldResult>& worlds);

    // Whether the run has the point `ref` names.
    bool has(const LessonFigureRef& ref) const;
    // Its figure; none without the point, or when the point has no such figure (no call
    // succeeded: no latency).
    std::optional<double> figure(const LessonFigureRef& ref) const;

private:
    std::optional<double> windowFigure(const LessonFigureRef& ref,
                                       const LessonWindowFigure& window) const;

    const std::vector<PointResult>* m_points = nullptr;
    BucketAt m_buckets;
};

// The point a reference names among a sweep's results (grid cells are not among them); nullptr
// when the run has not got it (yet).
const PointResult* findLessonPoint(const std::vector<PointResult>& points,
                                   const LessonFigureRef& ref);

// The text with every placeholder replaced by its figure as formatLessonFigure prints it; none
// while a point it names is missing from the run.
std::optional<std::string> fillLessonText(const LessonText& text, const LessonRun& run);

struct LessonConditionOutcome {
    // What was compared, with the figures: "p99_ms of "hedge, default budget / client" at 30 %
    // is 31 ms, below 40 ms".
    std::string description;
    std::string figure; // the subject's figure as a callout prints it: "31 ms", "held"
    bool holds = false;
};

// The condition in words, without the run's figures: "p99_ms of "hedge, no budget / client" at
// 70 % below 60 ms", "collapsed of "…" at 85 % is held" (an exercise's goal, before a Check).
std::string lessonConditionText(const LessonCondition& condition);

// Each condition of the step in file order; one that names a point the run has not got, or a
// figure the point has not (no call succeeded: no latency), does not hold.
std::vector<LessonConditionOutcome> evaluateLessonConditions(const LessonStep& step,
                                                             const LessonRun& run);

} // namespace hedge
