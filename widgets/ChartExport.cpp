#include "ChartExport.h"

#include "PaintedExport.h"

#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGuiApplication>
#include <QLegend>
#include <QMimeData>
#include <QPageSize>
#include <QPainter>

#include <cmath>

namespace hedge {

namespace {

int viewDpi(const QChartView* view)
{
    const int dpi = view->logicalDpiY();
    return dpi > 0 ? dpi : 96;
}

// The chart laid out at the size it is painted at.
PaintAt chartPainting(QChartView* view)
{
    return [view](QPainter* painter, QSizeF size) {
        renderChartInto(view, painter, QRectF(QPointF(0, 0), size), size);
    };
}

QString chartTitle(const QChartView* view)
{
    const QString title = view->chart()->title();
    return title.isEmpty() ? QStringLiteral("chart") : title;
}

} // namespace

QSize defaultExportSize(const QChartView*)
{
    // Not the chart's size on screen: in a 1024 × 700 window that is 388 × 200, and a file
    // laid out that small cuts its own labels ("50..."). A picture for a document or a slide
    // gets room of its own.
    return kDefaultExportSize;
}

QSize pdfPageSize(const QChartView* view)
{
    const double dpi = viewDpi(view);
    const QSizeF mm = QPageSize(QPageSize::A4).size(QPageSize::Millimeter).transposed();
    return {static_cast<int>(std::lround(mm.width() / 25.4 * dpi)),
            static_cast<int>(std::lround(mm.height() / 25.4 * dpi))};
}

void renderChartInto(QChartView* view, QPainter* painter, const QRectF& target, QSizeF layoutSize,
                     bool withLegend)
{
    QChart* chart = view->chart();
    const QRectF oldGeometry = chart->geometry();
    // In the window the setup list beside the charts names the colours; a picture on its own
    // needs the legend.
    QLegend* legend = chart->legend();
    const bool legendWasVisible = legend->isVisible();
    legend->setVisible(withLegend);
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
    return paintImage(chartPainting(view), pixelSize, scale, viewDpi(view),
                      view->chart()->backgroundBrush().color());
}

std::optional<QString> exportChartPng(QChartView* view, const QString& path, QSize pixelSize,
                                      qreal scale)
{
    return exportPaintedPng(chartPainting(view), path, pixelSize, scale, viewDpi(view),
                            view->chart()->backgroundBrush().color());
}

QByteArray renderChartSvg(QChartView* view, QSize size)
{
    if (size.isEmpty())
        size = defaultExportSize(view);
    return paintSvg(chartPainting(view), size, viewDpi(view), chartTitle(view));
}

std::optional<QString> exportChartSvg(QChartView* view, const QString& path, QSize size)
{
    if (size.isEmpty())
        size = defaultExportSize(view);
    return exportPaintedSvg(chartPainting(view), path, size, viewDpi(view), chartTitle(view));
}

std::optional<QString> exportChartPdf(QChartView* view, const QString& path)
{
    return exportPaintedPdf(chartPainting(view), path, pdfPageSize(view), viewDpi(view),
                            chartTitle(view));
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
