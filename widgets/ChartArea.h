// The grid of metric charts in the centre of the window: which charts are shown, how they are
// laid out, and which one the user worked with last. It fans the sweep's points, the series
// styles and the load range out to the charts; a hidden chart skips point updates and catches
// up when it is shown or exported. Any number of charts stays readable (docs/user-guide.md,
// "Charts"): a chart is never drawn shorter than kReadableChartHeight; when the rows of the
// charts on are taller than the area, the grid scrolls (a wheel over a chart scrolls it too),
// and a wide area takes a third column.
#pragma once

#include <hedge/sim/PointResult.h>

#include "Metric.h"
#include "SeriesStyle.h"

#include <QMap>
#include <QSet>
#include <QStringList>
#include <QWidget>

#include <vector>

class QGridLayout;
class QScrollArea;
class QVBoxLayout;

namespace hedge {

class ChartLegend;
class MetricChartView;

class ChartArea : public QWidget {
    Q_OBJECT
public:
    explicit ChartArea(QWidget* parent = nullptr);

    // Every chart, in the order the grid and the menus list them: the catalogue's
    // (hedge/sim/Figures.h, metricFigures()), not a list of its own.
    static const QList<Metric>& chartOrder();
    // p99 and requests per call cannot be hidden (FigureRow::chartAlwaysShown).
    static bool isAlwaysShown(Metric metric);

    // The chart as it is; a hidden one may hold older points (see upToDateChart()).
    MetricChartView* chart(Metric metric) const { return m_charts.value(metric); }
    // The chart with the current points, for exports that render it even when hidden.
    MetricChartView* upToDateChart(Metric metric);
    // The chart the user last clicked or focused (p99 at first), up to date.
    MetricChartView* currentChart();
    // The charts the user sees (and the ones always shown), in chart order, up to date.
    QList<MetricChartView*> shownCharts();

    // A part chart (isPartMetric) chosen is shown only while a point has parts.
    void setChartVisible(Metric metric, bool visible);
    // The height below which the grid scrolls rather than shrink a chart: its title, axis
    // labels and a plot tall enough to read a curve (tst_allchartsfit measures the plot).
    static constexpr int kReadableChartHeight = 190;
    // The narrowest column before a third is taken.
    static constexpr int kReadableColumnWidth = 340;
    // The height the window's splitter gives the charts when one is turned on: every row at its
    // readable height, up to three rows (more scroll, and the table keeps its rows).
    int readableHeight() const;
    // The scroll area the grid of charts sits in (scrolled to a chart: ensureChartVisible).
    QScrollArea* scrollArea() const { return m_scroll; }
    void ensureChartVisible(MetricChartView* chart);
    // The charts shown beyond the two always shown, in Metric order.
    QList<Metric> extraCharts() const;

    void setPoints(const std::vector<PointResult>& points, const QString& passLabel);
    void setSeriesStyles(const QList<SeriesStyle>& styles);
    // Presenter mode: one legend above the charts names every setup drawn, whole, in as many
    // lines as it needs (in the window the setup list names the colours; exports show each
    // chart's legend anyway), above the scrolling grid, and the charts stack in one column when
    // two would cut their titles and axis labels.
    void setLegendsOnCharts(bool on);
    ChartLegend* sharedLegend() const { return m_legend; }
    // Chart columns of the grid as laid out now.
    int columns() const { return m_columns; }
    // Measured points over every chart (MetricChartView::setMeasuredPoints); returns the
    // setups no curve has. An empty list removes the overlay.
    QStringList setMeasuredPoints(const std::vector<PointResult>& points, const QString& source);
    // A lesson's callout (MetricChartView::setCallout) on the chart of the results file's
    // `figure` ("p99_ms", "requests_per_call", …) when that chart is shown, else on the p99
    // chart; the other charts' callouts go. An empty setup removes it. `compact`: the figure
    // and a few words, drawn where the sentence would hide a curve (CalloutBubble::setText).
    void setCallout(const QString& figure, const QString& setup, double load, const QString& text,
                    const QString& compact = {});
    // The chart holding the callout, or nullptr.
    MetricChartView* calloutChart() const { return m_calloutChart; }

    // The x axis spans the scenario's loads; an empty list leaves it as it is.
    void setLoadRange(const std::vector<double>& loads);

signals:
    void chartVisibilityChanged(Metric metric, bool visible);
    // The user toggled a setup in a chart's legend.
    void seriesVisibilityToggled(const QString& setup, bool visible);

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void relayout();
    int wantedColumns(int shownCharts) const;
    bool isLaidOut(Metric metric) const;
    void refresh(MetricChartView* chart);

    QMap<Metric, MetricChartView*> m_charts;
    QSet<Metric> m_extraShown;
    // Charts that skipped point updates while hidden.
    QSet<MetricChartView*> m_stale;
    std::vector<PointResult> m_points;
    QString m_passLabel;
    bool m_hasParts = false; // a point of the service fanning out
    MetricChartView* m_lastChart = nullptr;
    MetricChartView* m_calloutChart = nullptr;
    QVBoxLayout* m_outer = nullptr;
    QScrollArea* m_scroll = nullptr;
    QWidget* m_page = nullptr; // the scroll area's widget, holding the grid
    QGridLayout* m_grid = nullptr;
    int m_rows = 0;
    ChartLegend* m_legend = nullptr;
    bool m_presenting = false;
    int m_columns = 1;
};

} // namespace hedge
