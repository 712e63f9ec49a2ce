#include "SlideExport.h"

#include <QFileInfo>
#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QRegularExpression>

namespace hedge {

namespace {

// Pixel sizes: a slide is 1920 pixels wide whatever the screen's DPI.
constexpr int kTitlePixels = 60;
constexpr int kCaptionPixels = 36;
constexpr double kSlideMargin = 48.0;

QFont slideFont(int pixels, bool bold)
{
    QFont font;
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

// Draws `text` word-wrapped from the top of `area`; returns the height it took.
double drawWrapped(QPainter* painter, const QRectF& area, const QString& text, const QFont& font)
{
    if (text.isEmpty())
        return 0.0;
    painter->setFont(font);
    const QRectF used =
        QFontMetricsF(font).boundingRect(area, Qt::TextWordWrap | Qt::AlignLeft, text);
    painter->drawText(area, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
    return used.height();
}

} // namespace

QString firstSentence(const QString& text)
{
    const QString paragraph = text.trimmed().section(QStringLiteral("\n\n"), 0, 0).simplified();
    static const QRegularExpression end(QStringLiteral("[.!?](\\s|$)"));
    const QRegularExpressionMatch match = end.match(paragraph);
    return match.hasMatch() ? paragraph.left(match.capturedStart() + 1) : paragraph;
}

void paintSlide(const Slide& slide, QPainter* painter, QSizeF size)
{
    painter->fillRect(QRectF(QPointF(0, 0), size), slide.background);
    painter->setPen(slide.text);
    const double width = size.width() - 2 * kSlideMargin;
    double y = kSlideMargin;
    y += drawWrapped(painter, QRectF(kSlideMargin, y, width, size.height() / 4), slide.title,
                     slideFont(kTitlePixels, true));
    if (!slide.caption.isEmpty())
        y += 12 + drawWrapped(painter, QRectF(kSlideMargin, y + 12, width, size.height() / 4),
                              slide.caption, slideFont(kCaptionPixels, false));
    y += 24;
    const QRectF view(kSlideMargin / 2, y, size.width() - kSlideMargin, size.height() - y - kSlideMargin / 2);
    if (!slide.view || view.height() < 50)
        return;
    painter->save();
    painter->translate(view.topLeft());
    painter->setClipRect(QRectF(QPointF(0, 0), view.size()));
    slide.view(painter, view.size());
    painter->restore();
}

std::optional<QString> exportSlide(const Slide& slide, const QString& path)
{
    const PaintAt paint = [&slide](QPainter* painter, QSizeF size) {
        paintSlide(slide, painter, size);
    };
    if (QFileInfo(path).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0)
        return exportPaintedSvg(paint, path, kSlideSize, slide.dpi, slide.title);
    return exportPaintedPng(paint, path, kSlideSize, 1.0, slide.dpi, slide.background);
}

} // namespace hedge
