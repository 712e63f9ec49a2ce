// The live view's charts (docs/user-guide.md, "Live view"): figures of each world against simulated
// time, one panel per figure stacked over a shared time axis that scrolls with the run, the load in
// force on top, collapses marked where they begin and over their span (LiveCollapses); with several
// replicas, each replica's backlog as a strip of coloured rows (ReplicaQueueStrip,
// docs/topology.md, "In the explorer"). Hovering a panel shows the figures under the pointer. Drawn
// with QPainter from the rings the live controller fills (it reads them, it never copies them); at
// most two points per pixel column per series (the minimum and maximum), so a long window of short
// buckets draws as fast as a short one.
#pragma once

#include <hedge/policy/PolicyFamily.h>
#include <hedge/run/LiveChangeMark.h>
#include <hedge/run/LiveCollapses.h>
#include <hedge/run/LiveWorldNames.h>
#include <hedge/sim/BucketRing.h>
#include <hedge/sim/Figures.h>

#include "CalloutBubble.h"
#include "Metric.h"
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
    // Its panels are the figures of the catalogue's panelFigures() (hedge/sim/Figures.h: order,
    // titles, which are always shown, which show a policy's state, each one's figure of a
    // bucket); their titles in the window are Metric.h's panelTitle and panelShortTitle.

    // A load step or a knob change while the session ran (LiveChangeMark).
    using ChangeMark = LiveChangeMark;

    explicit LiveTimeSeriesView(QWidget* parent = nullptr);

    // `rings` outlives the view's use of it (the controller's); one per world, in setup order.
    void setSource(const std::vector<BucketRing>* rings);
    // The worlds' collapses (one per ring, the controller's, which saw every bucket); without
    // them the view finds them in the rings it holds.
    void setCollapses(const std::vector<LiveCollapses>* collapses);
    // The changes to mark (the controller's); none without.
    void setChangeMarks(const std::vector<ChangeMark>* changes);
    // Colour and visibility of world i from styles[i].
    void setSeriesStyles(const QList<SeriesStyle>& styles);
    // The worlds' names through time (the controller's): the hover over a bucket names each
    // world as it was named then. Without them, as the styles name them now.
    void setWorldNames(const LiveWorldNames* names) { m_names = names; }
    // The family of world i's setup, from families[i] (none known: the bucket alone tells).
    void setWorldFamilies(const QList<PolicyFamily>& families);
    std::optional<PolicyFamily> worldFamily(std::size_t world) const;
    void setPanelShown(Figure panel, bool shown);
    bool isPanelShown(Figure panel) const;
    // Presenter mode draws only these of the shown panels (none given: every shown one); the
    // user's choice of panels is kept for when it ends.
    void setPanelsDrawn(const QList<Figure>& only)
    {
        m_drawnOnly = only;
        update();
    }
    // The span of simulated time shown (60 … 600 s).
    void setWindowSeconds(double seconds);
    double windowSeconds() const { return m_windowS; }
    // New buckets: repaint (Qt merges the calls into one paint).
    void refresh();
    int paintCount() const { return m_paints; }

    // The time span [from, to] on the axis now.
    std::pair<double, double> timeRange() const;

    // Whether some world's buckets in the rings have the panel's figure now.
    bool hasGauge(Figure panel) const;
    // Where each shown panel is drawn in the widget now (the replica strip included, with
    // its header, when it has rows); empty for a panel not drawn.
    QRectF panelRect(Figure panel) const;
    // Each shown world's line on `panel` now, its buckets' points in time order, as drawn
    // (what a lesson's callout keeps clear of); where the panel's title is.
    std::vector<QPolygonF> drawnLines(Figure panel) const;
    QRectF titleRect(Figure panel) const;
    // Rows of the replica strip now: the replicas of every shown world that has several.
    int replicaRowCount() const;
    // The hover text at `pos` (the figures under the pointer), and the one shown last.
    QString hoverTextAt(QPointF pos) const;
    const QString& shownText() const { return m_shownText; }
    // Where the p99 panel's collapse labels are drawn now, in time order.
    QList<QRectF> collapseLabelRects() const;
    // The value labels written left of `panel` now (bottom to top), and the time labels under
    // the last panel with where each is written.
    QStringList valueLabels(Figure panel) const;
    QList<QPair<QRectF, QString>> timeLabels() const;
    // Where the collapse strip's key ("collapsed") is in the legend, and its bars now (one per
    // collapse of a shown world; the hover on one names it).
    QRectF collapseKeyRect() const { return layoutNow().collapseKey; }
    QList<QRectF> collapseBarRects() const;
    // The change ticks' labels drawn now, in time order, and the row under the time axis they
    // are in.
    QStringList changeLabelTexts() const;
    // Every change tick's x now, in time order, with where its label is written (an empty
    // rectangle for a label left out).
    QList<QPair<double, QRectF>> changeTicks() const;
    QRectF changeTickRow() const { return layoutNow().tickRow; }
    // The shared time axis (its labels' row): the pointer on it, hovering or dragging, sets the
    // scrub cursor (a line on every panel) and shows every world's figures in that bucket.
    QRectF timeAxisRect() const { return layoutNow().timeAxis; }
    std::optional<double> cursorS() const { return m_cursorS; }

    // A lesson step's callout (docs/lessons.md, "The callout on the chart") on `panel` at world
    // `world`'s bucket ending at `atS`: drawn while that bucket is in the window and the world
    // shown. An empty text takes it away. `compact`: as for CalloutBubble::setText. The bubble
    // stays in that panel, where it hides the least of the lines, the title and the labels.
    void setCallout(Figure panel, std::size_t world, double atS, const QString& text,
                    const QString& compact = {});
    // The callout as drawn now: none while it is not.
    std::optional<CalloutBubble> calloutNow() const { return placedCallout(layoutNow()); }

    // Paints the charts into `area` of `painter` as exports draw them (a slide's view).
    void render(QPainter& painter, const QRectF& area) const { draw(painter, area); }
    // The charts laid out at `size` (logical pixels).
    QImage renderImage(QSize size, qreal scale = 1.0) const;
    // PNG, SVG or PDF by the file's suffix; the error, or nothing on success.
    std::optional<QString> exportTo(const QString& path, QSize size = {}) const;

    QSize minimumSizeHint() const override { return {360, 300}; }
    QSize sizeHint() const override { return {760, 560}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    struct Layout {
        QList<QPair<Figure, QRectF>> panels; // in drawing order
        QRectF collapseStrip;               // above the p99 panel; empty without worlds
        QRectF collapseKey;                 // the strip's entry in the legend
        QRectF tickRow;                     // the change ticks, under the time labels
        QRectF timeAxis;                    // the time labels: where the scrub cursor is set
        double leftMargin = 0.0;            // room left of the panels for their value labels
    };
    // The legend's rows from `area`'s top; painted when `p` is given. Returns their bottom.
    // `collapseKey`, when given, gets where the collapse strip's entry is.
    double legend(QPainter* p, const ChartTheme& theme, const QRectF& area, double leftMargin,
                  QRectF* collapseKey = nullptr) const;
    // The panels with room on the left for the widest value label they write in the theme's
    // font (LivePanelPainter::leftMarginFor).
    Layout layout(const ChartTheme& theme, const QRectF& area) const;
    Layout layoutWith(const ChartTheme& theme, const QRectF& area, double leftMargin) const;
    Layout layoutNow() const; // in the widget as it is
    std::optional<CalloutBubble> placedCallout(const Layout& l) const;
    void showHover(QPointF pos, QPoint globalPos);
    void draw(QPainter& p, const QRectF& area) const;
    double lastTime() const;
    // The collapses given, or else those of the rings.
    std::vector<LiveCollapses> collapsesNow() const;
    // The styles with each world named as it was at simulated time `t`.
    QList<SeriesStyle> namedAt(double t) const
    {
        QList<SeriesStyle> styles = m_styles;
        if (m_names && std::size_t(styles.size()) == m_names->size())
            for (qsizetype w = 0; w < styles.size(); ++w)
                styles[w].setup = m_names->nameAt(std::size_t(w), t);
        return styles;
    }

    const std::vector<BucketRing>* m_rings = nullptr;
    const std::vector<LiveCollapses>* m_collapses = nullptr;
    const std::vector<ChangeMark>* m_changes = nullptr;
    const LiveWorldNames* m_names = nullptr;
    QList<SeriesStyle> m_styles;
    QList<PolicyFamily> m_families;
    QList<Figure> m_shown;
    QList<Figure> m_drawnOnly;
    double m_windowS = 300.0;
    int m_paints = 0;
    QString m_shownText;
    std::optional<double> m_cursorS; // the scrub cursor's time, while the pointer is on the axis
    struct Callout {
        Figure panel = Figure::P99;
        std::size_t world = 0;
        double atS = 0.0;
        QString text; // empty: none
        QString compact;
    } m_callout;
};

} // namespace hedge
