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
#include <hedge/policy/Resilience4cataRetrying.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace hedge {

struct HedgePipelineConfig {
    HedgePolicyConfig hedge{.delayMs = 2000.0, .maxAttempts = 1}; // 1 attempt: no hedging
    std::optional<HedgeBudgetConfig> budget;                      // none: unlimited hedges
    std::optional<Gradient2Config> adaptiveLimit;                 // none: no limiter
    std::optional<Resilience4cataRetryingConfig> retry;           // none: no retries

    bool operator==(const HedgePipelineConfig&) const = default;
};

class HedgePipeline {
public:
    explicit HedgePipeline(const HedgePipelineConfig& config = {});

    // A change of policy at `now` (a timeline's change, docs/timeline.md, "Changes"): calls
    // that start from now on follow the new configuration; calls in flight keep the one they
    // started with until they end — their hedge policy, the budget terms (percent and reserve)
    // their hedges are judged by, and the limiter that admits their attempts and takes their
    // places back. The budget keeps its window when only its terms change (every call, old or
    // new, deposits into and withdraws from that one window); a new window length, or a budget
    // switched on, starts an empty one. A limiter switched on (or changed) starts afresh at
    // its initial limit for new calls; switched off, it no longer sees new calls.
    void reconfigure(const HedgePipelineConfig& config, double now);
    HedgePipelineConfig config() const;

    CallStep startCall(CallState& call, double now)
    {
        // A call starts under the current regime (the newest: changes at `now` come first).
        if (m_current.budget)
            m_current.budget->deposit(now);
        if (m_current.retry) [[unlikely]]
            m_current.retry->deposit(now);
        return settle(m_current, call, m_current.policy.start(call, now, Gate{&m_current, now, &m_refused, &call}));
    }

    CallStep hedgeDue(CallState& call, double now)
    {
        const Regime& regime = regimeOf(call);
        if (call.familyFlags & kRetryPendingFlag) [[unlikely]] // a retry's wait is over
            return settle(regime, call, regime.policy.retry(call, now, Gate{&regime, now, &m_refused, &call}));
        return settle(regime, call, regime.policy.hedgeDue(call, now, Gate{&regime, now, &m_refused, &call}));
    }

    CallStep attemptDone(CallState& call, int attempt, double now, AttemptOutcome outcome)
    {
        const Regime& regime = regimeOf(call);
        if (regime.limiter) {
            const AdaptiveLimiter::Permit permit{call.permit[attempt]};
            if (outcome == AttemptOutcome::Success)
                regime.limiter->onSuccess(permit, now - call.launchedAt[attempt]);
            else
                regime.limiter->onIgnore(permit);
        }
        CallStep step =
            regime.policy.attemptDone(call, attempt, now, outcome, Gate{&regime, now, &m_refused, &call});
        // A try failed by the service's error, nothing in flight: the retry may take it.
        if (step.end == CallEnd::Failed && regime.retry && outcome == AttemptOutcome::HandledError) [[unlikely]]
            step = regime.retry->afterFailure(call, step, now);
        return settle(regime, call, step);
    }

    CallStep abandonCall(CallState& call)
    {
        const Regime& regime = regimeOf(call);
        return settle(regime, call, regime.policy.abandon(call));
    }

    // The current regime's parts: what calls starting now follow.
    HedgePolicy& policy() { return m_current.policy; }
    const HedgePolicy& policy() const { return m_current.policy; }
    HedgeBudget* budget() { return m_current.budget.get(); }
    AdaptiveLimiter* limiter() { return m_current.limiter.get(); }
    const AdaptiveLimiter* limiter() const { return m_current.limiter.get(); }
    // The retry calls starting now follow; nullptr: none.
    Resilience4cataRetrying* retry() { return m_current.retry.get(); }
    // Hedges the budget refused so far (the limiter's refusals are not the budget's).
    std::int64_t hedgesRefused() const { return m_refused; }

private:
    // What a call follows from its start to its end. Regimes share a budget window or a
    // limiter that a change kept.
    struct Regime {
        double since = -kNever; // calls started at or after this time (and before the next)
        HedgePolicy policy;
        std::shared_ptr<HedgeBudget> budget; // none: hedges need no budget
        HedgeBudgetConfig budgetTerms;       // the percent and reserve its hedges are judged by
        std::shared_ptr<AdaptiveLimiter> limiter; // none: attempts need no place
        std::shared_ptr<Resilience4cataRetrying> retry; // none: a failed try ends the call
    };

    // Admits an attempt of a call of `regime`: a hedge needs the budget's leave, then every
    // attempt the limiter's.
    struct Gate {
        const Regime* regime;
        double now;
        std::int64_t* refused; // hedges the budget refused
        CallState* call;
        int operator()(bool isHedge) const
        {
            if (isHedge && regime->budget &&
                !regime->budget->tryWithdraw(now, regime->budgetTerms)) {
                ++*refused;
                call->familyFlags |= kHedgeRefusedFlag;
                return kRefused;
            }
            if (!regime->limiter)
                return 0;
            const auto permit = regime->limiter->tryAcquire();
            return permit ? permit->inflightAtAdmission : kRefused;
        }
    };

    // A cancelled attempt gives its limiter place back at once (in either cancellation
    // mode: the caller no longer waits for it).
    static CallStep settle(const Regime& regime, const CallState& call, CallStep step)
    {
        if (regime.limiter && step.cancel) {
            for (int a = 0; a < kMaxAttempts; ++a) {
                if ((step.cancel >> a) & 1u)
                    regime.limiter->onIgnore(AdaptiveLimiter::Permit{call.permit[a]});
            }
        }
        return step;
    }

    // The regime a call started under: the current one unless the call is older than the
    // last reconfigure (changes are applied before anything else happening at their time).
    const Regime& regimeOf(const CallState& call) const
    {
        if (call.startedAt >= m_current.since) [[likely]]
            return m_current;
        return earlierRegime(call.startedAt);
    }
    const Regime& earlierRegime(double startedAt) const;

    Regime m_current;
    // Regimes replaced by reconfigure, oldest first: calls in flight may still follow one.
    // One entry per change.
    std::vector<Regime> m_earlier;
    std::int64_t m_refused = 0;
};

} // namespace hedge
