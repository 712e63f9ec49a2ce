#include <hedge/policy/FamilyPipeline.h>

#include <hedge/PolicyFamilies.h>

namespace hedge {

// The family's row makes its object; resilience4cata has none (HedgePipeline is that one) and
// is made as gRPC, as it always was.
std::unique_ptr<FamilyStage> FamilyPipeline::make(const FamilyPipelineConfig& config)
{
    const PolicyFamilyRow& row = policyFamilyRow(config.family);
    const PolicyFamilyRow& made = row.makeStage ? row : policyFamilyRow(PolicyFamily::Grpc);
    return made.makeStage(config.settings, config.seed);
}

FamilyPipeline::FamilyPipeline(const FamilyPipelineConfig& config)
    : m_config(config), m_family(make(config))
{
    if (config.adaptiveLimit)
        m_limiter = std::make_unique<AdaptiveLimiter>(*config.adaptiveLimit);
}

AdaptiveLimiter* FamilyPipeline::limiterOf(const CallState& call)
{
    if (call.startedAt >= m_limiterSince) [[likely]]
        return m_limiter.get();
    for (const RetiredLimiter& r : m_retired) {
        if (call.startedAt < r.until)
            return r.limiter.get();
    }
    return m_limiter.get();
}

CallStep FamilyPipeline::startCall(CallState& call, double now)
{
    call.startedAt = now; // the family restarts it too; the gate needs it first
    return settle(call, m_family->start(call, now, gate(call)));
}

CallStep FamilyPipeline::hedgeDue(CallState& call, double now)
{
    return settle(call, m_family->hedgeDue(call, now, gate(call)));
}

CallStep FamilyPipeline::attemptDone(CallState& call, int attempt, double now,
                                     AttemptOutcome outcome)
{
    // The attempt's place goes back to the limiter that admitted it.
    if (AdaptiveLimiter* limiter = limiterOf(call)) {
        const AdaptiveLimiter::Permit permit{call.permit[attempt]};
        if (outcome == AttemptOutcome::Success)
            limiter->onSuccess(permit, now - call.launchedAt[attempt]);
        else
            limiter->onIgnore(permit);
    }
    return settle(call, m_family->attemptDone(call, attempt, now, outcome, gate(call)));
}

CallStep FamilyPipeline::abandonCall(CallState& call)
{
    return settle(call, m_family->abandon(call));
}

CallStep FamilyPipeline::settle(const CallState& call, CallStep step)
{
    AdaptiveLimiter* limiter = step.cancel ? limiterOf(call) : nullptr;
    if (limiter) {
        for (int a = 0; a < kMaxAttempts; ++a) {
            if ((step.cancel >> a) & 1u)
                limiter->onIgnore(AdaptiveLimiter::Permit{call.permit[a]});
        }
    }
    return step;
}

void FamilyPipeline::reconfigure(const FamilyPipelineConfig& config, double now)
{
    if (config.family != m_config.family) {
        *this = FamilyPipeline(config);
        return;
    }
    m_family->reconfigure(config.settings, now);
    if (config.adaptiveLimit != m_config.adaptiveLimit) {
        // Calls started before now keep the limiter that admitted them, or none.
        m_retired.push_back(RetiredLimiter{now, std::move(m_limiter)});
        m_limiter = config.adaptiveLimit ? std::make_unique<AdaptiveLimiter>(*config.adaptiveLimit)
                                         : nullptr;
        m_limiterSince = now;
    }
    m_config = config;
}

FamilyGauges FamilyPipeline::gauges(double now) const
{
    return m_family->gauges(now);
}

std::int64_t FamilyPipeline::hedgesRefused() const
{
    return m_family->hedgesRefused();
}

} // namespace hedge
