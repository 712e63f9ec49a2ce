#include "KnobSlider.h"

#include "SpinBoxes.h"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionSlider>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

// Fine enough that one position of a curved delay slider is a fraction of a millisecond at
// the small end, coarse enough that a keyboard step still moves visibly.
constexpr int kPositions = 1000;

} // namespace

KnobSlider::KnobSlider(QAbstractSpinBox* box, Scale scale, QWidget* parent)
    : QSlider(Qt::Horizontal, parent), m_box(box), m_scale(scale)
{
    // An integer field on a short linear scale (max attempts 1–10) gets one position per value.
    const auto* intBox = qobject_cast<QSpinBox*>(box);
    const double span = scale.high - scale.low;
    const bool onePerValue = intBox && scale.curvature == 0.0 && span <= kPositions;
    setRange(0, onePerValue ? static_cast<int>(span) : kPositions);
    setPageStep(onePerValue ? 1 : kPositions / 20);
    if (onePerValue) {
        setTickPosition(QSlider::TicksBelow);
        setTickInterval(1);
    }
    setMinimumWidth(60);
    setAccessibleName(tr("%1 slider").arg(box->accessibleName()));
    setToolTip(tr("Drag to watch the curves follow the value; the field beside it takes any "
                  "value of its range."));
    takeWheelOnlyWhenFocused(this);

    connect(this, &QSlider::valueChanged, this, &KnobSlider::onSliderMoved);
    connect(this, &QSlider::sliderPressed, this, &KnobSlider::dragStarted);
    connect(this, &QSlider::sliderReleased, this, &KnobSlider::dragFinished);
    if (intBox)
        connect(intBox, &QSpinBox::valueChanged, this, &KnobSlider::followBox);
    else if (const auto* doubleBox = qobject_cast<QDoubleSpinBox*>(box))
        connect(doubleBox, &QDoubleSpinBox::valueChanged, this, &KnobSlider::followBox);
    box->installEventFilter(this);
    setEnabled(box->isEnabled());
    followBox();
}

double KnobSlider::valueAt(int position) const
{
    const double t = static_cast<double>(position - minimum()) / (maximum() - minimum());
    const double c = m_scale.curvature;
    const double shaped = c > 0.0 ? std::expm1(c * t) / std::expm1(c) : t;
    return m_scale.low + (m_scale.high - m_scale.low) * shaped;
}

int KnobSlider::positionOf(double value) const
{
    const double u = std::clamp((value - m_scale.low) / (m_scale.high - m_scale.low), 0.0, 1.0);
    const double c = m_scale.curvature;
    const double t = c > 0.0 ? std::log1p(u * std::expm1(c)) / c : u;
    return minimum() + static_cast<int>(std::lround(t * (maximum() - minimum())));
}

bool KnobSlider::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_box && event->type() == QEvent::EnabledChange)
        setEnabled(m_box->isEnabled());
    return QSlider::eventFilter(watched, event);
}

void KnobSlider::onSliderMoved(int position)
{
    m_writing = true;
    setBoxValue(valueAt(position));
    m_writing = false;
}

// The field changed (typed, stepped, loaded, or written by this slider): show its value. A
// position written by the slider stays where the hand put it, even when the field rounded the
// value to its decimals.
void KnobSlider::followBox()
{
    if (m_writing)
        return;
    const QSignalBlocker blocker(this);
    setValue(positionOf(boxValue()));
}

double KnobSlider::boxValue() const
{
    if (const auto* i = qobject_cast<const QSpinBox*>(m_box))
        return i->value();
    return static_cast<const QDoubleSpinBox*>(m_box)->value();
}

void KnobSlider::setBoxValue(double value)
{
    if (auto* i = qobject_cast<QSpinBox*>(m_box))
        i->setValue(static_cast<int>(std::lround(value)));
    else
        static_cast<QDoubleSpinBox*>(m_box)->setValue(value);
}

QRect KnobSlider::handleRect() const
{
    QStyleOptionSlider option;
    initStyleOption(&option);
    return style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, this);
}

} // namespace hedge
