#include "SpinBoxes.h"

namespace hedge {
namespace {

template <class Box>
void configure(Box* box, const QString& suffix)
{
    box->setSuffix(suffix);
    box->setKeyboardTracking(false); // one valueChanged per edit, not per keystroke
    box->setAccelerated(true);
    // The size hint follows the widest value of the range (10 000 000.0 ms): far too wide
    // for a side panel.
    box->setMinimumWidth(70);
}

} // namespace

QDoubleSpinBox* makeDoubleSpinBox(double min, double max, int decimals, double step,
                                  const QString& suffix, QWidget* parent)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(min, max);
    box->setDecimals(decimals);
    box->setSingleStep(step);
    configure(box, suffix);
    return box;
}

QSpinBox* makeSpinBox(int min, int max, const QString& suffix, QWidget* parent)
{
    auto* box = new QSpinBox(parent);
    box->setRange(min, max);
    configure(box, suffix);
    return box;
}

} // namespace hedge
