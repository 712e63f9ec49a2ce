// How a scenario is drawn, saved beside it in the scenario file's optional `style` block:
// each setup's colour and whether it is shown, and which metric charts are shown. The
// simulation never reads it; the engine keeps it as plain strings so that it stays Qt-free
// beyond Qt Core.
#pragma once

#include <string>
#include <vector>

namespace hedge {

struct SetupStyle {
    std::string colour; // "#rrggbb"
    bool visible = true;

    bool operator==(const SetupStyle&) const = default;
};

struct ScenarioStyle {
    // One entry per setup, in the order of Scenario::setups; setups past the end take the
    // app's palette.
    std::vector<SetupStyle> setups;
    // The metric charts shown, as results-file keys ("p99_ms", "p999_ms", …), in no
    // particular order.
    std::vector<std::string> charts;

    bool operator==(const ScenarioStyle&) const = default;
};

// The metric keys `charts` allows: the results file's figures a chart can plot.
const std::vector<std::string>& chartKeys();

// "#rrggbb" with hex digits (either case).
bool isColour(const std::string& text);

} // namespace hedge
