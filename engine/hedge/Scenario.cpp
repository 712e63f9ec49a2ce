#include <hedge/Scenario.h>

#include <cmath>

namespace hedge {

double ServiceConfig::meanServiceMs() const
{
    const double p = hiccupProbability;
    return (1.0 - p) * medianMs * std::exp(sigma * sigma / 2.0) +
           p * (hiccupMinMs + hiccupMaxMs) / 2.0;
}

std::vector<Setup> Scenario::referenceSetups()
{
    struct Row {
        const char* name;
        int maxAttempts; // 1: no hedge
        double budgetPercent;
        bool adaptiveLimit;
    };
    static constexpr Row rows[] = {
        {"no hedge", 1, 0.0, false},
        {"hedge, no budget", 2, 0.0, false},
        {"hedge, default budget", 2, 10.0, false},
        {"hedge, budget 5 %", 2, 5.0, false},
        {"hedge, default budget, adaptive limit", 2, 10.0, true},
        {"3 attempts, no budget", 3, 0.0, false},
    };
    std::vector<Setup> setups;
    for (Cancellation mode : {Cancellation::Client, Cancellation::Server}) {
        for (const Row& row : rows) {
            Setup s;
            s.name = std::string(row.name) + " / " + toString(mode);
            s.cancellation = mode;
            if (row.maxAttempts > 1)
                s.hedge = HedgeSettings{.delayMs = 20.0,
                                        .maxAttempts = row.maxAttempts,
                                        .budgetPercent = row.budgetPercent};
            if (row.adaptiveLimit)
                s.adaptiveLimit = Gradient2Config{};
            setups.push_back(std::move(s));
        }
    }
    return setups;
}

const char* toString(Cancellation c)
{
    return c == Cancellation::Server ? "server" : "client";
}

} // namespace hedge
