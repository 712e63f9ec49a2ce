// A scenario setup's policies as the pipeline takes them: the hedge knobs, the budget (none
// for 0 %), the adaptive limit — or the setup's family (docs/policies.md). Real-clock drivers
// (hedgesim load) build their HedgedCaller from it, so that they run the same policy as the
// simulation of the same setup.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/policy/ClientPolicy.h>
#include <hedge/policy/HedgePipeline.h>

#include <cstdint>
#include <type_traits>

namespace hedge {

// `seed` keys the draws of a policy that draws (Envoy's jitter, resilience4cata's randomized
// retry wait).
HedgePipelineConfig pipelineConfigFor(const Setup& setup, std::uint64_t seed = 0);
// The whole policy.
ClientPolicyConfig clientPolicyFor(const Setup& setup, std::uint64_t seed = 0);
// Whether cancelling a loser reaches the server: the setup's cancellation, unless its family
// never cancels losers (Murphy abandons them; Finagle without send_interrupts leaves them).
bool serverCancels(const Setup& setup);

// The configuration `Policy` (HedgePipeline, FamilyPipeline or ClientPolicy) is built from.
template <class Policy>
auto policyConfigFor(const Setup& setup, std::uint64_t seed)
{
    if constexpr (std::is_same_v<Policy, HedgePipeline>)
        return pipelineConfigFor(setup, seed);
    else if constexpr (std::is_same_v<Policy, FamilyPipeline>)
        return *clientPolicyFor(setup, seed).family;
    else
        return clientPolicyFor(setup, seed);
}

} // namespace hedge
