#include "EditAndDrag.h"

#include "ExplorerBench.h"
#include "MainWindow.h"

#include "KnobSlider.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <hedge/run/TimingLog.h>

#include <QDoubleSpinBox>

#include <algorithm>

namespace hedge::bench {

namespace {
constexpr int kMoveMs = 16;   // 60 Hz, a mouse's rate
constexpr int kDragMs = 2000; // the whole drag
} // namespace

EditAndDrag::EditAndDrag(MainWindow& window) : QObject(&window), m_window(window)
{
    m_mover.setTimerType(Qt::PreciseTimer);
    m_mover.setInterval(kMoveMs);
    connect(&m_mover, &QTimer::timeout, this, &EditAndDrag::moveHand);
    connect(window.controller(), &SweepController::runFinished, this, &EditAndDrag::onRunFinished);
}

KnobSlider* EditAndDrag::delaySlider() const
{
    return part<SetupEditor>(m_window)->knobSlider("hedge.delay_ms");
}

void EditAndDrag::onRunFinished(bool completed)
{
    if (!completed)
        return;
    switch (m_step++) {
    case 0:
        editDelay();
        break;
    case 1:
        startDrag();
        break;
    case 2:
        emit finished();
        break;
    default:
        break;
    }
}

void EditAndDrag::editDelay()
{
    SetupListWidget* list = part<SetupListWidget>(m_window);
    const int row = std::min<int>(2, static_cast<int>(list->setups().size()) - 1);
    list->setCurrentRow(row);
    qCInfo(lcExplorerTiming, "editing the delay of \"%s\"",
           m_window.scenario().setups[static_cast<std::size_t>(row)].name.c_str());
    auto* delay =
        qobject_cast<QDoubleSpinBox*>(part<SetupEditor>(m_window)->knobField("hedge.delay_ms"));
    delay->setValue(delay->value() + 5.0);
}

void EditAndDrag::startDrag()
{
    KnobSlider* slider = delaySlider();
    m_from = slider->value();
    m_travel = (slider->maximum() - slider->minimum()) / 3;
    qCInfo(lcExplorerTiming, "dragging the delay slider for %d s at 60 Hz", kDragMs / 1000);
    slider->setSliderDown(true);
    m_clock.start();
    m_mover.start();
}

// Where the hand is now: the moves follow the clock, so a late tick catches up, as a mouse's
// next event does.
void EditAndDrag::moveHand()
{
    KnobSlider* slider = delaySlider();
    const double t = std::min(1.0, static_cast<double>(m_clock.elapsed()) / kDragMs);
    slider->setSliderPosition(m_from + static_cast<int>(t * m_travel));
    if (t >= 1.0) {
        m_mover.stop();
        slider->setSliderDown(false);
    }
}

} // namespace hedge::bench
