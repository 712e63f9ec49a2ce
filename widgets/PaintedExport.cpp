#include "PaintedExport.h"

#include <hedge/Version.h>

#include <QBuffer>
#include <QFileInfo>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <cmath>

namespace hedge {

namespace {

QString fileError(const QSaveFile& file, const QString& path)
{
    return QStringLiteral("Cannot write %1: %2").arg(QFileInfo(path).fileName(), file.errorString());
}

QString creator()
{
    return QStringLiteral("%1 %2").arg(QString::fromLatin1(kProjectName),
                                       QString::fromLatin1(kVersion));
}

} // namespace

QImage paintImage(const PaintAt& paint, QSize size, qreal scale, int dpi, const QColor& background)
{
    if (size.isEmpty() || !(scale > 0.0))
        return {};
    QImage image(QSize(static_cast<int>(std::lround(size.width() * scale)),
                       static_cast<int>(std::lround(size.height() * scale))),
                 QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return {};
    const int dotsPerMeter = static_cast<int>(std::lround(dpi / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    image.setDevicePixelRatio(scale);
    image.fill(background);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                           QPainter::SmoothPixmapTransform);
    paint(&painter, QSizeF(size));
    painter.end();
    return image;
}

std::optional<QString> exportPaintedPng(const PaintAt& paint, const QString& path, QSize size,
                                        qreal scale, int dpi, const QColor& background)
{
    if (size.width() < 16 || size.height() < 16 || size.width() > 20000 || size.height() > 20000)
        return QStringLiteral("The image size must be between 16 and 20000 pixels a side.");
    if (!(scale >= 0.25 && scale <= 8.0))
        return QStringLiteral("The scale must be between 0.25 and 8.");
    const QImage image = paintImage(paint, size, scale, dpi, background);
    if (image.isNull())
        return QStringLiteral("Not enough memory for a %1×%2 image.")
            .arg(std::lround(size.width() * scale))
            .arg(std::lround(size.height() * scale));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fileError(file, path);
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        return QStringLiteral("Cannot encode the PNG image for %1.").arg(QFileInfo(path).fileName());
    }
    if (!file.commit())
        return fileError(file, path);
    return std::nullopt;
}

QByteArray paintSvg(const PaintAt& paint, QSize size, int dpi, const QString& title)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(dpi);
    generator.setTitle(title);
    generator.setDescription(creator());
    QPainter painter;
    if (!painter.begin(&generator))
        return {};
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    paint(&painter, QSizeF(size));
    painter.end();
    return bytes;
}

std::optional<QString> exportPaintedSvg(const PaintAt& paint, const QString& path, QSize size,
                                        int dpi, const QString& title)
{
    const QByteArray svg = paintSvg(paint, size, dpi, title);
    if (svg.isEmpty())
        return QStringLiteral("Cannot render %1 as SVG.").arg(title);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fileError(file, path);
    if (file.write(svg) != svg.size() || !file.commit())
        return fileError(file, path);
    return std::nullopt;
}

std::optional<QString> exportPaintedPdf(const PaintAt& paint, const QString& path, QSize size,
                                        int dpi, const QString& title)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fileError(file, path);
    {
        QPdfWriter writer(&file);
        // One page the size of the picture: 1 layout pixel = 1/dpi inch.
        writer.setResolution(dpi);
        writer.setPageSize(QPageSize(QSizeF(size.width() * 72.0 / dpi, size.height() * 72.0 / dpi),
                                     QPageSize::Point, QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setTitle(title);
        writer.setCreator(creator());
        QPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            return QStringLiteral("Cannot start the PDF for %1.").arg(QFileInfo(path).fileName());
        }
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        // The page may round to whole device pixels: scale the layout onto it.
        painter.scale(writer.width() / double(size.width()), writer.height() / double(size.height()));
        paint(&painter, QSizeF(size));
        painter.end();
    }
    if (!file.commit())
        return fileError(file, path);
    return std::nullopt;
}

} // namespace hedge
