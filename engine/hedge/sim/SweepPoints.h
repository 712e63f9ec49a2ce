// The points a scenario runs, in results order: every (setup, load), then the grid's
// (docs/maps.md) added baseline at each load, then every (value, load) cell. A two-knob grid
// (docs/maps.md, "Two knobs") has instead the baseline at each against value, then every
// (value, against value) cell, all at the grid's one load.
// A point's random numbers are keyed by the seed, its load's value and the replicate only,
// so a cell's numbers do not depend on the other values of the grid (nor on its place).
#pragma once

#include <hedge/Scenario.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hedge {

struct GridBaseline {
    Setup setup;
    bool added = false; // not a setup of the scenario: the run adds its points
};

// The setup the cells are compared with. Requires a valid scenario with a grid.
GridBaseline gridBaseline(const Scenario& scenario);
// The name of the "no hedge" baseline a run adds for setups with cancellation `c`.
std::string gridBaselineName(Cancellation c);

struct SweepPoint {
    Setup setup;
    ServiceConfig service;
    // Index into Scenario::loads; for a point of a two-knob grid (againstValue set), into
    // Grid::against->values: it runs at the grid's one load (pointLoad).
    std::size_t load = 0;
    std::optional<double> knobValue;    // set for a grid cell
    std::optional<double> againstValue; // set for a two-knob grid's cells and baselines

    bool operator==(const SweepPoint&) const = default;
};

// The load a point runs at.
double pointLoad(const Scenario& scenario, const SweepPoint& point);

std::vector<SweepPoint> sweepPoints(const Scenario& scenario);
// The scenario's own points: every (setup, load), without the grid's (the curves).
std::vector<SweepPoint> setupPoints(const Scenario& scenario);
// The points a map shows (docs/maps.md): its baseline at each load, then every (value, load)
// cell; not the scenario's other setups, nor the gridded setup at its own value. Empty without
// a grid.
std::vector<SweepPoint> mapPoints(const Scenario& scenario);

// The index of the grid's setup in `scenario`, or -1 (no grid, or no such setup).
int griddedSetupIndex(const Scenario& scenario);
// `scenario` with the grid's knob set to `value` on the gridded setup (or the service): what
// choosing a cell of the map makes of it. Empty without a valid grid.
std::optional<Scenario> withGridKnob(const Scenario& scenario, double value);
// The same for a cell of the map: with a two-knob grid, the against knob is set to `rowValue`
// too (one edit); otherwise `rowValue` is the cell's load and changes nothing.
std::optional<Scenario> withGridCell(const Scenario& scenario, double value, double rowValue);

// The point a cell is: the gridded setup and the service with the knob (and, with a two-knob
// grid, the against knob: `row` indexes its values instead of the loads) set.
SweepPoint gridCell(const Scenario& scenario, double value, std::size_t row);
// The baseline of a two-knob grid at its `row`-th against value: the baseline setup, with the
// against knob set where the baseline has it (a service knob, or a knob of its own policy).
SweepPoint againstBaseline(const Scenario& scenario, std::size_t row);

} // namespace hedge
