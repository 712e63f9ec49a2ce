// What the user changed in a preset, in words (docs/user-guide.md, "What this shows"): the
// working scenario compared with the preset's own, setup by setup and knob by knob, named,
// scaled and suffixed as the editors show them (the knob registry's rows), e.g.
// `budget of "hedge, no budget / client" 0 → 10 %`, `service workers 16 → 24`,
// `setup "hedge 2" added`. The explanation pane says this after any edit.
#pragma once

#include <hedge/Scenario.h>

#include <QCoreApplication>
#include <QStringList>

namespace hedge {

struct Knob;

class PresetEdits {
    Q_DECLARE_TR_FUNCTIONS(PresetEdits)
public:
    // One entry per edit, setups first (in the preset's order, then the added ones), then
    // the service, then the run; empty when `now` equals `preset`. Setups are matched by
    // name, else by policy (renamed by hand), else, for a name that follows the policy (renamed
    // by an edit), with the preset's setup it differs least from; a setup is named as the
    // preset names it.
    static QStringList between(const Scenario& preset, const Scenario& now);
    // "Edited: a; b; c and 2 more" (the first `shown` entries).
    static QString summary(const QStringList& edits, int shown = 3);
    // An undo step's name: what changed from `before` to `after`, knob by knob with its
    // values, at most two named; `fallback` when nothing a knob names changed.
    static QString undoText(const Scenario& before, const Scenario& after,
                            const QString& fallback);
    // A knob's value as its editor shows it: scaled, at most its decimals, no trailing zeros;
    // "on"/"off" for an on/off knob or a flag.
    static QString valueText(const Knob& knob, double value);
    // The knob as a sentence names it: "budget", "max attempts", "RTT tolerance".
    static QString knobName(const Knob& knob);

private:
    static void setupEdits(const Setup& from, const Setup& to, QStringList& edits);
    static void serviceEdits(const ServiceConfig& from, const ServiceConfig& to,
                             QStringList& edits);
    static void runEdits(const Scenario& from, const Scenario& to, QStringList& edits);
};

} // namespace hedge
