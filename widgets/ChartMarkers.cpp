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

QImage partialCollapseMarkerImage(const QColor& colour, const QColor& halo)
{
    QImage image = blank();
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF circle(12, 12, 40, 40);
    p.setPen(QPen(halo, 16));
    p.setBrush(halo);
    p.drawEllipse(circle);
    p.setPen(Qt::NoPen);
    p.setBrush(colour);
    p.drawChord(circle, 180 * 16, 180 * 16); // the lower half
    p.setPen(QPen(colour, 7));
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(circle);
    return image;
}

QImage measuredMarkerImage(const QColor& colour, const QColor& halo)
{
    QImage image = blank();
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    QPainterPath diamond;
    diamond.moveTo(32, 6);
    diamond.lineTo(58, 32);
    diamond.lineTo(32, 58);
    diamond.lineTo(6, 32);
    diamond.closeSubpath();
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(halo, 14, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawPath(diamond);
    p.setPen(QPen(colour, 7, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawPath(diamond);
    return image;
}

} // namespace hedge
