#include <hedge/Timeline.h>

#include <hedge/Scenario.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hedge {

namespace {

constexpr double kMaxProfileStepS = 1.0; // timeline.md §1: steps of at most 1 s
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
    static const std::vector<std::string> fields{
        "hedge",
        "hedge.delay_ms",
        "hedge.max_attempts",
        "hedge.budget_percent",
        "hedge.budget_min_per_second",
        "hedge.budget_window_s",
        "adaptive_limit",
        "adaptive_limit.initial_limit",
        "adaptive_limit.min_limit",
        "adaptive_limit.max_limit",
        "adaptive_limit.smoothing",
        "adaptive_limit.rtt_tolerance",
        "adaptive_limit.long_window",
        "adaptive_limit.queue_size",
        "service.workers",
        "service.median_ms",
        "service.sigma",
        "service.hiccup_probability",
        "service.hiccup_min_ms",
        "service.hiccup_max_ms",
        "service.error_probability",
        "service.hiccup_correlation",
    };
    return fields;
}

bool isOnOffKnob(const std::string& field)
{
    return field == "hedge" || field == "adaptive_limit";
}

bool applyKnob(Setup& setup, ServiceConfig& service, const KnobSetting& knob)
{
    const std::string& f = knob.field;
    const double v = knob.value;
    const auto asInt = [v] { return static_cast<int>(std::lround(v)); };
    if (f == "hedge") {
        if (v == 0.0)
            setup.hedge.reset();
        else if (!setup.hedge)
            setup.hedge.emplace();
        return true;
    }
    if (f == "adaptive_limit") {
        if (v == 0.0)
            setup.adaptiveLimit.reset();
        else if (!setup.adaptiveLimit)
            setup.adaptiveLimit.emplace();
        return true;
    }
    if (f.starts_with("hedge.")) {
        HedgeSettings h = setup.hedge.value_or(HedgeSettings{});
        if (f == "hedge.delay_ms")
            h.delayMs = v;
        else if (f == "hedge.max_attempts")
            h.maxAttempts = asInt();
        else if (f == "hedge.budget_percent")
            h.budgetPercent = v;
        else if (f == "hedge.budget_min_per_second")
            h.budgetMinPerSecond = v;
        else if (f == "hedge.budget_window_s")
            h.budgetWindowSeconds = v;
        else
            return false;
        setup.hedge = h;
        return true;
    }
    if (f.starts_with("adaptive_limit.")) {
        Gradient2Config g = setup.adaptiveLimit.value_or(Gradient2Config{});
        if (f == "adaptive_limit.initial_limit")
            g.initialLimit = asInt();
        else if (f == "adaptive_limit.min_limit")
            g.minLimit = asInt();
        else if (f == "adaptive_limit.max_limit")
            g.maxLimit = asInt();
        else if (f == "adaptive_limit.smoothing")
            g.smoothing = v;
        else if (f == "adaptive_limit.rtt_tolerance")
            g.rttTolerance = v;
        else if (f == "adaptive_limit.long_window")
            g.longWindow = asInt();
        else if (f == "adaptive_limit.queue_size")
            g.queueSize = asInt();
        else
            return false;
        setup.adaptiveLimit = g;
        return true;
    }
    if (f == "service.workers")
        service.workers = asInt();
    else if (f == "service.median_ms")
        service.medianMs = v;
    else if (f == "service.sigma")
        service.sigma = v;
    else if (f == "service.hiccup_probability")
        service.hiccupProbability = v;
    else if (f == "service.hiccup_min_ms")
        service.hiccupMinMs = v;
    else if (f == "service.hiccup_max_ms")
        service.hiccupMaxMs = v;
    else if (f == "service.error_probability")
        service.errorProbability = v;
    else if (f == "service.hiccup_correlation")
        service.hiccupCorrelation = v;
    else
        return false;
    return true;
}

} // namespace hedge
