#include <hedge/sim/GridMap.h>

#include <hedge/sim/SweepPoints.h>

#include <algorithm>
#include <map>

namespace hedge {

namespace {

std::vector<double> sorted(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

std::optional<double> figureOf(const MapCell& cell, MapFigure figure)
{
    const PointResult& p = cell.point;
    switch (figure) {
    case MapFigure::P99Ratio:
        if (!cell.baseline || !p.p99Ms || !cell.baseline->p99Ms || *cell.baseline->p99Ms <= 0.0)
            return std::nullopt;
        return *p.p99Ms / *cell.baseline->p99Ms;
    case MapFigure::RequestsPerCall:
        return p.requestsPerCall;
    case MapFigure::P999Ms:
        return p.p999Ms;
    case MapFigure::RejectedPercent:
        return p.rejectedFraction * 100.0;
    }
    return std::nullopt;
}

} // namespace

std::size_t GridMap::filled() const
{
    return static_cast<std::size_t>(
        std::count_if(cells.begin(), cells.end(), [](const auto& c) { return c.has_value(); }));
}

GridMap gridMap(const Scenario& scenario, const std::vector<PointResult>& points, MapFigure figure)
{
    const Grid& grid = scenario.grid.value();
    GridMap map;
    map.knobValues = sorted(grid.values);
    map.rows = sorted(grid.against ? grid.against->values : scenario.loads);
    if (grid.against)
        map.againstLoad = grid.against->load;
    map.cells.resize(map.knobValues.size() * map.rows.size());
    // A point's row: its load, or with a two-knob grid its against value (the baseline was run
    // at each against value, so a cell is compared with its own).
    const auto rowOf = [&grid](const PointResult& p) -> std::optional<double> {
        if (grid.against)
            return p.againstValue;
        return p.againstValue ? std::nullopt : std::optional<double>(p.load);
    };
    const std::string baselineName = gridBaseline(scenario).setup.name;
    std::map<double, const PointResult*> baselines;
    for (const PointResult& p : points)
        if (const std::optional<double> row = rowOf(p);
            row && !p.knobValue && p.setup == baselineName)
            baselines[*row] = &p;
    const auto indexOf = [](const std::vector<double>& axis, double v) {
        return static_cast<std::size_t>(std::lower_bound(axis.begin(), axis.end(), v) -
                                        axis.begin());
    };
    for (const PointResult& p : points) {
        const std::optional<double> row = rowOf(p);
        if (!p.knobValue || !row || p.setup != grid.setup)
            continue;
        MapCell cell{.point = p};
        if (const auto b = baselines.find(*row); b != baselines.end())
            cell.baseline = *b->second;
        cell.value = figureOf(cell, figure);
        const bool baselineCollapsed = cell.baseline && cell.baseline->collapsed;
        cell.collapsed = p.collapsed || (figure == MapFigure::P99Ratio && baselineCollapsed);
        cell.helps = !p.collapsed && cell.baseline && !baselineCollapsed && p.p99Ms &&
                     cell.baseline->p99Ms && *p.p99Ms < *cell.baseline->p99Ms;
        map.cells[indexOf(map.knobValues, *p.knobValue) * map.rows.size() +
                  indexOf(map.rows, *row)] = std::move(cell);
    }
    return map;
}

} // namespace hedge
