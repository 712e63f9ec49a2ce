#include "ExplanationController.h"

#include "PresetExplanation.h"

#include <hedge/document/PresetEdits.h>
#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/Presets.h>

namespace hedge {

ExplanationController::ExplanationController(ScenarioDocument* document,
                                             PresetExplanation* explanation, QObject* parent)
    : QObject(parent), m_document(document), m_explanation(explanation)
{
    connect(m_document, &ScenarioDocument::scenarioReplaced, this,
            &ExplanationController::showReplaced);
    connect(m_document, &ScenarioDocument::edited, this, &ExplanationController::showEdits);
    connect(m_explanation, &PresetExplanation::resetRequested, this,
            &ExplanationController::resetPreset);
    showReplaced();
}

void ExplanationController::showReplaced()
{
    // Kept from here on: an edited preset is still the one the text describes.
    m_preset = m_document->preset();
    if (m_preset)
        m_explanation->setExplanation(QString::fromStdString(m_preset->title),
                                      QString::fromStdString(m_preset->explanation));
    else
        m_explanation->clear();
    showEdits();
}

void ExplanationController::showEdits()
{
    const QStringList edits =
        m_preset ? PresetEdits::between(m_preset->scenario, m_document->scenario()) : QStringList();
    if (!edits.isEmpty() && m_document->isChangedPreset())
        m_explanation->setEdits(
            tr("Changed for this lesson step: %1").arg(edits.join(QStringLiteral("; "))), edits,
            tr("This describes the preset as shipped; the lesson step changed it as the line "
               "above says. Reset Preset brings the preset back."));
    else
        m_explanation->setEdits(PresetEdits::summary(edits), edits);
}

void ExplanationController::resetPreset()
{
    if (m_preset)
        m_document->applyEdit(m_preset->scenario, tr("Reset Preset"));
}

} // namespace hedge
