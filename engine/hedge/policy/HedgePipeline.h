// One client's policies composed as model.md §3 orders them: the hedge outside, the adaptive
// limit inside. Every call deposits into the hedge budget; every hedge asks the budget and
// then the limiter; every attempt, first or hedge, asks the limiter. One pipeline is shared
// by all the calls of a client; each call keeps its own CallState.
//
// Sans-I/O like its parts: drivers pass `now` and carry out the returned CallStep (send,
// arm a timer, cancel). The simulation drives it on virtual time, a Qt program on real time.
#pragma once

#include <hedge/policy/AdaptiveLimiter.h>
#include <hedge/policy/HedgeBudget.h>
#include <hedge/policy/HedgePolicy.h>

#include <optional>

namespace hedge {

struct HedgePipelineConfig {
    HedgePolicyConfig hedge{.delayMs = 2000.0, .maxAttempts = 1}; // 1 attempt: no hedging
    std::optional<HedgeBudgetConfig> budget;                      // none: unlimited hedges
    std::optional<Gradient2Config> adaptiveLimit;                 // none: no limiter
};

class HedgePipeline {
public:
    explicit HedgePipeline(const HedgePipelineConfig& config = {});

    CallStep startCall(CallState& call, double now)
    {
        if (m_budget)
            m_budget->deposit(now);
        return settle(call, m_policy.start(call, now, gate(now)));
    }

    CallStep hedgeDue(CallState& call, double now)
    {
        return settle(call, m_policy.hedgeDue(call, now, gate(now)));
    }

    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome)
    {
        if (m_limiter) {
            const AdaptiveLimiter::Permit permit{call.permit[attempt]};
            if (outcome == AttemptOutcome::Success)
                m_limiter->onSuccess(permit, now - call.launchedAt[attempt]);
            else
                m_limiter->onIgnore(permit);
        }
        return settle(call, m_policy.attemptDone(call, attempt, now, outcome, gate(now)));
    }

    CallStep abandonCall(CallState& call) { return settle(call, m_policy.abandon(call)); }

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
                if ((step.cancel >> a) & 1u)
                    m_limiter->onIgnore(AdaptiveLimiter::Permit{call.permit[a]});
            }
        }
        return step;
    }

    HedgePolicy m_policy;
    std::optional<HedgeBudget> m_budget;
    std::optional<AdaptiveLimiter> m_limiter;
};

} // namespace hedge
