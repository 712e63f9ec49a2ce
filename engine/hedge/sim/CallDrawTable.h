// The draws of a point that no setup changes: every call's arrival gap (at rate 1) and its first
// attempt's service (docs/model.md, "The service"). They are keyed by the seed, the load, the
// replicate and the service (RandomStreams.h), so every setup of a sweep at one load — and every
// grid cell whose knob leaves the service alone — draws exactly these numbers. A sweep draws them
// once per key and lends the table to those points (LoadSweep), instead of each point drawing them
// again: about a fifth of a point's time (issue 13's profile). Hedges (attempts ≥ 1) are still
// drawn by the point, as they depend on its policy.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/RandomStreams.h>
#include <hedge/sim/Simulation.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace hedge {

class CallDrawTable {
public:
    // What the draws depend on: the key of a point's RandomStreams, the service fields a
    // draw reads (modelDraw), and how many calls the table holds.
    struct Key {
        std::uint64_t seed = 1;
        double load = 0.5;
        int replicate = 0;
        ServiceTimeModel serviceModel = ServiceTimeModel::Reference;
        double medianMs = 0.0, sigma = 0.0, hiccupProbability = 0.0, hiccupMinMs = 0.0,
               hiccupMaxMs = 0.0, errorProbability = 0.0;
        std::vector<double> serviceKnotsMs; // service.distribution's table; empty: none
        std::int64_t calls = 0;

        static Key of(const PointSpec& spec);
        auto operator<=>(const Key&) const = default;
    };

    static constexpr std::size_t kBytesPerCall = 2 * sizeof(double);

    // Draws every call of `spec`'s key (kBytesPerCall bytes a call); the setup is not read.
    explicit CallDrawTable(const PointSpec& spec);

    const Key& key() const { return m_key; }
    std::int64_t calls() const { return m_key.calls; }

    // RandomStreams::unitArrivalGap(call), bit for bit; 0 ≤ call < calls().
    double unitArrivalGap(std::int64_t call) const { return m_gaps[std::size_t(call)]; }
    // The draw of attempt 0 of `call`, bit for bit as the point would draw it.
    ServiceDraw firstService(std::int64_t call) const
    {
        // The error rides in the sign bit: a service time is never negative.
        const double s = m_firstService[std::size_t(call)];
        return ServiceDraw{std::fabs(s), std::signbit(s)};
    }

private:
    Key m_key;
    std::vector<double> m_gaps;
    std::vector<double> m_firstService;
};

} // namespace hedge
