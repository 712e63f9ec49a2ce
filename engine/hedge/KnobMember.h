// Where each knob of a timeline change (timeline.md §1) lives in a setup or a service. The one
// list of knobs: knobFields(), knobValue() and applyKnob() all read it, so that the name a
// change sets, the value a diff reads and the order of both cannot disagree.
#pragma once

#include <hedge/Scenario.h>

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hedge {

struct KnobMember {
    std::string field; // as files spell it: "hedge.delay_ms"
    // An on/off knob is the policy itself (0 or 1); the others are a member of the setup's
    // hedge, of its adaptive limit, or of the service. Counts (int) take the value rounded.
    std::variant<std::optional<HedgeSettings> Setup::*, std::optional<Gradient2Config> Setup::*,
                 double HedgeSettings::*, int HedgeSettings::*, double Gradient2Config::*,
                 int Gradient2Config::*, double ServiceConfig::*, int ServiceConfig::*>
        member;

    // On/off knobs: 1 or 0. None for a member of a hedge or limit the setup has not.
    std::optional<double> read(const Setup& setup, const ServiceConfig& service) const;
    // A member of a hedge or limit the setup has not gives it the defaults first.
    void write(Setup& setup, ServiceConfig& service, double value) const;

    // Every knob, in the order the docs list them (an on/off knob before its members).
    static const std::vector<KnobMember>& all();
    static const KnobMember* find(const std::string& field); // nullptr when unknown
};

} // namespace hedge
