#include "ChartWalk.h"

#include "MetricChartView.h"

#include <QChart>
#include <QTest>
#include <QWindow>

namespace hedge::test {

QPoint viewPosOf(MetricChartView* view, QPointF value)
{
    QChart* chart = view->chart();
    return view->mapFromScene(
        chart->mapToScene(chart->mapToPosition(value, chart->series().value(0))));
}

void hoverAt(QWidget* widget, QPoint pos)
{
    QWidget* window = widget->window();
    QTest::mouseMove(window->windowHandle(), widget->mapTo(window, pos));
}

} // namespace hedge::test
