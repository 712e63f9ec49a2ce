#include "TestPoints.h"

#include <widgets/ChartAnnotations.h>
#include <widgets/MetricChartView.h>
#include <widgets/MetricValueAxis.h>

#include <QApplication>
#include <QChart>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <limits>

using namespace hedge;

Q_DECLARE_METATYPE(hedge::Metric)

namespace {

// What the chart must draw for a setup: (load, metricValue) of its points, sorted by load,
// without the points that have no value; a collapsed point above `ceiling` is drawn on it.
QList<QPointF> expectedPoints(const std::vector<PointResult>& pts, const std::string& setup,
                              Metric metric,
                              double ceiling = std::numeric_limits<double>::infinity())
{
    std::vector<PointResult> mine;
    std::copy_if(pts.begin(), pts.end(), std::back_inserter(mine),
                 [&](const PointResult& p) { return p.setup == setup; });
    std::stable_sort(mine.begin(), mine.end(),
                     [](const PointResult& a, const PointResult& b) { return a.load < b.load; });
    QList<QPointF> result;
    for (const PointResult& p : mine) {
        if (const auto v = metricValue(p, metric); v && (!isLatencyMetric(metric) || *v > 0))
            result.append(QPointF(p.load, p.collapsed && *v > ceiling ? ceiling : *v));
    }
    return result;
}

// QPointF's == is fuzzy; the chart must hold the exact numbers.
bool exactlyEqual(const QList<QPointF>& a, const QList<QPointF>& b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a[i].x() != b[i].x() || a[i].y() != b[i].y())
            return false;
    }
    return true;
}

QString describe(const QList<QPointF>& pts)
{
    QStringList parts;
    for (const QPointF& p : pts)
        parts << QStringLiteral("(%1, %2)").arg(p.x(), 0, 'g', 17).arg(p.y(), 0, 'g', 17);
    return parts.join(QStringLiteral(" "));
}

QLineSeries* lineSeries(MetricChartView& view, const QString& name)
{
    for (QAbstractSeries* s : view.chart()->series()) {
        if (s->name() == name)
            return qobject_cast<QLineSeries*>(s);
    }
    return nullptr;
}

QScatterSeries* scatterSeries(MetricChartView& view, const QString& name)
{
    for (QAbstractSeries* s : view.chart()->series()) {
        if (s->name() == name)
            return qobject_cast<QScatterSeries*>(s);
    }
    return nullptr;
}

} // namespace

class TestMetricChartView : public QObject {
    Q_OBJECT

private slots:
    void seriesHoldTheMetric_data();
    void seriesHoldTheMetric();
    void metricValueScalesPercent();
    void hiddenSetupsAreNotDrawn();
    void legendClickTogglesSetup();
    void collapsedPointsGetTheCollapseMarker();
    void logAxisNeverGetsNonPositive();
    void unknownSetupsAreIgnored();
    void updatesUseReplace();
    void hoverFindsThePoint();
    void passLabelIsShown();
    void followsDarkPalette();
    void collapseKeyNamesEachMarkerOnce();
};

void TestMetricChartView::seriesHoldTheMetric_data()
{
    QTest::addColumn<Metric>("metric");
    for (Metric m : allMetrics())
        QTest::newRow(qPrintable(metricKey(m))) << m;
}

