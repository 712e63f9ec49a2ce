#include "ChartMarkers.h"

#include <QPainter>
#include <QPainterPath>
#include <QPen>

namespace hedge {

namespace {

QImage blank()
{
    QImage image(64, 64, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    return image;
}

} // namespace

QImage collapseMarkerImage(const QColor& colour, const QColor& halo)
{
    QImage image = blank();
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    const auto cross = [&p](const QPen& pen) {
        p.setPen(pen);
        p.drawLine(QPointF(14, 14), QPointF(50, 50));
        p.drawLine(QPointF(50, 14), QPointF(14, 50));
    };
    // The halo keeps the X readable on top of the line it ends.
    cross(QPen(halo, 22, Qt::SolidLine, Qt::RoundCap));
    cross(QPen(colour, 12, Qt::SolidLine, Qt::RoundCap));
    return image;
}

QImage offScaleMarkerImage(const QColor& colour, const QColor& halo)
{
    QImage image = blank();
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    QPainterPath triangle;
    triangle.moveTo(32, 8);
    triangle.lineTo(56, 52);
    triangle.lineTo(8, 52);
    triangle.closeSubpath();
    p.setPen(QPen(halo, 8, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.setBrush(colour);
    p.drawPath(triangle);
    return image;
}

} // namespace hedge
