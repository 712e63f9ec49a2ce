#include "PointInspector.h"

#include "MetricChartView.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMouseEvent>

#include <cmath>

namespace hedge {

PointInspector::PointInspector(const QList<MetricChartView*>& charts, QObject* parent)
    : QObject(parent), m_charts(charts)
{
    for (MetricChartView* chart : charts)
        chart->viewport()->installEventFilter(this);
}

QString PointInspector::actionText(const QString& setup, double load)
{
    return tr("Inside This Point: %1 at %2 % Live").arg(setup).arg(std::lround(load * 100.0));
}

bool PointInspector::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::MouseButtonDblClick && event->type() != QEvent::ContextMenu)
        return QObject::eventFilter(watched, event);
    MetricChartView* chart = nullptr;
    for (MetricChartView* c : m_charts)
        if (c->viewport() == watched)
            chart = c;
    if (!chart)
        return QObject::eventFilter(watched, event);
    if (event->type() == QEvent::MouseButtonDblClick) {
        const auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() == Qt::LeftButton)
            if (const auto point = chart->pointAt(e->position().toPoint())) {
                emit insideRequested(QString::fromStdString(point->setup), point->load);
                return true;
            }
        return QObject::eventFilter(watched, event);
    }
    const auto* e = static_cast<QContextMenuEvent*>(event);
    const auto point = chart->pointAt(e->pos());
    if (!point)
        return QObject::eventFilter(watched, event);
    const QString setup = QString::fromStdString(point->setup);
    const double load = point->load;
    auto* menu = new QMenu(chart);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->setObjectName(QStringLiteral("pointMenu"));
    menu->addAction(actionText(setup, load), this,
                    [this, setup, load] { emit insideRequested(setup, load); });
    menu->popup(e->globalPos());
    return true;
}

} // namespace hedge
