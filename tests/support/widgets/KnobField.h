// A setup editor's field for a knob, reached by the knob's name in the registry and in the
// scenario files ("hedge.delay_ms", "adaptive_limit", "grpc.throttling.max_tokens"), not by a
// getter per field: a knob added to engine/hedge/KnobRegistry.cpp is reachable at once.
#pragma once

#include "KnobSlider.h"
#include "SetupEditor.h"

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QSpinBox>
#include <QtGlobal>

#include <string>
#include <type_traits>

namespace hedge::test {

// The field of `key` in `editor` as a `Field`: a spin box (QSpinBox for a count,
// QDoubleSpinBox otherwise), a QCheckBox for an on/off knob, a KnobSlider for the slider beside
// a number, a QComboBox for a knob whose values are names (Polly's backoff type; its QSpinBox
// is hidden). Stops the test program when the editor has no such field: a misspelt key is a
// broken test, not a failed check.
template <class Field = QAbstractSpinBox>
Field* knobField(const SetupEditor* editor, const std::string& key)
{
    QWidget* found = nullptr;
    if constexpr (std::is_base_of_v<QCheckBox, Field>)
        found = editor->knobCheck(key);
    else if constexpr (std::is_base_of_v<KnobSlider, Field>)
        found = editor->knobSlider(key);
    else if constexpr (std::is_base_of_v<QComboBox, Field>)
        found = editor->knobChoice(key);
    else
        found = editor->knobField(key);
    auto* field = qobject_cast<Field*>(found);
    if (!field)
        qFatal("the setup editor has no %s for %s", Field::staticMetaObject.className(),
               key.c_str());
    return field;
}

} // namespace hedge::test
