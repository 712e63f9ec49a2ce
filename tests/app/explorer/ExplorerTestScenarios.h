// Waits shared by the tests that drive the real main window, and the small scenarios they run
// (tests/support/core/TestScenarios.h).
#pragma once

#include "MainWindow.h"
#include "TestScenarios.h"

#include <hedge/Scenario.h>
#include <hedge/run/SweepController.h>

#include <cstdint>

#include <utility>
#include <vector>

namespace hedge::test {

// No sweep pending or running, and every point of the scenario done.
inline bool idle(MainWindow& w)
{
    return !w.controller()->isPendingOrRunning() && w.controller()->isComplete();
}

} // namespace hedge::test
