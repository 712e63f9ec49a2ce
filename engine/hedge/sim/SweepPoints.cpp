#include <hedge/sim/SweepPoints.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hedge {

namespace {

int wholeNumber(double value)
{
    return static_cast<int>(std::lround(value));
}

constexpr GridKnob kKnobs[] = {
    {"hedge.delay_ms", false, true,
     [](Setup& s, ServiceConfig&, double v) { s.hedge->delayMs = v; }},
    {"hedge.max_attempts", true, true,
     [](Setup& s, ServiceConfig&, double v) { s.hedge->maxAttempts = wholeNumber(v); }},
    {"hedge.budget_percent", false, true,
     [](Setup& s, ServiceConfig&, double v) { s.hedge->budgetPercent = v; }},
    {"hedge.budget_min_per_second", false, true,
     [](Setup& s, ServiceConfig&, double v) { s.hedge->budgetMinPerSecond = v; }},
    {"hedge.budget_window_s", false, true,
     [](Setup& s, ServiceConfig&, double v) { s.hedge->budgetWindowSeconds = v; }},
    {"service.workers", true, false,
     [](Setup&, ServiceConfig& c, double v) { c.workers = wholeNumber(v); }},
    {"service.median_ms", false, false, [](Setup&, ServiceConfig& c, double v) { c.medianMs = v; }},
    {"service.sigma", false, false, [](Setup&, ServiceConfig& c, double v) { c.sigma = v; }},
    {"service.hiccup_probability", false, false,
     [](Setup&, ServiceConfig& c, double v) { c.hiccupProbability = v; }},
    {"service.error_probability", false, false,
     [](Setup&, ServiceConfig& c, double v) { c.errorProbability = v; }},
};

const Setup& setupNamed(const Scenario& s, const std::string& name)
{
    const auto it = std::find_if(s.setups.begin(), s.setups.end(),
                                 [&name](const Setup& setup) { return setup.name == name; });
    if (it == s.setups.end())
        throw std::invalid_argument("no setup named \"" + name + "\"");
    return *it;
}

} // namespace

std::span<const GridKnob> gridKnobs()
{
    return kKnobs;
}

const GridKnob* findGridKnob(std::string_view name)
{
    for (const GridKnob& knob : kKnobs)
        if (name == knob.name)
            return &knob;
    return nullptr;
}

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
    const GridKnob* knob = findGridKnob(grid.knob);
    if (!knob)
        throw std::invalid_argument("no grid knob named \"" + grid.knob + "\"");
    SweepPoint cell{setupNamed(s, grid.setup), s.service, load, value};
    if (knob->needsHedge && !cell.setup.hedge)
        throw std::invalid_argument("grid knob " + grid.knob + " needs a hedging setup");
    knob->apply(cell.setup, cell.service, value);
    return cell;
}

std::vector<SweepPoint> sweepPoints(const Scenario& s)
{
    std::vector<SweepPoint> points;
    for (const Setup& setup : s.setups)
        for (std::size_t load = 0; load < s.loads.size(); ++load)
            points.push_back({setup, s.service, load, std::nullopt});
    if (!s.grid)
        return points;
    if (GridBaseline baseline = gridBaseline(s); baseline.added)
        for (std::size_t load = 0; load < s.loads.size(); ++load)
            points.push_back({baseline.setup, s.service, load, std::nullopt});
    for (double value : s.grid->values)
        for (std::size_t load = 0; load < s.loads.size(); ++load)
            points.push_back(gridCell(s, value, load));
    return points;
}

} // namespace hedge
