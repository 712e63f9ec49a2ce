// An exercise step (docs/lessons.md, "Exercises") and a condition written as text
// (docs/lessons.md, "Conditions": "p99_ms@0.7 < 60", "not collapsed@0.85").
#include "LessonDetail.h"

#include <hedge/KnobRegistry.h>
#include <hedge/advise/ExerciseSolution.h>
#include <hedge/io/LessonFigure.h>

#include <charconv>
#include <cctype>

namespace hedge::lesson_detail {

using io_detail::describe;
using io_detail::indexPath;
using io_detail::Json;
using io_detail::ObjectReader;

namespace {

std::string conditionTrimmed(const std::string& text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

std::optional<double> conditionNumber(const std::string& text)
{
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

const char* const kConditionForms =
    " (written \"FIGURE@LOAD < NUMBER\" with <, <=, > or >=, \"FIGURE@SETUP@LOAD < NUMBER\", "
    "\"collapsed@LOAD\" or \"not collapsed@LOAD\")";

// "figure", "figure@load" or "figure@setup@load" (an empty setup: the fallback's).
LessonFigureRef readConditionSubject(const std::string& text, const std::string& path,
                                     const Scenario& scenario, const LessonFigureRef& fallback)
{
    std::vector<std::string> fields{""};
    for (char c : text) {
        if (c == '@')
            fields.emplace_back();
        else
            fields.back() += c;
    }
    if (fields.size() > 3)
        throw ScenarioError(path, "\"" + text + "\" has more than figure@setup@load" +
                                      kConditionForms);
    LessonFigureRef ref = fallback;
    ref.figure = conditionTrimmed(fields[0]);
    checkFigure(scenario, ref.figure, path);
    if (fields.size() == 3 && !conditionTrimmed(fields[1]).empty())
        ref.setup = conditionTrimmed(fields[1]);
    checkSetup(scenario, ref.setup, path);
    if (fields.size() > 1) {
        const std::string place = conditionTrimmed(fields.back());
        const std::optional<double> value = conditionNumber(place);
        if (!value)
            throw ScenarioError(path, "\"" + place + "\" is not a " +
                                          (scenario.timeline ? "moment" : "load") +
                                          kConditionForms);
        setPlace(scenario, *value, path, ref);
    }
    keepCellOnlyForGridSetup(scenario, ref);
    return ref;
}

std::vector<KnobSearch> readExerciseSearch(const Json& value, const std::string& path)
{
    if (!value.is_array() || value.empty())
        throw ScenarioError(path, describe(value) + " is not a list of knobs to search");
    std::vector<KnobSearch> search;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string at = indexPath(path, i);
        const ObjectReader r(value[i], at, {"knob", "from", "to", "steps", "log"});
        KnobSearch s;
        s.field = r.string("knob", "");
        if (!KnobRegistry::find(s.field))
            throw ScenarioError(r.path("knob"), "\"" + s.field + "\" is not a knob");
        s.from = r.number("from", 0.0);
        s.to = r.number("to", 0.0);
        s.steps = int(r.integer("steps", 8, 1, 64));
        s.log = r.boolean("log", false);
        search.push_back(s);
    }
    return search;
}

std::vector<LessonText> readExerciseHints(const Json& value, const std::string& path,
                                  const Scenario& scenario, const LessonFigureRef& fallback)
{
    if (!value.is_array())
        throw ScenarioError(path, describe(value) + " is not a list of texts");
    std::vector<LessonText> hints;
    for (std::size_t i = 0; i < value.size(); ++i)
        hints.push_back(readLessonText(value[i], indexPath(path, i), scenario, fallback));
    return hints;
}

} // namespace

LessonCondition readConditionText(const std::string& written, const std::string& path,
                                  const Scenario& scenario, const LessonFigureRef& fallback)
{
    std::string text = conditionTrimmed(written);
    LessonCondition c;
    const bool negated = text.rfind("not ", 0) == 0;
    if (negated)
        text = conditionTrimmed(text.substr(4));
    const std::size_t op = text.find_first_of("<>");
    if (op == std::string::npos) {
        c.subject = readConditionSubject(text, path, scenario, fallback);
        if (!isYesNoFigure(c.subject.figure))
            throw ScenarioError(path, "\"" + written + "\": \"" + c.subject.figure +
                                          "\" is a number: compare it" + kConditionForms);
        c.test = LessonCondition::Test::Is;
        c.is = !negated;
        return c;
    }
    if (negated)
        throw ScenarioError(path, "\"" + written + "\": \"not\" goes with a yes-or-no figure" +
                                      kConditionForms);
    c.subject = readConditionSubject(text.substr(0, op), path, scenario, fallback);
    if (isYesNoFigure(c.subject.figure))
        throw ScenarioError(path, "\"" + written + "\": \"" + c.subject.figure +
                                      "\" is yes or no" + kConditionForms);
    c.test = text[op] == '<' ? LessonCondition::Test::Below : LessonCondition::Test::Above;
    std::size_t rest = op + 1;
    if (rest < text.size() && text[rest] == '=') {
        c.orEqual = true;
        ++rest;
    }
    const std::string bound = conditionTrimmed(text.substr(rest));
    c.bound = conditionNumber(bound);
    if (!c.bound)
        throw ScenarioError(path, "\"" + written + "\": \"" + bound + "\" is not a number" +
                                      kConditionForms);
    return c;
}

LessonExercise readExercise(const Json& value, const std::string& path, const LessonStep& step)
{
    const ObjectReader r(value, path,
                         {"setup", "task", "goal", "hints", "search", "solution_runs"},
                         "an exercise");
    if (step.scenario.timeline || step.anchor.gridValue)
        throw ScenarioError(path, "an exercise is a sweep step's (not a timeline's or a map "
                                  "cell's): its goal is on the loads of the setup it edits");
    LessonExercise exercise;
    if (!r.find("setup"))
        throw ScenarioError(r.path("setup"), "missing: the setup the student edits");
    exercise.setup = r.string("setup", "");
    checkSetup(step.scenario, exercise.setup, r.path("setup"));
    for (std::size_t i = 0; i < step.scenario.setups.size(); ++i)
        if (step.scenario.setups[i].name == exercise.setup)
            exercise.setupIndex = i;
    LessonFigureRef fallback = step.anchor;
    fallback.setup = exercise.setup;
    if (!r.find("task"))
        throw ScenarioError(r.path("task"), "missing: what the student is to do");
    exercise.task = readLessonText(*r.find("task"), r.path("task"), step.scenario, fallback);
    const Json* goal = r.find("goal");
    if (!goal)
        throw ScenarioError(r.path("goal"), "missing: the conditions to meet");
    if (!goal->is_array())
        throw ScenarioError(r.path("goal"), describe(*goal) + " is not a list of conditions");
    if (goal->empty())
        throw ScenarioError(r.path("goal"), "empty: a goal has at least one condition");
    for (std::size_t i = 0; i < goal->size(); ++i)
        exercise.goal.push_back(
            readCondition((*goal)[i], indexPath(r.path("goal"), i), step.scenario, fallback));
    if (const Json* hints = r.find("hints"))
        exercise.hints = readExerciseHints(*hints, r.path("hints"), step.scenario, fallback);
    const Setup& setup = step.scenario.setups[exercise.setupIndex];
    exercise.search = r.find("search") ? readExerciseSearch(*r.find("search"), r.path("search"))
                                       : defaultSearch(setup, step.scenario.service);
    exercise.solutionRuns = int(r.integer("solution_runs", 3, 1, 100));
    LessonStep withExercise = step;
    withExercise.exercise = exercise;
    if (const std::optional<std::string> error = adviceQuestionError(exerciseQuestion(withExercise)))
        throw ScenarioError(r.path(r.find("search") ? "search" : "goal"),
                            "the advisor cannot search it: " + *error);
    return exercise;
}

void setExerciseLines(std::string_view text, Lesson& lesson)
{
    std::vector<int> lines; // of each "exercise" key, in the file's order
    int line = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n')
            ++line;
        else if (text.compare(i, 10, "\"exercise\"") == 0 && (i == 0 || text[i - 1] != '\\')) {
            std::size_t after = i + 10;
            while (after < text.size() && std::isspace(static_cast<unsigned char>(text[after])))
                ++after;
            if (after < text.size() && text[after] == ':')
                lines.push_back(line);
        }
    }
    std::size_t next = 0;
    for (LessonStep& step : lesson.steps)
        if (step.exercise && next < lines.size())
            step.exercise->line = lines[next++];
}

} // namespace hedge::lesson_detail
