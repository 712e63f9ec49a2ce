#include <hedge/policy/HedgePipeline.h>

namespace hedge {

HedgePipeline::HedgePipeline(const HedgePipelineConfig& config) : m_policy(config.hedge)
{
    if (config.budget)
        m_budget.emplace(*config.budget);
    if (config.adaptiveLimit)
        m_limiter.emplace(*config.adaptiveLimit);
}

HedgePipelineConfig HedgePipeline::config() const
{
    HedgePipelineConfig c;
    c.hedge = m_policy.config();
    if (m_budget)
        c.budget = m_budget->config();
    if (m_limiter)
        c.adaptiveLimit = m_limiter->algorithm().config();
    return c;
}

void HedgePipeline::reconfigure(const HedgePipelineConfig& config, double now)
{
    if (!(config.hedge == m_policy.config())) {
        m_earlierPolicies.emplace_back(m_policySince, m_policy);
        m_policy.setConfig(config.hedge);
        m_policySince = now;
    }
    if (!config.budget)
        m_budget.reset();
    else if (m_budget)
        m_budget->reconfigure(*config.budget);
    else
        m_budget.emplace(*config.budget);
    const bool sameLimit = m_limiter ? config.adaptiveLimit == m_limiter->algorithm().config()
                                     : !config.adaptiveLimit;
    if (!sameLimit) {
        m_limiter.reset();
        if (config.adaptiveLimit)
            m_limiter.emplace(*config.adaptiveLimit);
        m_limiterSince = now;
    }
}

const HedgePolicy& HedgePipeline::earlierPolicy(double startedAt) const
{
    // The newest policy that was in force when the call started.
    for (auto it = m_earlierPolicies.rbegin(); it != m_earlierPolicies.rend(); ++it) {
        if (startedAt >= it->first)
            return it->second;
    }
    return m_earlierPolicies.front().second;
}

} // namespace hedge
