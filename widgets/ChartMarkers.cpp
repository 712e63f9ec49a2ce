#include "ChartMarkers.h"

#include <QPainter>
#include <QPainterPath>
#include <QPen>
#include <QPolygonF>

#include <initializer_list>

namespace hedge {

namespace {

// Every marker: a 64 px transparent square, painted antialiased by `paint`.
template <class Paint>
QImage paintedMarker(Paint paint)
{
    QImage image(64, 64, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    paint(p);
    return image;
}

QPainterPath closedPath(std::initializer_list<QPointF> corners)
{
    QPainterPath path;
    path.addPolygon(QPolygonF(corners));
    path.closeSubpath();
    return path;
}

} // namespace

QImage collapseMarkerImage(const QColor& colour, const QColor& halo)
{
    return paintedMarker([&](QPainter& p) {
        const auto cross = [&p](const QPen& pen) {
            p.setPen(pen);
            p.drawLine(QPointF(14, 14), QPointF(50, 50));
            p.drawLine(QPointF(50, 14), QPointF(14, 50));
        };
        // The halo keeps the X readable on top of the line it ends.
        cross(QPen(halo, 22, Qt::SolidLine, Qt::RoundCap));
        cross(QPen(colour, 12, Qt::SolidLine, Qt::RoundCap));
    });
}

QImage offScaleMarkerImage(const QColor& colour, const QColor& halo)
{
    return paintedMarker([&](QPainter& p) {
        p.setPen(QPen(halo, 5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.setBrush(colour);
        p.drawPath(closedPath({{32, 33}, {52, 61}, {12, 61}}));
    });
}

QImage partialCollapseMarkerImage(const QColor& colour, const QColor& halo)
{
    return paintedMarker([&](QPainter& p) {
        const QRectF circle(12, 12, 40, 40);
        p.setPen(QPen(halo, 16));
        p.setBrush(halo);
        p.drawEllipse(circle);
        p.setPen(Qt::NoPen);
        p.setBrush(colour);
        p.drawChord(circle, 90 * 16, 180 * 16); // the left half, as the key's ◐
        p.setPen(QPen(colour, 7));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(circle);
    });
}

QImage partialOffScaleMarkerImage(const QColor& colour, const QColor& halo)
{
    return paintedMarker([&](QPainter& p) {
        // Its tip on the image's centre, as offScaleMarkerImage's.
        const QPainterPath triangle = closedPath({{32, 34}, {51, 60}, {13, 60}});
        p.setPen(QPen(halo, 7, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.setBrush(halo);
        p.drawPath(triangle);
        p.setPen(Qt::NoPen);
        p.setBrush(colour);
        p.drawPath(closedPath({{32, 34}, {32, 60}, {13, 60}})); // the left half, as the key's ◭
        p.setPen(QPen(colour, 3.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.setBrush(Qt::NoBrush);
        p.drawPath(triangle);
    });
}

QImage measuredMarkerImage(const QColor& colour, const QColor& halo)
{
    return paintedMarker([&](QPainter& p) {
        const QPainterPath diamond = closedPath({{32, 6}, {58, 32}, {32, 58}, {6, 32}});
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(halo, 14, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.drawPath(diamond);
        p.setPen(QPen(colour, 7, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.drawPath(diamond);
    });
}

} // namespace hedge
