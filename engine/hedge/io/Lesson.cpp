// The lesson file (docs/lessons.md): the lesson, its steps, their callouts and conditions.
#include "LessonDetail.h"

#include <hedge/io/FileText.h>
#include <hedge/io/LessonFigure.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace hedge {

using io_detail::describe;
using io_detail::indexPath;
using io_detail::Json;
using io_detail::ObjectReader;
using namespace lesson_detail;

namespace {

constexpr const char* kLessonSchema = "hedge-explorer/lesson@1";

LessonPrediction readPrediction(const Json& value, const std::string& path, const LessonStep& step);

std::string requiredText(const ObjectReader& r, const char* key)
{
    const Json* v = r.find(key);
    if (!v)
        throw ScenarioError(r.path(key), "missing");
    if (!v->is_string() || v->get<std::string>().empty())
        throw ScenarioError(r.path(key), describe(*v) + " is not a non-empty text");
    return v->get<std::string>();
}

// Where a sweep step's point is ("load") and a timeline step's ("at_s", a moment).
const char* placeKey(const Scenario& scenario)
{
    return scenario.timeline ? "at_s" : "load";
}

// A point named by "setup", "load" (or "at_s") and "figure", each defaulting to `fallback`'s.
LessonFigureRef readRef(const ObjectReader& r, const Scenario& scenario,
                        const LessonFigureRef& fallback)
{
    const char* place = placeKey(scenario);
    const char* other = scenario.timeline ? "load" : "at_s";
    if (r.find(other))
        throw ScenarioError(r.path(other), scenario.timeline
                                               ? "a timeline step names a moment: \"at_s\""
                                               : "a sweep step names a load: \"load\"");
    LessonFigureRef ref = fallback;
    ref.setup = r.string("setup", fallback.setup);
    checkSetup(scenario, ref.setup, r.path("setup"));
    if (r.find(place))
        setPlace(scenario, r.number(place, 0.0), r.path(place), ref);
    if (r.find("grid_value"))
        setGridValue(scenario, r.number("grid_value", 0.0), r.path("grid_value"), ref);
    else
        keepCellOnlyForGridSetup(scenario, ref);
    ref.figure = r.string("figure", fallback.figure);
    checkFigure(scenario, ref.figure, r.path("figure"));
    return ref;
}

// The callout's anchor has no fallback: it names its point whole.
LessonFigureRef readAnchor(const ObjectReader& r, const Scenario& scenario)
{
    for (const char* key : {"setup", placeKey(scenario), "figure"})
        if (!r.find(key))
            throw ScenarioError(r.path(key), scenario.timeline
                                                 ? "missing: a callout points at a setup's "
                                                   "figure at one moment"
                                                 : "missing: a callout points at a setup's "
                                                   "figure at one load");
    return readRef(r, scenario, {});
}

// The latest moment a text names.
double latestMoment(const LessonText& text, double latest)
{
    for (const LessonText::Part& part : text.parts)
        if (part.figure && part.figure->atS)
            latest = std::max(latest, *part.figure->atS);
    return latest;
}

// A prediction step's answer names what Reveal shows: the run pauses before it.
double playToOf(const LessonStep& step)
{
    double latest = step.anchor.atS.value_or(0.0);
    for (const LessonText* text : {&step.callout, &step.question, &step.answer})
        if (text != &step.answer || !step.prediction)
            latest = latestMoment(*text, latest);
    for (const LessonCondition& c : step.conditions) {
        latest = std::max(latest, c.subject.atS.value_or(0.0));
        if (c.boundRef)
            latest = std::max(latest, c.boundRef->atS.value_or(0.0));
    }
    return latest;
}

void readBound(const ObjectReader& r, const char* key, const Scenario& scenario, LessonCondition& c)
{
    const Json& bound = *r.find(key);
    if (isYesNoFigure(c.subject.figure))
        throw ScenarioError(r.path(key), "\"" + c.subject.figure + "\" is yes or no: use \"is\"");
    if (bound.is_number()) {
        c.bound = bound.get<double>();
        return;
    }
    const ObjectReader other(bound, r.path(key),
                             {"setup", "load", "at_s", "grid_value", "figure", "times"},
                             "a number or a point's figure");
    c.boundRef = readRef(other, scenario, c.subject);
    if (isYesNoFigure(c.boundRef->figure))
        throw ScenarioError(other.path("figure"), "\"" + c.boundRef->figure + "\" is not a number");
    c.times = other.number("times", 1.0);
}

std::vector<std::string> readShows(const ObjectReader& r, const Scenario& scenario)
{
    std::vector<std::string> shows;
    const Json* v = r.find("shows");
    if (!v) {
        for (const Setup& s : scenario.setups)
            shows.push_back(s.name);
        return shows;
    }
    if (!v->is_array() || v->empty())
        throw ScenarioError(r.path("shows"), describe(*v) + " is not a list of setups");
    for (std::size_t i = 0; i < v->size(); ++i) {
        const std::string path = indexPath(r.path("shows"), i);
        if (!(*v)[i].is_string())
            throw ScenarioError(path, describe((*v)[i]) + " is not a setup's name");
        shows.push_back((*v)[i].get<std::string>());
        checkSetup(scenario, shows.back(), path);
    }
    return shows;
}

void readCallout(const Json& value, const std::string& path, LessonStep& step)
{
    const ObjectReader r(value, path, {"setup", "load", "at_s", "grid_value", "figure", "text"});
    step.anchor = readAnchor(r, step.scenario);
    if (!r.find("text"))
        throw ScenarioError(r.path("text"), "missing");
    step.callout = readLessonText(*r.find("text"), r.path("text"), step.scenario, step.anchor);
}

LessonStep readStep(const Json& value, const std::string& path)
{
    const ObjectReader r(
        value, path,
        {"title", "scenario", "shows", "callout", "conditions", "question", "answer", "exercise",
         "prediction"});
    LessonStep step;
    step.title = requiredText(r, "title");
    if (!r.find("scenario"))
        throw ScenarioError(r.path("scenario"), "missing");
    readStepScenario(*r.find("scenario"), r.path("scenario"), step);
    step.shows = readShows(r, step.scenario);
    if (!r.find("callout"))
        throw ScenarioError(r.path("callout"), "missing");
    readCallout(*r.find("callout"), r.path("callout"), step);
    if (const Json* conditions = r.find("conditions")) {
        if (!conditions->is_array())
            throw ScenarioError(r.path("conditions"), describe(*conditions) + " is not a list");
        for (std::size_t i = 0; i < conditions->size(); ++i)
            step.conditions.push_back(readCondition(
                (*conditions)[i], indexPath(r.path("conditions"), i), step.scenario, step.anchor));
    }
    if (bool(r.find("question")) != bool(r.find("answer")))
        throw ScenarioError(r.path(r.find("question") ? "answer" : "question"),
                            "missing: a question comes with its answer");
    if (r.find("question")) {
        step.question =
            readLessonText(*r.find("question"), r.path("question"), step.scenario, step.anchor);
        step.answer =
            readLessonText(*r.find("answer"), r.path("answer"), step.scenario, step.anchor);
    }
    if (const Json* exercise = r.find("exercise"))
        step.exercise = readExercise(*exercise, r.path("exercise"), step);
    if (const Json* prediction = r.find("prediction"))
        step.prediction = readPrediction(*prediction, r.path("prediction"), step);
    step.playToS = playToOf(step);
    if (step.prediction && step.scenario.timeline && step.prediction->revealToS <= step.playToS)
        throw ScenarioError(r.path("prediction") + ".reveal_to_s",
                            "Reveal plays on: it must be later than the step's moment");
    return step;
}

// Whether a text names a point at a load the step hides until Reveal (its run has not got it).
bool namesHiddenLoad(const LessonText& text, const std::vector<double>& shown)
{
    for (const LessonText::Part& part : text.parts)
        if (part.figure &&
            std::none_of(shown.begin(), shown.end(),
                         [&](double l) { return std::fabs(l - part.figure->load) < 1e-9; }))
            return true;
    return false;
}

LessonPrediction readSweepPrediction(const ObjectReader& r, const LessonStep& step)
{
    const Json* loads = r.find("shown_loads");
    if (!loads || !loads->is_array() || loads->empty())
        throw ScenarioError(r.path("shown_loads"),
                            loads ? describe(*loads) + " is not a list of loads"
                                  : std::string("missing: the loads shown before Reveal"));
    LessonPrediction prediction;
    for (std::size_t i = 0; i < loads->size(); ++i) {
        LessonFigureRef ref;
        setPlace(step.scenario, io_detail::readNumber((*loads)[i], indexPath(r.path("shown_loads"), i)),
                 indexPath(r.path("shown_loads"), i), ref);
        prediction.shownLoads.push_back(ref.load);
    }
    std::sort(prediction.shownLoads.begin(), prediction.shownLoads.end());
    prediction.shownLoads.erase(
        std::unique(prediction.shownLoads.begin(), prediction.shownLoads.end()),
        prediction.shownLoads.end());
    if (prediction.shownLoads.size() >= step.scenario.loads.size())
        throw ScenarioError(r.path("shown_loads"), "hides no load: a prediction step shows fewer "
                                                   "loads than it runs");
    const std::vector<double>& shown = prediction.shownLoads;
    if (std::none_of(shown.begin(), shown.end(),
                     [&](double l) { return std::fabs(l - step.anchor.load) < 1e-9; }) ||
        namesHiddenLoad(step.callout, shown))
        throw ScenarioError(r.path("shown_loads"),
                            "the callout names a figure at a load hidden until Reveal");
    if (namesHiddenLoad(step.question, shown))
        throw ScenarioError(r.path("shown_loads"),
                            "the question names a figure at a load hidden until Reveal");
    return prediction;
}

LessonPrediction readPrediction(const Json& value, const std::string& path, const LessonStep& step)
{
    const ObjectReader r(value, path, {"shown_loads", "reveal_to_s"}, "a prediction");
    if (step.question.empty())
        throw ScenarioError(path, "a prediction step asks a question: \"question\" is missing");
    if (step.exercise || step.anchor.gridValue)
        throw ScenarioError(path, "a prediction step is not an exercise or a map cell's step");
    if (!step.scenario.timeline) {
        if (r.find("reveal_to_s"))
            throw ScenarioError(r.path("reveal_to_s"), "a sweep step hides loads: \"shown_loads\"");
        return readSweepPrediction(r, step);
    }
    if (r.find("shown_loads"))
        throw ScenarioError(r.path("shown_loads"),
                            "a timeline step hides its future: \"reveal_to_s\"");
    LessonPrediction prediction;
    LessonFigureRef end;
    const double fallback = latestMoment(step.answer, step.scenario.timeline->durationS);
    setPlace(step.scenario, r.number("reveal_to_s", fallback), r.path("reveal_to_s"), end);
    prediction.revealToS = *end.atS;
    return prediction;
}

} // namespace

