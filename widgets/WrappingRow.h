// Two parts of one line: the second beside the first when the line has room for both, under
// it when it has not (a narrow pane, the window at 1024 x 700). A knob's field with its slider
// or with the "to" field of its range (makeKnobRow, KnobFields), the setup list's two groups of
// buttons. The line never asks for more width than its wider part, so a pane fits its width
// without a sideways scroll bar, every field shows its whole text, and the slider stays at
// hand.
#pragma once

#include <QWidget>

class QGridLayout;

namespace hedge {

class WrappingRow : public QWidget {
    Q_OBJECT
public:
    // `secondBesideMin`: the narrowest the second part may be beside the first (a slider
    // still worth dragging); it is never narrower than its own minimum.
    WrappingRow(QWidget* first, QWidget* second, int secondBesideMin, QWidget* parent);

    QSize minimumSizeHint() const override;
    bool secondBeside() const { return m_beside; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    int firstWidth() const;
    void place(bool beside);

    QWidget* m_first;
    QWidget* m_second;
    int m_secondBesideMin;
    QGridLayout* m_layout;
    bool m_beside = true;
};

} // namespace hedge
