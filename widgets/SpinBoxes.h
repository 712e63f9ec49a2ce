// Spin boxes as the editors want them: ranges from scenario.md, no signal per keystroke, a
// width that suits a side panel.
#pragma once

#include <QDoubleSpinBox>
#include <QSpinBox>

namespace hedge {

QDoubleSpinBox* makeDoubleSpinBox(double min, double max, int decimals, double step,
                                  const QString& suffix, QWidget* parent);
QSpinBox* makeSpinBox(int min, int max, const QString& suffix, QWidget* parent);

} // namespace hedge
