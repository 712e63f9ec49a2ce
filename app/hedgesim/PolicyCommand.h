// `hedgesim policy export SCENARIO --setup NAME [--as FAMILY] [-o FILE]` and
// `hedgesim policy import FILE [--format grpc|envoy] [--name NAME]` (docs/policies.md, "Export
// and import"): a setup's policy as its stack's configuration, and back.
#pragma once

#include "Hedgesim.h"

#include <hedge/Scenario.h>

#include <string>

namespace hedge::cli {

// `scenario` is valid. Prints the text (or writes it to -o); throws InvalidInput for an unknown
// setup or family and for a family the setup does not map onto.
int runPolicyExport(const CommandLine& cl, const Streams& s, const Scenario& scenario);
// `text` is the file's content. Prints the setup's entry; the uncovered fields go to `s.err`.
int runPolicyImport(const CommandLine& cl, const Streams& s, const std::string& text);

// The setup as a scenario file's "setups" entry reads: its name, family, the family's knobs under
// their file keys (docs/policies.md), cancellation. TO BE REPLACED by the scenario writer's own
// entry once scenario files know the families (issue 20's scenario JSON): the one place here that
// spells the keys.
std::string setupEntryJson(const Setup& setup);

} // namespace hedge::cli
