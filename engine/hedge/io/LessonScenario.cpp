// A lesson step's scenario (docs/lessons.md, "Scenario") and the checks of the setups, loads and
// figures that its texts and conditions name.
#include "LessonDetail.h"

#include <hedge/KnobRegistry.h>
#include <hedge/io/LessonFigure.h>
#include <hedge/io/Presets.h>
#include <hedge/io/ScenarioValidation.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hedge::lesson_detail {

using io_detail::describe;
using io_detail::indexPath;
using io_detail::Json;
using io_detail::ObjectReader;

namespace {

std::string presetNames()
{
    std::string names;
    for (const Preset& p : presets())
        names += (names.empty() ? "" : ", ") + p.name;
    return names;
}

const Preset& readPreset(const ObjectReader& r)
{
    const Json* name = r.find("preset");
    if (!name)
        throw ScenarioError(r.path("preset"), "missing: a step's scenario names a preset");
    if (!name->is_string())
        throw ScenarioError(r.path("preset"), describe(*name) + " is not a preset's name");
    const Preset* preset = findPreset(name->get<std::string>());
    if (!preset)
        throw ScenarioError(r.path("preset"),
                            describe(*name) + " is not a preset (presets: " + presetNames() + ")");
    return *preset;
}

std::vector<double> readLoads(const Json& value, const std::string& path)
{
    if (!value.is_array() || value.empty())
        throw ScenarioError(path, describe(value) + " is not a list of loads");
    std::vector<double> loads;
    for (std::size_t i = 0; i < value.size(); ++i)
        loads.push_back(io_detail::readNumber(value[i], indexPath(path, i)));
    return loads;
}

Setup* findSetup(Scenario& scenario, const std::string& name)
{
    const auto it = std::find_if(scenario.setups.begin(), scenario.setups.end(),
                                 [&](const Setup& s) { return s.name == name; });
    return it == scenario.setups.end() ? nullptr : &*it;
}

// One knob set through its registry row, as a timeline change or an editor would set it. A setup
// whose name follows its policy is renamed as the editor renames it ("hedge, no budget" with a
// 10 % budget becomes "hedge, budget 10 %"); later fields name it so.
void applyStepKnob(const Json& value, const std::string& path, Scenario& scenario)
{
    const ObjectReader r(value, path, {"setup", "knob", "value"});
    const std::string field = r.string("knob", "");
    const Knob* knob = KnobRegistry::find(field);
    if (!knob)
        throw ScenarioError(r.path("knob"),
                            "\"" + field + "\" is not a knob (docs/scenario.md lists them)");
    if (!r.find("value"))
        throw ScenarioError(r.path("value"), "missing: the knob's new value");
    const double v = r.number("value", 0.0);
    const bool ofService = knob->group() == "service.";
    const std::string setupName = r.string("setup", "");
    if (ofService) {
        if (r.find("setup"))
            throw ScenarioError(r.path("setup"), "a service knob applies to no setup");
        Setup unused;
        knob->write(unused, scenario.service, v);
        return;
    }
    if (setupName.empty())
        throw ScenarioError(r.path("setup"), "missing: the setup whose knob \"" + field + "\" is");
    Setup* setup = findSetup(scenario, setupName);
    if (!setup) {
        checkSetup(scenario, setupName, r.path("setup"));
        return;
    }
    if (!knob->appliesTo(*setup))
        throw ScenarioError(r.path("knob"),
                            "\"" + field + "\" is not a knob of \"" + setupName + "\"'s policy");
    const bool rename = setup->nameFollowsPolicy();
    knob->write(*setup, scenario.service, v);
    if (rename)
        setup->name = setup->generatedName();
}

} // namespace

void readStepScenario(const Json& value, const std::string& path, LessonStep& step)
{
    const ObjectReader r(value, path, {"preset", "loads", "calls", "knobs"});
    const Preset& preset = readPreset(r);
    step.preset = preset.name;
    step.scenario = preset.scenario;
    if (const Json* loads = r.find("loads")) {
        // A timeline's load is its load steps'; its "loads" are only its sweep's.
        if (step.scenario.timeline)
            throw ScenarioError(r.path("loads"), "\"" + preset.name +
                                                     "\" is a timeline: its load follows its "
                                                     "load steps");
        step.scenario.loads = readLoads(*loads, r.path("loads"));
    }
    // Fewer calls a point: an exercise's Check answers in seconds (docs/lessons.md, "Exercises").
    if (r.find("calls")) {
        if (step.scenario.timeline)
            throw ScenarioError(r.path("calls"), "\"" + preset.name +
                                                     "\" is a timeline: its length is its "
                                                     "duration");
        step.scenario.calls = r.integer("calls", step.scenario.calls, 1000, 100'000'000);
    }
    if (const Json* knobs = r.find("knobs")) {
        if (!knobs->is_array())
            throw ScenarioError(r.path("knobs"), describe(*knobs) + " is not a list of knobs");
        for (std::size_t i = 0; i < knobs->size(); ++i)
            applyStepKnob((*knobs)[i], indexPath(r.path("knobs"), i), step.scenario);
    }
    if (const auto error = firstScenarioError(step.scenario))
        throw ScenarioError(path, error->what());
}

