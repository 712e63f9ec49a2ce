// Hedge placement (docs/topology.md, "Placement") as the replicas it allows the balancer to choose
// from.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/topology/Balancer.h>

#include <cstdint>

namespace hedge {

// `used`: the replicas that already received an attempt of this call (bit r: replica r).
inline std::uint64_t allowedReplicas(HedgePlacement placement, int replicas, std::uint64_t used)
{
    const std::uint64_t all = Balancer::all(replicas);
    if (placement == HedgePlacement::Any)
        return all;
    const std::uint64_t fresh = all & ~used;
    return fresh ? fresh : all; // every replica has one: any of them again
}

} // namespace hedge
