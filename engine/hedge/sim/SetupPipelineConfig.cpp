#include <hedge/sim/SetupPipelineConfig.h>

namespace hedge {

HedgePipelineConfig pipelineConfigFor(const Setup& setup)
{
    HedgePipelineConfig config;
    if (setup.hedge) {
        const HedgeSettings& h = *setup.hedge;
        config.hedge = HedgePolicyConfig{.delayMs = h.delayMs, .maxAttempts = h.maxAttempts};
        if (h.hasBudget())
            config.budget = HedgeBudgetConfig{.percent = h.budgetPercent,
                                              .minPerSecond = h.budgetMinPerSecond,
                                              .windowSeconds = h.budgetWindowSeconds};
    }
    config.adaptiveLimit = setup.adaptiveLimit;
    return config;
}

} // namespace hedge
