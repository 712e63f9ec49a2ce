#include "HeatMapLegend.h"

#include "MapColourScale.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace hedge {

double HeatMapLegend::barAreaWidth(const MapColourScale& scale) const
{
    const QFontMetricsF small(m_theme.smallFont());
    double widestTick = small.horizontalAdvance(QStringLiteral("×0.75"));
    for (const auto& [value, text] : scale.ticks())
        widestTick = std::max(widestTick, small.horizontalAdvance(text));
    return kBarWidth + 5 + widestTick + 6 + small.height();
}

void HeatMapLegend::paintBar(QPainter* p, const QRectF& bar, const MapColourScale& scale) const
{
    const QFontMetricsF small(m_theme.smallFont());
    const int steps = std::max(2, static_cast<int>(bar.height()));
    for (int i = 0; i < steps; ++i) {
        const double t = (i + 0.5) / steps;
        // position → value: invert the scale along the bar (bottom: low end).
        double value = 0.0;
        if (scale.isLogarithmic())
            value = scale.low() * std::pow(scale.high() / scale.low(), t);
        else
            value = scale.low() + (scale.high() - scale.low()) * t;
        const double y = bar.bottom() - bar.height() * (i + 1) / steps;
        p->fillRect(QRectF(bar.left(), y, bar.width(), bar.height() / steps + 0.5),
                    scale.colour(value));
    }
    p->setPen(QPen(m_theme.text(), 1));
    p->setBrush(Qt::NoBrush);
    p->drawRect(bar);
    p->setFont(m_theme.smallFont());
    double tickRight = bar.right();
    for (const auto& [value, text] : scale.ticks()) {
        const double y = bar.bottom() - bar.height() * scale.position(value);
        p->drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 4, y));
        const double w = small.horizontalAdvance(text);
        p->drawText(QRectF(bar.right() + 6, y - small.height() / 2, w + 2, small.height()),
                    Qt::AlignLeft | Qt::AlignVCenter, text);
        tickRight = std::max(tickRight, bar.right() + 6 + w + 2);
    }
    p->save();
    p->translate(tickRight + 4 + small.height(), bar.center().y());
    p->rotate(-90);
    QString note;
    if (scale.isDiverging())
        note = tr("log scale · below 1: hedging helps");
    else if (scale.isLogarithmic())
        note = tr("log scale");
    p->drawText(QRectF(-bar.height() / 2 - 40, -small.height(), bar.height() + 80, small.height()),
                Qt::AlignCenter, note);
    p->restore();
}

QStringList HeatMapLegend::keyTexts()
{
    return {tr("collapsed"), tr("hedging helps, no collapse"), tr("not computed yet")};
}

std::vector<QRectF> HeatMapLegend::keyRects(double width) const
{
    // Left to right, wrapping onto a new row where the width runs out.
    const QFontMetricsF small(m_theme.smallFont());
    const double h = small.height() + 2;
    std::vector<QRectF> rects;
    double x = 0.0;
    double y = 0.0;
    for (const QString& text : keyTexts()) {
        const double w = (small.height() - 2) * 1.6 + 4 + small.horizontalAdvance(text) + 2;
        if (x > 0.0 && x + w > width) {
            x = 0.0;
            y += h;
        }
        rects.emplace_back(x, y, w, h);
        x += w + 16;
    }
    return rects;
}

double HeatMapLegend::keysHeight(double width) const
{
    const std::vector<QRectF> rects = keyRects(width);
    return rects.empty() ? 0.0 : rects.back().bottom();
}

void HeatMapLegend::paintKeys(QPainter* p, const QRectF& area) const
{
    const QFontMetricsF small(m_theme.smallFont());
    p->setFont(m_theme.smallFont());
    const std::vector<QRectF> rects = keyRects(area.width());
    const QStringList texts = keyTexts();
    for (int i = 0; i < texts.size(); ++i) {
        const QRectF box = rects[std::size_t(i)].translated(area.topLeft());
        const double s = small.height() - 2;
        const QRectF r(box.left(), box.top() + 1, s * 1.6, s);
        switch (i) {
        case 0:
            p->fillRect(r, ChartTheme::mix(m_theme.text(), m_theme.base(), 0.75));
            p->fillRect(r, QBrush(m_theme.collapseColour(), Qt::BDiagPattern));
            p->setPen(QPen(m_theme.collapseColour(), 1.2));
            p->drawLine(r.topLeft(), r.bottomRight());
            p->drawLine(r.topRight(), r.bottomLeft());
            break;
        case 1:
            p->setBrush(Qt::NoBrush);
            p->setPen(QPen(m_theme.text(), 2.5));
            p->drawRect(r.adjusted(1, 1, -1, -1));
            break;
        default:
            p->setBrush(Qt::NoBrush);
            p->setPen(QPen(ChartTheme::mix(m_theme.text(), m_theme.base(), 0.7), 1, Qt::DotLine));
            p->drawRect(r.adjusted(1, 1, -1, -1));
            break;
        }
        p->setPen(m_theme.text());
        p->drawText(QRectF(r.right() + 4, box.top(), box.right() - r.right() - 4, box.height()),
                    Qt::AlignLeft | Qt::AlignVCenter, texts[i]);
    }
}


} // namespace hedge
