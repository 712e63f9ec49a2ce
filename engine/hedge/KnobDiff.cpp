#include <hedge/KnobDiff.h>

namespace hedge {

std::optional<double> knobValue(const Setup& setup, const ServiceConfig& service,
                                const std::string& f)
{
    if (f == "hedge")
        return setup.hedge ? 1.0 : 0.0;
    if (f == "adaptive_limit")
        return setup.adaptiveLimit ? 1.0 : 0.0;
    if (f.starts_with("hedge.")) {
        if (!setup.hedge)
            return std::nullopt;
        const HedgeSettings& h = *setup.hedge;
        if (f == "hedge.delay_ms")
            return h.delayMs;
        if (f == "hedge.max_attempts")
            return h.maxAttempts;
        if (f == "hedge.budget_percent")
            return h.budgetPercent;
        if (f == "hedge.budget_min_per_second")
            return h.budgetMinPerSecond;
        if (f == "hedge.budget_window_s")
            return h.budgetWindowSeconds;
        return std::nullopt;
    }
    if (f.starts_with("adaptive_limit.")) {
        if (!setup.adaptiveLimit)
            return std::nullopt;
        const Gradient2Config& g = *setup.adaptiveLimit;
        if (f == "adaptive_limit.initial_limit")
            return g.initialLimit;
        if (f == "adaptive_limit.min_limit")
            return g.minLimit;
        if (f == "adaptive_limit.max_limit")
            return g.maxLimit;
        if (f == "adaptive_limit.smoothing")
            return g.smoothing;
        if (f == "adaptive_limit.rtt_tolerance")
            return g.rttTolerance;
        if (f == "adaptive_limit.long_window")
            return g.longWindow;
        if (f == "adaptive_limit.queue_size")
            return g.queueSize;
        return std::nullopt;
    }
    if (f == "service.workers")
        return service.workers;
    if (f == "service.median_ms")
        return service.medianMs;
    if (f == "service.sigma")
        return service.sigma;
    if (f == "service.hiccup_probability")
        return service.hiccupProbability;
    if (f == "service.hiccup_min_ms")
        return service.hiccupMinMs;
    if (f == "service.hiccup_max_ms")
        return service.hiccupMaxMs;
    if (f == "service.error_probability")
        return service.errorProbability;
    if (f == "service.hiccup_correlation")
        return service.hiccupCorrelation;
    return std::nullopt;
}

namespace {

std::vector<KnobSetting> changes(const Setup& fromSetup, const ServiceConfig& fromService,
                                 const Setup& toSetup, const ServiceConfig& toService,
                                 bool serviceFields)
{
    std::vector<KnobSetting> set;
    for (const std::string& field : knobFields()) {
        if (field.starts_with("service.") != serviceFields)
            continue;
        const std::optional<double> to = knobValue(toSetup, toService, field);
        if (!to)
            continue; // a field of a hedge or limit the target has not
        const std::optional<double> from = knobValue(fromSetup, fromService, field);
        // A hedge or limit switched on starts from the defaults (applyKnob): every field
        // that differs from them is set after the switch.
        if (from != to)
            set.push_back({field, *to});
    }
    return set;
}

} // namespace

std::vector<KnobSetting> setupKnobChanges(const Setup& from, const Setup& to)
{
    // A switched-on part is compared with its defaults, which applyKnob gives it.
    Setup base = from;
    if (to.hedge && !base.hedge)
        base.hedge.emplace();
    if (to.adaptiveLimit && !base.adaptiveLimit)
        base.adaptiveLimit.emplace();
    std::vector<KnobSetting> set;
    if (bool(from.hedge) != bool(to.hedge))
        set.push_back({"hedge", to.hedge ? 1.0 : 0.0});
    if (bool(from.adaptiveLimit) != bool(to.adaptiveLimit))
        set.push_back({"adaptive_limit", to.adaptiveLimit ? 1.0 : 0.0});
    const ServiceConfig service;
    for (KnobSetting& k : changes(base, service, to, service, false))
        if (!isOnOffKnob(k.field))
            set.push_back(std::move(k));
    return set;
}

std::vector<KnobSetting> serviceKnobChanges(const ServiceConfig& from, const ServiceConfig& to)
{
    const Setup setup;
    return changes(setup, from, setup, to, true);
}

} // namespace hedge
