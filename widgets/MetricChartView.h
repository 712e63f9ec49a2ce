// One metric of every visible setup against load: a line with point markers per setup in
// its colour, collapsed points marked with a red X and a shaded "collapse" band, exact
// figures in a tooltip, legend entries that toggle setups. Latency uses a log axis.
#pragma once

#include "Metric.h"
#include "SeriesStyle.h"

#include <hedge/sim/PointResult.h>

#include <QChartView>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QString>
#include <QVariant>

#include <optional>
#include <utility>
#include <vector>

class QAbstractAxis;
class QCategoryAxis;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLegendMarker;
class QLineSeries;
class QScatterSeries;

namespace hedge {

class MetricChartView : public QChartView {
    Q_OBJECT

public:
    explicit MetricChartView(Metric metric, QWidget* parent = nullptr);
    ~MetricChartView() override;

    Metric metric() const { return m_metric; }
    void setMetric(Metric metric);

    // One series per style, in this order (legend order too). Only setups named here are
    // drawn; a hidden setup keeps a dimmed legend entry so a click can show it again.
    void setSeriesStyles(const QList<SeriesStyle>& styles);
    QList<SeriesStyle> seriesStyles() const;

    // Replaces all data. Cheap enough for a 25 Hz timer: a series is only replaced (one
    // QXYSeries::replace) when its points changed.
    void setPoints(const std::vector<PointResult>& points);
    const std::vector<PointResult>& points() const { return m_points; }

    // Fixes the x axis to [minLoad, maxLoad] (plus a margin) so it does not move while a
    // sweep fills in. Without it the range is that of the points, widened to 30–95 %.
    void setLoadRange(double minLoad, double maxLoad);
    void clearLoadRange();

    // Shown in the chart's top-right corner, e.g. "coarse pass · 20 000 calls/point".
    void setPassLabel(const QString& label);
    QString passLabel() const;

    // What is drawn for a setup (x = load as a fraction, y = metricValue), sorted by load;
    // empty for a hidden or unknown setup. Collapsed points are part of the line too.
    QList<QPointF> seriesPoints(const QString& setup) const;
    // The collapsed points of a setup drawn with the collapse marker. A collapsed point
    // without the metric (no call succeeded) is drawn at the top of the axis.
    QList<QPointF> collapsedPoints(const QString& setup) const;
    // The load where the shaded collapse band starts, if a visible setup collapsed.
    std::optional<double> collapseBandStart() const;

    // The y axis's current range (after clamping: a log axis never gets a bound <= 0).
    std::pair<double, double> valueAxisRange() const;
    bool isLogarithmic() const;
    bool isDarkTheme() const { return m_dark; }

    // The point drawn nearest to `viewPos` (within a few pixels), as the tooltip shows it.
    std::optional<PointResult> pointAt(const QPoint& viewPos) const;
    // The tooltip of a point: its exact figures.
    static QString tooltipText(const PointResult& point);

signals:
    // A legend entry was clicked; the chart has already shown/hidden the series.
    void seriesVisibilityToggled(const QString& setup, bool visible);

protected:
    void changeEvent(QEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    struct SetupSeries {
        SeriesStyle style;
        QLineSeries* line = nullptr;
        QList<QPointF> drawn;        // sorted by load
        std::vector<int> drawnIndex; // m_points index of each drawn point
        QList<QPointF> collapsed;    // collapsed points, where the X is drawn
        std::vector<int> collapsedIndex;
        bool serverCancellation = false;
    };

    void rebuildSeries();
    void restyleSeries(SetupSeries& s);
    void distributePoints();
    void updateXAxis();
    void updateYAxis();
    void replaceYAxis();
    void styleAxis(QAbstractAxis* axis, bool minorGrid);
    void applyTheme();
    void updateLegendMarkers();
    void onLegendMarkerClicked(QLegendMarker* marker);
    void updateOverlays();
    QImage collapseMarkerImage() const;
    int indexOf(const QString& setup) const;
    int nearestPointIndex(const QPoint& viewPos) const;
    double xToChart(double load) const;

    Metric m_metric;
    std::vector<PointResult> m_points;
    std::vector<SetupSeries> m_series;
    QHash<QString, int> m_lookup; // setup name -> m_series index
    QScatterSeries* m_collapse = nullptr;
    std::vector<int> m_collapseIndex; // m_points index of each collapse-series point
    QCategoryAxis* m_xAxis = nullptr;
    QAbstractAxis* m_yAxis = nullptr;
    std::optional<std::pair<double, double>> m_fixedLoadRange;
    std::pair<double, double> m_xRange{0.0, 1.0};
    std::pair<double, double> m_yRange{1.0, 1000.0};
    std::optional<double> m_bandStart;
    QGraphicsRectItem* m_band = nullptr;
    QGraphicsSimpleTextItem* m_bandLabel = nullptr;
    QGraphicsSimpleTextItem* m_passLabel = nullptr;
    QString m_passText;
    QList<QVariant> m_legendSignature; // what updateLegendMarkers last applied
    bool m_dark = false;
    bool m_applyingTheme = false;
    int m_tooltipPoint = -1;
};

} // namespace hedge
