#include "LogAxisLabels.h"

#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLogValueAxis>

#include <cmath>

namespace hedge {

LogAxisLabels::LogAxisLabels(QChart* chart) : m_chart(chart) {}

QString LogAxisLabels::labelText(double value)
{
    return value < 1.0 ? QString::number(value, 'g', 3) : QString::number(value, 'f', 0);
}

void LogAxisLabels::place(const QLogValueAxis* axis)
{
    m_shown.clear();
    std::size_t used = 0;
    const QRectF plot = m_chart->plotArea();
    if (axis && axis->isVisible() && axis->labelsVisible() && plot.height() > 0.0 &&
        axis->min() > 0.0 && axis->max() > axis->min()) {
        const double lo = axis->min(), hi = axis->max();
        const double span = std::log10(hi / lo);
        const auto yOf = [&](double v) {
            return plot.bottom() - plot.height() * std::log10(v / lo) / span;
        };
        const QFontMetricsF metrics(axis->labelsFont());
        const double decadePx = plot.height() / span;
        // 2 and 5 between powers need about three lines a decade; 2, 3 and 5... would crowd.
        const bool between = decadePx >= 3.2 * metrics.height();
        const double tolerance = 1e-9;
        for (double decade = std::pow(10.0, std::floor(std::log10(lo)));
             decade <= hi * (1.0 + tolerance); decade *= 10.0) {
            for (const double m : {1.0, 2.0, 5.0}) {
                const double v = decade * m;
                if (v < lo * (1.0 - tolerance) || v > hi * (1.0 + tolerance))
                    continue;
                const QString text = labelText(v);
                if (m == 1.0) { // Qt draws the powers
                    m_shown << text;
                    continue;
                }
                if (!between)
                    continue;
                if (m_items.size() <= used) {
                    auto* item = new QGraphicsSimpleTextItem(m_chart);
                    item->setZValue(5);
                    m_items.push_back(item);
                }
                QGraphicsSimpleTextItem* item = m_items[used++];
                item->setFont(axis->labelsFont());
                item->setBrush(axis->labelsBrush());
                item->setText(text);
                // Right-aligned against the axis as Qt's own labels are.
                const double width = metrics.horizontalAdvance(text);
                item->setPos(plot.left() - width - metrics.averageCharWidth() * 0.6,
                             yOf(v) - metrics.height() / 2.0);
                item->show();
                m_shown << text;
            }
        }
    }
    for (std::size_t i = used; i < m_items.size(); ++i)
        m_items[i]->hide();
}

} // namespace hedge
