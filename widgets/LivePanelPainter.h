// Paints one line panel of the live view's charts (LiveTimeSeriesView): its grid, value and
// time labels, each shown world's series (at most a minimum and a maximum per pixel column)
// and the collapse marks, from the controller's rings; and the time labels and collapse
// strip the view's layout puts around the panels. Made for one paint.
#pragma once

#include "LiveTimeSeriesView.h"

#include <QPainterPath>
#include <QRectF>
#include <QString>

#include <functional>

namespace hedge {

class LivePanelPainter {
public:
    using Panel = LiveTimeSeriesView::Panel;
    static constexpr double kLeftMargin = 52.0;
    static constexpr double kRightMargin = 12.0;
    static constexpr double kTimeLabelHeight = 18.0;
    static constexpr double kCollapseStrip = 3.0; // px per world above the p99 panel

    // Simulated time as the charts write it, m:ss.
    static QString timeLabel(double s);

    // The rings and styles outlive the painter.
    LivePanelPainter(const std::vector<BucketRing>* rings, const QList<SeriesStyle>& styles)
        : m_rings(rings), m_styles(styles)
    {}

    void drawPanel(QPainter& p, const ChartTheme& theme, Panel panel, const QRectF& plot, double t0,
                   double t1, bool timeLabels) const;
    // The time grid over `plot` and/or the time labels under it.
    void drawTimeLabels(QPainter& p, const ChartTheme& theme, const QRectF& plot, double t0,
                        double t1, bool grid, bool labels) const;
    // One row per world in `strip`, in its colour where it is collapsed.
    void drawCollapseStrip(QPainter& p, const QRectF& strip, double t0, double t1) const;

private:
    struct Scale;
    // Whether the panel draws world `world` (shown; the load only once).
    bool shows(Panel panel, std::size_t world) const;
    Scale scaleFor(Panel panel, const QRectF& plot, double t0, double t1) const;
    void drawGrid(QPainter& p, const ChartTheme& theme, Panel panel, const Scale& scale,
                  bool timeLabels) const;
    static QPainterPath seriesPath(Panel panel, const BucketRing& ring, const Scale& scale);
    static void drawTitle(QPainter& p, const ChartTheme& theme, Panel panel, const QRectF& plot);

    // Each collapsed bucket from `from` on of the shown worlds: (world, bucket, the previous
    // bucket's end or -1, whether the collapse begins there).
    void forCollapsedBuckets(
        double from,
        const std::function<void(std::size_t, const TimelineBucket&, double, bool)>& visit) const;

    const std::vector<BucketRing>* m_rings;
    const QList<SeriesStyle>& m_styles;
};

} // namespace hedge
