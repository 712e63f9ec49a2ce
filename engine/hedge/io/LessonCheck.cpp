#include <hedge/io/LessonCheck.h>

#include <hedge/io/LessonFigure.h>

#include <cmath>
#include <cstdio>

namespace hedge {

namespace {

std::string pointText(const LessonFigureRef& ref)
{
    if (ref.atS) {
        char moment[32];
        std::snprintf(moment, sizeof moment, "%g s", *ref.atS);
        return ref.figure + " of \"" + ref.setup + "\" at " + moment;
    }
    std::string text =
        ref.figure + " of \"" + ref.setup + "\" at " + formatLessonFigure("load", ref.load);
    if (ref.gridValue) {
        char value[48];
        std::snprintf(value, sizeof value, " (the map's cell at %g)", *ref.gridValue);
        text += value;
    }
    return text;
}

std::string timesText(double times)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g × ", times);
    return times == 1.0 ? std::string() : std::string(text);
}

const char* comparisonText(const LessonCondition& c)
{
    if (c.test == LessonCondition::Test::Below)
        return c.orEqual ? "at most " : "below ";
    return c.orEqual ? "at least " : "above ";
}

LessonConditionOutcome evaluate(const LessonCondition& c, const LessonRun& run)
{
    const std::optional<double> value = run.figure(c.subject);
    LessonConditionOutcome outcome;
    outcome.figure = formatLessonFigure(c.subject.figure, value);
    outcome.description = pointText(c.subject) + " is " + outcome.figure;
    if (c.test == LessonCondition::Test::Is) {
        outcome.description += std::string(", expected ") + (c.is ? "collapsed" : "held");
        outcome.holds = value && (*value != 0.0) == c.is;
        return outcome;
    }
    std::optional<double> bound = c.bound;
    std::string boundText = formatLessonFigure(c.subject.figure, c.bound);
    if (c.boundRef) {
        const std::optional<double> other = run.figure(*c.boundRef);
        bound = other ? std::optional(*other * c.times) : std::nullopt;
        boundText = timesText(c.times) + pointText(*c.boundRef) + " (" +
                    formatLessonFigure(c.boundRef->figure, other) + ")";
    }
    const bool below = c.test == LessonCondition::Test::Below;
    outcome.description += std::string(", ") + comparisonText(c) + boundText;
    const auto inBound = [&c, below](double v, double b) {
        if (c.orEqual)
            return below ? v <= b : v >= b;
        return below ? v < b : v > b;
    };
    outcome.holds = value && bound && inBound(*value, *bound);
    return outcome;
}

} // namespace

std::string lessonConditionText(const LessonCondition& c)
{
    if (c.test == LessonCondition::Test::Is)
        return pointText(c.subject) + (c.is ? " is collapsed" : " is held");
    const std::string bound =
        c.boundRef ? timesText(c.times) + pointText(*c.boundRef)
                   : formatLessonFigure(c.subject.figure, c.bound);
    return pointText(c.subject) + " " + comparisonText(c) + bound;
}

const PointResult* findLessonPoint(const std::vector<PointResult>& points,
                                   const LessonFigureRef& ref)
{
    for (const PointResult& p : points) {
        const bool cell = ref.gridValue && p.knobValue && !p.againstValue &&
                          std::fabs(*p.knobValue - *ref.gridValue) < 1e-9;
        const bool curve = !ref.gridValue && !p.knobValue && !p.againstValue;
        if ((cell || curve) && p.setup == ref.setup && std::fabs(p.load - ref.load) < 1e-9)
            return &p;
    }
    return nullptr;
}

LessonRun LessonRun::ofWorlds(const std::vector<WorldResult>& worlds)
{
    return LessonRun([&worlds](const std::string& setup, double atS) -> const TimelineBucket* {
        for (const WorldResult& world : worlds) {
            if (world.setup != setup)
                continue;
            for (const TimelineBucket& b : world.buckets)
                if (std::fabs(b.tS - atS) < 1e-6)
                    return &b;
        }
        return nullptr;
    });
}

bool LessonRun::has(const LessonFigureRef& ref) const
{
    if (ref.atS)
        return m_buckets && m_buckets(ref.setup, *ref.atS);
    return m_points && findLessonPoint(*m_points, ref);
}

std::optional<double> LessonRun::figure(const LessonFigureRef& ref) const
{
    if (ref.atS) {
        if (const std::optional<LessonWindowFigure> window = lessonWindowFigure(ref.figure))
            return windowFigure(ref, *window);
        const TimelineBucket* bucket = m_buckets ? m_buckets(ref.setup, *ref.atS) : nullptr;
        return bucket ? lessonFigureValue(*bucket, ref.figure) : std::nullopt;
    }
    const PointResult* point = m_points ? findLessonPoint(*m_points, ref) : nullptr;
    return point ? lessonFigureValue(*point, ref.figure) : std::nullopt;
}

// Every bucket from the first to the moment's: a bucket the run has not got, none; a bucket
// without the figure (no call succeeded in it) does not count.
std::optional<double> LessonRun::windowFigure(const LessonFigureRef& ref,
                                              const LessonWindowFigure& window) const
{
    if (!m_buckets || ref.bucketS <= 0.0)
        return std::nullopt;
    const auto count = static_cast<long>(std::lround(*ref.atS / ref.bucketS));
    std::optional<double> band;
    for (long i = 1; i <= count; ++i) {
        const TimelineBucket* bucket = m_buckets(ref.setup, double(i) * ref.bucketS);
        if (!bucket)
            return std::nullopt;
        const std::optional<double> v = lessonFigureValue(*bucket, window.bucketFigure);
        if (v && (!band || (window.highest ? *v > *band : *v < *band)))
            band = v;
    }
    return band;
}

std::optional<std::string> fillLessonText(const LessonText& text, const LessonRun& run)
{
    std::string filled;
    for (const LessonText::Part& part : text.parts) {
        if (!part.figure) {
            filled += part.literal;
            continue;
        }
        if (!run.has(*part.figure))
            return std::nullopt;
        filled += formatLessonFigure(part.figure->figure, run.figure(*part.figure));
    }
    return filled;
}

std::vector<LessonConditionOutcome> evaluateLessonConditions(const LessonStep& step,
                                                             const LessonRun& run)
{
    std::vector<LessonConditionOutcome> outcomes;
    for (const LessonCondition& c : step.conditions)
        outcomes.push_back(evaluate(c, run));
    return outcomes;
}

} // namespace hedge
