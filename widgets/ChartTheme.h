// The desktop's palette and font applied to a Qt chart: background, title, legend and axes
// follow the application instead of Qt Charts' built-in themes, in light and dark. Shared by
// every chart so they look alike.
#pragma once

#include <QColor>
#include <QFont>
#include <QPalette>

class QAbstractAxis;
class QChart;

namespace hedge {

class ChartTheme {
public:
    ChartTheme(const QPalette& palette, const QFont& font);

    bool isDark() const { return m_dark; }
    QColor text() const;
    QColor base() const;
    // Red that reads on the background: collapse markers and the off-scale key.
    QColor collapseColour() const;
    // Axis labels, legend and notes: a little smaller than the body text.
    QFont smallFont() const;
    QFont titleFont() const;

    // Presenter mode's text (docs/user-guide.md, "Presenter mode"): `font` 1.6 times as large,
    // read from the back of a room.
    static constexpr double kPresenterFontScale = 1.6;
    static QFont presenterFont(const QFont& font);

    // `t` of the way from `a` to `b`.
    static QColor mix(const QColor& a, const QColor& b, double t);

    void styleChart(QChart* chart) const;
    void styleAxis(QAbstractAxis* axis, bool minorGrid) const;

private:
    QPalette m_palette;
    QFont m_font;
    bool m_dark = false;
};

} // namespace hedge
