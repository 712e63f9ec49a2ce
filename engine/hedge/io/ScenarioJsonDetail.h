// Internal to hedge/io: the scenario as a JSON value, for the results file that embeds it.
#pragma once

#include "JsonDetail.h"

#include <hedge/Scenario.h>
#include <hedge/io/ScenarioStyle.h>

#include <optional>
#include <string>

namespace hedge::io_detail {

// Reads and validates; field paths in errors start with `path` ("scenario.seed"). A `style`
// block is validated either way and stored in `*style` when given.
Scenario scenarioFromJson(const Json& value, const std::string& path,
                          std::optional<ScenarioStyle>* style = nullptr);
// Without the style: results files and hedgesim carry only what changes the numbers.
OrderedJson scenarioToJson(const Scenario& scenario);
// The scenario's "service" object (writeServiceJson). `replicasFollowFanout`: a "fanout"
// object is written beside it, so replicas equal to parts × copies are left out.
OrderedJson serviceToJson(const ServiceConfig& service, bool replicasFollowFanout = false);
OrderedJson styleToJson(const ScenarioStyle& style);

// Reads a whole file as bytes; throws ScenarioError (no field) naming the path on failure.
std::string readFileBytes(const std::string& path);

} // namespace hedge::io_detail
