#include <hedge/policy/HedgePipeline.h>

namespace hedge {

HedgePipeline::HedgePipeline(const HedgePipelineConfig& config) : m_policy(config.hedge)
{
    if (config.budget)
        m_budget.emplace(*config.budget);
    if (config.adaptiveLimit)
        m_limiter.emplace(*config.adaptiveLimit);
}

} // namespace hedge