void TestMetricChartView::seriesHoldTheMetric()
{
    QFETCH(Metric, metric);
    // The parts' chart plots fan-out points.
    const std::vector<PointResult> pts = isPartMetric(metric)
                                             ? test::withParts(test::samplePoints())
                                             : test::samplePoints();
    MetricChartView view(Metric::P99);
    view.setSeriesStyles(test::sampleStyles());
    view.setPoints(pts);
    view.setMetric(metric);
    QCOMPARE(view.metric(), metric);
    QCOMPARE(view.isLogarithmic(), isLatencyMetric(metric));
    // Collapsed points above the axis sit on its top (latency and requests per call only).
    const double ceiling = MetricValueAxis::hasCeiling(metric)
                               ? view.valueAxisCeiling()
                               : std::numeric_limits<double>::infinity();
    for (const SeriesStyle& style : test::sampleStyles()) {
        const QList<QPointF> drawn = view.seriesPoints(style.setup);
        const QList<QPointF> expected =
            expectedPoints(pts, style.setup.toStdString(), metric, ceiling);
        QVERIFY2(exactlyEqual(drawn, expected),
                 qPrintable(style.setup + ": " + describe(drawn) + " vs " + describe(expected)));
        QCOMPARE(drawn.size(), 5);
        // seriesPoints reports the real series.
        QLineSeries* series = lineSeries(view, style.setup);
        QVERIFY(series);
        QVERIFY(exactlyEqual(series->points(), expected));
        QCOMPARE(series->pen().color(), style.color);
    }
    // The axis spans every drawn value.
    const auto [lo, hi] = view.valueAxisRange();
    for (const SeriesStyle& style : test::sampleStyles()) {
        for (const QPointF& p : view.seriesPoints(style.setup))
            QVERIFY2(p.y() >= lo && p.y() <= hi, qPrintable(QString::number(p.y())));
    }
}

void TestMetricChartView::metricValueScalesPercent()
{
    const PointResult p = test::point("a", 0.5, 123.0);
    QCOMPARE(*metricValue(p, Metric::P99), 123.0);
    QCOMPARE(*metricValue(p, Metric::P999), 123.0 * 1.5 + 0.125);
    QCOMPARE(*metricValue(p, Metric::P50), 10.5);
    QCOMPARE(*metricValue(p, Metric::RequestsPerCall), p.requestsPerCall);
    QCOMPARE(*metricValue(p, Metric::RejectedPercent), p.rejectedFraction * 100.0);
    QCOMPARE(*metricValue(p, Metric::FailedPercent), p.failedFraction * 100.0);
    QCOMPARE(*metricValue(p, Metric::Utilisation), p.utilisation * 100.0);
    QVERIFY(!metricValue(test::point("a", 0.5, std::nullopt), Metric::P99));
    QCOMPARE(metricTitle(Metric::P99), QStringLiteral("p99 latency (ms)"));
    for (Metric m : allMetrics())
        QCOMPARE(metricFromKey(metricKey(m)), std::optional<Metric>(m));
}

void TestMetricChartView::hiddenSetupsAreNotDrawn()
{
    QList<SeriesStyle> styles = test::sampleStyles();
    styles[1].visible = false;
    MetricChartView view(Metric::P99);
    view.setSeriesStyles(styles);
    view.setPoints(test::samplePoints());
    QVERIFY(view.seriesPoints(styles[1].setup).isEmpty());
    QLineSeries* hidden = lineSeries(view, styles[1].setup);
    QVERIFY(hidden);
    QVERIFY(!hidden->isVisible());
    QVERIFY(hidden->points().isEmpty());
    QCOMPARE(view.seriesPoints(styles[0].setup).size(), 5);
    // Its collapse markers go with it.
    QVERIFY(view.collapsedPoints(styles[1].setup).isEmpty());
    QVERIFY(view.offScalePoints(styles[1].setup).isEmpty());
    QVERIFY(view.collapseLabelRect().isEmpty());
    const auto zoomed = view.valueAxisRange();

    // Showing it again (same setups, new visibility) draws it.
    styles[1].visible = true;
    view.setSeriesStyles(styles);
    QCOMPARE(view.seriesPoints(styles[1].setup).size(), 5);
    QVERIFY(hidden == lineSeries(view, styles[1].setup)); // restyled, not rebuilt
    QCOMPARE(view.offScalePoints(styles[1].setup).size(), 2);
    // Its healthy points are below the others': the axis keeps its ceiling.
    QCOMPARE(view.valueAxisRange(), zoomed);
}

