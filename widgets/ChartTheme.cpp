#include "ChartTheme.h"

#include <QAbstractAxis>
#include <QBrush>
#include <QChart>
#include <QLegend>
#include <QPen>

#include <algorithm>
#include <cmath>

namespace hedge {

ChartTheme::ChartTheme(const QPalette& palette, const QFont& font)
    : m_palette(palette), m_font(font),
      m_dark(palette.color(QPalette::Window).lightness() < 128)
{
}

QColor ChartTheme::text() const
{
    return m_palette.color(QPalette::Text);
}

QColor ChartTheme::base() const
{
    return m_palette.color(QPalette::Base);
}

QColor ChartTheme::collapseColour() const
{
    return m_dark ? QColor(0xFF, 0x55, 0x55) : QColor(0xC8, 0x10, 0x10);
}

QFont ChartTheme::smallFont() const
{
    QFont small = m_font;
    small.setPointSizeF(std::max(7.0, m_font.pointSizeF() - 0.5));
    return small;
}

QFont ChartTheme::titleFont() const
{
    QFont title = m_font;
    title.setBold(true);
    title.setPointSizeF(m_font.pointSizeF() + 1.5);
    return title;
}

QFont ChartTheme::presenterFont(const QFont& font)
{
    QFont large = font;
    if (font.pointSizeF() > 0)
        large.setPointSizeF(font.pointSizeF() * kPresenterFontScale);
    else
        large.setPixelSize(int(std::lround(font.pixelSize() * kPresenterFontScale)));
    return large;
}

QColor ChartTheme::mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                            static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                            static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}

void ChartTheme::styleChart(QChart* chart) const
{
    chart->setTheme(m_dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    // The theme's gradients and fonts are replaced by the desktop's palette and font.
    chart->setBackgroundBrush(base());
    chart->setBackgroundPen(Qt::NoPen);
    chart->setBackgroundRoundness(0);
    chart->setDropShadowEnabled(false);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleFont(titleFont());
    chart->setTitleBrush(text());

    QLegend* legend = chart->legend();
    legend->setFont(smallFont());
    legend->setLabelColor(text());
    legend->setBrush(Qt::NoBrush);
    legend->setPen(Qt::NoPen);
    legend->setBackgroundVisible(false);
}

void ChartTheme::styleAxis(QAbstractAxis* axis, bool minorGrid) const
{
    axis->setLabelsBrush(text());
    axis->setLabelsFont(smallFont());
    axis->setTitleBrush(text());
    axis->setTitleFont(m_font);
    axis->setShadesVisible(false);
    axis->setLinePen(QPen(mix(text(), base(), 0.55), 1.0));
    axis->setGridLinePen(QPen(mix(text(), base(), m_dark ? 0.78 : 0.85), 1.0));
    axis->setMinorGridLinePen(QPen(mix(text(), base(), m_dark ? 0.91 : 0.93), 1.0));
    axis->setMinorGridLineVisible(minorGrid);
}

} // namespace hedge