Scenario shownScenario(const LessonStep& step)
{
    Scenario scenario = step.scenario;
    if (step.prediction && !step.prediction->shownLoads.empty())
        scenario.loads = step.prediction->shownLoads;
    return scenario;
}

LessonCondition lesson_detail::readCondition(const Json& value, const std::string& path,
                                             const Scenario& scenario,
                                             const LessonFigureRef& anchor)
{
    if (value.is_string())
        return readConditionText(value.get<std::string>(), path, scenario, anchor);
    const ObjectReader r(value, path,
                         {"setup", "load", "at_s", "grid_value", "figure", "is", "below", "above"});
    LessonCondition c;
    c.subject = readRef(r, scenario, anchor);
    const int tests = int(r.find("is") != nullptr) + int(r.find("below") != nullptr) +
                      int(r.find("above") != nullptr);
    if (tests != 1)
        throw ScenarioError(path, "needs one of \"is\", \"below\" or \"above\"");
    if (r.find("is")) {
        if (!isYesNoFigure(c.subject.figure))
            throw ScenarioError(r.path("is"), "\"" + c.subject.figure +
                                                  "\" is a number: use \"below\" or \"above\"");
        c.test = LessonCondition::Test::Is;
        c.is = r.boolean("is", true);
    } else {
        const bool below = r.find("below") != nullptr;
        c.test = below ? LessonCondition::Test::Below : LessonCondition::Test::Above;
        readBound(r, below ? "below" : "above", scenario, c);
    }
    return c;
}