void TestMetricChartView::legendClickTogglesSetup()
{
    MetricChartView view(Metric::P99);
    view.setSeriesStyles(test::sampleStyles());
    view.setPoints(test::samplePoints());
    // No legend beside the setup list; where one is shown (exports), its entries still toggle.
    QVERIFY(!view.chart()->legend()->isVisible());
    view.chart()->legend()->show();
    view.resize(900, 560);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy toggled(&view, &MetricChartView::seriesVisibilityToggled);
    const QString name = test::sampleStyles()[2].setup;
    const QList<QLegendMarker*> markers = view.chart()->legend()->markers(lineSeries(view, name));
    QCOMPARE(markers.size(), 1);
    QVERIFY(markers[0]->isVisible());
    emit markers[0]->clicked();
    QCOMPARE(toggled.count(), 1);
    QCOMPARE(toggled.at(0).at(0).toString(), name);
    QCOMPARE(toggled.at(0).at(1).toBool(), false);
    QVERIFY(view.seriesPoints(name).isEmpty());
    QVERIFY(!view.seriesStyles()[2].visible);
    // The marker stays (dimmed) so it can be clicked again.
    QVERIFY(markers[0]->isVisible());
    emit markers[0]->clicked();
    QCOMPARE(toggled.count(), 2);
    QCOMPARE(toggled.at(1).at(1).toBool(), true);
    QCOMPARE(view.seriesPoints(name).size(), 5);
}

void TestMetricChartView::collapsedPointsGetTheCollapseMarker()
{
    const std::vector<PointResult> pts = test::samplePoints();
    MetricChartView view(Metric::P99);
    view.setSeriesStyles(test::sampleStyles());
    view.setPoints(pts);
    const QString collapsing = QStringLiteral("hedge, no budget / client");
    // 34 s and 38 s are far above the healthy points: drawn on the plot's top edge, off
    // scale, not a little under it where they read as the top tick's figure.
    const double top = view.valueAxisCeiling();
    QCOMPARE(top, view.valueAxisRange().second);
    QVERIFY(top < 40000.0 * 0.85);
    const QList<QPointF> expected{{0.85, top}, {0.95, top}};
    QVERIFY2(exactlyEqual(view.offScalePoints(collapsing), expected),
             qPrintable(describe(view.offScalePoints(collapsing))));
    QVERIFY(view.collapsedPoints(collapsing).isEmpty());
    QVERIFY(view.offScalePoints(QStringLiteral("no hedge / client")).isEmpty());
    QScatterSeries* scatter =
        scatterSeries(view, collapsing + QStringLiteral(" (collapsed, off scale)"));
    QVERIFY(scatter);
    QVERIFY(exactlyEqual(scatter->points(), expected));
    // In the setup's colour, drawn after every line: on top of them.
    QCOMPARE(scatter->color(), test::sampleStyles()[1].color);
    const QList<QAbstractSeries*> order = view.chart()->series();
    QVERIFY(order.indexOf(scatter) > order.indexOf(lineSeries(view, QStringLiteral("hedge, default budget / server"))));
    // Each carries its true figure printed under it, on the plot.
    view.resize(900, 560);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QStringList labels;
    for (const OffScaleLabels::Label& label : view.offScaleLabels()) {
        QCOMPARE(label.setup, collapsing);
        QVERIFY(view.chart()->plotArea().contains(label.rect));
        labels << label.text;
    }
    QCOMPARE(labels, (QStringList{QStringLiteral("34.0 s"), QStringLiteral("38.0 s")}));

    // A collapsed point with no latency at all still gets its marker, on the top.
    std::vector<PointResult> more = pts;
    more.push_back(test::point("no hedge / client", 0.99, std::nullopt, true));
    view.setPoints(more);
    const QList<QPointF> onTop = view.offScalePoints(QStringLiteral("no hedge / client"));
    QCOMPARE(onTop.size(), 1);
    QCOMPARE(onTop[0].x(), 0.99);
    QCOMPARE(onTop[0].y(), view.valueAxisCeiling());
    QCOMPARE(view.seriesPoints(QStringLiteral("no hedge / client")).size(), 5);

    // A collapsed point inside the axis keeps its figure and gets the X.
    std::vector<PointResult> inside = pts;
    inside.push_back(test::point("no hedge / client", 0.97, 250.0, true));
    view.setPoints(inside);
    QVERIFY(exactlyEqual(view.collapsedPoints(QStringLiteral("no hedge / client")),
                         {QPointF(0.97, 250.0)}));

    // No collapse: no marker, no key.
    std::vector<PointResult> healthy;
    for (const PointResult& p : pts) {
        if (!p.collapsed)
            healthy.push_back(p);
    }
    view.setPoints(healthy);
    QVERIFY(scatter->points().isEmpty());
    QVERIFY(view.collapseLabelRect().isEmpty());
}

