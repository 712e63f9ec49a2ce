// Internal to hedge/io: the check of a scenario's grid (docs/maps.md), one knob against the loads
// or two knobs ("Two knobs"), with messages naming the field ("grid.against.values[2]").
#pragma once

#include <hedge/Scenario.h>

#include <functional>

namespace hedge::io_detail {

// A log-normal knob gridded or changed on a service from measurements would change nothing.
inline constexpr const char* kNotReadWithATable =
    "a knob of the log-normal service, and this service's times come from its table "
    "(service.distribution)";

// Throws ScenarioError when a cell's setup and service are not valid (the scenario's own
// check of a setup and a service, whose fields the message then names by value).
using CellCheck = std::function<void(const Setup& setup, const ServiceConfig& service)>;

// Throws ScenarioError for the first problem of `scenario.grid` (which it must have), in file
// order: setup, knob, values, baseline, against.
void validateGrid(const Scenario& scenario, const CellCheck& checkCell);

} // namespace hedge::io_detail
