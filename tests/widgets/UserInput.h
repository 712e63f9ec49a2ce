// What a user does to an editor's fields, for the widget tests: type over a field's text, turn
// the mouse wheel over a widget, find the message shown about a field.
#pragma once

#include <QAbstractSpinBox>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QSpontaneKeyEvent>
#include <QTest>
#include <QWheelEvent>

namespace hedge::test {

// A wheel notch over the middle of `widget`, delivered as the window system delivers it: to
// the child under the pointer, as a spontaneous event that Qt may propagate to the parents.
inline void wheel(QWidget* widget, int angle)
{
    const QPoint centre = widget->rect().center();
    QWidget* target = widget->childAt(centre) ? widget->childAt(centre) : widget;
    const QPointF local = target->mapFrom(widget, centre);
    QWheelEvent event(local, target->mapToGlobal(local), QPoint(), QPoint(0, angle), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QSpontaneKeyEvent::setSpontaneous(&event);
    QApplication::instance()->notify(target, &event);
}

// The visible label of `editor` whose text contains `text`, or null.
inline QLabel* visibleLabelWith(QWidget* editor, const QString& text)
{
    for (QLabel* label : editor->findChildren<QLabel*>())
        if (label->isVisible() && label->text().contains(text))
            return label;
    return nullptr;
}

// Focus, select all, type `text`.
inline void replaceText(QAbstractSpinBox* box, const QString& text)
{
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
}

inline void replaceText(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
}

} // namespace hedge::test
