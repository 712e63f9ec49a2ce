// One metric of every visible setup against load: a line with point markers per setup in
// its colour, exact figures on hover (of every setup at the spot). Latency uses a log axis.
// Collapsed points are marked in their setup's colour (an X; half filled when only some runs
// collapsed); for latency and requests per call they do not stretch the axis: one above the
// axis is drawn on the plot's top edge as an up-triangle hanging from it ("off scale"), its
// figure printed under it. Markers of several setups at one
// spot are spread sideways so that none hides another. The setup
// list beside the charts names the colours, so the legend is shown only in exports.
#pragma once

#include "ChartAnnotations.h"
#include "LoadAxis.h"
#include "LogAxisLabels.h"
#include "MarkerStacks.h"
#include "Metric.h"
#include "MetricValueAxis.h"
#include "OffScaleLabels.h"
#include "PointTooltip.h"
#include "SeriesStyle.h"
#include "SetupCurveSet.h"

#include <hedge/sim/PointResult.h>

#include <QChartView>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QLineSeries;

namespace hedge {

class ChartCallout;

class MetricChartView : public QChartView {
    Q_OBJECT

public:
    explicit MetricChartView(Metric metric, QWidget* parent = nullptr);
    ~MetricChartView() override;

    Metric metric() const { return m_metric; }
    void setMetric(Metric metric);

    // One series per style, in this order; a series belongs to its setup's name, so adding,
    // removing, renaming and reordering setups in any order with setPoints keeps each curve
    // with its points. A hidden setup is not drawn.
    void setSeriesStyles(const QList<SeriesStyle>& styles);
    QList<SeriesStyle> seriesStyles() const;

    // Replaces all data. Cheap enough for a 25 Hz timer: a series is only replaced (one
    // QXYSeries::replace) when its points changed.
    void setPoints(const std::vector<PointResult>& points);
    const std::vector<PointResult>& points() const { return m_points; }

    // Overlays measured points (a results file from `hedgesim confirm`/`load`) on the curves:
    // each drawn as a hollow diamond in the colour of the setup of the same name. Returns the
    // setups of `points` that no curve has (not drawn). `source` names the file on hover.
    QStringList setMeasuredPoints(const std::vector<PointResult>& points, const QString& source);
    void clearMeasuredPoints();
    const std::vector<PointResult>& measured() const { return m_measured; }
    // The measured points drawn for a setup (x = load, y = metricValue).
    QList<QPointF> measuredPoints(const QString& setup) const;

    // Fixes the x axis to [minLoad, maxLoad] (plus a margin) so it does not move while a
    // sweep fills in. Without it the range is that of the points, widened to 30–95 %.
    void setLoadRange(double minLoad, double maxLoad);
    void clearLoadRange();

    // Shown at the chart's top right, e.g. "coarse pass · 20 000 calls/point"; never over
    // the title (a narrow chart shows it above the title).
    void setPassLabel(const QString& label);
    QString passLabel() const;
    // Where the pass label and the title are, in chart coordinates (empty when not shown).
    QRectF passLabelRect() const;
    QRectF titleRect() const;

    // What is drawn for a setup (x = load as a fraction, y = metricValue), sorted by load;
    // empty for a hidden or unknown setup. Collapsed points are part of the line too; one
    // above the axis's ceiling is drawn on the ceiling.
    QList<QPointF> seriesPoints(const QString& setup) const;
    // The edges of the band a setup's replicates span (metricBand), one point per line point;
    // empty when none of its points ran more than once, or the setup is hidden.
    QList<QPointF> bandUpperEdge(const QString& setup) const;
    QList<QPointF> bandLowerEdge(const QString& setup) const;
    // A setup's markers of one kind as drawn (x = load, y = the figure or the ceiling; a
    // marker sharing its spot with other setups' is moved aside, MarkerStacks). Collapse: the X
    // inside the axis; Partial: collapsed in some replicates, not all, a half-filled circle;
    // OffScale, PartialOffScale: the same on the ceiling as a triangle, their figure above
    // the axis or missing (no call succeeded).
    QList<QPointF> markerPoints(const QString& setup, MarkerKind kind) const;
    QList<QPointF> collapsedPoints(const QString& setup) const
    {
        return markerPoints(setup, MarkerKind::Collapse);
    }
    QList<QPointF> partialCollapsePoints(const QString& setup) const
    {
        return markerPoints(setup, MarkerKind::Partial);
    }
    QList<QPointF> offScalePoints(const QString& setup) const
    {
        return markerPoints(setup, MarkerKind::OffScale);
    }
    // The figures printed under the markers on the top edge (OffScaleLabels), in chart
    // coordinates: a marker there alone would read as the top tick's value.
    const std::vector<OffScaleLabels::Label>& offScaleLabels() const
    {
        return m_offScaleLabels->labels();
    }

