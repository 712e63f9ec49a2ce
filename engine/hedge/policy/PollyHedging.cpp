#include <hedge/policy/PollyHedging.h>

#include <algorithm>

namespace hedge {

LatestAttemptRules PollyHedging::rules(const PollySettings& settings)
{
    return LatestAttemptRules{
        .maxAttempts = std::clamp(1 + settings.maxHedgedAttempts, 1, kMaxAttempts),
        .delaysMs = settings.delayPerAttemptMs.empty() ? std::vector<double>{settings.delayMs}
                                                       : settings.delayPerAttemptMs,
        .handleErrors = settings.handleErrors,
        .reportPrimaryFailure = true};
}

} // namespace hedge
