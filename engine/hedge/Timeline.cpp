#include <hedge/Timeline.h>

#include <hedge/KnobRegistry.h>
#include <hedge/Scenario.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace hedge {

namespace {

// docs/timeline.md, "Timeline scenario": steps of at most 1 s.
constexpr double kMaxProfileStepS = 1.0;
constexpr double kMaxLoad = 1.5;

struct KnobName {
    LoadProfile::Kind kind;
    const char* name;
};
constexpr KnobName kProfileNames[] = {
    {LoadProfile::Kind::Constant, "constant"}, {LoadProfile::Kind::Step, "step"},
    {LoadProfile::Kind::Spike, "spike"},       {LoadProfile::Kind::Ramp, "ramp"},
    {LoadProfile::Kind::Sine, "sine"},
};

std::vector<LoadStep> expand(const LoadProfile& p, double durationS)
{
    using Kind = LoadProfile::Kind;
    std::vector<LoadStep> steps{{0.0, p.base}};
    switch (p.kind) {
    case Kind::Constant: break;
    case Kind::Step: steps.push_back({p.atS, p.peak}); break;
    case Kind::Spike:
        steps.push_back({p.atS, p.peak});
        steps.push_back({p.atS + p.lengthS, p.base});
        break;
    case Kind::Ramp: {
        // Each step holds the ramp's value at its middle, so the load's integral is exact.
        const auto n = static_cast<int>(std::ceil(p.lengthS / kMaxProfileStepS));
        for (int k = 0; k < n; ++k)
            steps.push_back({p.atS + p.lengthS * k / n, p.base + (p.peak - p.base) * (k + 0.5) / n});
        steps.push_back({p.atS + p.lengthS, p.peak});
        break;
    }
    case Kind::Sine: {
        const double step = std::min(kMaxProfileStepS, p.periodS / 16.0);
        steps.clear();
        for (double t = 0.0; t < durationS; t += step) {
            const double mid = t + step / 2.0;
            const double load =
                p.base + (p.peak - p.base) * std::sin(2.0 * std::numbers::pi * mid / p.periodS);
            steps.push_back({t, std::clamp(load, 0.0, kMaxLoad)});
        }
        if (steps.empty())
            steps.push_back({0.0, p.base});
        break;
    }
    }
    // Steps at or after each other's time: the later one wins (a zero-length spike).
    std::vector<LoadStep> ordered;
    for (const LoadStep& s : steps) {
        if (!ordered.empty() && s.atS <= ordered.back().atS)
            ordered.back().load = s.load;
        else
            ordered.push_back(s);
    }
    return ordered;
}

} // namespace

const char* toString(LoadProfile::Kind kind)
{
    for (const KnobName& n : kProfileNames) {
        if (n.kind == kind)
            return n.name;
    }
    return "?";
}

const char* toString(Outage::Kind kind)
{
    return kind == Outage::Kind::Stall ? "stall" : "errors";
}

std::optional<Outage::Kind> outageKind(const std::string& name)
{
    if (name == "errors")
        return Outage::Kind::Errors;
    if (name == "stall")
        return Outage::Kind::Stall;
    return std::nullopt;
}

std::optional<Outage::Kind> outageAt(const std::vector<Outage>& outages, double atS)
{
    for (const Outage& o : outages) {
        if (o.atS <= atS && atS < o.atS + o.lengthS)
            return o.kind;
    }
    return std::nullopt;
}

double nextOutageEdge(const std::vector<Outage>& outages, double afterS)
{
    double next = std::numeric_limits<double>::infinity();
    for (const Outage& o : outages) {
        if (o.atS > afterS)
            next = std::min(next, o.atS);
        else if (o.atS + o.lengthS > afterS)
            next = std::min(next, o.atS + o.lengthS);
    }
    return next;
}

std::optional<LoadProfile::Kind> loadProfileKind(const std::string& name)
{
    for (const KnobName& n : kProfileNames) {
        if (name == n.name)
            return n.kind;
    }
    return std::nullopt;
}

std::vector<LoadStep> Timeline::steps() const
{
    if (profile)
        return expand(*profile, durationS);
    return loadSteps;
}

const std::vector<std::string>& knobFields()
{
    return KnobRegistry::liveFields();
}

bool isOnOffKnob(const std::string& field)
{
    const Knob* knob = KnobRegistry::find(field);
    return knob && knob->isOnOff();
}

bool applyKnob(Setup& setup, ServiceConfig& service, const KnobSetting& knob)
{
    const Knob* row = KnobRegistry::find(knob.field);
    if (!row || !row->live)
        return false;
    row->write(setup, service, knob.value);
    return true;
}

} // namespace hedge
