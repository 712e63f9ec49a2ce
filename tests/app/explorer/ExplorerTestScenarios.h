// Small scenarios and waits shared by the tests that drive the real main window.
#pragma once

#include "MainWindow.h"

#include <hedge/Scenario.h>
#include <hedge/run/SweepController.h>

#include <cstdint>

#include <utility>
#include <vector>

namespace hedge::test {

// "no hedge" and "hedge, no budget" (20 ms, 2 attempts): quick to run, one of each kind.
inline Scenario twoSetups(std::vector<double> loads, int calls = 2000, std::uint64_t seed = 5)
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

// No sweep pending or running, and every point of the scenario done.
inline bool idle(MainWindow& w)
{
    return !w.controller()->isPendingOrRunning() && w.controller()->isComplete();
}

} // namespace hedge::test
