// Charts out of the app: PNG (chosen size and scale), SVG, PDF and the clipboard. Each
// export lays the chart out at the requested size for the duration of the render, so text
// and markers keep their on-screen size instead of being stretched.
#pragma once

#include <QByteArray>
#include <QImage>
#include <QRectF>
#include <QSize>
#include <QString>

#include <optional>

class QChartView;
class QPainter;

namespace hedge {

struct ExportError {
    QString message;
};

// Each returns an error message, or nullopt on success. Files are written atomically
// (QSaveFile): a failed export leaves an existing file untouched.
// PNG: `pixelSize` is the chart's layout size; the image has pixelSize × scale pixels.
std::optional<QString> exportChartPng(QChartView* view, const QString& path, QSize pixelSize,
                                      qreal scale);
// SVG laid out at `size` (the view's size when `size` is empty).
std::optional<QString> exportChartSvg(QChartView* view, const QString& path, QSize size);
// One A4 landscape page (pdfPageSize), vector.
std::optional<QString> exportChartPdf(QChartView* view, const QString& path);

// Puts the chart on the clipboard as an image (at the screen's pixel ratio) and as SVG.
void copyChartToClipboard(QChartView* view);

// The chart laid out at `pixelSize`, in an image of pixelSize × scale pixels whose
// devicePixelRatio is `scale`.
QImage renderChart(QChartView* view, QSize pixelSize, qreal scale);

// The chart as an SVG document laid out at `size`.
QByteArray renderChartSvg(QChartView* view, QSize size);

// Draws the chart laid out at `layoutSize` into `target` of `painter` (any paint device:
// the report's PDF pages use it). Fonts are resolved at the view's DPI, so the painter's
// device should have the same logical DPI (exports set it).
// `legend` false: without the chart's own legend (a slide shows one legend for its charts).
void renderChartInto(QChartView* view, QPainter* painter, const QRectF& target, QSizeF layoutSize,
                     bool legend = true);

// The size exports use when none is given: 1200 × 750 whatever the view's size on screen
// (a chart of a 1024 × 700 window is 388 × 200: laid out that small, a file cut its labels).
inline constexpr QSize kDefaultExportSize{1200, 750};
QSize defaultExportSize(const QChartView* view);
// A PDF chart's page: A4 landscape, in layout pixels at the view's DPI (1123 × 794 at 96).
QSize pdfPageSize(const QChartView* view);

} // namespace hedge
