#include <hedge/policy/FamilyPipeline.h>

namespace hedge {

FamilyPipeline::Families FamilyPipeline::make(const FamilyPipelineConfig& config)
{
    const FamilySettings& s = config.settings;
    switch (config.family) {
    case PolicyFamily::Grpc: return GrpcHedging(s.grpc);
    case PolicyFamily::Envoy: return EnvoyHedging(s.envoy, config.seed);
    case PolicyFamily::Polly: return PollyHedging(s.polly);
    case PolicyFamily::Murphy: return MurphyHedging(s.murphy);
    case PolicyFamily::Finagle: return FinagleBackup(s.finagle);
    case PolicyFamily::Tower: return TowerHedge(s.tower);
    case PolicyFamily::Resilience4cata: break;
    }
    return GrpcHedging(s.grpc);
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
    return settle(call,
                  std::visit([&](auto& f) { return f.start(call, now, gate(call)); }, m_family));
}

CallStep FamilyPipeline::hedgeDue(CallState& call, double now)
{
    return settle(call,
                  std::visit([&](auto& f) { return f.hedgeDue(call, now, gate(call)); }, m_family));
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
    return settle(call, std::visit(
                            [&](auto& f) {
                                return f.attemptDone(call, attempt, now, outcome, gate(call));
                            },
                            m_family));
}

CallStep FamilyPipeline::abandonCall(CallState& call)
{
    return settle(call, std::visit([&](auto& f) { return f.abandon(call); }, m_family));
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
    std::visit(
        [&](auto& f) {
            using F = std::decay_t<decltype(f)>;
            if constexpr (std::is_same_v<F, GrpcHedging>)
                f.reconfigure(config.settings.grpc, now);
            else if constexpr (std::is_same_v<F, EnvoyHedging>)
                f.reconfigure(config.settings.envoy, now);
            else if constexpr (std::is_same_v<F, PollyHedging>)
                f.reconfigure(config.settings.polly, now);
            else if constexpr (std::is_same_v<F, MurphyHedging>)
                f.reconfigure(config.settings.murphy, now);
            else if constexpr (std::is_same_v<F, FinagleBackup>)
                f.reconfigure(config.settings.finagle, now);
            else if constexpr (std::is_same_v<F, TowerHedge>)
                f.reconfigure(config.settings.tower, now);
        },
        m_family);
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
    return std::visit([&](const auto& f) { return f.gauges(now); }, m_family);
}

std::int64_t FamilyPipeline::hedgesRefused() const
{
    return std::visit([](const auto& f) { return f.hedgesRefused(); }, m_family);
}

} // namespace hedge
