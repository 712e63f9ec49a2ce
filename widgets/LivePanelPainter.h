// Paints one line panel of the live view's charts (LiveTimeSeriesView): its grid, value and
// time labels, each shown world's series (at most a minimum and a maximum per pixel column)
// and the collapse marks, from the controller's rings and collapses (LiveCollapses); and the
// time labels and collapse strip the view's layout puts around the panels. Made for one paint.
#pragma once

#include "LiveTimeSeriesView.h"

#include <hedge/run/LiveCollapses.h>

#include <QPainterPath>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <functional>

namespace hedge {

class LivePanelPainter {
public:
    // The least room left of the panels; more when a value label is wider (presenter mode's
    // large font writes "100000" wider than this).
    static constexpr double kLeftMargin = 52.0;
    static constexpr double kRightMargin = 12.0;
    static constexpr double kTimeLabelHeight = 18.0;
    static constexpr double kCollapseStrip = 3.0; // px per world above the p99 panel

    // Simulated time as the charts write it, m:ss.
    static QString timeLabel(double s);

    using ChangeMark = LiveTimeSeriesView::ChangeMark;
    // The rings, collapses (one per ring), changes and styles outlive the painter.
    LivePanelPainter(const std::vector<BucketRing>* rings,
                     const std::vector<LiveCollapses>& collapses,
                     const std::vector<ChangeMark>& changes, const QList<SeriesStyle>& styles,
                     const QList<PolicyFamily>* families = nullptr)
        : m_rings(rings), m_collapses(collapses), m_changes(changes), m_styles(styles),
          m_families(families)
    {}

    // A collapse's label on the p99 panel: where it is drawn, its world.
    struct CollapseLabel {
        QRectF rect;
        std::size_t world = 0;
    };
    // The labels of the collapses that begin in [t0, t1], in time order, each on the first row
    // under the panel's title where it overlaps no other; one that finds no free row is left
    // out (its dashed line stays).
    QList<CollapseLabel> collapseLabels(const ChartTheme& theme, const QRectF& plot, double t0,
                                        double t1) const;
    static QString collapseLabelText();

    void drawPanel(QPainter& p, const ChartTheme& theme, Figure panel, const QRectF& plot, double t0,
                   double t1, bool timeLabels) const;
    // Where world `world`'s line of `panel` passes at the end of the bucket ending at `atS`, as
    // drawPanel draws it; none when the world is hidden, that bucket is not kept or not in
    // [t0, t1], or it has no such figure. `lines`, when given, gets each drawn world's line:
    // its buckets' points in time order (what a callout should not cover).
    std::optional<QPointF> pointAt(Figure panel, std::size_t world, double atS, const QRectF& plot,
                                   double t0, double t1,
                                   std::vector<QPolygonF>* lines = nullptr) const;
    // The value labels drawPanel writes left of `plot`, bottom to top.
    QStringList valueLabels(Figure panel, const QRectF& plot, double t0, double t1) const;
    // The room left of the panels that `labels` need in `font` (never under kLeftMargin).
    static double leftMarginFor(const QFont& font, const QStringList& labels);
    // A time label under `plot`: where it is written, its text.
    struct TimeLabel {
        QRectF rect;
        QString text;
    };
    // The time labels drawTimeLabels writes: each centred under its tick, the last one moved
    // left as far as it must to end inside kRightMargin (never cut at the widget's edge).
    QList<TimeLabel> timeLabels(const ChartTheme& theme, const QRectF& plot, double t0,
                                double t1) const;
    // Where the panel's title is drawn in `plot` (top left, over a backing).
    static QRectF titleRect(const ChartTheme& theme, Figure panel, const QRectF& plot);
    // The time grid over `plot` and/or the time labels under it.
    void drawTimeLabels(QPainter& p, const ChartTheme& theme, const QRectF& plot, double t0,
                        double t1, bool grid, bool labels) const;
    // A bar of the collapse strip: its world, its collapse, where that ends (or, under way, the
    // world's last bucket) and where it is drawn.
    struct CollapseBar {
        std::size_t world = 0;
        CollapseSpan span;
        double endS = 0.0;
        QRectF rect;
    };
    QList<CollapseBar> collapseBars(const QRectF& strip, double t0, double t1) const;
    // The scrub cursor at `t` over `plot` (a panel).
    static void drawCursor(QPainter& p, const ChartTheme& theme, const QRectF& plot, double t0,
                           double t1, double t);
    // One row per world in `strip`, in its colour where it is collapsed.
    void drawCollapseStrip(QPainter& p, const QRectF& strip, double t0, double t1) const;

private:
    struct Scale;
    // Whether the panel draws world `world` (shown; the load only once).
    bool shows(Figure panel, std::size_t world) const;
    Scale scaleFor(Figure panel, const QRectF& plot, double t0, double t1) const;
    static QList<double> ticks(const Scale& scale);
    // The time grid's step for `plot`'s width.
    static double timeStep(const QRectF& plot, double t0, double t1);
    void drawGrid(QPainter& p, const ChartTheme& theme, Figure panel, const Scale& scale,
                  bool timeLabels) const;
    static QPainterPath seriesPath(Figure panel, const BucketRing& ring, const Scale& scale,
                                   std::optional<PolicyFamily> family);
    std::optional<PolicyFamily> familyOf(std::size_t world) const;
    static void drawTitle(QPainter& p, const ChartTheme& theme, Figure panel, const QRectF& plot);

    // Each collapse of the shown worlds that reaches into [t0, t1]: (world, its span, its end
    // or, while under way, the world's last bucket).
    void
    forCollapses(double t0, double t1,
                 const std::function<void(std::size_t, const CollapseSpan&, double)>& visit) const;

    const std::vector<BucketRing>* m_rings;
    // Rows under the panel's title from `plot`'s top, left to right: each (x, width) gets the
    // first row where it overlaps nothing placed before, or an empty rectangle.
    static QList<QRectF> placeLabels(const ChartTheme& theme, const QRectF& plot,
                                     const QList<QPair<double, double>>& wanted);
    // The changes' dotted lines over a panel (their ticks and labels: LiveChangeTicks).
    void drawChanges(QPainter& p, const ChartTheme& theme, const QRectF& plot, double t0,
                     double t1) const;
    // The windows of the marks that have one (an outage), shaded under the curves.
    void drawWindows(QPainter& p, const ChartTheme& theme, const QRectF& plot, double t0,
                     double t1) const;

    const std::vector<LiveCollapses>& m_collapses;
    const std::vector<ChangeMark>& m_changes;
    const QList<SeriesStyle>& m_styles;
    const QList<PolicyFamily>* m_families; // world i's setup's family; none: not known
};

} // namespace hedge
