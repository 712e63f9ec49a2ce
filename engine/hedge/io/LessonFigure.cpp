#include <hedge/io/LessonFigure.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace hedge {

namespace {

enum class FigureUnit { Milliseconds, Fraction, Plain, Count, YesNo, AsIs };

struct LessonFigureRow {
    const char* key;
    FigureUnit unit;
    std::optional<double> (*read)(const PointResult&); // nullptr: not a sweep's figure
    // A timeline bucket's figure (docs/timeline.md, "Results"); nullptr: not a timeline's.
    std::optional<double> (*atMoment)(const TimelineBucket&) = nullptr;
};

// Per call of the bucket: none without arrivals (the figure has no meaning then).
std::optional<double> perArrival(const TimelineBucket& b, std::int64_t count)
{
    return b.arrivals > 0 ? std::optional(double(count) / double(b.arrivals)) : std::nullopt;
}
std::optional<double> perCallEnded(const TimelineBucket& b, std::int64_t count)
{
    return b.callsEnded > 0 ? std::optional(double(count) / double(b.callsEnded)) : std::nullopt;
}

const std::vector<LessonFigureRow>& lessonFigureRows()
{
    using P = const PointResult&;
    using B = const TimelineBucket&;
    static const std::vector<LessonFigureRow> table{
        {"p50_ms", FigureUnit::Milliseconds, [](P p) { return p.p50Ms; },
         [](B b) { return b.p50Ms; }},
        {"p99_ms", FigureUnit::Milliseconds, [](P p) { return p.p99Ms; },
         [](B b) { return b.p99Ms; }},
        {"p999_ms", FigureUnit::Milliseconds, [](P p) { return p.p999Ms; },
         [](B b) { return b.p999Ms; }},
        {"mean_ms", FigureUnit::Milliseconds, [](P p) { return p.meanMs; }},
        {"max_ms", FigureUnit::Milliseconds, [](P p) { return p.maxMs; }},
        {"requests_per_call", FigureUnit::Plain,
         [](P p) { return std::optional(p.requestsPerCall); },
         [](B b) { return b.requestsPerCall; }},
        {"hedged_fraction", FigureUnit::Fraction,
         [](P p) { return std::optional(p.hedgedFraction); },
         [](B b) { return perArrival(b, b.hedges); }},
        {"rejected_fraction", FigureUnit::Fraction,
         [](P p) { return std::optional(p.rejectedFraction); },
         [](B b) { return perCallEnded(b, b.rejected); }},
        {"failed_fraction", FigureUnit::Fraction,
         [](P p) { return std::optional(p.failedFraction); },
         [](B b) { return perCallEnded(b, b.failed); }},
        // docs/model.md, "Deadlines" and "Metrics": the calls' outcomes and where the work went.
        {"goodput_fraction", FigureUnit::Fraction,
         [](P p) { return std::optional(p.goodputFraction); },
         [](B b) { return perCallEnded(b, b.callsEnded - b.rejected - b.failed - b.timedOut); }},
        {"goodput_per_s", FigureUnit::Count,
         [](P p) { return std::optional(p.goodputPerSecond); },
         [](B b) { return std::optional(b.goodputPerS); }},
        {"timed_out_fraction", FigureUnit::Fraction,
         [](P p) { return std::optional(p.timedOutFraction); },
         [](B b) { return perCallEnded(b, b.timedOut); }},
        {"hedges_per_call", FigureUnit::Plain, [](P p) { return std::optional(p.hedgesPerCall); },
         [](B b) { return perCallEnded(b, b.hedgesOfEnded); }},
        {"retries_per_call", FigureUnit::Plain,
         [](P p) { return std::optional(p.retriesPerCall); },
         [](B b) { return perCallEnded(b, b.retriesOfEnded); }},
        {"wasted_work_fraction", FigureUnit::Fraction,
         [](P p) { return std::optional(p.wastedWorkFraction); },
         [](B b) { return std::optional(b.wastedFraction); }},
        {"hedges_refused_fraction", FigureUnit::Fraction,
         [](P p) { return std::optional(p.hedgesRefusedFraction); }},
        {"utilisation", FigureUnit::Fraction, [](P p) { return std::optional(p.utilisation); },
         [](B b) { return std::optional(b.busyFraction); }},
        // The queued work over the workers at the bucket's end: how long a new call waits.
        {"backlog_ms", FigureUnit::Milliseconds, nullptr,
         [](B b) { return std::optional(b.backlogMs); }},
        // The replicates' spread (docs/replicates.md, "Spread"): a single run is its own min and
        // max.
        {"p99_ms_min", FigureUnit::Milliseconds,
         [](P p) {
             return p.spread && p.spread->p99Ms ? std::optional(p.spread->p99Ms->min) : p.p99Ms;
         }},
        {"p99_ms_max", FigureUnit::Milliseconds,
         [](P p) {
             return p.spread && p.spread->p99Ms ? std::optional(p.spread->p99Ms->max) : p.p99Ms;
         }},
        {"replicates", FigureUnit::Count,
         [](P p) { return std::optional<double>(p.replicates()); }},
        {"collapsed_runs", FigureUnit::Count,
         [](P p) { return std::optional<double>(p.collapsedRuns()); }},
        // A timeline's band over the buckets from its start to the moment (LessonRun reads
        // them bucket by bucket): the row's own read is never called.
        {"p99_ms_low", FigureUnit::Milliseconds, nullptr, [](B b) { return b.p99Ms; }},
        {"p99_ms_high", FigureUnit::Milliseconds, nullptr, [](B b) { return b.p99Ms; }},
        {"collapsed", FigureUnit::YesNo, [](P p) { return std::optional(p.collapsed ? 1.0 : 0.0); },
         [](B b) { return std::optional(b.collapsed ? 1.0 : 0.0); }},
        // A map's cell: the value of the grid's knob, in its file unit ("20" for 20 ms).
        {"grid_value", FigureUnit::AsIs, [](P p) { return p.knobValue; }},
        {"load", FigureUnit::Fraction, [](P p) { return std::optional(p.load); },
         [](B b) { return std::optional(b.load); }},
    };
    return table;
}

bool lessonFigureHasKind(const LessonFigureRow& row, LessonRunKind kind)
{
    return kind == LessonRunKind::Sweep ? row.read != nullptr : row.atMoment != nullptr;
}

const LessonFigureRow* findLessonFigure(std::string_view key)
{
    const auto& table = lessonFigureRows();
    const auto it = std::find_if(table.begin(), table.end(),
                                 [key](const LessonFigureRow& row) { return key == row.key; });
    return it == table.end() ? nullptr : &*it;
}

std::string printed(const char* format, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// Two significant digits where a figure is small, whole units where it is not: a callout is read
// from the back of a room, not compared to the last digit. From a second on in seconds, so that
// two durations of one sentence read in one unit ("9.0 s" beside "18 s", not "8963 ms").
std::string milliseconds(double ms)
{
    if (ms >= 9999.5)
        return printed("%.0f s", ms / 1000.0);
    if (ms >= 999.5)
        return printed("%.1f s", ms / 1000.0);
    if (ms >= 10.0)
        return printed("%.0f ms", ms);
    return printed("%.1f ms", ms);
}

std::string percent(double fraction)
{
    const double pct = fraction * 100.0;
    if (pct != 0.0 && std::fabs(pct) < 10.0)
        return printed("%.1f %%", pct);
    return printed("%.0f %%", pct);
}

} // namespace

const std::vector<std::string>& lessonFigureKeys(LessonRunKind kind)
{
    static const auto keysOf = [](LessonRunKind k) {
        std::vector<std::string> keys;
        for (const LessonFigureRow& row : lessonFigureRows())
            if (lessonFigureHasKind(row, k))
                keys.emplace_back(row.key);
        return keys;
    };
    static const std::vector<std::string> sweep = keysOf(LessonRunKind::Sweep);
    static const std::vector<std::string> timeline = keysOf(LessonRunKind::Timeline);
    return kind == LessonRunKind::Sweep ? sweep : timeline;
}

bool isLessonFigure(std::string_view key, LessonRunKind kind)
{
    const LessonFigureRow* row = findLessonFigure(key);
    return row && lessonFigureHasKind(*row, kind);
}

bool isYesNoFigure(std::string_view key)
{
    const LessonFigureRow* row = findLessonFigure(key);
    return row && row->unit == FigureUnit::YesNo;
}

std::optional<double> lessonFigureValue(const PointResult& point, std::string_view key)
{
    const LessonFigureRow* row = findLessonFigure(key);
    return row && row->read ? row->read(point) : std::nullopt;
}

std::optional<double> lessonFigureValue(const TimelineBucket& bucket, std::string_view key)
{
    const LessonFigureRow* row = findLessonFigure(key);
    return row && row->atMoment ? row->atMoment(bucket) : std::nullopt;
}

std::optional<LessonWindowFigure> lessonWindowFigure(std::string_view key)
{
    if (key == "p99_ms_low")
        return LessonWindowFigure{"p99_ms", false};
    if (key == "p99_ms_high")
        return LessonWindowFigure{"p99_ms", true};
    return std::nullopt;
}

std::string formatLessonFigure(std::string_view key, std::optional<double> value)
{
    const LessonFigureRow* row = findLessonFigure(key);
    if (!row || !value)
        return "no answer";
    switch (row->unit) {
    case FigureUnit::Milliseconds:
        return milliseconds(*value);
    case FigureUnit::Fraction:
        return percent(*value);
    case FigureUnit::Plain:
        return printed("%.2f", *value);
    case FigureUnit::Count:
        return printed("%.0f", *value);
    case FigureUnit::YesNo:
        return *value != 0.0 ? "collapsed" : "held";
    case FigureUnit::AsIs:
        return printed("%g", *value);
    }
    return "no answer";
}

} // namespace hedge