void checkSetup(const Scenario& scenario, const std::string& setup, const std::string& path)
{
    for (const Setup& s : scenario.setups)
        if (s.name == setup)
            return;
    std::string names;
    for (const Setup& s : scenario.setups)
        names += (names.empty() ? "\"" : ", \"") + s.name + "\"";
    throw ScenarioError(path,
                        "\"" + setup + "\" is not a setup of the step (setups: " + names + ")");
}

namespace {

void checkLoad(const Scenario& scenario, double load, const std::string& path)
{
    for (double l : scenario.loads)
        if (std::fabs(l - load) < 1e-9)
            return;
    std::string loads;
    for (double l : scenario.loads)
        loads += (loads.empty() ? "" : ", ") + describe(Json(l));
    throw ScenarioError(path,
                        describe(Json(load)) + " is not a load of the step (loads: " + loads + ")");
}

std::string shortNumber(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

std::string seconds(double s)
{
    return shortNumber(s) + " s";
}

// A bucket's end: a whole number of buckets from 0 s, up to the timeline's end.
void checkMoment(const Timeline& timeline, double atS, const std::string& path)
{
    const double bucketS = timeline.bucketMs / 1000.0;
    const double buckets = atS / bucketS;
    if (atS > 0.0 && atS <= timeline.durationS + 1e-9 &&
        std::fabs(buckets - std::round(buckets)) < 1e-6)
        return;
    throw ScenarioError(path, seconds(atS) +
                                  " is not a moment of the step's timeline (the end "
                                  "of a bucket: a multiple of " +
                                  seconds(bucketS) + " up to " + seconds(timeline.durationS) + ")");
}

} // namespace

void setPlace(const Scenario& scenario, double value, const std::string& path, LessonFigureRef& ref)
{
    if (scenario.timeline) {
        checkMoment(*scenario.timeline, value, path);
        ref.atS = value;
        ref.bucketS = scenario.timeline->bucketMs / 1000.0;
    } else {
        checkLoad(scenario, value, path);
        ref.load = value;
    }
}

void setGridValue(const Scenario& scenario, double value, const std::string& path,
                  LessonFigureRef& ref)
{
    if (!scenario.grid || scenario.grid->against)
        throw ScenarioError(path, scenario.grid ? "a two-knob map's cells are not in lessons"
                                                : "the step's scenario has no map (no grid)");
    const Grid& grid = *scenario.grid;
    if (ref.setup != grid.setup)
        throw ScenarioError(path, "the map's cells are \"" + grid.setup + "\"'s, not \"" +
                                      ref.setup + "\"'s");
    if (std::none_of(grid.values.begin(), grid.values.end(),
                     [value](double v) { return std::fabs(v - value) < 1e-9; })) {
        std::string values;
        for (double v : grid.values)
            values += (values.empty() ? "" : ", ") + shortNumber(v);
        throw ScenarioError(path, shortNumber(value) + " is not a value of the map's " + grid.knob +
                                      " (values: " + values + ")");
    }
    ref.gridValue = value;
}

void keepCellOnlyForGridSetup(const Scenario& scenario, LessonFigureRef& ref)
{
    if (!scenario.grid || ref.setup != scenario.grid->setup)
        ref.gridValue.reset();
}

void checkFigure(const Scenario& scenario, const std::string& figure, const std::string& path)
{
    const LessonRunKind kind = scenario.timeline ? LessonRunKind::Timeline : LessonRunKind::Sweep;
    if (isLessonFigure(figure, kind))
        return;
    std::string figures;
    for (const std::string& key : lessonFigureKeys(kind))
        figures += (figures.empty() ? "" : ", ") + key;
    throw ScenarioError(path, "\"" + figure + "\" is not a figure" +
                                  (kind == LessonRunKind::Timeline ? " of a timeline" : "") +
                                  " (figures: " + figures + ")");
}

} // namespace hedge::lesson_detail
