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
    // The on/off knobs first ("hedge", "grpc.throttling"): a switched-on part is then compared
    // with its defaults, which applyKnob gives it. Only the knobs of `to`'s policy: the others
    // change nothing it runs (the setups of a change keep their policy).
    Setup base = from;
    ServiceConfig service;
    std::vector<KnobSetting> set;
    for (const std::string& field : knobFields()) {
        const Knob& knob = *KnobRegistry::find(field);
        if (!knob.isOnOff() || !knob.appliesTo(to))
            continue;
        const std::optional<double> on = knob.read(to, service);
        if (on && knob.read(base, service) != on) {
            set.push_back({field, *on});
            knob.write(base, service, *on);
        }
    }
    for (KnobSetting& k : changes(base, service, to, service, false))
        if (!isOnOffKnob(k.field) && KnobRegistry::find(k.field)->appliesTo(to))
            set.push_back(std::move(k));
    return set;
}

std::vector<KnobSetting> serviceKnobChanges(const ServiceConfig& from, const ServiceConfig& to)
{
    const Setup setup;
    return changes(setup, from, setup, to, true);
}

} // namespace hedge
