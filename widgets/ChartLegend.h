// Presenter mode's one legend above the charts: each setup drawn, its line as the charts draw
// it (colour, width, dashes) and its whole name. Entries wrap into as many lines as the width
// needs, so that no name is cut ("no …" in a legend on each small chart before, issue 37).
#pragma once

#include "SeriesStyle.h"

#include <QList>
#include <QRect>
#include <QWidget>

class QPainter;

namespace hedge {

class ChartLegend : public QWidget {
    Q_OBJECT
public:
    explicit ChartLegend(QWidget* parent = nullptr);

    // The visible styles are listed, in their order.
    void setSeriesStyles(const QList<SeriesStyle>& styles);
    QStringList names() const;
    // Where each entry (line sample and name) is drawn at the current width.
    QList<QRect> entryRects() const { return layoutFor(width()); }

    // Paints the legend laid out at `rect`'s width (a slide's), from its top left.
    void paint(QPainter* painter, const QRectF& rect) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QList<QRect> layoutFor(int width) const;
    int entryWidth(const SeriesStyle& style) const;
    void paintEntries(QPainter& p, int width) const;

    QList<SeriesStyle> m_styles;
};

} // namespace hedge
