// Questions the advisor's tests ask (docs/advisor.md): the article's service, a hedge with two
// attempts, a search over the delay (and, where asked, the budget); small enough that a search
// takes a second.
#pragma once

#include <hedge/advise/AdviceQuestion.h>
#include <hedge/advise/Advisor.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hedge::test {

Setup hedgeSetup(Cancellation cancellation, double budgetPercent = 0.0, int attempts = 2);

// The world of `preset` with `calls` a run.
Scenario world(const char* preset, std::int64_t calls);

// The delay's default search on `service`, over `steps` values.
KnobSearch delaySearch(const ServiceConfig& service, int steps = 12);

// The delay an answer's candidate hedges at (a resilience4cata setup).
double delayOf(const AdviceCandidate& c);

// `q` searching only `fields` (of its default search, in its order), the delay over
// `delaySteps` values.
AdviceQuestion searchingOnly(AdviceQuestion q, const std::vector<std::string_view>& fields,
                             int delaySteps);

// The reference preset at 8000 calls, a hedge without a budget: three delays, held loads 0.3
// and 0.6, three replicates to prove a collapse.
AdviceQuestion smallQuestion();

} // namespace hedge::test
