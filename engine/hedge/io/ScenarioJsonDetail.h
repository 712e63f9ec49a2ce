// Internal to hedge/io: the scenario as a JSON value, for the results file that embeds it.
#pragma once

#include "JsonDetail.h"

#include <hedge/Scenario.h>

#include <string>

namespace hedge::io_detail {

// Reads and validates; field paths in errors start with `path` ("scenario.seed").
Scenario scenarioFromJson(const Json& value, const std::string& path);
OrderedJson scenarioToJson(const Scenario& scenario);

// Reads a whole file as bytes; throws ScenarioError (no field) naming the path on failure.
std::string readFileBytes(const std::string& path);

} // namespace hedge::io_detail
