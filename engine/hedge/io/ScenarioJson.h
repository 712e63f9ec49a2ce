// Scenario files (docs/scenario.md): parse, validate, write.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioStyle.h>

#include <optional>
#include <string>
#include <string_view>

namespace hedge {

inline constexpr const char* kScenarioSchema = "hedge-explorer/scenario@1";

// Parses and validates a scenario. Missing fields take docs/model.md's defaults (hedge.delay_ms:
// 20; no `setups`: Scenario::referenceSetups(); a setup without a name is "setup N", N its
// 1-based place). Throws ScenarioError naming the first bad field: a syntax error (with
// line and column), an unknown or repeated field, a wrong type, a value out of range.
Scenario parseScenarioJson(std::string_view json);

// Reads a file and parses it; an unreadable file throws ScenarioError with an empty field
// and a message naming the path.
Scenario readScenarioFile(const std::string& path);

// A scenario file as the explorer reads it: the scenario and its optional `style` block.
struct StyledScenario {
    Scenario scenario;
    std::optional<ScenarioStyle> style;
};

// As parseScenarioJson and readScenarioFile (which validate the style block and drop it),
// keeping the style.
StyledScenario parseStyledScenarioJson(std::string_view json);
StyledScenario readStyledScenarioFile(const std::string& path);

// The scenario with every default filled in, fields in docs/scenario.md's order, 2-space indent,
// a final newline. Setups without hedge or adaptive limit say so with null. Numbers are
// written to read back exactly: parseScenarioJson(writeScenarioJson(s)) == s for every
// valid s. Does not validate (call validateScenario first if the values are not known good).
std::string writeScenarioJson(const Scenario& scenario);
// With a `style` block after `setups` when `style` is set; colours are written as given.
std::string writeScenarioJson(const Scenario& scenario, const std::optional<ScenarioStyle>& style);

// A service as a scenario file's "service" object reads (docs/scenario.md), with its
// distribution's table when it has one: what `hedgesim service fit` writes for the user to
// put in a scenario. Written as writeScenarioJson writes it; does not validate.
std::string writeServiceJson(const ServiceConfig& service);

// One setup as a scenario file's "setups" entry reads (docs/scenario.md, "Scenario"): what
// `hedgesim policy import` prints for the user to paste into a scenario.
std::string writeSetupJson(const Setup& setup);

} // namespace hedge
