#include "LiveChangeTicks.h"

#include "ChartTheme.h"

#include <QPainter>

#include <cmath>

namespace hedge {

namespace {

double xOf(const QRectF& row, double t, double t0, double t1)
{
    return row.left() + (t - t0) / (t1 - t0) * row.width();
}

} // namespace

QList<QPair<std::size_t, QRectF>> LiveChangeTicks::labels(const ChartTheme& theme,
                                                          const QRectF& row,
                                                          const std::vector<ChangeMark>& marks,
                                                          double t0, double t1)
{
    const QFontMetricsF fm(theme.smallFont());
    std::vector<double> ticks; // every tick in the window: a label is never printed over one
    for (const ChangeMark& mark : marks)
        if (mark.atS >= t0 && mark.atS <= t1)
            ticks.push_back(xOf(row, mark.atS, t0, t1));
    QList<QPair<std::size_t, QRectF>> placed;
    const auto fits = [&](const QRectF& rect, double ownX) {
        if (rect.left() < row.left() || rect.right() > row.right())
            return false;
        for (const auto& [index, other] : placed)
            if (!other.isEmpty() && other.adjusted(-2, 0, 2, 0).intersects(rect))
                return false;
        for (double x : ticks)
            if (x != ownX && x >= rect.left() - 2 && x <= rect.right() + 2)
                return false;
        return true;
    };
    for (std::size_t i = 0; i < marks.size(); ++i) {
        if (marks[i].atS < t0 || marks[i].atS > t1)
            continue;
        const double x = xOf(row, marks[i].atS, t0, t1);
        const double width = fm.horizontalAdvance(marks[i].text) + 4;
        // Right of its tick, else left of it (before a close later tick, at the row's right
        // end); where neither is free the label is left out and its tick stays (its hover
        // says what changed).
        QRectF rect(x + 4, row.top(), width, row.height());
        if (!fits(rect, x)) {
            rect.moveLeft(x - 4 - width);
            if (!fits(rect, x))
                rect = QRectF();
        }
        placed.push_back({i, rect});
    }
    return placed;
}

void LiveChangeTicks::draw(QPainter& p, const ChartTheme& theme, const QRectF& row,
                           const std::vector<ChangeMark>& marks, const QList<SeriesStyle>& styles,
                           double t0, double t1)
{
    p.setFont(theme.smallFont());
    for (const auto& [index, rect] : labels(theme, row, marks, t0, t1)) {
        const ChangeMark& mark = marks[index];
        const QColor colour =
            mark.world >= 0 && mark.world < styles.size() ? styles[mark.world].color : theme.text();
        const double x = xOf(row, mark.atS, t0, t1);
        // A tick pointing up at the axis.
        p.setPen(QPen(colour, 2.0));
        p.drawLine(QPointF(x, row.top()), QPointF(x, row.top() + 7));
        if (rect.isEmpty())
            continue;
        p.setPen(colour);
        p.drawText(rect, Qt::AlignLeft | Qt::AlignVCenter, mark.text);
    }
}

QString LiveChangeTicks::hoverText(const ChartTheme& theme, const QRectF& row,
                                   const std::vector<ChangeMark>& marks, double t0, double t1,
                                   QPointF pos)
{
    if (!row.adjusted(-4, 0, 4, 0).contains(pos))
        return {};
    QStringList lines;
    for (const auto& [index, rect] : labels(theme, row, marks, t0, t1))
        if (std::abs(xOf(row, marks[index].atS, t0, t1) - pos.x()) <= 4 || rect.contains(pos))
            lines << QStringLiteral("<nobr>%1</nobr>").arg(marks[index].detail.toHtmlEscaped());
    return lines.join(QStringLiteral("<br>"));
}

} // namespace hedge
