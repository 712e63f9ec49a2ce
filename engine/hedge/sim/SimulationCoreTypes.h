// The plain types a SimulationCore is made of and configured with: an attempt as the service
// sees it, a call's slot, the core's configuration. Internal to the engine.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/policy/CallState.h>
#include <hedge/policy/SplitMix64.h>
#include <hedge/sim/Simulation.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace hedge {
class CallDrawTable;
}

// SimulationCore::run() with every handler, the pipeline and the draws inlined (engine/README.md,
// "Replicas, balancers, placement"). Not in a sanitized tree (HEDGE_SANITIZED_BUILD, set by the
// top CMakeLists.txt): there the flattened, instrumented loop took about 230 CPU-s to compile in
// each unit that instantiates it, against 5 left to the inliner, and what the sanitizers check
// does not depend on inlining.
#ifdef HEDGE_SANITIZED_BUILD
#define HEDGE_FLATTENED_EVENT_LOOP
#else
#define HEDGE_FLATTENED_EVENT_LOOP [[gnu::flatten]]
#endif

namespace hedge::sim_detail {

inline constexpr std::uint32_t kNoCall = 0xffffffffu;   // a free call slot
inline constexpr std::uint16_t kNotInService = 0xffffu; // an attempt waiting in the queue
// An attempt the service shed (docs/model.md, "The service"): its answer, an error at once, is
// a ServiceDone event whose `a` is kShedEvent | slot << 4 | attempt (kMaxAttempts ≤ 16, slots
// < 2^27 under the safety cap's live calls) and whose `b` is the call; its worker is kShed.
inline constexpr std::uint32_t kShedEvent = 0x80000000u;
inline constexpr std::uint16_t kShed = 0xfffeu;
inline constexpr std::int64_t kStopCheckInterval = 1024; // events between looks at the stop token

// One attempt as the service sees it: whose it is. The call may have ended meanwhile.
struct AttemptRef {
    std::uint32_t slot;
    std::uint32_t call;
    std::uint8_t attempt;
};

struct CoreConfig {
    ServiceConfig service;
    Setup setup;
    std::uint64_t seed = 1;
    double randomKey = 0.5; // the sweep's load value; a timeline has its own key
    int replicate = 0;
    ServiceTimeModel serviceModel = ServiceTimeModel::Reference;
    std::int64_t callLimit = std::numeric_limits<std::int64_t>::max();
    const CallDrawTable* draws = nullptr; // every call's draws, drawn once (CallDrawTable.h)
};

// The key of a policy's own draws (EnvoyHedging's jitter) at this point or world: its own
// stream, apart from the service's and the balancer's.
inline std::uint64_t policySeed(const CoreConfig& config)
{
    std::uint64_t key;
    std::memcpy(&key, &config.randomKey, sizeof key);
    constexpr std::uint64_t kPolicyPurpose = 0x706f6c696379ull; // "policy"
    return SplitMix64::mix(config.seed ^ SplitMix64::mix(key ^ SplitMix64::mix(
                                             std::uint64_t(config.replicate) + kPolicyPurpose)));
}

// A live call: its pipeline state and where each attempt is (worker, or kNotInService; and
// its replica). Reused through a free list; kNoCall marks a free slot.
struct CallSlot {
    CallState state;
    std::uint32_t call = kNoCall; // the call index, or kNoCall when free
    std::uint16_t worker[kMaxAttempts];
    std::uint8_t replica[kMaxAttempts];
    std::uint16_t client = 0; // whose policy state the call uses (docs/model.md, "A fleet of clients")
};

// A free call slot: the last one freed, or a new one. (Not `slots`: Qt defines that name.)
inline std::uint32_t takeSlot(std::vector<CallSlot>& callSlots, std::vector<std::uint32_t>& freeSlots)
{
    if (freeSlots.empty()) {
        callSlots.emplace_back();
        return static_cast<std::uint32_t>(callSlots.size() - 1);
    }
    const std::uint32_t slot = freeSlots.back();
    freeSlots.pop_back();
    return slot;
}

} // namespace hedge::sim_detail
