#include <hedge/sim/SweepPoints.h>

#include <hedge/KnobRegistry.h>

#include <algorithm>
#include <stdexcept>

namespace hedge {

namespace {

const Setup& setupNamed(const Scenario& s, const std::string& name)
{
    const auto it = std::find_if(s.setups.begin(), s.setups.end(),
                                 [&name](const Setup& setup) { return setup.name == name; });
    if (it == s.setups.end())
        throw std::invalid_argument("no setup named \"" + name + "\"");
    return *it;
}

} // namespace

std::string gridBaselineName(Cancellation c)
{
    return std::string("no hedge / ") + toString(c) + " (baseline)";
}

GridBaseline gridBaseline(const Scenario& s)
{
    const Grid& grid = s.grid.value();
    if (!grid.baseline.empty())
        return {setupNamed(s, grid.baseline), false};
    Setup plain;
    plain.cancellation = setupNamed(s, grid.setup).cancellation;
    for (const Setup& setup : s.setups)
        if (setup.samePolicy(plain))
            return {setup, false};
    plain.name = gridBaselineName(plain.cancellation);
    return {plain, true};
}

SweepPoint gridCell(const Scenario& s, double value, std::size_t load)
{
    const Grid& grid = s.grid.value();
    const Knob* knob = KnobRegistry::findGridKnob(grid.knob);
    if (!knob)
        throw std::invalid_argument("no grid knob named \"" + grid.knob + "\"");
    SweepPoint cell{setupNamed(s, grid.setup), s.service, load, value};
    if (knob->needsHedge() && !cell.setup.hedge)
        throw std::invalid_argument("grid knob " + grid.knob + " needs a hedging setup");
    if (knob->needsLimit() && !cell.setup.adaptiveLimit)
        throw std::invalid_argument("grid knob " + grid.knob + " needs an adaptive limit");
    knob->write(cell.setup, cell.service, value);
    return cell;
}

namespace {

void appendCells(const Scenario& s, std::vector<SweepPoint>& points)
{
    for (double value : s.grid->values)
        for (std::size_t load = 0; load < s.loads.size(); ++load)
            points.push_back(gridCell(s, value, load));
}

void appendAtEveryLoad(const Scenario& s, const Setup& setup, std::vector<SweepPoint>& points)
{
    for (std::size_t load = 0; load < s.loads.size(); ++load)
        points.push_back({setup, s.service, load, std::nullopt});
}

} // namespace

std::vector<SweepPoint> setupPoints(const Scenario& s)
{
    std::vector<SweepPoint> points;
    for (const Setup& setup : s.setups)
        appendAtEveryLoad(s, setup, points);
    return points;
}

std::vector<SweepPoint> sweepPoints(const Scenario& s)
{
    std::vector<SweepPoint> points = setupPoints(s);
    if (!s.grid)
        return points;
    if (GridBaseline baseline = gridBaseline(s); baseline.added)
        appendAtEveryLoad(s, baseline.setup, points);
    appendCells(s, points);
    return points;
}

std::vector<SweepPoint> mapPoints(const Scenario& s)
{
    std::vector<SweepPoint> points;
    if (!s.grid)
        return points;
    appendAtEveryLoad(s, gridBaseline(s).setup, points);
    appendCells(s, points);
    return points;
}

int griddedSetupIndex(const Scenario& s)
{
    if (!s.grid)
        return -1;
    for (std::size_t i = 0; i < s.setups.size(); ++i)
        if (s.setups[i].name == s.grid->setup)
            return static_cast<int>(i);
    return -1;
}

std::optional<Scenario> withGridKnob(const Scenario& s, double value)
{
    const int row = griddedSetupIndex(s);
    const Knob* knob = s.grid ? KnobRegistry::findGridKnob(s.grid->knob) : nullptr;
    if (row < 0 || !knob)
        return std::nullopt;
    Scenario next = s;
    knob->write(next.setups[static_cast<std::size_t>(row)], next.service, value);
    return next;
}

} // namespace hedge
