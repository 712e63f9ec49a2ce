// `hedgesim timeline FILE [-o OUT.json] [--csv OUT.csv] [--threads N] [--quiet]`: runs a
// timeline scenario's worlds (docs/timeline.md, "Results") and prints one summary line per world.
#pragma once

#include "Hedgesim.h"

#include <hedge/Scenario.h>

namespace hedge::cli {

// `scenario` is valid; throws InvalidInput when it has no timeline.
int runTimelineCommand(const CommandLine& cl, const Streams& s, const Scenario& scenario);

} // namespace hedge::cli
