#include "ChartCallout.h"

#include "ChartTheme.h"
#include "SetupCurveSet.h"

#include <QChart>
#include <QLineSeries>

#include <algorithm>
#include <cmath>

namespace hedge {

ChartCallout::ChartCallout(QChart* chart) : QGraphicsItem(chart), m_chart(chart)
{
    setZValue(20); // over the curves, the markers and the collapse key
    hide();
}

void ChartCallout::applyTheme(const ChartTheme& theme)
{
    prepareGeometryChange();
    m_bubble.setLook(theme.smallFont(), theme.text(), theme.base(), theme.collapseColour());
    update();
}

void ChartCallout::setAbout(const QString& setup, double load, const QString& text,
                            const QString& compact)
{
    m_setup = setup;
    m_load = load;
    m_bubble.setText(text, compact);
    if (setup.isEmpty())
        hide();
    update();
}

void ChartCallout::follow(const SetupCurveSet& curves, const CalloutBubble::Avoid& avoid)
{
    const SetupCurve* curve = m_setup.isEmpty() ? nullptr : curves.find(m_setup);
    if (!curve || !curve->style().visible) {
        hide();
        return;
    }
    // The line's point at the load: where the marker is drawn (on the ceiling when off scale).
    const QList<QPointF> points = curve->line()->points();
    const auto at = std::find_if(points.begin(), points.end(), [this](const QPointF& p) {
        return std::abs(p.x() - m_load) < 1e-9;
    });
    if (at == points.end()) {
        hide();
        return;
    }
    place(m_chart->mapToPosition(*at, curve->line()), avoid);
}

void ChartCallout::place(QPointF anchor, const CalloutBubble::Avoid& avoid)
{
    prepareGeometryChange();
    // Inside the plot: never over the title, the axes' labels or the legend.
    m_bubble.place(anchor, m_chart->plotArea(), avoid);
    show();
    update();
}

void ChartCallout::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    m_bubble.paint(painter);
}

} // namespace hedge
