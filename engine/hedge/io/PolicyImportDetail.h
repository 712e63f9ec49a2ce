// Internal to hedge/io (PolicyImport): the two readers, and the messages both give.
#pragma once

#include <hedge/io/PolicyImport.h>

namespace hedge::io_detail {

// Fill `out.setup.families.grpc` / `.envoy` and `out.uncovered`; throw ScenarioError.
void readGrpcServiceConfig(std::string_view text, ImportedPolicy& out);
void readEnvoyYaml(std::string_view text, ImportedPolicy& out);

// The problem of a text that is not a duration: "\"20\" is not a duration (e.g. \"0.020s\")".
std::string notADuration(const std::string& text);

} // namespace hedge::io_detail
