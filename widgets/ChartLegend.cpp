#include "ChartLegend.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPen>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

// The line sample is as long as four characters, the gap between entries two.
int sampleWidth(const QFontMetrics& fm)
{
    return 4 * fm.averageCharWidth();
}

} // namespace

ChartLegend::ChartLegend(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void ChartLegend::setSeriesStyles(const QList<SeriesStyle>& styles)
{
    QList<SeriesStyle> shown;
    for (const SeriesStyle& s : styles)
        if (s.visible)
            shown << s;
    if (shown == m_styles)
        return;
    m_styles = shown;
    updateGeometry();
    update();
}

QStringList ChartLegend::names() const
{
    QStringList out;
    for (const SeriesStyle& s : m_styles)
        out << s.setup;
    return out;
}

int ChartLegend::entryWidth(const SeriesStyle& style) const
{
    const QFontMetrics fm(font());
    // Rounded up: a name drawn in exactly its advance may still wrap its last word.
    return sampleWidth(fm) + fm.averageCharWidth() +
           static_cast<int>(std::ceil(QFontMetricsF(font()).horizontalAdvance(style.setup))) + 2;
}

QList<QRect> ChartLegend::layoutFor(int width) const
{
    const QFontMetrics fm(font());
    const int gap = 2 * fm.averageCharWidth();
    const int lineHeight = fm.height() + fm.height() / 4;
    QList<QRect> rects;
    int x = 0, y = 0;
    for (const SeriesStyle& s : m_styles) {
        // A name wider than the whole line gets a line of its own and wraps (never cut).
        const int w = std::min(entryWidth(s), std::max(1, width));
        if (x > 0 && x + w > width) {
            x = 0;
            y += lineHeight;
        }
        const int lines = entryWidth(s) > width ? 2 : 1;
        rects << QRect(x, y, w, lines * lineHeight);
        y += (lines - 1) * lineHeight;
        x += w + gap;
    }
    return rects;
}

int ChartLegend::heightForWidth(int width) const
{
    int bottom = 0;
    for (const QRect& r : layoutFor(width))
        bottom = std::max(bottom, r.bottom() + 1);
    return bottom;
}

QSize ChartLegend::sizeHint() const
{
    int w = 0;
    for (const SeriesStyle& s : m_styles)
        w = std::max(w, entryWidth(s));
    return {w, heightForWidth(std::max(1, width()))};
}

QSize ChartLegend::minimumSizeHint() const
{
    return {0, heightForWidth(std::max(1, width()))};
}

void ChartLegend::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paintEntries(p, width());
}

void ChartLegend::paint(QPainter* painter, const QRectF& rect) const
{
    painter->save();
    painter->translate(rect.topLeft());
    painter->setFont(font());
    paintEntries(*painter, static_cast<int>(rect.width()));
    painter->restore();
}

void ChartLegend::paintEntries(QPainter& p, int width) const
{
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm(font());
    const QList<QRect> rects = layoutFor(width);
    const int sample = sampleWidth(fm);
    const int lineHeight = fm.height() + fm.height() / 4;
    for (int i = 0; i < m_styles.size() && i < rects.size(); ++i) {
        const SeriesStyle& s = m_styles[i];
        const QRect r = rects[i];
        QPen pen(s.color, s.lineWidth > 0 ? s.lineWidth : 2.0);
        pen.setCapStyle(Qt::FlatCap);
        if (!s.dashPattern.isEmpty())
            pen.setDashPattern(s.dashPattern);
        p.setPen(pen);
        const int mid = r.top() + lineHeight / 2;
        p.drawLine(QPointF(r.left(), mid), QPointF(r.left() + sample, mid));
        p.setPen(palette().color(QPalette::WindowText));
        const QRect text(r.left() + sample + fm.averageCharWidth(), r.top(),
                         r.width() - sample - fm.averageCharWidth(), r.height());
        const bool wraps = entryWidth(s) > r.width();
        p.drawText(text, Qt::AlignLeft | Qt::AlignTop | (wraps ? Qt::TextWordWrap : 0), s.setup);
    }
}

} // namespace hedge
