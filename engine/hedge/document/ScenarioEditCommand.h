// One edit of the working scenario on the undo stack: the scenario and its style before and
// after (a knob, the setups, or a setup's colour or visibility). The moves of one drag are one
// command (they merge by their drag's number).
#pragma once

#include <hedge/Scenario.h>
#include <hedge/io/ScenarioStyle.h>

#include <QUndoCommand>

namespace hedge {

class ScenarioDocument;

struct ScenarioState {
    Scenario scenario;
    ScenarioStyle style; // one entry per setup (ScenarioDocument completes it)

    bool operator==(const ScenarioState&) const = default;
};

class ScenarioEditCommand : public QUndoCommand {
public:
    // `drag` is the number of the drag the edit belongs to, 0 for none.
    ScenarioEditCommand(ScenarioDocument* document, ScenarioState before, ScenarioState after,
                        int drag, const QString& text);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    ScenarioDocument* m_document;
    ScenarioState m_before;
    ScenarioState m_after;
    int m_drag;
};

} // namespace hedge