    // The "collapse" key printed in the plot when a collapsed point is shown, in chart
    // coordinates (empty when hidden).
    QRectF collapseLabelRect() const;
    // Its text (empty when hidden): each marker shape once, "collapse" once.
    QString collapseKeyText() const;

    // A lesson's callout on `setup`'s point at `load` (ChartCallout); an empty setup removes
    // it. Drawn while that setup is shown and has a point there; exports draw it too.
    // `compact`: as for CalloutBubble::setText.
    void setCallout(const QString& setup, double load, const QString& text,
                    const QString& compact = {});
    const ChartCallout& callout() const { return *m_callout; }

    // The y axis's current range (after clamping: a log axis never gets a bound <= 0).
    std::pair<double, double> valueAxisRange() const { return m_yAxis->range(); }
    // Where collapsed points above the axis are drawn: just under its top.
    double valueAxisCeiling() const { return m_yAxis->ceiling(); }
    bool isLogarithmic() const { return m_yAxis->isLogarithmic(); }
    // The value axis's labels, from the bottom; a log axis adds 2 and 5 times each power
    // where a decade has room (LogAxisLabels).
    QStringList valueAxisLabels() const;
    // The load axis's labels as they are set ("60 %", "80 %").
    QStringList loadAxisLabels() const;
    bool isDarkTheme() const { return m_dark; }

    // The point drawn nearest to `viewPos` (within a few pixels), as the tooltip shows it.
    std::optional<PointResult> pointAt(const QPoint& viewPos) const;
    // Every point at that spot, the nearest first, as the tooltip lists them: the setups whose
    // markers share its stack or whose figure is drawn there too.
    std::vector<PointResult> pointsAt(const QPoint& viewPos) const;
    // The tooltip of a point: its exact figures.
    static QString tooltipText(const PointResult& point) { return PointTooltip::text(point); }

    // Small enough that seven charts share a 1024 × 700 window; the labels adapt.
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

signals:
    // A legend entry was clicked; the chart has already shown/hidden the series.
    void seriesVisibilityToggled(const QString& setup, bool visible);

protected:
    void changeEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void attachSeries();
    void distributePoints();
    void fitAxes(std::optional<std::pair<double, double>> values);
    void replaceYAxis();
    void applyTheme();
    void updateLegendMarkers();
    void onLegendMarkerClicked(QLineSeries* line);
    void onChartResized();
    void updateOverlays();
    void noteCollapseOutcomes(ChartAnnotations::KeyEntries& entries) const;
    bool isCompact() const;
    QColor halo() const;
    const SetupCurve* curve(const QString& setup) const;
    std::vector<int> pointsAtView(const QPoint& viewPos) const;
    const PointResult& pointOf(int index) const; // measured ones after the simulated ones
    QString hoverText(const std::vector<int>& found) const;

    Metric m_metric;
    std::vector<PointResult> m_points;
    std::vector<PointResult> m_measured;
    QString m_measuredSource;
    SetupCurveSet m_curves;
    LoadAxis m_xAxis;
    std::unique_ptr<MetricValueAxis> m_yAxis;
    std::optional<std::pair<double, double>> m_fixedLoadRange;
    std::pair<double, double> m_xRange{0.0, 1.0};
    std::unique_ptr<ChartAnnotations> m_annotations;
    std::unique_ptr<OffScaleLabels> m_offScaleLabels;
    std::unique_ptr<LogAxisLabels> m_logLabels;
    ChartCallout* m_callout = nullptr;
    QList<QVariant> m_legendSignature; // what updateLegendMarkers last applied
    bool m_compact = false;
    bool m_dark = false;
    bool m_applyingTheme = false;
    bool m_distributing = false;
    double m_fittedPlotWidth = 0.0; // the plot's width the load labels were spaced for
    MarkerStacks m_stacks;
    std::vector<int> m_tooltipPoints;
};

} // namespace hedge
