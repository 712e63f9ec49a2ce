// The live view's charts (timeline.md §4): figures of each world against simulated time,
// one panel per figure stacked over a shared time axis that scrolls with the run, the load
// in force on top, collapses marked where they begin. Drawn with QPainter from the rings the
// live controller fills (it reads them, it never copies them); at most two points per pixel
// column per series (the minimum and maximum), so a long window of short buckets draws as
// fast as a short one.
#pragma once

#include <hedge/sim/BucketRing.h>

#include "SeriesStyle.h"

#include <QList>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

namespace hedge {

class ChartTheme;

class LiveTimeSeriesView : public QWidget {
    Q_OBJECT
public:
    enum class Panel {
        Load,
        P99,
        RequestsPerCall,
        Backlog,
        Utilisation,
        Limit,
        BudgetBalance,
        RejectedPercent,
    };
    static const QList<Panel>& panelOrder();
    static bool isAlwaysShown(Panel panel); // load, p99, requests per call, backlog
    static QString panelTitle(Panel panel);
    static QString panelShortTitle(Panel panel); // for a check box
    // The panel's figure of a bucket; none where the bucket has none (no calls, no limit).
    static std::optional<double> panelValue(Panel panel, const TimelineBucket& bucket);

    explicit LiveTimeSeriesView(QWidget* parent = nullptr);

    // `rings` outlives the view's use of it (the controller's); one per world, in setup order.
    void setSource(const std::vector<BucketRing>* rings);
    // Colour and visibility of world i from styles[i].
    void setSeriesStyles(const QList<SeriesStyle>& styles);
    void setPanelShown(Panel panel, bool shown);
    bool isPanelShown(Panel panel) const;
    // The span of simulated time shown (60 … 600 s).
    void setWindowSeconds(double seconds);
    double windowSeconds() const { return m_windowS; }
    // New buckets: repaint (Qt merges the calls into one paint).
    void refresh();
    int paintCount() const { return m_paints; }

    // The time span [from, to] on the axis now.
    std::pair<double, double> timeRange() const;

    // The charts laid out at `size` (logical pixels).
    QImage renderImage(QSize size, qreal scale = 1.0) const;
    // PNG, SVG or PDF by the file's suffix; the error, or nothing on success.
    std::optional<QString> exportTo(const QString& path, QSize size = {}) const;

    QSize minimumSizeHint() const override { return {360, 300}; }
    QSize sizeHint() const override { return {760, 560}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void draw(QPainter& p, const QRectF& area) const;
    void drawPanel(QPainter& p, const ChartTheme& theme, Panel panel, const QRectF& plot,
                   double t0, double t1, bool timeLabels) const;
    double lastTime() const;
    // Each collapsed bucket from `from` on of the shown worlds: (world, bucket, the previous
    // bucket's end or -1, whether the collapse begins there).
    void forCollapsedBuckets(
        double from,
        const std::function<void(std::size_t, const TimelineBucket&, double, bool)>& visit) const;

    const std::vector<BucketRing>* m_rings = nullptr;
    QList<SeriesStyle> m_styles;
    QList<Panel> m_shown;
    double m_windowS = 300.0;
    int m_paints = 0;
};

} // namespace hedge
