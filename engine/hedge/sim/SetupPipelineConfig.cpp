#include <hedge/sim/SetupPipelineConfig.h>

#include <hedge/PolicyFamilies.h>

namespace hedge {

HedgePipelineConfig pipelineConfigFor(const Setup& setup, std::uint64_t seed)
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
    // resilience4cata's retry beside its hedge (docs/policies.md, "Retries"): another family's
    // setup keeps it in FamilySettings unused.
    if (const auto& retry = setup.families.resilience4cata.retry; retry && !setup.isFamily())
        config.retry = Resilience4cataRetryingConfig::from(*retry, seed);
    return config;
}

ClientPolicyConfig clientPolicyFor(const Setup& setup, std::uint64_t seed)
{
    if (!setup.isFamily())
        return ClientPolicyConfig{.hedge = pipelineConfigFor(setup, seed)};
    return ClientPolicyConfig{.family = FamilyPipelineConfig{.family = setup.policy,
                                                             .settings = setup.families,
                                                             .adaptiveLimit = setup.adaptiveLimit,
                                                             .seed = seed}};
}

bool serverCancels(const Setup& setup)
{
    if (const auto abandons = policyFamilyRow(setup.policy).abandonsLosers;
        abandons && abandons(setup.families))
        return false;
    return setup.cancellation == Cancellation::Server;
}

} // namespace hedge
