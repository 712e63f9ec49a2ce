// A grid run's points as a map (docs/maps.md): one cell per (knob value, load) — or, for a
// two-knob grid ("Two knobs"), per (knob value, against value) at the grid's one load —
// holding the chosen figure, the collapse and whether hedging helps there. Pure: the map
// view paints it, tests and exports read it. Points may be a partial run (a sweep filling
// in): a cell or baseline not computed yet is empty.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/PointResult.h>

#include <cstddef>
#include <optional>
#include <vector>

namespace hedge {

enum class MapFigure {
    P99Ratio,        // the cell's p99 over the baseline's at that load (< 1: hedging helps)
    RequestsPerCall, // attempts per call that reached the service
    P999Ms,          // the cell's p99.9
    RejectedPercent, // attempts rejected by the limiter, in %
};

struct MapCell {
    PointResult point;
    std::optional<PointResult> baseline; // the baseline at the cell's load, once computed
    std::optional<double> value;         // the figure; empty without a latency or baseline
    bool collapsed = false;              // the cell (or, for the ratio, its baseline) collapsed
    // Hedging helps without collapse: p99 below the baseline's, neither collapsed.
    bool helps = false;

    bool operator==(const MapCell&) const = default;
};

struct GridMap {
    std::vector<double> knobValues; // columns, ascending
    // Rows, ascending: the scenario's loads, or a two-knob grid's against values.
    std::vector<double> rows;
    std::optional<double> againstLoad; // a two-knob grid's: the load of every cell
    std::vector<std::optional<MapCell>> cells; // knobValues.size() × rows.size(), column-major

    bool rowsAreLoads() const { return !againstLoad; }
    const std::optional<MapCell>& at(std::size_t value, std::size_t row) const
    {
        return cells[value * rows.size() + row];
    }
    std::size_t filled() const;
};

// The map of `scenario`'s grid (which must have one) from `points` (any subset of its
// results, in any order).
GridMap gridMap(const Scenario& scenario, const std::vector<PointResult>& points, MapFigure figure);

} // namespace hedge
