// Murphy's hedging policy (docs/policies.md, "Murphy") for one client: LatestAttemptHedging with
// Murphy's knobs — delay_ms, max_extra_attempts, handled errors — and, when every attempt
// failed, the most recent failure. Losers are abandoned, never cancelled at the server
// (serverCancels, sim/SetupPipelineConfig.h). The model's plain retry (MurphyRetry) sits outside
// the hedging: max_retries, an exponential backoff with optional full jitter, an optional rate
// budget.
#pragma once

#include <hedge/policy/LatestAttemptHedging.h>
#include <hedge/policy/PolicyFamily.h>

namespace hedge {

class MurphyHedging : public LatestAttemptHedging {
public:
    explicit MurphyHedging(const MurphySettings& settings, std::uint64_t seed = 0)
        : LatestAttemptHedging(rules(settings), seed)
    {
    }
    void reconfigure(const MurphySettings& settings, double) { setRules(rules(settings)); }

    static LatestAttemptRules rules(const MurphySettings& settings);
    static LatestAttemptRetry retryRules(const std::optional<MurphyRetry>& retry);
};

} // namespace hedge
