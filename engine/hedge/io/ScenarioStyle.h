// How a scenario is drawn, saved beside it in the scenario file's optional `style` block:
// each setup's colour and whether it is shown, which metric charts are shown and which of the
// Live view's optional panels are on. The
// simulation never reads it; the engine keeps it as plain strings so that it stays Qt-free
// beyond Qt Core.
#pragma once

#include <cstddef>
#include <optional>
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
    // The Live view's optional panels on, as `style.panels` names them ("utilisation",
    // "limit", …; hedge/sim/Figures.h, FigureRow::panelKey), top to bottom. None: the file does
    // not say (written before the field), and the panels on stay as they are.
    std::optional<std::vector<std::string>> panels;

    bool operator==(const ScenarioStyle&) const = default;
};

// The metric keys `charts` allows: the results file's figures a chart can plot, in chart order
// (the catalogue's, hedge/sim/Figures.h).
const std::vector<std::string>& chartKeys();
// The keys `panels` allows: the Live view's optional panels, top to bottom; and those on in a new
// window.
const std::vector<std::string>& panelKeys();
const std::vector<std::string>& defaultPanels();
// `chosen` as the Live view shows it and a file keeps it: in panel order, without unknown keys
// or repeats.
std::vector<std::string> shownPanels(const std::vector<std::string>& chosen);

// "#rrggbb" with hex digits (either case).
bool isColour(const std::string& text);

// The charts in the order the window lays them out (the catalogue's metricFigures()); the first
// two ("p99_ms", "requests_per_call") are always shown.
const std::vector<std::string>& chartOrder();
bool isAlwaysShownChart(const std::string& key);
// `chosen` as the window shows it and a file keeps it: in chartOrder(), with the charts always
// shown, without unknown keys or repeats.
std::vector<std::string> shownCharts(const std::vector<std::string>& chosen);

// The colours of setups without one of their own, in order ("#rrggbb", lower case): Okabe–Ito's
// colour-blind-safe colours first, then Paul Tol's muted set (widgets/SeriesStyle.h draws them).
const std::vector<std::string>& setupPalette();
// The first palette colour none of `taken` has (case aside); when all are taken, the palette's
// colour at `row`, counting round.
std::string unusedColour(const std::vector<std::string>& taken, std::size_t row);
// One style per setup: `known[i]` where there is one, else an unused palette colour (those of
// the known setups and of the rows before taken), shown.
std::vector<SetupStyle> completeSetupStyles(const std::vector<const SetupStyle*>& known);

} // namespace hedge
