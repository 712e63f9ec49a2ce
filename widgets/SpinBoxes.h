// The editors' fields, made in one place so that they all behave alike: spin boxes with the
// ranges of docs/scenario.md that apply typed values after one short pause (TypedNumberBox), a
// width that suits a side panel, and a mouse wheel that scrolls the editor unless the field
// under it has the keyboard focus.
#pragma once

#include <QDoubleSpinBox>
#include <QList>
#include <QSpinBox>

#include <initializer_list>

class QFormLayout;

namespace hedge {

class FieldMessage;

// How long typing must pause before a valid typed value applies (every field of the editors).
inline constexpr int kApplyPauseMs = 250;

// `name` names the field in its messages and for screen readers.
QDoubleSpinBox* makeDoubleSpinBox(const QString& name, double min, double max, int decimals,
                                  double step, const QString& suffix, QWidget* parent);
QSpinBox* makeSpinBox(const QString& name, int min, int max, const QString& suffix,
                      QWidget* parent);

// Lets `field` (a combo box, a spin box) take the wheel only while it has the focus, so that
// scrolling the editor over it scrolls the editor instead of changing its value.
void takeWheelOnlyWhenFocused(QWidget* field);

// Adds the row `label`: `field` to `form` (without a label, `field` spans the form's width),
// and under it the line where `boxes` (spin boxes of this factory inside `field`) say what is
// wrong with what was typed.
FieldMessage* addFieldRow(QFormLayout* form, const QString& label, QWidget* field,
                          std::initializer_list<QAbstractSpinBox*> boxes);
FieldMessage* addFieldRow(QFormLayout* form, const QString& label, QWidget* field,
                          const QList<QAbstractSpinBox*>& boxes);

// `box` with `second` (its slider, or the line of its range's "to" field) beside it (taking
// what room the row leaves), or under it when the row is narrow (WrappingRow), as one field of
// a form row.
QWidget* makeKnobRow(QAbstractSpinBox* box, QWidget* second);

// Says, in the messages of `box`, why its range is what it is when the range follows another
// field ("at most the initial limit").
void setRangeReason(QAbstractSpinBox* box, const QString& reason);

} // namespace hedge
