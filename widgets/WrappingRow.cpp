#include "WrappingRow.h"

#include <QGridLayout>
#include <QResizeEvent>

#include <algorithm>

namespace hedge {

WrappingRow::WrappingRow(QWidget* first, QWidget* second, int secondBesideMin, QWidget* parent)
    : QWidget(parent), m_first(first), m_second(second), m_secondBesideMin(secondBesideMin),
      m_layout(new QGridLayout(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setVerticalSpacing(2);
    second->setMinimumWidth(0);
    place(true);
}

int WrappingRow::firstWidth() const
{
    return std::max(m_first->minimumWidth(), m_first->minimumSizeHint().width());
}

// As narrow as the wider part: the second then goes under the first.
QSize WrappingRow::minimumSizeHint() const
{
    const QSize laidOut = QWidget::minimumSizeHint();
    return {std::max(firstWidth(), m_second->minimumSizeHint().width()), laidOut.height()};
}

// Decided on the width alone: the height the choice changes never changes it back (a vertical
// scroll bar that comes with the taller rows only makes the row narrower still).
void WrappingRow::resizeEvent(QResizeEvent* event)
{
    const int spacing = std::max(0, m_layout->horizontalSpacing());
    const int second = std::max(m_secondBesideMin, m_second->minimumSizeHint().width());
    const bool beside = event->size().width() >= firstWidth() + spacing + second;
    if (beside != m_beside)
        place(beside);
    QWidget::resizeEvent(event);
}

void WrappingRow::place(bool beside)
{
    m_beside = beside;
    m_layout->removeWidget(m_first);
    m_layout->removeWidget(m_second);
    m_layout->setColumnStretch(0, 0);
    m_layout->setColumnStretch(1, 0);
    m_layout->addWidget(m_first, 0, 0);
    if (beside) {
        m_layout->addWidget(m_second, 0, 1);
        m_layout->setColumnStretch(0, 2);
        m_layout->setColumnStretch(1, 3);
    } else {
        m_layout->addWidget(m_second, 1, 0);
        m_layout->setColumnStretch(0, 1);
    }
}

} // namespace hedge
