#include "KnobRow.h"

#include <QAbstractSpinBox>
#include <QGridLayout>
#include <QResizeEvent>

#include <algorithm>

namespace hedge {

KnobRow::KnobRow(QAbstractSpinBox* box, QWidget* second)
    : QWidget(box->parentWidget()), m_box(box), m_second(second), m_layout(new QGridLayout(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setVerticalSpacing(2);
    // The field never gives its text up to the slider ("no budget", "10.000 ms" stay whole).
    box->setMinimumWidth(std::max(box->minimumWidth(), box->sizeHint().width()));
    second->setMinimumWidth(0);
    place(true);
    // The row's label (its mnemonic) gives the focus to the field.
    setFocusProxy(box);
}

// As narrow as the field (or the second part, when that is wider): the second part then goes
// under the field.
QSize KnobRow::minimumSizeHint() const
{
    const QSize laidOut = QWidget::minimumSizeHint();
    const int width = std::max({m_box->minimumSizeHint().width(), m_box->minimumWidth(),
                                m_second->minimumSizeHint().width()});
    return {width, laidOut.height()};
}

// Decided on the width alone: the height the choice changes never changes it back (a vertical
// scroll bar that comes with the taller rows only makes the row narrower still).
void KnobRow::resizeEvent(QResizeEvent* event)
{
    const int spacing = std::max(0, m_layout->horizontalSpacing());
    const int fieldWidth = std::max(m_box->minimumWidth(), m_box->minimumSizeHint().width());
    const int secondWidth = std::max(kBesideMin, m_second->minimumSizeHint().width());
    const bool beside = event->size().width() >= fieldWidth + spacing + secondWidth;
    if (beside != m_beside)
        place(beside);
    QWidget::resizeEvent(event);
}

void KnobRow::place(bool beside)
{
    m_beside = beside;
    m_layout->removeWidget(m_box);
    m_layout->removeWidget(m_second);
    m_layout->setColumnStretch(0, 0);
    m_layout->setColumnStretch(1, 0);
    if (beside) {
        m_layout->addWidget(m_box, 0, 0);
        m_layout->addWidget(m_second, 0, 1);
        m_layout->setColumnStretch(0, 2);
        m_layout->setColumnStretch(1, 3);
    } else {
        m_layout->addWidget(m_box, 0, 0);
        m_layout->addWidget(m_second, 1, 0);
        m_layout->setColumnStretch(0, 1);
    }
}

} // namespace hedge
