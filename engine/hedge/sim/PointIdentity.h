// What a point of a sweep simulates, as a value: two points are the same point when they run
// the same simulation (runsTheSameSimulation) with the same number of pooled replicates. The
// setup's name is not part of it, nor the cancellation where no setup ever has a second
// attempt (the twins of a sweep). The explorer keys its results by it, so that an edit re-runs
// only the points it changed and a rename or an undone edit re-runs nothing.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/Simulation.h>

#include <cstddef>
#include <cstdint>

namespace hedge {

class PointIdentity {
public:
    PointIdentity() = default;
    // The point of `scenario`'s run of `setup` at `load`, with `calls` calls (a pass of the
    // run may use fewer than the scenario's).
    static PointIdentity of(const Scenario& scenario, const Setup& setup, double load,
                            std::int64_t calls);
    // The same, of a setup run on `service` (a map's cell of a service knob).
    static PointIdentity of(const Scenario& scenario, const Setup& setup,
                            const ServiceConfig& service, double load, std::int64_t calls);

    const PointSpec& spec() const { return m_spec; }
    int replicates() const { return m_replicates; }

    bool operator==(const PointIdentity& other) const;
    // Equal identities hash equal (twins included).
    std::size_t hash() const;

    struct Hash {
        std::size_t operator()(const PointIdentity& id) const { return id.hash(); }
    };

private:
    PointSpec m_spec; // replicate 0; the name left out
    int m_replicates = 1;
};

} // namespace hedge
