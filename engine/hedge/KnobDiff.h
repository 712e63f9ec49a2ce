// What a change must set to turn one setup and service into another: the live view turns an edit
// made while the worlds run into a timeline change (docs/timeline.md, "Timeline scenario") this
// way, so a recorded session replays the edit exactly.
#pragma once

#include <hedge/Scenario.h>

#include <optional>
#include <string>
#include <vector>

namespace hedge {

// The knob's value as a change would set it (on/off knobs: 1 or 0); none for a hedge or
// adaptive-limit field of a setup that has no hedge or no limit.
std::optional<double> knobValue(const Setup& setup, const ServiceConfig& service,
                                const std::string& field);

// The settings that make `from` into `to`, in knobFields() order (an on/off knob before its
// fields, so that applyKnob builds the same setup). Empty when they are equal. The name and
// the cancellation mode are not knobs.
std::vector<KnobSetting> setupKnobChanges(const Setup& from, const Setup& to);
std::vector<KnobSetting> serviceKnobChanges(const ServiceConfig& from, const ServiceConfig& to);

} // namespace hedge
