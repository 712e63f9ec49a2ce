// One client's policies composed as docs/model.md, "The client pipeline" orders them: the hedge
// outside, the adaptive limit inside. Every call deposits into the hedge budget; every hedge asks
// the budget and then the limiter; every attempt, first or hedge, asks the limiter. One pipeline is
// shared by all the calls of a client; each call keeps its own CallState.
//
// Sans-I/O like its parts: drivers pass `now` and carry out the returned CallStep (send,
// arm a timer, cancel). The simulation drives it on virtual time, a Qt program on real time.
#pragma once

#include <hedge/policy/AdaptiveLimiter.h>
#include <hedge/policy/HedgeBudget.h>
#include <hedge/policy/HedgePolicy.h>

#include <optional>
#include <utility>
#include <vector>

namespace hedge {

struct HedgePipelineConfig {
    HedgePolicyConfig hedge{.delayMs = 2000.0, .maxAttempts = 1}; // 1 attempt: no hedging
    std::optional<HedgeBudgetConfig> budget;                      // none: unlimited hedges
    std::optional<Gradient2Config> adaptiveLimit;                 // none: no limiter

    bool operator==(const HedgePipelineConfig&) const = default;
};

class HedgePipeline {
public:
    explicit HedgePipeline(const HedgePipelineConfig& config = {});

    // A change of policy at `now` (a timeline's change, docs/timeline.md, "Timeline scenario"):
    // calls that start from now on follow the new hedge policy; calls in flight keep the one they
    // started with. The budget keeps its window; a limiter switched on (or changed) starts afresh
    // at its initial limit, one switched off admits everything at once. Attempts admitted by a
    // limiter that is gone release nothing into its successor.
    void reconfigure(const HedgePipelineConfig& config, double now);
    HedgePipelineConfig config() const;

    CallStep startCall(CallState& call, double now)
    {
        if (m_budget)
            m_budget->deposit(now);
        return settle(call, m_policy.start(call, now, gate(now)));
    }

    CallStep hedgeDue(CallState& call, double now)
    {
        return settle(call, policyFor(call).hedgeDue(call, now, gate(now)));
    }

    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome)
    {
        if (ownsPermit(call, attempt)) {
            const AdaptiveLimiter::Permit permit{call.permit[attempt]};
            if (outcome == AttemptOutcome::Success)
                m_limiter->onSuccess(permit, now - call.launchedAt[attempt]);
            else
                m_limiter->onIgnore(permit);
        }
        return settle(call, policyFor(call).attemptDone(call, attempt, now, outcome, gate(now)));
    }

    CallStep abandonCall(CallState& call) { return settle(call, policyFor(call).abandon(call)); }

    HedgePolicy& policy() { return m_policy; }
    const HedgePolicy& policy() const { return m_policy; }
    HedgeBudget* budget() { return m_budget ? &*m_budget : nullptr; }
    AdaptiveLimiter* limiter() { return m_limiter ? &*m_limiter : nullptr; }
    const AdaptiveLimiter* limiter() const { return m_limiter ? &*m_limiter : nullptr; }

private:
    // Admits an attempt: a hedge needs the budget's leave, then every attempt the limiter's.
    struct Gate {
        HedgePipeline* pipeline;
        double now;
        int operator()(bool isHedge) const
        {
            if (isHedge && pipeline->m_budget && !pipeline->m_budget->tryWithdraw(now))
                return kRefused;
            if (!pipeline->m_limiter)
                return 0;
            const auto permit = pipeline->m_limiter->tryAcquire();
            return permit ? permit->inflightAtAdmission : kRefused;
        }
    };
    Gate gate(double now) { return Gate{this, now}; }

    // A cancelled attempt gives its limiter place back at once (in either cancellation
    // mode: the caller no longer waits for it).
    CallStep settle(const CallState& call, CallStep step)
    {
        if (m_limiter && step.cancel) {
            for (int a = 0; a < kMaxAttempts; ++a) {
                if (((step.cancel >> a) & 1u) && ownsPermit(call, a))
                    m_limiter->onIgnore(AdaptiveLimiter::Permit{call.permit[a]});
            }
        }
        return step;
    }

    // The policy a call started under: the current one unless the call is older than the
    // last reconfigure (changes are applied before anything else happening at their time).
    const HedgePolicy& policyFor(const CallState& call) const
    {
        if (call.startedAt >= m_policySince) [[likely]]
            return m_policy;
        return earlierPolicy(call.startedAt);
    }
    const HedgePolicy& earlierPolicy(double startedAt) const;

    // Was this attempt admitted by the current limiter (not by one since switched off)?
    bool ownsPermit(const CallState& call, int attempt) const
    {
        return m_limiter && call.launchedAt[attempt] >= m_limiterSince;
    }

    HedgePolicy m_policy;
    double m_policySince = -kNever;
    // Policies replaced by reconfigure, oldest first, each with the time it took effect:
    // calls in flight may still follow one. One entry per change of hedge policy.
    std::vector<std::pair<double, HedgePolicy>> m_earlierPolicies;
    std::optional<HedgeBudget> m_budget;
    std::optional<AdaptiveLimiter> m_limiter;
    double m_limiterSince = -kNever;
};

} // namespace hedge
