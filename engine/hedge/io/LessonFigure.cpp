#include <hedge/io/LessonFigure.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hedge {

namespace {

enum class FigureUnit { Milliseconds, Fraction, Plain, Count, YesNo };

struct FigureRow {
    const char* key;
    FigureUnit unit;
    std::optional<double> (*read)(const PointResult&);
};

const std::vector<FigureRow>& rows()
{
    using P = const PointResult&;
    static const std::vector<FigureRow> table{
        {"p50_ms", FigureUnit::Milliseconds, [](P p) { return p.p50Ms; }},
        {"p99_ms", FigureUnit::Milliseconds, [](P p) { return p.p99Ms; }},
        {"p999_ms", FigureUnit::Milliseconds, [](P p) { return p.p999Ms; }},
        {"mean_ms", FigureUnit::Milliseconds, [](P p) { return p.meanMs; }},
        {"max_ms", FigureUnit::Milliseconds, [](P p) { return p.maxMs; }},
        {"requests_per_call", FigureUnit::Plain,
         [](P p) { return std::optional(p.requestsPerCall); }},
        {"hedged_fraction", FigureUnit::Fraction,
         [](P p) { return std::optional(p.hedgedFraction); }},
        {"rejected_fraction", FigureUnit::Fraction,
         [](P p) { return std::optional(p.rejectedFraction); }},
        {"failed_fraction", FigureUnit::Fraction,
         [](P p) { return std::optional(p.failedFraction); }},
        {"hedges_refused_fraction", FigureUnit::Fraction,
         [](P p) { return std::optional(p.hedgesRefusedFraction); }},
        {"utilisation", FigureUnit::Fraction, [](P p) { return std::optional(p.utilisation); }},
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
        {"collapsed", FigureUnit::YesNo,
         [](P p) { return std::optional(p.collapsed ? 1.0 : 0.0); }},
        {"load", FigureUnit::Fraction, [](P p) { return std::optional(p.load); }},
    };
    return table;
}

const FigureRow* findRow(std::string_view key)
{
    const auto& table = rows();
    const auto it = std::find_if(table.begin(), table.end(),
                                 [key](const FigureRow& row) { return key == row.key; });
    return it == table.end() ? nullptr : &*it;
}

std::string printed(const char* format, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// Two significant digits where a figure is small, whole units where it is not: a callout is read
// from the back of a room, not compared to the last digit.
std::string milliseconds(double ms)
{
    if (ms >= 10000.0)
        return printed("%.0f s", ms / 1000.0);
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

const std::vector<std::string>& lessonFigureKeys()
{
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> k;
        for (const FigureRow& row : rows())
            k.emplace_back(row.key);
        return k;
    }();
    return keys;
}

bool isLessonFigure(std::string_view key)
{
    return findRow(key) != nullptr;
}

bool isYesNoFigure(std::string_view key)
{
    const FigureRow* row = findRow(key);
    return row && row->unit == FigureUnit::YesNo;
}

std::optional<double> lessonFigureValue(const PointResult& point, std::string_view key)
{
    const FigureRow* row = findRow(key);
    return row ? row->read(point) : std::nullopt;
}

std::string formatLessonFigure(std::string_view key, std::optional<double> value)
{
    const FigureRow* row = findRow(key);
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
    }
    return "no answer";
}

} // namespace hedge