void TestMetricChartView::logAxisNeverGetsNonPositive()
{
    std::vector<PointResult> pts{test::point("a", 0.3, 0.0), test::point("a", 0.5, -3.0),
                                 test::point("a", 0.7, std::nullopt), test::point("a", 0.8, 0.25),
                                 test::point("a", 0.9, 12.0)};
    MetricChartView view(Metric::P99);
    view.setSeriesStyles({{QStringLiteral("a"), Qt::red, true}});
    view.setPoints(pts);
    const QList<QPointF> drawn = view.seriesPoints(QStringLiteral("a"));
    QVERIFY(exactlyEqual(drawn, {{0.8, 0.25}, {0.9, 12.0}}));
    auto* axis = qobject_cast<QLogValueAxis*>(view.chart()->axes(Qt::Vertical).value(0));
    QVERIFY(axis);
    QVERIFY(axis->min() > 0.0);
    QVERIFY(axis->min() <= 0.25 && axis->max() >= 12.0);
    for (QAbstractSeries* s : view.chart()->series()) {
        auto* xy = qobject_cast<QXYSeries*>(s);
        if (!xy) // the spread band (QAreaSeries), empty: these points ran once
            continue;
        for (const QPointF& p : xy->points())
            QVERIFY(p.y() > 0.0);
    }
    // No drawable point at all: still a valid log range.
    view.setPoints({test::point("a", 0.3, 0.0)});
    QVERIFY(view.seriesPoints(QStringLiteral("a")).isEmpty());
    QVERIFY(view.valueAxisRange().first > 0.0);
    // A linear metric keeps its zeros.
    view.setPoints(pts);
    view.setMetric(Metric::RejectedPercent);
    QCOMPARE(view.seriesPoints(QStringLiteral("a")).size(), 5);
}

void TestMetricChartView::unknownSetupsAreIgnored()
{
    MetricChartView view(Metric::RequestsPerCall);
    view.setSeriesStyles({test::sampleStyles()[0]});
    view.setPoints(test::samplePoints());
    QCOMPARE(view.seriesPoints(test::sampleStyles()[0].setup).size(), 5);
    QVERIFY(view.seriesPoints(test::sampleStyles()[1].setup).isEmpty());
    // One line, the collapse, off-scale, partial-collapse (inside the axis and above it) and
    // measured markers, the band.
    QCOMPARE(view.chart()->series().size(), 7);
    // Fewer points replace, not add to, the old ones.
    view.setPoints({test::point("no hedge / client", 0.4, 5.0)});
    QCOMPARE(view.seriesPoints(test::sampleStyles()[0].setup).size(), 1);
}

void TestMetricChartView::updatesUseReplace()
{
    MetricChartView view(Metric::P99);
    view.setSeriesStyles(test::sampleStyles());
    QLineSeries* series = lineSeries(view, test::sampleStyles()[0].setup);
    QSignalSpy added(series, &QXYSeries::pointAdded);
    QSignalSpy replaced(series, &QXYSeries::pointsReplaced);
    std::vector<PointResult> pts = test::samplePoints();
    view.setPoints(pts);
    QCOMPARE(added.count(), 0);
    QCOMPARE(replaced.count(), 1);
    // An unchanged series is not touched at all (the 25 Hz timer re-sends everything).
    pts[7].p99Ms = 77.0; // another setup
    view.setPoints(pts);
    QCOMPARE(replaced.count(), 1);
    pts[0].p99Ms = 250.0;
    view.setPoints(pts);
    QCOMPARE(replaced.count(), 2);
    QCOMPARE(added.count(), 0);
}

