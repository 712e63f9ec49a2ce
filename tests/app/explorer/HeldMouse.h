// Test support: the mouse moved with its left button held, as a drag sends it (QTest's
// mouseMove sends no button).
#pragma once

#include <QApplication>
#include <QMouseEvent>
#include <QWidget>

namespace hedge::test {

inline void moveHeldMouse(QWidget* widget, QPoint pos)
{
    QMouseEvent move(QEvent::MouseMove, QPointF(pos), QPointF(widget->mapToGlobal(pos)),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(widget, &move);
}

} // namespace hedge::test
