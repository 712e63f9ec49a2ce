// A setup's hedging policy as its stack's own configuration (docs/policies.md, "Export and
// import"): gRPC service config JSON, Envoy v3 route + cluster YAML, Polly C#, Finagle Scala,
// Tower Rust, Murphy Delphi, resilience4cata Java. A snippet for the user to paste; what the
// explorer's model does not cover is listed, in the text's comment where the format has
// comments.
#pragma once

#include <hedge/Scenario.h>

#include <string>
#include <vector>

namespace hedge {

struct ExportedPolicy {
    PolicyFamily format = PolicyFamily::Resilience4cata;
    std::string text;
    // What the model does not cover or the format cannot say, one sentence each (the gRPC
    // JSON has no comments: the caller shows them beside the text).
    std::vector<std::string> uncovered;
    // Whether the text lists `uncovered` in its own comment; else the caller shows them.
    bool uncoveredInText = true;
};

// `setup` in `format`'s text: its own family's always; another family's only where the rules
// are the same decision by decision (a resilience4cata setup without a budget, hedging on any
// replica, as Polly, and with client cancellation as Murphy). Otherwise throws ScenarioError
// with no field and a problem naming what does not map.
ExportedPolicy exportPolicy(const Setup& setup, PolicyFamily format);
inline ExportedPolicy exportPolicy(const Setup& setup)
{
    return exportPolicy(setup, setup.policy);
}

// The formats `setup` exports to, its own family first.
std::vector<PolicyFamily> exportFormats(const Setup& setup);

// "gRPC service config (JSON)", "Envoy v3 route and cluster (YAML)", ...
const char* policyFormatTitle(PolicyFamily format);
// The file suffix of `format`'s text: json, yaml, cs, scala, rs, pas, java.
const char* policyFormatSuffix(PolicyFamily format);

} // namespace hedge
