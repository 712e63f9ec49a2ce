// Keeps "What this shows" (PresetExplanation) true to the working scenario: the text of the
// preset the document loaded (or is equal to), and after any edit (typed, dragged, in the setup
// list, on the map, undone or redone) what differs from that preset, in words (PresetEdits),
// with Reset Preset. A scenario loaded as a preset with changes (a lesson step's knobs) shows
// that preset's text, the changes named as the step's until the user edits it. Reset is an edit of the document like any other, one undo step: Undo
// takes it back (docs/user-guide.md, "What this shows").
#pragma once

#include <QObject>

namespace hedge {

class PresetExplanation;
class ScenarioDocument;
struct Preset;

class ExplanationController : public QObject {
    Q_OBJECT
public:
    ExplanationController(ScenarioDocument* document, PresetExplanation* explanation,
                          QObject* parent = nullptr);

private:
    // A new scenario (file, preset, New, restored session): its preset's text, or none.
    void showReplaced();
    void showEdits();
    void resetPreset();

    ScenarioDocument* m_document = nullptr;
    PresetExplanation* m_explanation = nullptr;
    const Preset* m_preset = nullptr; // the one the text describes; none: one's own scenario
};

} // namespace hedge
