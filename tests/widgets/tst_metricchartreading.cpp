// What a reader of one chart sees: figures on hover, an axis that the collapsed points do
// not own, collapse marked per setup, labels that fit in a small chart and a legend only
// where no setup list stands beside the chart (exports).
#include "TestPoints.h"

#include <widgets/ChartExport.h>
#include <widgets/MetricChartView.h>

#include <QApplication>
#include <QCategoryAxis>
#include <QFontMetricsF>
#include <QLegend>
#include <QChart>
#include <QLineSeries>
#include <QStyle>
#include <QToolTip>
#include <QWindow>
#include <QtTest>

using namespace hedge;

namespace {

QPoint viewPosOf(MetricChartView& view, const QString& setup, QPointF value)
{
    QAbstractSeries* series = nullptr;
    for (QAbstractSeries* s : view.chart()->series())
        if (s->name() == setup)
            series = s;
    Q_ASSERT(series);
    return view.mapFromScene(view.chart()->mapToScene(view.chart()->mapToPosition(value, series)));
}

// A 900 × 560 chart in `window`, on screen before the setups and points arrive (as in the
// main window); nullptr if the window could not be shown.
MetricChartView* shownChart(QWidget& window, Metric metric, const std::vector<PointResult>& pts)
{
    auto* view = new MetricChartView(metric, &window);
    window.resize(900, 560);
    view->resize(900, 560);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return nullptr;
    view->setSeriesStyles(test::sampleStyles());
    view->setPoints(pts);
    return view;
}

} // namespace