void TestMetricChartView::hoverFindsThePoint()
{
    const std::vector<PointResult> pts = test::samplePoints();
    MetricChartView view(Metric::P99);
    view.setSeriesStyles(test::sampleStyles());
    view.setPoints(pts);
    view.resize(900, 560);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QString setup = test::sampleStyles()[0].setup;
    QLineSeries* series = lineSeries(view, setup);
    const QPointF value(0.7, *pts[3].p99Ms);
    const QPoint viewPos =
        view.mapFromScene(view.chart()->mapToScene(view.chart()->mapToPosition(value, series)));
    const std::optional<PointResult> found = view.pointAt(viewPos + QPoint(2, -1));
    QVERIFY(found);
    QCOMPARE(*found, pts[3]);
    QVERIFY(!view.pointAt(QPoint(2, 2)));
    const QString tip = MetricChartView::tooltipText(*found);
    QVERIFY2(tip.contains(QStringLiteral(" · 270 ms · ")), qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("no hedge / client")));
    QVERIFY(tip.contains(QStringLiteral("<nobr>70 %</nobr>")));
    QVERIFY(!tip.contains(QStringLiteral("COLLAPSED")));
    QVERIFY(MetricChartView::tooltipText(pts[7]).contains(QStringLiteral("COLLAPSED")));
}

void TestMetricChartView::passLabelIsShown()
{
    MetricChartView view(Metric::P99);
    view.setPassLabel(QStringLiteral("coarse pass · 20 000 calls/point"));
    QCOMPARE(view.passLabel(), QStringLiteral("coarse pass · 20 000 calls/point"));
    bool shown = false;
    for (QGraphicsItem* item : view.scene()->items()) {
        if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item))
            shown = shown || (text->isVisible() &&
                              text->text() == QStringLiteral("coarse pass · 20 000 calls/point"));
    }
    QVERIFY(shown);
}

void TestMetricChartView::followsDarkPalette()
{
    const QPalette original = QApplication::palette();
    MetricChartView view(Metric::P99);
    view.setSeriesStyles(test::sampleStyles());
    view.setPoints(test::samplePoints());
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x24));
    dark.setColor(QPalette::Base, QColor(0x18, 0x18, 0x1c));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    QApplication::setPalette(dark); // delivered as posted events
    QTRY_VERIFY_WITH_TIMEOUT(view.isDarkTheme(), 60000);
    QCOMPARE(view.chart()->theme(), QChart::ChartThemeDark);
    QCOMPARE(view.chart()->backgroundBrush().color(), QColor(0x18, 0x18, 0x1c));
    // The theme must not take the setups' colours.
    QCOMPARE(lineSeries(view, test::sampleStyles()[1].setup)->pen().color(),
             test::sampleStyles()[1].color);
    QApplication::setPalette(original);
    QTRY_VERIFY_WITH_TIMEOUT(!view.isDarkTheme(), 60000);
    QCOMPARE(view.chart()->theme(), QChart::ChartThemeLight);
}

// Every mix of markers a chart can show: the key names each shape shown once, no other, and
// the word "collapse" once (the mixed state once said it twice); what is above the axis says
// so.
void TestMetricChartView::collapseKeyNamesEachMarkerOnce()
{
    const QString glyphs[] = {QStringLiteral("✕"), QStringLiteral("▲"), QStringLiteral("◐"),
                              QStringLiteral("◭")};
    for (int mask = 1; mask < 16; ++mask) {
        ChartAnnotations::KeyEntries entries;
        entries.collapse = (mask & 1) != 0;
        entries.offScale = (mask & 2) != 0;
        entries.partialCollapse = (mask & 4) != 0;
        entries.partialOffScale = (mask & 8) != 0;
        for (const bool brief : {false, true}) {
            const QString key = ChartAnnotations::keyText(entries, brief);
            QVERIFY2(key.count(QStringLiteral("collapse")) == 1, qPrintable(key));
            for (int g = 0; g < 4; ++g)
                QVERIFY2(key.count(glyphs[g]) == ((mask >> g) & 1), qPrintable(key));
            if (!brief)
                QVERIFY2(key.contains(QStringLiteral("above the axis")) == ((mask & 10) != 0),
                         qPrintable(key));
        }
    }
    ChartAnnotations::KeyEntries measuredOnly;
    measuredOnly.measured = true;
    QCOMPARE(ChartAnnotations::keyText(measuredOnly, false), QStringLiteral("◇ measured"));
}

QTEST_MAIN(TestMetricChartView)
#include "tst_metricchartview.moc"
