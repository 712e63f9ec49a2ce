#include <hedge/policy/MurphyHedging.h>

#include <algorithm>

namespace hedge {

LatestAttemptRules MurphyHedging::rules(const MurphySettings& settings)
{
    return LatestAttemptRules{
        .maxAttempts = std::clamp(1 + settings.maxExtraAttempts, 1, kMaxAttempts),
        .delaysMs = {settings.delayMs},
        .handleErrors = settings.handleErrors,
        .reportPrimaryFailure = false};
}

} // namespace hedge
