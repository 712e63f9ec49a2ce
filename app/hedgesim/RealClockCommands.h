// hedgesim's real-clock commands: `load` (hedged open-loop load on any HTTP endpoint) and
// `confirm` (the same against hedge-service, next to the simulation). See docs/realclock.md.
#pragma once

#include "Hedgesim.h"

#include <hedge/Scenario.h>

namespace hedge::cli {

// Both need a QCoreApplication (they create one when there is none) and take real time:
// calls / rate seconds a point. They throw InvalidInput for bad input.
int runLoad(const CommandLine& cl, const Streams& s, Scenario scenario);
int runConfirm(const CommandLine& cl, const Streams& s, Scenario scenario);

} // namespace hedge::cli
