// Every knob of a scenario, one row each (Knob), in the order the docs list them: an on/off
// knob before its members, then the service, then each policy family's (FamilyKnobs.h). The rows
// drive the scenario file (ScenarioJson), its check (ScenarioValidation), the editors' fields
// (SetupEditor, ServiceRunEditor), the grid dialog and a grid's cells (GridDialog, SweepPoints) and
// timeline changes (applyKnob, KnobDiff). Adding a knob: DEVELOPERS.md, "Adding a knob".
#pragma once

#include <hedge/Knob.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hedge {

class KnobRegistry {
public:
    static const std::vector<Knob>& all();
    static const Knob* find(std::string_view field); // nullptr when unknown
    // The knobs whose field starts with `group` ("hedge.", "adaptive_limit.", "service.",
    // "grpc.", "grpc.throttling."), in order; the setup's own on/off knobs ("hedge",
    // "adaptive_limit") are not in a group, a family's ("grpc.throttling") is in its family's.
    static std::vector<const Knob*> group(std::string_view group);
    // The knobs a grid may sweep, in order, and one of them by name (nullptr: not griddable).
    static std::vector<const Knob*> gridKnobs();
    static const Knob* findGridKnob(std::string_view field);
    // The fields a timeline change may set, in order.
    static const std::vector<std::string>& liveFields();

private:
    // Tests add rows of their own (tests/widgets/KnobRegistryTesting.h) to see that one row is all
    // a knob needs; the product never changes the rows.
    friend class KnobRegistryTesting;
    struct Rows {
        std::vector<Knob> knobs;
        std::vector<std::string> live; // follows `knobs`
    };
    static Rows& rows();
    static void append(Knob knob);
    static void truncate(std::size_t count);
};

} // namespace hedge
