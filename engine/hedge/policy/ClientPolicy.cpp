#include <hedge/policy/ClientPolicy.h>

namespace hedge {

ClientPolicy::ClientPolicy(const ClientPolicyConfig& config)
    : m_hedge(config.family ? HedgePipelineConfig{} : config.hedge)
{
    if (config.family)
        m_family = std::make_unique<FamilyPipeline>(*config.family);
}

void ClientPolicy::reconfigure(const ClientPolicyConfig& config, double now)
{
    if (config.family && m_family) {
        m_family->reconfigure(*config.family, now);
    } else if (!config.family && !m_family) {
        m_hedge.reconfigure(config.hedge, now);
    } else {
        HedgePolicy::OnHedge onHedge = std::move(m_onHedge);
        *this = ClientPolicy(config);
        setOnHedge(std::move(onHedge));
    }
}

void ClientPolicy::setOnHedge(HedgePolicy::OnHedge onHedge)
{
    m_hedge.policy().setOnHedge(onHedge);
    m_onHedge = std::move(onHedge);
}

ClientPolicyConfig ClientPolicy::config() const
{
    if (m_family)
        return ClientPolicyConfig{.family = m_family->config()};
    return ClientPolicyConfig{.hedge = m_hedge.config()};
}

AdaptiveLimiter* ClientPolicy::limiter()
{
    return m_family ? m_family->limiter() : m_hedge.limiter();
}

const AdaptiveLimiter* ClientPolicy::limiter() const
{
    return m_family ? m_family->limiter() : m_hedge.limiter();
}

std::int64_t ClientPolicy::hedgesRefused() const
{
    return m_family ? m_family->hedgesRefused() : m_hedge.hedgesRefused();
}

FamilyGauges ClientPolicy::gauges(double now)
{
    if (m_family)
        return m_family->gauges(now);
    FamilyGauges g;
    if (HedgeBudget* b = m_hedge.budget())
        g.tokens = b->balance(now);
    return g;
}

} // namespace hedge
