// A stack's own configuration read into a setup of its family (docs/policies.md, "Export and
// import"): a gRPC service config (JSON) or an Envoy v3 route (or virtual host) and cluster (YAML,
// as exportPolicy writes it). Fields the explorer's model does not cover are listed, never dropped
// silently; invalid input throws ScenarioError naming the field ("FIELD: problem").
#pragma once

#include <hedge/Scenario.h>

#include <string>
#include <string_view>
#include <vector>

namespace hedge {

struct ImportedPolicy {
    Setup setup;
    // "FIELD: why it is not modelled", in the order read (YAML: the text's; JSON: by key).
    std::vector<std::string> uncovered;
};

// The families whose configuration can be imported: grpc and envoy.
bool canImportPolicy(PolicyFamily format);
// JSON (the text starts with '{') is gRPC's; anything else is taken as Envoy's YAML.
PolicyFamily guessPolicyFormat(std::string_view text);

// The setup is named `name` (or "<family> (imported)" when empty), with the model's defaults
// for what the configuration does not say (client cancellation, no adaptive limit).
ImportedPolicy importPolicy(std::string_view text, PolicyFamily format, std::string name = {});

} // namespace hedge
