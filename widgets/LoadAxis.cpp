#include "LoadAxis.h"

#include <QCategoryAxis>
#include <QFontMetricsF>

#include <algorithm>
#include <array>
#include <cmath>

namespace hedge {

LoadAxis::LoadAxis() : m_axis(new QCategoryAxis)
{
    m_axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_axis->setTitleText(QStringLiteral("load (% of the service's capacity)"));
}

int LoadAxis::labelCount(double lo, double hi, double step)
{
    const long first = std::lround(std::ceil(lo / step - 1e-9));
    const long last = std::lround(std::floor(hi / step + 1e-9));
    // A tick on the axis's start is not labelled (it would sit on the y axis).
    return static_cast<int>(last - first + 1) - (std::abs(first * step - lo) < 1e-9 ? 1 : 0);
}

double LoadAxis::stepFor(double lo, double hi, int maxLabels)
{
    static constexpr std::array<double, 7> kSteps{0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5};
    // Two labels at least, so that the axis can be read.
    for (double step : kSteps) {
        if (labelCount(lo, hi, step) <= std::max(2, maxLabels))
            return step;
    }
    return 1.0;
}

void LoadAxis::setRange(double lo, double hi, double plotWidthPx, const QFont& labelFont)
{
    // "100 %" is the widest label; a gap of one label keeps neighbours apart.
    const double labelWidth = QFontMetricsF(labelFont).horizontalAdvance(QStringLiteral("100 %"));
    const int fit = plotWidthPx > 0 ? static_cast<int>(plotWidthPx / (labelWidth * 1.5)) : 8;
    const double step = stepFor(lo, hi, std::min(fit, 10));
    if (m_axis->min() == lo && m_axis->max() == hi && m_step == step && m_axis->count() > 0)
        return;
    m_step = step;
    for (const QString& label : m_axis->categoriesLabels())
        m_axis->remove(label);
    m_axis->setStartValue(lo);
    for (long k = std::lround(std::ceil(lo / step - 1e-9)); k * step <= hi + 1e-9; ++k) {
        const double t = static_cast<double>(k) * step;
        if (t <= lo + 1e-9)
            continue;
        m_axis->append(QStringLiteral("%1 %").arg(std::lround(t * 100.0)), t);
    }
    m_axis->setRange(lo, hi);
}

std::pair<double, double> LoadAxis::range() const
{
    return {m_axis->min(), m_axis->max()};
}

} // namespace hedge
