#include "AdviceQuestions.h"

#include <hedge/KnobRegistry.h>
#include <hedge/io/Presets.h>

#include <algorithm>

namespace hedge::test {

Setup hedgeSetup(Cancellation cancellation, double budgetPercent, int attempts)
{
    return Setup{.name = "hedge",
                 .cancellation = cancellation,
                 .hedge = HedgeSettings{.maxAttempts = attempts, .budgetPercent = budgetPercent},
                 .adaptiveLimit = std::nullopt};
}

Scenario world(const char* preset, std::int64_t calls)
{
    Scenario s = findPreset(preset)->scenario;
    s.calls = calls;
    return s;
}

KnobSearch delaySearch(const ServiceConfig& service, int steps)
{
    KnobSearch s =
        *defaultKnobSearch(*KnobRegistry::find("hedge.delay_ms"), hedgeSetup({}), service);
    s.steps = steps;
    return s;
}

double delayOf(const AdviceCandidate& c)
{
    return c.setup.hedge->delayMs;
}

AdviceQuestion searchingOnly(AdviceQuestion q, const std::vector<std::string_view>& fields,
                             int delaySteps)
{
    std::erase_if(q.search, [&](const KnobSearch& s) {
        return std::find(fields.begin(), fields.end(), s.field) == fields.end();
    });
    for (KnobSearch& s : q.search)
        if (s.field == "hedge.delay_ms")
            s.steps = delaySteps;
    return q;
}

AdviceQuestion smallQuestion()
{
    AdviceQuestion q =
        searchingOnly(defaultQuestion(world("reference", 8000), hedgeSetup(Cancellation::Client)),
                      {"hedge.delay_ms"}, 3);
    q.heldLoads = {0.3, 0.6};
    q.targetLoad = 0.6;
    q.limits.collapseRuns = 3;
    return q;
}

} // namespace hedge::test
