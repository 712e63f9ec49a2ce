// The plain data of a timeline (docs/timeline.md, "Timeline scenario"): load as a function of
// simulated time and changes of knobs at given times. Validation and JSON live in hedge/io,
// the simulation in hedge/sim/TimelineWorld.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hedge {

struct ServiceConfig;
struct Setup;

// From `atS` on, the offered load is `load` (0 … 1.5; 0: no traffic).
struct LoadStep {
    double atS = 0.0;
    double load = 0.5;
    bool operator==(const LoadStep&) const = default;
};

// A named load profile, expanded into steps of at most 1 s (ramp, sine) or exact steps.
//   constant: `base` throughout
//   step:     `base`, then `peak` from `at_s`
//   spike:    `base`, `peak` during [`at_s`, `at_s` + `length_s`), then `base` again
//   ramp:     `base`, then from `at_s` linearly to `peak` over `length_s`, then `peak`
//   sine:     `base` + (`peak` − `base`) · sin(2π t / `period_s`), clamped to 0 … 1.5
struct LoadProfile {
    enum class Kind : std::uint8_t { Constant, Step, Spike, Ramp, Sine };
    Kind kind = Kind::Constant;
    double base = 0.5;
    double peak = 0.8;
    double atS = 60.0;
    double lengthS = 30.0;
    double periodS = 60.0;
    bool operator==(const LoadProfile&) const = default;
};

const char* toString(LoadProfile::Kind kind);
std::optional<LoadProfile::Kind> loadProfileKind(const std::string& name);

// One knob set to a value: `field` as a scenario file spells it under a setup or the
// service ("hedge.budget_percent", "adaptive_limit", "service.workers"). On/off knobs
// ("hedge", "adaptive_limit") take 1 or 0.
struct KnobSetting {
    std::string field;
    double value = 0.0;
    bool operator==(const KnobSetting&) const = default;
};

struct TimelineChange {
    double atS = 0.0;
    std::string setup; // the world it applies to; empty: every world
    std::vector<KnobSetting> set;
    bool operator==(const TimelineChange&) const = default;
};

// An outage of the service (docs/timeline.md, "Outages"): from `atS` for `lengthS` seconds
// every attempt sent fails at once (errors: as a server that answers UNAVAILABLE), or no
// attempt is answered until it ends (stall: the workers take nothing from the queue; what they
// were serving finishes).
struct Outage {
    enum class Kind : std::uint8_t { Errors, Stall };
    double atS = 0.0;
    double lengthS = 10.0;
    Kind kind = Kind::Errors;
    bool operator==(const Outage&) const = default;
};

const char* toString(Outage::Kind kind);
std::optional<Outage::Kind> outageKind(const std::string& name);

struct Timeline {
    double durationS = 60.0;
    double bucketMs = 1000.0;
    std::vector<LoadStep> loadSteps{LoadStep{}}; // used when there is no profile
    std::optional<LoadProfile> profile;
    std::vector<TimelineChange> changes; // in time order
    std::vector<Outage> outages;         // in time order, none overlapping

    // The load in force as steps (the profile expanded), first at 0 s, in time order.
    std::vector<LoadStep> steps() const;

    bool operator==(const Timeline&) const = default;
};

// The outage in force at `atS` (its window holds it), or none.
std::optional<Outage::Kind> outageAt(const std::vector<Outage>& outages, double atS);
// The first start or end of an outage after `afterS`, or infinity.
double nextOutageEdge(const std::vector<Outage>& outages, double afterS);

// Every field a change may set (KnobRegistry's rows a timeline may change), in their order.
const std::vector<std::string>& knobFields();
bool isOnOffKnob(const std::string& field); // "hedge", "adaptive_limit": 0 or 1

// Sets one knob on a world's setup and service; false when the field is unknown or not one a
// change may set. Setting a
// hedge field on a setup without hedge gives it the default hedge first; an adaptive-limit
// field likewise switches the limit on with Gradient2's defaults. Values are taken as they
// are: validateScenario checks the result.
bool applyKnob(Setup& setup, ServiceConfig& service, const KnobSetting& knob);

} // namespace hedge