Lesson parseLessonJson(std::string_view text)
{
    const Json root = io_detail::parseJsonText(text);
    const ObjectReader r(root, "", {"schema", "id", "title", "summary", "steps"}, "a lesson");
    const Json* schema = r.find("schema");
    if (!schema || !schema->is_string() || schema->get<std::string>() != kLessonSchema)
        throw ScenarioError("schema", (schema ? describe(*schema) + " is not " : "missing: ") +
                                          std::string("\"") + kLessonSchema + "\"");
    Lesson lesson;
    lesson.id = requiredText(r, "id");
    lesson.title = requiredText(r, "title");
    lesson.summary = requiredText(r, "summary");
    const Json* steps = r.find("steps");
    if (!steps || !steps->is_array() || steps->empty())
        throw ScenarioError("steps", steps ? describe(*steps) + " is not a list of steps"
                                           : std::string("missing"));
    for (std::size_t i = 0; i < steps->size(); ++i)
        lesson.steps.push_back(readStep((*steps)[i], indexPath("steps", i)));
    setExerciseLines(text, lesson);
    return lesson;
}

Lesson readLessonFile(const std::string& path)
{
    const std::string name = std::filesystem::path(path).filename().string();
    const FileText file = readFileText(path);
    if (!file.ok())
        throw ScenarioError(name, "cannot read: " + file.error);
    const std::string& bytes = file.bytes;
    try {
        return parseLessonJson(bytes);
    } catch (const ScenarioError& e) {
        if (e.line() > 0) { // a syntax error: where in the file, said once
            std::string problem = e.problem();
            if (const auto said = problem.find(": "); problem.starts_with("line ") &&
                                                      said != std::string::npos)
                problem.erase(0, said + 2);
            throw ScenarioError(name + ":" + std::to_string(e.line()) + ":" +
                                    std::to_string(e.column()),
                                problem);
        }
        // A field's error says where it is too (FILE:LINE: FIELD: problem), as an exercise's
        // does: the line of the field, or of the object a missing field belongs in.
        if (e.field().empty())
            throw ScenarioError(name, e.problem());
        throw ScenarioError(name + ":" + std::to_string(io_detail::jsonPathLine(bytes, e.field())) +
                                ": " + e.field(),
                            e.problem());
    }
}

} // namespace hedge
