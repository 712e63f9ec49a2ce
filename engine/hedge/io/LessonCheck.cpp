#include <hedge/io/LessonCheck.h>

#include <hedge/io/LessonFigure.h>

#include <cmath>
#include <cstdio>

namespace hedge {

namespace {

std::optional<double> figureOf(const std::vector<PointResult>& points, const LessonFigureRef& ref)
{
    const PointResult* point = findLessonPoint(points, ref);
    return point ? lessonFigureValue(*point, ref.figure) : std::nullopt;
}

std::string pointText(const LessonFigureRef& ref)
{
    return ref.figure + " of \"" + ref.setup + "\" at " + formatLessonFigure("load", ref.load);
}

std::string timesText(double times)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g × ", times);
    return times == 1.0 ? std::string() : std::string(text);
}

LessonConditionOutcome evaluate(const LessonCondition& c, const std::vector<PointResult>& points)
{
    const std::optional<double> value = figureOf(points, c.subject);
    LessonConditionOutcome outcome;
    outcome.description =
        pointText(c.subject) + " is " + formatLessonFigure(c.subject.figure, value);
    if (c.test == LessonCondition::Test::Is) {
        outcome.description += std::string(", expected ") + (c.is ? "collapsed" : "held");
        outcome.holds = value && (*value != 0.0) == c.is;
        return outcome;
    }
    std::optional<double> bound = c.bound;
    std::string boundText = formatLessonFigure(c.subject.figure, c.bound);
    if (c.boundRef) {
        const std::optional<double> other = figureOf(points, *c.boundRef);
        bound = other ? std::optional(*other * c.times) : std::nullopt;
        boundText = timesText(c.times) + pointText(*c.boundRef) + " (" +
                    formatLessonFigure(c.boundRef->figure, other) + ")";
    }
    const bool below = c.test == LessonCondition::Test::Below;
    outcome.description += (below ? ", below " : ", above ") + boundText;
    outcome.holds = value && bound && (below ? *value < *bound : *value > *bound);
    return outcome;
}

} // namespace

const PointResult* findLessonPoint(const std::vector<PointResult>& points,
                                   const LessonFigureRef& ref)
{
    for (const PointResult& p : points)
        if (!p.knobValue && !p.againstValue && p.setup == ref.setup &&
            std::fabs(p.load - ref.load) < 1e-9)
            return &p;
    return nullptr;
}

std::optional<std::string> fillLessonText(const LessonText& text,
                                          const std::vector<PointResult>& points)
{
    std::string filled;
    for (const LessonText::Part& part : text.parts) {
        if (!part.figure) {
            filled += part.literal;
            continue;
        }
        const PointResult* point = findLessonPoint(points, *part.figure);
        if (!point)
            return std::nullopt;
        filled +=
            formatLessonFigure(part.figure->figure, lessonFigureValue(*point, part.figure->figure));
    }
    return filled;
}

std::vector<LessonConditionOutcome> evaluateLessonConditions(const LessonStep& step,
                                                             const std::vector<PointResult>& points)
{
    std::vector<LessonConditionOutcome> outcomes;
    for (const LessonCondition& c : step.conditions)
        outcomes.push_back(evaluate(c, points));
    return outcomes;
}

} // namespace hedge
