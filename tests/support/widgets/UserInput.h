// What a user does to an editor's fields, for the widget tests: type over a field's text, turn
// the mouse wheel over a widget, find the message shown about a field.
#pragma once

#include <QString>
#include <Qt>

class QAbstractSpinBox;
class QLabel;
class QLineEdit;
class QWidget;

namespace hedge::test {

// A wheel notch over the middle of `widget`, delivered as the window system delivers it: to
// the child under the pointer, as a spontaneous event that Qt may propagate to the parents.
void wheel(QWidget* widget, int angle);

// The visible label of `editor` whose text contains `text`, or null.
QLabel* visibleLabelWith(QWidget* editor, const QString& text);

// Focus `box`, select its text and type `text` over it, as a user types; then press `then`:
// Qt::Key_Tab moves on (the box commits as it loses the focus, so the focus is waited for
// first), Qt::Key_Return commits in place, Qt::Key_unknown presses nothing (what the box does
// while typing is what the test sees).
void typeInto(QAbstractSpinBox* box, const QString& text, Qt::Key then = Qt::Key_unknown);
void typeInto(QLineEdit* edit, const QString& text, Qt::Key then = Qt::Key_unknown);

} // namespace hedge::test
