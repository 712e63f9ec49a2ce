// One client's whole policy, whatever its family: resilience4cata's HedgePipeline, or a
// FamilyPipeline for gRPC, Envoy, Polly, Finagle, Tower or Murphy (docs/policies.md). The one
// object the simulation and HedgedCaller drive; a branch per event picks the family's pipeline.
#pragma once

#include <hedge/policy/FamilyPipeline.h>
#include <hedge/policy/HedgePipeline.h>

#include <cstdint>
#include <memory>
#include <optional>

namespace hedge {

struct ClientPolicyConfig {
    HedgePipelineConfig hedge;                  // resilience4cata
    std::optional<FamilyPipelineConfig> family; // another family: this one (`hedge` unused)

    bool operator==(const ClientPolicyConfig&) const = default;
};

class ClientPolicy {
public:
    explicit ClientPolicy(const ClientPolicyConfig& config = {});

    CallStep startCall(CallState& call, double now)
    {
        if (m_family) [[unlikely]]
            return m_family->startCall(call, now);
        return m_hedge.startCall(call, now);
    }
    CallStep hedgeDue(CallState& call, double now)
    {
        if (m_family) [[unlikely]] {
            const std::uint8_t retries = call.retries;
            const CallStep step = m_family->hedgeDue(call, now); // before reading retries again
            return told(step, call.retries != retries);
        }
        return m_hedge.hedgeDue(call, now);
    }
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome)
    {
        if (m_family) [[unlikely]] {
            const std::uint8_t retries = call.retries;
            const CallStep step = m_family->attemptDone(call, attempt, now, outcome);
            return told(step, call.retries != retries);
        }
        return m_hedge.attemptDone(call, attempt, now, outcome);
    }
    CallStep abandonCall(CallState& call)
    {
        if (m_family) [[unlikely]]
            return m_family->abandonCall(call);
        return m_hedge.abandonCall(call);
    }

    // A change of knobs at `now` (HedgePipeline::reconfigure, FamilyPipeline::reconfigure). The
    // family itself is not a knob a change may set (scenario validation says so): a change of
    // family starts a new policy, which the calls in flight then follow.
    void reconfigure(const ClientPolicyConfig& config, double now);
    // Called just before each hedge is sent, with its attempt number (1 = the first hedge); not
    // for a retry.
    void setOnHedge(HedgePolicy::OnHedge onHedge);
    ClientPolicyConfig config() const;

    HedgePipeline& hedgePipeline() { return m_hedge; }
    const HedgePipeline& hedgePipeline() const { return m_hedge; }
    FamilyPipeline* family() { return m_family.get(); }
    const FamilyPipeline* family() const { return m_family.get(); }
    // The adaptive limiter new calls pass, whichever the family; nullptr: none.
    AdaptiveLimiter* limiter();
    const AdaptiveLimiter* limiter() const;
    // resilience4cata's hedge budget; nullptr for another family or without one.
    HedgeBudget* budget() { return m_family ? nullptr : m_hedge.budget(); }
    // Hedges the budget or throttle refused so far.
    std::int64_t hedgesRefused() const;
    // The family's state now (resilience4cata: its budget's balance as `tokens`).
    FamilyGauges gauges(double now);

private:
    // A family's step: tells m_onHedge of a hedge it sends (a retry, counted in
    // CallState::retries, is no hedge).
    CallStep told(const CallStep& step, bool isRetry) const
    {
        if (step.launch > 0 && !isRetry && m_onHedge)
            m_onHedge(step.launch);
        return step;
    }

    HedgePipeline m_hedge;
    HedgePolicy::OnHedge m_onHedge;
    std::unique_ptr<FamilyPipeline> m_family;
};

} // namespace hedge
