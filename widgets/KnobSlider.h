// A slider beside a spin box of the editors, to drag a knob and watch the curves follow. The
// spin box stays the one source of the value: the slider writes into it (so every move is an
// ordinary edit of the field) and follows it when it is typed into or loaded.
//
// A slider covers the useful part of the field's range, not all of it (a delay may be 600 000
// ms, but the interesting delays are a few to a few hundred ms), on a scale that can crowd its
// positions at the small end (`curvature` > 0), where one millisecond of delay matters. A value
// beyond the slider's end pins the handle there.
#pragma once

#include <QSlider>

class QAbstractSpinBox;

namespace hedge {

class KnobSlider : public QSlider {
    Q_OBJECT
public:
    struct Scale {
        double low = 0.0;
        double high = 100.0;
        // 0: linear. c > 0: value = low + (high − low)·(e^(c·t) − 1)/(e^c − 1) for t in [0, 1],
        // so that the first half of the slider covers the first 1/(1 + e^(c/2)) of the span.
        double curvature = 0.0;
    };

    // `box` must be a QSpinBox or a QDoubleSpinBox; the slider is enabled with it.
    KnobSlider(QAbstractSpinBox* box, Scale scale, QWidget* parent);

    // The field's value at a slider position, and the position that shows a value.
    double valueAt(int position) const;
    int positionOf(double value) const;
    // Where the style draws the handle, in the slider's coordinates: what a hand grabs.
    QRect handleRect() const;

signals:
    // The handle was grabbed / let go (mouse). Moves in between are edits of the field.
    void dragStarted();
    void dragFinished();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void onSliderMoved(int position);
    void followBox();
    double boxValue() const;
    void setBoxValue(double value);

    QAbstractSpinBox* m_box;
    Scale m_scale;
    bool m_writing = false;
};

} // namespace hedge
