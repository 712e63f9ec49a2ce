#include <hedge/io/FanoutPresets.h>

#include <hedge/sim/ServiceTimeQuantiles.h>

#include <cmath>
#include <string>

namespace hedge {

ServiceConfig tailAtScaleService(int parts)
{
    ServiceConfig s; // the reference service: 16 workers, median 10 ms, 2 % hiccups
    s.fanoutParts = parts;
    s.replicas = parts;
    return s;
}

namespace {

// Every figure of the run the text states is checked against the run by
// tests/core/io/tst_fanoutpresetclaims.cpp; the delay is the part's p95, read from the service.
Preset tailAtScale()
{
    Scenario s;
    s.loads = {0.3, 0.4, 0.5, 0.6};
    s.calls = 20000; // 2 million parts a point
    s.service = tailAtScaleService(100);
    const double p95 = std::round(serviceTimeQuantile(s.service, 0.95));
    Setup none;
    none.name = none.generatedName();
    Setup hedge;
    hedge.hedge = HedgeSettings{.delayMs = p95, .budgetPercent = 5.0};
    // Named as the editor names it, with its own delay: "hedge after 16 ms, budget 5 % / client".
    hedge.name = hedge.generatedName();
    hedge.name.insert(std::string("hedge").size(), " after " + std::to_string(int(p95)) + " ms");
    s.setups = {none, hedge};
    // The map (Run → Map a Knob…): the hedge's delay against the parts, at 50 % load; its
    // baseline is "no hedge" at each number of parts.
    s.grid = Grid{.setup = hedge.name,
                  .knob = "hedge.delay_ms",
                  .values = {5, 10, p95, 25, 40, 60},
                  .against = GridAgainst{.knob = "fanout.parts", .values = {1, 10, 100}, .load = 0.5}};
    return Preset{
        "tail-at-scale",
        "The tail at scale: a call that waits for 100 parts",
        "Each call reads from 100 partitions and waits for all of them (Service: 100 parts, one "
        "copy each). Every part is the reference service: a median of 10 ms, a p95 of " +
            std::to_string(int(p95)) +
            " ms, and 2 % hiccups of 100-300 ms. The hedge is sent at the part's p95 with a 5 % "
            "budget, which counts parts. At 50 % load:\n\n"
            "One part: without hedging the p99 is 198 ms; the hedge cuts it to 27 ms for 1.05 "
            "requests per call.\n\n"
            "10 parts: the call's p99 is 290 ms against the part's 200 ms, since 9.5 % of the "
            "calls are slower than the part's p99 (1 - 0.99^10 = 9.6 %). The hedge cuts the p99 "
            "to 35 ms for 10.5 requests per call, 5 % more.\n\n"
            "100 parts (the curves): 64 % of the calls are slower than the part's p99 (1 - "
            "0.99^100 = 63 %), so even the call's p50 is 231 ms. The hedge brings the "
            "p50 to 29 ms, but the p99 stays at 288 ms: a p95 trigger asks for hedges for "
            "5 % of the parts, the budget allows just that, refuses one to 9 % of the calls, "
            "and one slow part in a hundred keeps a call slow.\n\n"
            "At 60 % the hedge does harm: the hedged calls' p50 is 455 ms, twice the 231 ms "
            "of calls without hedging, and the busiest partition is busy all the time. With one "
            "copy a partition a hedge waits in the same queue as the part it hedges, and the "
            "budget, shared by all the parts, lets the partition that is slow for the moment "
            "take every call's hedges.\n\n"
            "The map shows the delay against the number of parts at 50 % load: the p99 against "
            "no hedging at each.",
        s,
        {"p99_ms", "p50_ms", "requests_per_call"},
        0.5};
}

} // namespace

void addFanoutPresets(std::vector<Preset>& list)
{
    list.push_back(tailAtScale());
}

} // namespace hedge
