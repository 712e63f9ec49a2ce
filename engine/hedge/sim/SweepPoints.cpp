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

namespace {

const Knob& gridKnobNamed(const std::string& name)
{
    const Knob* knob = KnobRegistry::findGridKnob(name);
    if (!knob)
        throw std::invalid_argument("no grid knob named \"" + name + "\"");
    return *knob;
}

// Writes a gridded knob on the gridded setup (or its service), which must have it.
void writeGridKnob(const std::string& name, SweepPoint& cell, double value)
{
    const Knob& knob = gridKnobNamed(name);
    if (knob.needsHedge() && !cell.setup.hedge)
        throw std::invalid_argument("grid knob " + name + " needs a hedging setup");
    if (knob.needsLimit() && !cell.setup.adaptiveLimit)
        throw std::invalid_argument("grid knob " + name + " needs an adaptive limit");
    knob.write(cell.setup, cell.service, value);
}

} // namespace

double pointLoad(const Scenario& s, const SweepPoint& point)
{
    return point.againstValue ? s.grid.value().against.value().load : s.loads.at(point.load);
}

SweepPoint gridCell(const Scenario& s, double value, std::size_t row)
{
    const Grid& grid = s.grid.value();
    SweepPoint cell{setupNamed(s, grid.setup), s.service, row, value, std::nullopt};
    writeGridKnob(grid.knob, cell, value);
    if (grid.against) {
        cell.againstValue = grid.against->values.at(row);
        writeGridKnob(grid.against->knob, cell, *cell.againstValue);
    }
    return cell;
}

SweepPoint againstBaseline(const Scenario& s, std::size_t row)
{
    const GridAgainst& against = s.grid.value().against.value();
    SweepPoint point{gridBaseline(s).setup, s.service, row, std::nullopt, against.values.at(row)};
    // A knob the baseline has not (a hedge's, for "no hedge") leaves it as it is at every row.
    const Knob& knob = gridKnobNamed(against.knob);
    if (knob.appliesTo(point.setup) && knob.read(point.setup, point.service))
        knob.write(point.setup, point.service, *point.againstValue);
    return point;
}

namespace {

// Rows: the loads, or a two-knob grid's against values.
std::size_t rowCount(const Scenario& s)
{
    return s.grid->against ? s.grid->against->values.size() : s.loads.size();
}

void appendCells(const Scenario& s, std::vector<SweepPoint>& points)
{
    for (double value : s.grid->values)
        for (std::size_t row = 0; row < rowCount(s); ++row)
            points.push_back(gridCell(s, value, row));
}

// A two-knob grid's baseline at each against value; a grid's otherwise at each load.
void appendBaseline(const Scenario& s, std::vector<SweepPoint>& points)
{
    if (s.grid->against) {
        for (std::size_t row = 0; row < rowCount(s); ++row)
            points.push_back(againstBaseline(s, row));
        return;
    }
    const Setup baseline = gridBaseline(s).setup;
    for (std::size_t load = 0; load < s.loads.size(); ++load)
        points.push_back({baseline, s.service, load, std::nullopt, std::nullopt});
}

void appendAtEveryLoad(const Scenario& s, const Setup& setup, std::vector<SweepPoint>& points)
{
    for (std::size_t load = 0; load < s.loads.size(); ++load)
        points.push_back({setup, s.service, load, std::nullopt, std::nullopt});
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
    // A setup of the scenario is its own baseline at the loads; a two-knob grid's baseline
    // runs at its one load and against values, whichever setup it is.
    if (s.grid->against || gridBaseline(s).added)
        appendBaseline(s, points);
    appendCells(s, points);
    return points;
}

std::vector<SweepPoint> mapPoints(const Scenario& s)
{
    std::vector<SweepPoint> points;
    if (!s.grid)
        return points;
    appendBaseline(s, points);
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

std::optional<Scenario> withGridCell(const Scenario& s, double value, double rowValue)
{
    std::optional<Scenario> next = withGridKnob(s, value);
    if (!next || !s.grid->against)
        return next;
    const Knob* knob = KnobRegistry::findGridKnob(s.grid->against->knob);
    if (!knob)
        return std::nullopt;
    knob->write(next->setups[static_cast<std::size_t>(griddedSetupIndex(*next))], next->service,
                rowValue);
    return next;
}

} // namespace hedge
