// Questions the advisor's tests ask (docs/advisor.md): the article's service, a hedge with two
// attempts, a search over the delay (and, where asked, the budget).
#pragma once

#include <hedge/KnobRegistry.h>
#include <hedge/advise/Advisor.h>
#include <hedge/io/Presets.h>

namespace hedge::advice_test {

inline Setup hedgeSetup(Cancellation cancellation, double budgetPercent = 0.0, int attempts = 2)
{
    return Setup{.name = "hedge",
                 .cancellation = cancellation,
                 .hedge = HedgeSettings{.maxAttempts = attempts, .budgetPercent = budgetPercent},
                 .adaptiveLimit = std::nullopt};
}

// The world of `preset` with `calls` a run.
inline Scenario world(const char* preset, std::int64_t calls)
{
    Scenario s = findPreset(preset)->scenario;
    s.calls = calls;
    return s;
}

inline KnobSearch delaySearch(const ServiceConfig& service, int steps = 12)
{
    KnobSearch s = *defaultKnobSearch(*KnobRegistry::find("hedge.delay_ms"), hedgeSetup({}), service);
    s.steps = steps;
    return s;
}

// The delay an answer's candidate hedges at (a resilience4cata setup).
inline double delayOf(const AdviceCandidate& c) { return c.setup.hedge->delayMs; }

} // namespace hedge::advice_test
