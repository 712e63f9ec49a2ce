// Named scenarios: the reference run of docs/model.md, "Reference setups" and teaching presets that
// each show one lesson of docs/model.md, "Presets and lessons". The GUI's preset menu and `hedgesim
// preset` read this list.
#pragma once

#include <hedge/Scenario.h>

#include <string>
#include <string_view>
#include <vector>

namespace hedge {

struct Preset {
    std::string name;        // command-line name: "reference", "tail-cutting", ...
    std::string title;       // menu text
    std::string explanation; // one paragraph for an engineer new to hedging: what to look at
    Scenario scenario;       // valid; setups named and configured as Scenario::referenceSetups()
    // The figures the explanation talks about, as results-file keys ("p99_ms", "p999_ms",
    // "p50_ms", "requests_per_call", "rejected_fraction", "failed_fraction", "utilisation"),
    // most important first: what a window showing this preset should chart.
    std::vector<std::string> shownMetrics;
    // The load the Live view starts this preset at (0 … 1.5): the load its explanation
    // discusses, which the text names as a percentage ("at 50 % load"). A timeline preset starts
    // at its first load step, and this is that load (tst_presetliveload checks both).
    double liveLoad = 0.5;
    // The Live view's optional panels the explanation talks about (`style.panels` keys:
    // "goodput_fraction", "retries_per_call", …), turned on beside those already on when the
    // preset is chosen; none: the panels stay as they are.
    std::vector<std::string> shownPanels;
};

// Every preset, "reference" first. Built once; safe to call from any thread.
const std::vector<Preset>& presets();

// The preset of that name, or nullptr.
const Preset* findPreset(std::string_view name);

} // namespace hedge
