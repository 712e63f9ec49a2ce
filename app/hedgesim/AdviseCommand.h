// `hedgesim advise SCENARIO --target-load L --hold LO:HI --max-rpc R [...]` (docs/advisor.md): a
// stack's knobs searched on the scenario's service and loads; prints the question, the table
// (no hedge, the rule of thumb, the advice), the summary, the front and why the others were
// dropped; -o writes the answer as JSON. `--family all` searches every family and compares them.
#pragma once

#include "Hedgesim.h"

#include <hedge/Scenario.h>

namespace hedge::cli {

// No candidate kept every limit: the summary names the tightest and by how much it was missed.
inline constexpr int kExitNoAdvice = 3;

// Throws InvalidInput for a setup, family, knob or question the scenario cannot take.
int runAdvise(const CommandLine& cl, const Streams& s, const Scenario& scenario);

} // namespace hedge::cli
