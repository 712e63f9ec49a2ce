#include <hedge/io/ProductionPresets.h>

#include <cmath>
#include <string>

namespace hedge {

namespace {

std::string whole(double v)
{
    return std::to_string(static_cast<int>(std::lround(v)));
}

// One hedge with a budget whose floor a client may always spend, and the clients against the
// loads: the floor that holds for one client holds once per client. Every figure the text
// states is checked against the run by tests/core/io/tst_productionpresetclaims.cpp.
Preset fleet()
{
    Scenario s;
    s.loads = {0.5, 0.6, 0.7, 0.8, 0.9};
    Setup none{.name = "no hedge / client"};
    Setup hedged{.name = "hedge after 15 ms, 5 % budget / client"};
    hedged.hedge = HedgeSettings{.delayMs = 15.0,
                                 .maxAttempts = 2,
                                 .budgetPercent = 5.0,
                                 .budgetMinPerSecond = 10.0,
                                 .budgetWindowSeconds = 10.0};
    s.setups = {none, hedged};
    s.grid = Grid{.setup = hedged.name, .knob = "service.clients", .values = {1, 2, 5, 10, 20, 50}};
    const HedgeSettings& h = *hedged.hedge;
    const double callsAt60 = s.service.arrivalRatePerMs(0.6) * 1000.0;
    return Preset{
        "fleet",
        "One client or fifty: a budget's floor is per client",
        "A hedge after " + whole(h.delayMs) + " ms with a budget of " + whole(h.budgetPercent) +
            " % of the calls and at least " + whole(h.budgetMinPerSecond) +
            " hedges a second, and the calls spread over 1 to 50 clients (service.clients), "
            "each keeping its own budget as every stack keeps it in the client process. The map "
            "compares each cell's p99 with no hedge at the same load.\n\n"
            "With one client the budget holds at every load up to 90 %: about 1.06 requests per "
            "call, the p99 cut from about 200 ms to 25 ms at 50 % load. Ten clients collapse at "
            "90 %, twenty from 80 %, and fifty from 60 %, where they send 1.77 requests per call "
            "and the p99 is 16 s.\n\n"
            "Nothing about the hedge changed: each client may send its " +
            whole(h.budgetMinPerSecond) +
            " hedges a second whatever its share of the calls, so 50 clients may send " +
            whole(50 * h.budgetMinPerSecond) + " a second against about " + whole(callsAt60) +
            " calls a second at 60 % load, and the percentage no longer bounds anything. A "
            "budget sized for one client must be sized for the fleet.",
        s,
        {"p99_ms", "requests_per_call"},
        0.6};
}

} // namespace

void addProductionPresets(std::vector<Preset>& list)
{
    list.push_back(fleet());
}

} // namespace hedge
