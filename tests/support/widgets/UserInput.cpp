#include "UserInput.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QSpontaneKeyEvent>
#include <QTest>
#include <QWheelEvent>

namespace hedge::test {

void wheel(QWidget* widget, int angle)
{
    const QPoint centre = widget->rect().center();
    QWidget* target = widget->childAt(centre) ? widget->childAt(centre) : widget;
    const QPointF local = target->mapFrom(widget, centre);
    QWheelEvent event(local, target->mapToGlobal(local), QPoint(), QPoint(0, angle), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QSpontaneKeyEvent::setSpontaneous(&event);
    QApplication::instance()->notify(target, &event);
}

QLabel* visibleLabelWith(QWidget* editor, const QString& text)
{
    for (QLabel* label : editor->findChildren<QLabel*>())
        if (label->isVisible() && label->text().contains(text))
            return label;
    return nullptr;
}

namespace {

template <class Field> void typeOver(Field* field, const QString& text, Qt::Key then)
{
    field->setFocus();
    // The Tab below commits the text only from a field that has the focus (focus out).
    if (then == Qt::Key_Tab && !QTest::qWaitFor([field] { return field->hasFocus(); }))
        qFatal("%s did not get the focus", qPrintable(field->accessibleName()));
    field->selectAll();
    QTest::keyClicks(field, text);
    if (then != Qt::Key_unknown)
        QTest::keyClick(field, then);
}

} // namespace

void typeInto(QAbstractSpinBox* box, const QString& text, Qt::Key then)
{
    typeOver(box, text, then);
}

void typeInto(QLineEdit* edit, const QString& text, Qt::Key then)
{
    typeOver(edit, text, then);
}

} // namespace hedge::test
