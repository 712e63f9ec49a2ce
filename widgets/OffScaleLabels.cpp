#include "OffScaleLabels.h"

#include "PointTooltip.h"
#include "SetupCurveSet.h"

#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QScatterSeries>

#include <algorithm>

namespace hedge {

OffScaleLabels::OffScaleLabels(QChart* chart) : m_chart(chart) {}

void OffScaleLabels::setFont(const QFont& font)
{
    m_font = font;
    m_font.setBold(true);
}

QGraphicsSimpleTextItem* OffScaleLabels::item(std::size_t i)
{
    while (m_items.size() <= i) {
        auto* label = new QGraphicsSimpleTextItem(m_chart);
        label->setZValue(15); // over the series, under the key and the callout
        m_items.push_back(label);
    }
    return m_items[i];
}

void OffScaleLabels::place(const SetupCurveSet& curves, const std::vector<PointResult>& points,
                           Metric metric, double markerSize)
{
    m_labels.clear();
    m_shown.clear();
    const QRectF plot = m_chart->plotArea();
    const QFontMetricsF metrics(m_font);
    std::size_t used = 0;
    if (plot.isValid()) {
        for (const auto& curve : curves) {
            if (!curve->style().visible)
                continue;
            for (const MarkerKind kind : {MarkerKind::OffScale, MarkerKind::PartialOffScale}) {
                QScatterSeries* series = curve->marks(kind);
                const QList<QPointF> shown = series->points(); // moved aside in a stack
                const std::vector<int>& index = curve->drawn()[kind].index;
                QString previous; // a run of equal figures of one series is printed once
                for (qsizetype k = 0; k < shown.size() && k < qsizetype(index.size()); ++k) {
                    const PointResult& p = points[static_cast<std::size_t>(index[std::size_t(k)])];
                    const QString text = PointTooltip::figure(metricValue(p, metric), metric);
                    if (text == previous)
                        continue;
                    previous = text;
                    const QPointF at = m_chart->mapToPosition(shown[k], series);
                    QRectF rect(0, 0, metrics.horizontalAdvance(text) + 2.0, metrics.height());
                    rect.moveCenter(QPointF(at.x(), 0.0));
                    rect.moveTop(at.y() + markerSize / 2.0 + 1.0);
                    // Inside the plot sideways. A label that would meet one already placed is
                    // left out: its marker stays and its hover gives the figure (moved down,
                    // they piled into columns over the curves at 1024 x 700).
                    rect.moveLeft(std::clamp(rect.left(), plot.left(),
                                             std::max(plot.left(), plot.right() - rect.width())));
                    // A character's width apart at least: figures that touch read as one
                    // ("57.1 s96.0 s").
                    const double gap = metrics.averageCharWidth();
                    const bool meets = std::any_of(
                        m_labels.begin(), m_labels.end(), [&rect, gap](const Label& other) {
                            return other.rect.adjusted(-gap, 0.0, gap, 0.0).intersects(rect);
                        });
                    if (meets)
                        continue;
                    m_labels.push_back({curve->style().setup, p.load, text, rect});
                    QGraphicsSimpleTextItem* label = item(used++);
                    m_shown.push_back(label);
                    label->setFont(m_font);
                    label->setText(text);
                    label->setBrush(curve->style().color);
                    label->setPos(rect.topLeft() + QPointF(1.0, 0.0));
                    label->setToolTip(QStringLiteral("%1: %2 = %3, above the axis")
                                          .arg(curve->style().setup, metricShortName(metric), text));
                    label->show();
                }
            }
        }
    }
    for (std::size_t i = used; i < m_items.size(); ++i)
        m_items[i]->hide();
}

void OffScaleLabels::leaveOut(const QRectF& rect)
{
    std::size_t kept = 0;
    for (std::size_t i = 0; i < m_labels.size(); ++i) {
        if (m_labels[i].rect.intersects(rect)) {
            m_shown[i]->hide();
            continue;
        }
        m_labels[kept] = m_labels[i];
        m_shown[kept] = m_shown[i];
        ++kept;
    }
    m_labels.resize(kept);
    m_shown.resize(kept);
}

} // namespace hedge
