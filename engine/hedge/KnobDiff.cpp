#include <hedge/KnobDiff.h>

#include <hedge/KnobRegistry.h>

namespace hedge {

std::optional<double> knobValue(const Setup& setup, const ServiceConfig& service,
                                const std::string& field)
{
    const Knob* knob = KnobRegistry::find(field);
    return knob ? knob->read(setup, service) : std::nullopt;
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
