// The live view's per-replica queue strip (docs/topology.md, "In the explorer"): one row per
// replica of every shown world whose service has several replicas, coloured by that replica's
// backlog (its queued work over its workers, at each bucket's end) over the live charts' time axis.
// A slow replica, and the hedges piling onto it behind a balancer that sends them back, show as a
// dark band in its row. A header line holds the title and the colour scale; the hover text names
// the world, the replica, the time and the backlog.
//
// It paints into the rectangle LiveTimeSeriesView lays out for it, reading the controller's
// rings as the other panels do; a world of one replica has no rows (its backlog is the
// backlog chart's).
#pragma once

#include <hedge/sim/BucketRing.h>

#include "SeriesStyle.h"

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QRectF>
#include <QString>

#include <optional>
#include <vector>

class QPainter;

namespace hedge {

class ChartTheme;

class ReplicaQueueStrip {
    Q_DECLARE_TR_FUNCTIONS(ReplicaQueueStrip)

public:
    // The rings and styles outlive the strip (it is made for one paint or one hover).
    ReplicaQueueStrip(const std::vector<BucketRing>* rings, const QList<SeriesStyle>& styles,
                      double t0, double t1);

    // Rows over the shown worlds; 0 when every shown world has one replica.
    int rowCount() const { return int(m_rows.size()); }
    // Replicas of a world, as its latest bucket reports them (1: no per-replica figures).
    static int replicasOf(const BucketRing& ring);
    // The backlog (seconds of work) the darkest colour stands for: the largest of the window,
    // rounded up, at least kMinScaleS so that an idle service does not look busy.
    double scaleMaxS() const { return m_scaleMaxS; }
    static constexpr double kMinScaleS = 0.05;

    // The height the header line takes, and the height the strip would like for its rows.
    static double headerHeight(const ChartTheme& theme);
    double preferredHeight(const ChartTheme& theme) const;

    // `area` is the whole strip: its header, then the rows, as wide as the other plots.
    void draw(QPainter& p, const ChartTheme& theme, const QRectF& area) const;

    struct Hit {
        std::size_t world = 0;
        int replica = 0;  // 0-based
        int replicas = 0; // of that world
        double fromS = 0.0, toS = 0.0; // the bucket under the pointer
        double backlogMs = 0.0;
    };
    std::optional<Hit> hitTest(const ChartTheme& theme, const QRectF& area, QPointF pos) const;
    QString hoverText(const Hit& hit) const;
    // The colour of a backlog of `seconds` on this strip's scale.
    QColor colour(const ChartTheme& theme, double seconds) const;

private:
    struct Row {
        std::size_t world;
        int replica;
        int replicas;
        bool firstOfWorld;
    };
    static constexpr double kWorldGap = 3.0;
    // Each row's top and height inside `rowsArea`.
    QRectF rowRect(const QRectF& rowsArea, int row) const;
    void drawHeader(QPainter& p, const ChartTheme& theme, const QRectF& header) const;
    void drawRow(QPainter& p, const ChartTheme& theme, const Row& row, const QRectF& rect) const;

    const std::vector<BucketRing>* m_rings;
    QList<SeriesStyle> m_styles;
    double m_t0, m_t1;
    std::vector<Row> m_rows;
    int m_worldsWithRows = 0;
    double m_scaleMaxS = kMinScaleS;
};

} // namespace hedge
