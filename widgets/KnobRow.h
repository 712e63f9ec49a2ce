// A knob's field with what goes with it (its slider, or the "to" field of a range), as one
// field of a form row. The second part sits beside the field when the row has room for both,
// and under it when it has not (a narrow pane, the window at 1024 x 700): the row never asks
// for more width than its field, so a pane fits its width without a sideways scroll bar, every
// field shows its whole text, and the slider stays at hand.
#pragma once

#include <QWidget>

class QAbstractSpinBox;
class QGridLayout;

namespace hedge {

class KnobRow : public QWidget {
    Q_OBJECT
public:
    // The narrowest slider still worth dragging beside its field.
    static constexpr int kBesideMin = 60;

    // `second` is a slider, or a line of its own holding the range's "to" and its field.
    KnobRow(QAbstractSpinBox* box, QWidget* second);

    QSize minimumSizeHint() const override;
    bool sliderBeside() const { return m_beside; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void place(bool beside);

    QAbstractSpinBox* m_box;
    QWidget* m_second;
    QGridLayout* m_layout;
    bool m_beside = true;
};

} // namespace hedge
