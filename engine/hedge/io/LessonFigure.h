// The figures a lesson may name (docs/lessons.md, "Figures"): a results file's keys
// (docs/model.md, "Metrics"), the replicates' p99 spread and counts, and the point's load, or a
// timeline bucket's figures; how to read one from a PointResult or a TimelineBucket and how a
// callout prints it.
#pragma once

#include <hedge/sim/PointResult.h>
#include <hedge/sim/TimelineResult.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hedge {

// What a step runs: a sweep (figures of a point at a load) or a timeline (of a bucket).
enum class LessonRunKind { Sweep, Timeline };

// Every figure's key a run of `kind` has, in the order messages list them: "p50_ms", "p99_ms",
// ..., "collapsed", "load".
const std::vector<std::string>& lessonFigureKeys(LessonRunKind kind = LessonRunKind::Sweep);
bool isLessonFigure(std::string_view key, LessonRunKind kind = LessonRunKind::Sweep);
// "collapsed": true or false (a condition's "is"); every other figure is a number ("below",
// "above").
bool isYesNoFigure(std::string_view key);

// The figure as the results file has it (latencies in ms, fractions 0 … 1, "collapsed" 1 or 0,
// "load" 0 … 1.5); none when the point has no such figure (no call succeeded: no latency).
std::optional<double> lessonFigureValue(const PointResult& point, std::string_view key);
// A bucket's: per call of the bucket (fractions), none when it had no calls or no success.
std::optional<double> lessonFigureValue(const TimelineBucket& bucket, std::string_view key);

// A timeline's figure over a window (docs/lessons.md, "Timeline steps"): "p99_ms_low" and
// "p99_ms_high" are the lowest and the highest p99 of the buckets from the timeline's start to
// the moment, the band a bouncing line keeps to, where one bucket's p99 would be one sample of
// it. `bucketFigure` is the figure each bucket gives, `highest` which end of the band.
struct LessonWindowFigure {
    const char* bucketFigure;
    bool highest;
};
std::optional<LessonWindowFigure> lessonWindowFigure(std::string_view key);

// As a callout prints it, with its unit: "31 ms", "4.5 ms", "9.0 s", "23 s", "4.2 %" (fractions and the
// load as percentages), "1.04" (requests per call), "collapsed" / "held"; "no answer" for a
// latency no call had.
std::string formatLessonFigure(std::string_view key, std::optional<double> value);

} // namespace hedge
