// The points a scenario runs, in results order: every (setup, load), then the grid's
// (docs/maps.md) added baseline at each load, then every (value, load) cell.
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
    std::size_t load = 0;            // index into Scenario::loads
    std::optional<double> knobValue; // set for a grid cell

    bool operator==(const SweepPoint&) const = default;
};

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

// The points a cell is made of: the gridded setup and the service with the knob set.
SweepPoint gridCell(const Scenario& scenario, double value, std::size_t load);

} // namespace hedge
