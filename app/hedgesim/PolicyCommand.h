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

} // namespace hedge::cli
