#include <hedge/policy/HedgePipeline.h>

namespace hedge {

HedgePipeline::HedgePipeline(const HedgePipelineConfig& config)
{
    m_current.policy = HedgePolicy(config.hedge);
    if (config.budget) {
        m_current.budget = std::make_shared<HedgeBudget>(*config.budget);
        m_current.budgetTerms = *config.budget;
    }
    if (config.adaptiveLimit)
        m_current.limiter = std::make_shared<AdaptiveLimiter>(*config.adaptiveLimit);
    if (config.retry)
        m_current.retry = std::make_shared<Resilience4cataRetrying>(*config.retry);
}

HedgePipelineConfig HedgePipeline::config() const
{
    HedgePipelineConfig c;
    c.hedge = m_current.policy.config();
    if (m_current.budget)
        c.budget = m_current.budgetTerms;
    if (m_current.limiter)
        c.adaptiveLimit = m_current.limiter->algorithm().config();
    if (m_current.retry)
        c.retry = m_current.retry->config();
    return c;
}

void HedgePipeline::reconfigure(const HedgePipelineConfig& config, double now)
{
    if (config == this->config())
        return; // nothing changes: calls from now on are in the current regime already
    Regime next = m_current;
    next.since = now;
    next.policy.setConfig(config.hedge);
    if (!config.budget) {
        next.budget.reset();
    } else if (!next.budget || config.budget->windowSeconds != next.budgetTerms.windowSeconds) {
        next.budget = std::make_shared<HedgeBudget>(*config.budget); // an empty window
        next.budgetTerms = *config.budget;
    } else {
        next.budget->reconfigure(*config.budget); // the shared window, the new terms shown
        next.budgetTerms = *config.budget;
    }
    const bool sameLimit = next.limiter ? config.adaptiveLimit == next.limiter->algorithm().config()
                                        : !config.adaptiveLimit;
    if (!sameLimit) {
        next.limiter.reset();
        if (config.adaptiveLimit)
            next.limiter = std::make_shared<AdaptiveLimiter>(*config.adaptiveLimit);
    }
    // New retry terms start a new rule (its budget empty); calls in flight keep theirs.
    if (config.retry != (next.retry ? std::optional(next.retry->config()) : std::nullopt))
        next.retry = config.retry ? std::make_shared<Resilience4cataRetrying>(*config.retry) : nullptr;
    m_earlier.push_back(std::move(m_current));
    m_current = std::move(next);
}

const HedgePipeline::Regime& HedgePipeline::earlierRegime(double startedAt) const
{
    // The newest regime that was in force when the call started.
    for (auto it = m_earlier.rbegin(); it != m_earlier.rend(); ++it) {
        if (startedAt >= it->since)
            return *it;
    }
    return m_earlier.front();
}

} // namespace hedge
