#include "ChartExport.h"

#include <hedge/Version.h>

#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGuiApplication>
#include <QLegend>
#include <QMimeData>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <cmath>

namespace hedge {

namespace {

int viewDpi(const QChartView* view)
{
    const int dpi = view->logicalDpiY();
    return dpi > 0 ? dpi : 96;
}

QString fileError(const QSaveFile& file, const QString& path)
{
    return QStringLiteral("Cannot write %1: %2")
        .arg(QFileInfo(path).fileName(), file.errorString());
}

QString chartTitle(const QChartView* view)
{
    const QString title = view->chart()->title();
    return title.isEmpty() ? QStringLiteral("chart") : title;
}

} // namespace

QSize defaultExportSize(const QChartView* view)
{
    const QSize size = view->chart()->size().toSize();
    if (view->isVisible() && size.width() >= 200 && size.height() >= 150)
        return size;
    return {900, 560};
}

void renderChartInto(QChartView* view, QPainter* painter, const QRectF& target, QSizeF layoutSize)
{
    QChart* chart = view->chart();
    const QRectF oldGeometry = chart->geometry();
    // In the window the setup list beside the charts names the colours; a picture on its own
    // needs the legend.
    QLegend* legend = chart->legend();
    const bool legendWasVisible = legend->isVisible();
    legend->setVisible(true);
    // Lay the chart out at the export size; the view re-syncs it on its next resize anyway,
    // but putting it back at once keeps the on-screen chart as it was.
    chart->setGeometry(QRectF(QPointF(0, 0), layoutSize));
    if (QGraphicsLayout* layout = chart->layout())
        layout->activate();
    view->scene()->render(painter, target, QRectF(QPointF(0, 0), layoutSize),
                          Qt::IgnoreAspectRatio);
    legend->setVisible(legendWasVisible);
    chart->setGeometry(oldGeometry);
    if (QGraphicsLayout* layout = chart->layout())
        layout->activate();
}

QImage renderChart(QChartView* view, QSize pixelSize, qreal scale)
{
    if (pixelSize.isEmpty() || !(scale > 0.0))
        return {};
    const QSize physical(static_cast<int>(std::lround(pixelSize.width() * scale)),
                         static_cast<int>(std::lround(pixelSize.height() * scale)));
    QImage image(physical, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return {};
    // Fonts are resolved at the image's DPI: keep it equal to the screen's layout DPI.
    const int dotsPerMeter = static_cast<int>(std::lround(viewDpi(view) / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    image.setDevicePixelRatio(scale);
    image.fill(view->chart()->backgroundBrush().color());
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                           QPainter::SmoothPixmapTransform);
    renderChartInto(view, &painter, QRectF(QPointF(0, 0), QSizeF(pixelSize)), QSizeF(pixelSize));
    painter.end();
    return image;
}

std::optional<QString> exportChartPng(QChartView* view, const QString& path, QSize pixelSize,
                                      qreal scale)
{
    if (pixelSize.width() < 16 || pixelSize.height() < 16 || pixelSize.width() > 20000 ||
        pixelSize.height() > 20000)
        return QStringLiteral("The image size must be between 16 and 20000 pixels a side.");
    if (!(scale >= 0.25 && scale <= 8.0))
        return QStringLiteral("The scale must be between 0.25 and 8.");
    const QImage image = renderChart(view, pixelSize, scale);
    if (image.isNull())
        return QStringLiteral("Not enough memory for a %1×%2 image.")
            .arg(std::lround(pixelSize.width() * scale))
            .arg(std::lround(pixelSize.height() * scale));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fileError(file, path);
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        return QStringLiteral("Cannot encode the PNG image for %1.")
            .arg(QFileInfo(path).fileName());
    }
    if (!file.commit())
        return fileError(file, path);
    return std::nullopt;
}

QByteArray renderChartSvg(QChartView* view, QSize size)
{
    if (size.isEmpty())
        size = defaultExportSize(view);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(viewDpi(view));
    generator.setTitle(chartTitle(view));
    generator.setDescription(QStringLiteral("%1 %2").arg(QString::fromLatin1(kProjectName),
                                                         QString::fromLatin1(kVersion)));
    QPainter painter;
    if (!painter.begin(&generator))
        return {};
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    renderChartInto(view, &painter, QRectF(QPointF(0, 0), QSizeF(size)), QSizeF(size));
    painter.end();
    return bytes;
}

std::optional<QString> exportChartSvg(QChartView* view, const QString& path, QSize size)
{
    const QByteArray svg = renderChartSvg(view, size);
    if (svg.isEmpty())
        return QStringLiteral("Cannot render the chart as SVG.");
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fileError(file, path);
    if (file.write(svg) != svg.size() || !file.commit())
        return fileError(file, path);
    return std::nullopt;
}

std::optional<QString> exportChartPdf(QChartView* view, const QString& path)
{
    const QSize size = defaultExportSize(view);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fileError(file, path);
    {
        QPdfWriter writer(&file);
        const int dpi = viewDpi(view);
        // One page the size of the chart: 1 layout pixel = 1/dpi inch, no extra scaling.
        writer.setResolution(dpi);
        writer.setPageSize(QPageSize(QSizeF(size.width() * 72.0 / dpi, size.height() * 72.0 / dpi),
                                     QPageSize::Point, QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setTitle(chartTitle(view));
        writer.setCreator(QStringLiteral("%1 %2").arg(QString::fromLatin1(kProjectName),
                                                      QString::fromLatin1(kVersion)));
        QPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            return QStringLiteral("Cannot start the PDF for %1.").arg(QFileInfo(path).fileName());
        }
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        const QRectF target(QPointF(0, 0), QSizeF(writer.width(), writer.height()));
        renderChartInto(view, &painter, target, QSizeF(size));
        painter.end();
    }
    if (!file.commit())
        return fileError(file, path);
    return std::nullopt;
}

void copyChartToClipboard(QChartView* view)
{
    const QSize size = defaultExportSize(view);
    const qreal ratio = view->devicePixelRatioF() > 0 ? view->devicePixelRatioF() : 1.0;
    auto* mime = new QMimeData;
    mime->setImageData(renderChart(view, size, ratio));
    // Vector too: Inkscape, LibreOffice and browsers-based editors take image/svg+xml.
    mime->setData(QStringLiteral("image/svg+xml"), renderChartSvg(view, size));
    QGuiApplication::clipboard()->setMimeData(mime);
}

} // namespace hedge
