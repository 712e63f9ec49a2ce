#include <hedge/document/ScenarioEditCommand.h>

#include <hedge/document/PresetEdits.h>
#include <hedge/document/ScenarioDocument.h>

namespace hedge {

namespace {

// All merging commands share one id; a drag's number tells which of them go together.
constexpr int kDragCommandId = 1;

} // namespace

ScenarioEditCommand::ScenarioEditCommand(ScenarioDocument* document, ScenarioState before,
                                         ScenarioState after, int drag, const QString& text)
    : QUndoCommand(text), m_document(document), m_before(std::move(before)),
      m_after(std::move(after)), m_drag(drag)
{
}

void ScenarioEditCommand::undo()
{
    m_document->restore(m_before);
}

void ScenarioEditCommand::redo()
{
    m_document->restore(m_after);
}

int ScenarioEditCommand::id() const
{
    return m_drag != 0 ? kDragCommandId : -1;
}

bool ScenarioEditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = dynamic_cast<const ScenarioEditCommand*>(other);
    if (!next || next->m_drag != m_drag)
        return false;
    m_after = next->m_after;
    // A drag that ends where it began changed nothing: no undo step.
    setObsolete(m_after == m_before);
    // Named from where the drag began to where it is now ("delay 20 → 45 ms").
    setText(PresetEdits::undoText(m_before.scenario, m_after.scenario, text()));
    return true;
}

} // namespace hedge
