// One client's policy of a family other than resilience4cata (docs/policies.md): the family's
// object (GrpcHedging, ..., made by its row in hedge/PolicyFamilies.h as a FamilyStage) and,
// orthogonal to it, the adaptive limit every attempt passes.
// The counterpart of HedgePipeline with the same entry points, driven the same way: the
// simulation on virtual time, HedgedCaller on real time.
#pragma once

#include <hedge/policy/AdaptiveLimiter.h>
#include <hedge/policy/FamilyPolicy.h>
#include <hedge/policy/FamilyStage.h>
#include <hedge/policy/Gradient2Limit.h>
#include <hedge/policy/PolicyFamily.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace hedge {

struct FamilyPipelineConfig {
    PolicyFamily family = PolicyFamily::Grpc; // not resilience4cata: HedgePipeline is that one
    FamilySettings settings;
    std::optional<Gradient2Config> adaptiveLimit;
    std::uint64_t seed = 0; // for a family that draws (Envoy's jittered backoff)

    bool operator==(const FamilyPipelineConfig&) const = default;
};

class FamilyPipeline {
public:
    explicit FamilyPipeline(const FamilyPipelineConfig& config);

    CallStep startCall(CallState& call, double now);
    CallStep hedgeDue(CallState& call, double now);
    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome);
    CallStep abandonCall(CallState& call);

    // New knobs of the same family from `now` (a timeline's change): the family's state — its
    // bucket, slots, histograms, budgets — is kept and calls in flight take their next decision
    // by the new knobs. A limiter switched on (or changed) starts afresh; switched off, it lets
    // the attempts holding places give them back. Another family is a new pipeline.
    void reconfigure(const FamilyPipelineConfig& config, double now);
    const FamilyPipelineConfig& config() const { return m_config; }

    FamilyGauges gauges(double now) const;
    // Hedges the family's budget or throttle refused so far.
    std::int64_t hedgesRefused() const;
    AdaptiveLimiter* limiter() { return m_limiter.get(); }
    const AdaptiveLimiter* limiter() const { return m_limiter.get(); }

    // The family's object, for tests and gauges: nullptr when the setup has another.
    template <class Family> Family* family()
    {
        return static_cast<Family*>(m_family->object(typeid(Family)));
    }

private:
    static std::unique_ptr<FamilyStage> make(const FamilyPipelineConfig& config);
    // Admissions of a call that starts now, and of hedges of calls that started under the
    // current limiter.
    AttemptGate gate(const CallState& call) { return AttemptGate{limiterOf(call)}; }
    // The limiter a call started under: the current one, or one a change replaced (calls in
    // flight keep theirs, as HedgePipeline's regimes do); nullptr: none.
    AdaptiveLimiter* limiterOf(const CallState& call);
    // A cancelled attempt gives its limiter place back at once.
    CallStep settle(const CallState& call, CallStep step);

    struct RetiredLimiter {
        double until; // calls started before this follow it
        std::unique_ptr<AdaptiveLimiter> limiter;
    };

    FamilyPipelineConfig m_config;
    std::unique_ptr<FamilyStage> m_family;
    std::unique_ptr<AdaptiveLimiter> m_limiter;
    double m_limiterSince = -kNever;
    std::vector<RetiredLimiter> m_retired; // oldest first
};

} // namespace hedge
