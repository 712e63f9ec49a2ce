#include "TestScenarios.h"

#include <utility>

namespace hedge::test {

Scenario twoSetups(std::vector<double> loads, int calls, std::uint64_t seed)
{
    Scenario s;
    s.seed = seed;
    s.calls = calls;
    s.loads = std::move(loads);
    Setup plain, hedged;
    plain.name = "no hedge";
    hedged.name = "hedge, no budget";
    hedged.hedge = HedgeSettings{.delayMs = 20.0, .maxAttempts = 2, .budgetPercent = 0.0};
    s.setups = {plain, hedged};
    return s;
}

Scenario twoHedgedSetups(std::uint64_t seed)
{
    Scenario s;
    s.seed = seed;
    s.calls = 2000;
    s.loads = {0.5};
    s.setups = {Scenario::referenceSetups()[1], Scenario::referenceSetups()[2]};
    return s;
}

} // namespace hedge::test
