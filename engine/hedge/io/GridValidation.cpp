#include "GridValidation.h"

#include "Format.h"

#include <hedge/KnobRegistry.h>
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/SweepPoints.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

namespace hedge::io_detail {

namespace {

[[noreturn]] void fail(const std::string& field, const std::string& problem)
{
    throw ScenarioError(field, problem);
}

// "hedge.delay_ms, hedge.max_attempts, ...": the grid knobs a setup of `setup`'s policy has.
std::string gridKnobList(const Setup& setup)
{
    std::string names;
    for (const Knob* each : KnobRegistry::gridKnobs())
        if (each->appliesTo(setup))
            names += (names.empty() ? "" : ", ") + std::string(each->field);
    return names;
}

// The knob named at `field` ("grid.knob", "grid.against.knob"): a grid knob the gridded setup
// and the service have.
const Knob& gridKnobAt(const std::string& field, const std::string& name, const Setup& setup,
                       const Scenario& s)
{
    if (name == "service.replicas" && s.service.hasFanout())
        fail(field, "service.replicas follows fanout.parts × fanout.copies on a service that "
                    "fans out; map fanout.parts or fanout.copies instead");
    const Knob* knob = KnobRegistry::findGridKnob(name);
    if (!knob)
        fail(field, "\"" + name + "\" is not a knob (knobs: " + gridKnobList(setup) + ")");
    if (!knob->appliesTo(setup))
        fail(field, name + " is not a knob of policy " + toString(setup.policy) +
                        ", the policy of setup \"" + setup.name +
                        "\" (knobs: " + gridKnobList(setup) + ")");
    if (!knob->appliesTo(s.service))
        fail(field, name + " is " + kNotReadWithATable);
    if (knob->needsHedge() && !setup.hedge)
        fail(field, name + " needs setup \"" + setup.name + "\" to hedge (its \"hedge\" is null)");
    if (knob->needsLimit() && !setup.adaptiveLimit)
        fail(field, name + " needs setup \"" + setup.name +
                        "\" to have an adaptive limit (its \"adaptive_limit\" is null)");
    return *knob;
}

// `field` ("grid.values", "grid.against.values"): 1 … 1000 distinct values in the knob's
// range, each a valid cell of the gridded setup and service on its own.
void validateValues(const std::string& field, const Knob& knob, const std::vector<double>& values,
                    const Setup& setup, const ServiceConfig& service, const CellCheck& checkCell)
{
    if (values.empty() || values.size() > limits::kMaxGridValues)
        fail(field, "must hold 1 … " + std::to_string(limits::kMaxGridValues) +
                        " values (it holds " + std::to_string(values.size()) + ")");
    std::set<double> seen;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::string at = field + "[" + std::to_string(i) + "]";
        const double value = values[i];
        if (!std::isfinite(value))
            fail(at, formatNumber(value) + " is not a finite number");
        if (knob.wholeNumber() && (std::trunc(value) != value || std::abs(value) > 1e9))
            fail(at, formatNumber(value) + " is not a whole number (" + knob.field + " counts)");
        // The cell must be a valid setup and service: the same ranges, named by the value.
        Setup cellSetup = setup;
        ServiceConfig cellService = service;
        knob.write(cellSetup, cellService, value);
        try {
            checkCell(cellSetup, cellService);
        } catch (const ScenarioError& e) {
            fail(at, e.problem() + " for " + knob.field);
        }
        if (!seen.insert(value).second)
            fail(at, formatNumber(value) + " appears twice (values must be distinct)");
    }
}

// docs/maps.md, "Two knobs": a second grid knob, its values, every pair a valid cell, one load.
void validateAgainst(const Scenario& s, const Setup& setup, const Knob& knob,
                     const CellCheck& checkCell)
{
    const GridAgainst& against = *s.grid->against;
    const Knob& second = gridKnobAt("grid.against.knob", against.knob, setup, s);
    if (&second == &knob)
        fail("grid.against.knob", against.knob + " is the grid's knob too (the two knobs must "
                                                 "differ)");
    validateValues("grid.against.values", second, against.values, setup, s.service, checkCell);
    // A rule between knobs (replicas × workers) may hold for each value and not for a pair.
    for (std::size_t i = 0; i < against.values.size(); ++i)
        for (double value : s.grid->values) {
            Setup cellSetup = setup;
            ServiceConfig cellService = s.service;
            knob.write(cellSetup, cellService, value);
            second.write(cellSetup, cellService, against.values[i]);
            try {
                checkCell(cellSetup, cellService);
            } catch (const ScenarioError& e) {
                fail("grid.against.values[" + std::to_string(i) + "]",
                     e.problem() + " for " + second.field + " with " + knob.field + " = " +
                         formatNumber(value));
            }
        }
    if (!std::isfinite(against.load) || !(against.load > 0.0 && against.load <= limits::kMaxLoad))
        fail("grid.against.load", outOfRange(formatNumber(against.load),
                                             "> 0 and ≤ " + formatNumber(limits::kMaxLoad)));
}

void validateBaseline(const Scenario& s)
{
    const Grid& grid = *s.grid;
    if (!grid.baseline.empty()) {
        if (std::none_of(s.setups.begin(), s.setups.end(),
                         [&grid](const Setup& each) { return each.name == grid.baseline; }))
            fail("grid.baseline", "\"" + grid.baseline + "\" is not a setup of the scenario");
        return;
    }
    const GridBaseline baseline = gridBaseline(s);
    if (baseline.added &&
        std::any_of(s.setups.begin(), s.setups.end(),
                    [&baseline](const Setup& each) { return each.name == baseline.setup.name; }))
        fail("grid.baseline", "the default baseline's name \"" + baseline.setup.name +
                                  "\" is taken by a setup with another policy; name a "
                                  "baseline setup");
}

} // namespace

void validateGrid(const Scenario& s, const CellCheck& checkCell)
{
    const Grid& grid = *s.grid;
    const auto setup = std::find_if(s.setups.begin(), s.setups.end(),
                                    [&grid](const Setup& each) { return each.name == grid.setup; });
    if (setup == s.setups.end())
        fail("grid.setup", "\"" + grid.setup + "\" is not a setup of the scenario");
    const Knob& knob = gridKnobAt("grid.knob", grid.knob, *setup, s);
    validateValues("grid.values", knob, grid.values, *setup, s.service, checkCell);
    validateBaseline(s);
    if (grid.against)
        validateAgainst(s, *setup, knob, checkCell);
}

} // namespace hedge::io_detail
