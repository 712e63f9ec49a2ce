// Pictures of any widget that can paint itself at a given size (the heat map): PNG at a
// chosen size and scale, SVG and one-page PDF, written atomically (QSaveFile) so that a failed
// export leaves an existing file untouched.
#pragma once

#include <QByteArray>
#include <QColor>
#include <QImage>
#include <QSize>
#include <QString>

#include <functional>
#include <optional>

class QPainter;

namespace hedge {

// Paints the picture laid out at `size` (logical pixels) with `painter`.
using PaintAt = std::function<void(QPainter* painter, QSizeF size)>;

// `dpi` is the layout's logical DPI (the widget's), so that fonts keep their on-screen size.
// The image has size × scale pixels and a devicePixelRatio of `scale`.
QImage paintImage(const PaintAt& paint, QSize size, qreal scale, int dpi,
                  const QColor& background = Qt::white);
// The picture as an SVG document; empty if it cannot be rendered.
QByteArray paintSvg(const PaintAt& paint, QSize size, int dpi, const QString& title);

// Each returns an error message, or nullopt on success.
std::optional<QString> exportPaintedPng(const PaintAt& paint, const QString& path, QSize size,
                                        qreal scale, int dpi,
                                        const QColor& background = Qt::white);
std::optional<QString> exportPaintedSvg(const PaintAt& paint, const QString& path, QSize size,
                                        int dpi, const QString& title);
std::optional<QString> exportPaintedPdf(const PaintAt& paint, const QString& path, QSize size,
                                        int dpi, const QString& title);

} // namespace hedge