class TestMetricChartReading : public QObject {
    Q_OBJECT

private slots:
    void hoverWithoutButtonShowsTheFigures()
    {
        const std::vector<PointResult> pts = test::samplePoints();
        QWidget window;
        MetricChartView* view = shownChart(window, Metric::P99, pts);
        QVERIFY(view);
        const QPoint onPoint = viewPosOf(*view, test::sampleStyles()[0].setup,
                                         QPointF(0.7, *pts[3].p99Ms));
        // The pointer moves over the plot with no button held, as a user hovers.
        QTest::mouseMove(window.windowHandle(),
                         view->viewport()->mapTo(&window, onPoint + QPoint(1, 1)));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 60000);
        QVERIFY2(QToolTip::text().contains(QStringLiteral("270 ms")), qPrintable(QToolTip::text()));
        // The pointer rests: the application's own tooltip request (after its wake-up delay)
        // must not take the figures away.
        QTest::qWait(QApplication::style()->styleHint(QStyle::SH_ToolTip_WakeUpDelay) + 500);
        QVERIFY(QToolTip::isVisible());
        QVERIFY(QToolTip::text().contains(QStringLiteral("no hedge / client")));
        // Away from every point the tip goes.
        QTest::mouseMove(window.windowHandle(), view->viewport()->mapTo(&window, QPoint(3, 3)));
        QTRY_VERIFY_WITH_TIMEOUT(!QToolTip::isVisible(), 60000);
    }

    void collapsedPointsDoNotOwnTheAxis()
    {
        // As in the reference preset: healthy p99s up to ~300 ms, collapsed ones at 34-38 s.
        const std::vector<PointResult> pts = test::samplePoints();
        QWidget window;
        MetricChartView* view = shownChart(window, Metric::P99, pts);
        QVERIFY(view);
        // A round ceiling above the healthy maximum (295.1 ms): 500 ms, not 10^5.
        QCOMPARE(view->valueAxisRange().second, 500.0);
        const QString collapsing = test::sampleStyles()[1].setup;
        const QList<QPointF> off = view->offScalePoints(collapsing);
        QCOMPARE(off.size(), 2);
        QCOMPARE(off[0].y(), 500.0); // on the plot's top edge
        // Hover on the triangle gives the real figure.
        QAbstractSeries* marks = nullptr;
        for (QAbstractSeries* s : view->chart()->series())
            if (s->name() == collapsing + QStringLiteral(" (collapsed, off scale)"))
                marks = s;
        QVERIFY(marks);
        const QPoint onMark = view->mapFromScene(
            view->chart()->mapToScene(view->chart()->mapToPosition(off[0], marks)));
        QTest::mouseMove(window.windowHandle(), view->viewport()->mapTo(&window, onMark));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 60000);
        QVERIFY2(QToolTip::text().contains(QStringLiteral("p99 = 34.0 s")),
                 qPrintable(QToolTip::text()));
        // The collapse key sits where no marker is.
        const QRectF key = view->collapseLabelRect();
        QVERIFY(!key.isEmpty());
        for (const QPointF& p : off)
            QVERIFY(!key.contains(view->chart()->mapToPosition(p, marks)));

        // Requests per call: collapsed points at 2 or 3 sit on the ceiling too.
        std::vector<PointResult> rpc = pts;
        for (PointResult& p : rpc)
            if (p.collapsed)
                p.requestsPerCall = 3.0;
        view->setMetric(Metric::RequestsPerCall);
        view->setPoints(rpc);
        QVERIFY(view->valueAxisRange().second < 1.5);
        QCOMPARE(view->offScalePoints(collapsing).size(), 2);
    }

    void smallChartLabelsFit()
    {
        QWidget window;
        auto* view = new MetricChartView(Metric::P999, &window);
        view->setSeriesStyles(test::sampleStyles());
        view->setPoints(test::samplePoints());
        view->setLoadRange(0.3, 0.95);
        view->setPassLabel(QStringLiteral("coarse pass · 20,000 calls/point"));
        // A chart's minimum size: seven of them share a 1024 × 700 window.
        window.resize(view->minimumSizeHint());
        view->resize(view->minimumSizeHint());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The pass label is never printed over the title.
        QVERIFY(!view->passLabelRect().isEmpty());
        QVERIFY2(!view->passLabelRect().intersects(view->titleRect()),
                 qPrintable(QStringLiteral("%1,%2 %3x%4")
                                .arg(view->passLabelRect().x())
                                .arg(view->passLabelRect().y())
                                .arg(view->passLabelRect().width())
                                .arg(view->passLabelRect().height())));
        // Every load label has the room of its widest text ("100 %"): none is cut to "5…".
        auto* x = qobject_cast<QCategoryAxis*>(view->chart()->axes(Qt::Horizontal).at(0));
        QVERIFY(x);
        const double labelWidth =
            QFontMetricsF(x->labelsFont()).horizontalAdvance(QStringLiteral("100 %"));
        const int labels = static_cast<int>(x->categoriesLabels().size());
        QVERIFY(labels >= 2);
        QVERIFY2(labels * labelWidth < view->chart()->plotArea().width(),
                 qPrintable(QStringLiteral("%1 labels in %2 px").arg(labels).arg(
                     view->chart()->plotArea().width())));
    }

    void seriesFollowSetupsInAnyOrderOfCalls()
    {
        const std::vector<PointResult> pts = test::samplePoints();
        QList<SeriesStyle> styles = test::sampleStyles();
        const auto lineNames = [](MetricChartView& view) {
            QStringList names;
            for (QAbstractSeries* s : view.chart()->series())
                if (qobject_cast<QLineSeries*>(s))
                    names << s->name();
            return names;
        };
        // Points first, styles after.
        MetricChartView view(Metric::P99);
        view.setPoints(pts);
        view.setSeriesStyles(styles);
        QCOMPARE(view.seriesPoints(styles[2].setup).size(), 5);
        // Reordered: the lines follow, each keeps its colour and points.
        styles.move(2, 0);
        view.setSeriesStyles(styles);
        QCOMPARE(lineNames(view), (QStringList{styles[0].setup, styles[1].setup, styles[2].setup}));
        QCOMPARE(view.seriesStyles(), styles);
        QCOMPARE(view.seriesPoints(styles[0].setup).size(), 5);
        // Renamed: the style first (no point has the new name yet), then the points.
        styles[1].setup = QStringLiteral("renamed");
        view.setSeriesStyles(styles);
        QVERIFY(view.seriesPoints(QStringLiteral("renamed")).isEmpty());
        QVERIFY(!lineNames(view).contains(test::sampleStyles()[0].setup));
        std::vector<PointResult> renamed = pts;
        for (PointResult& p : renamed)
            if (p.setup == test::sampleStyles()[0].setup.toStdString())
                p.setup = "renamed";
        view.setPoints(renamed);
        QCOMPARE(view.seriesPoints(QStringLiteral("renamed")).size(), 5);
        // Added: a new setup's points before its style, then its style.
        renamed.push_back(test::point("added", 0.5, 33.0));
        view.setPoints(renamed);
        styles.append({QStringLiteral("added"), colourForIndex(5), true});
        view.setSeriesStyles(styles);
        QCOMPARE(view.seriesPoints(QStringLiteral("added")), (QList<QPointF>{{0.5, 33.0}}));
        QCOMPARE(lineNames(view).size(), 4);
        // Removed.
        styles.removeAt(0);
        view.setSeriesStyles(styles);
        QCOMPARE(lineNames(view).size(), 3);
        QCOMPARE(view.chart()->series().size(), 21); // a line, five kinds of markers, a band each
    }

    void legendOnlyInExports()
    {
        MetricChartView view(Metric::P99);
        // Styles without points: a setup's colour can only come from the legend.
        view.setSeriesStyles(test::sampleStyles());
        view.resize(900, 560);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(!view.chart()->legend()->isVisible());
        const QColor colour = test::sampleStyles()[0].color;
        const auto countColour = [&colour](const QImage& image) {
            int n = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    n += image.pixelColor(x, y).rgb() == colour.rgb();
            return n;
        };
        QCOMPARE(countColour(view.grab().toImage()), 0);
        const QImage exported = renderChart(&view, QSize(900, 560), 1.0);
        QVERIFY(countColour(exported) > 10);
        QVERIFY(!view.chart()->legend()->isVisible()); // back as it was
    }
};

QTEST_MAIN(TestMetricChartReading)
#include "tst_metricchartreading.moc"
