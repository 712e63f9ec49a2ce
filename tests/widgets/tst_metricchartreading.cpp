// What a reader of one chart sees: figures on hover, an axis that the collapsed points do
// not own, collapse marked per setup, labels that fit in a small chart and a legend only
// where no setup list stands beside the chart (exports).
#include "TestPoints.h"

#include <widgets/ChartExport.h>
#include <widgets/MetricChartView.h>

#include <QApplication>
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

} // namespace

class TestMetricChartReading : public QObject {
    Q_OBJECT

private slots:
    void hoverWithoutButtonShowsTheFigures()
    {
        const std::vector<PointResult> pts = test::samplePoints();
        QWidget window;
        auto* view = new MetricChartView(Metric::P99, &window);
        window.resize(900, 560);
        view->resize(900, 560);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // As in the window: the chart is on screen before the setups and points arrive.
        view->setSeriesStyles(test::sampleStyles());
        view->setPoints(pts);
        const QPoint onPoint = viewPosOf(*view, test::sampleStyles()[0].setup,
                                         QPointF(0.7, *pts[3].p99Ms));
        // The pointer moves over the plot with no button held, as a user hovers.
        QTest::mouseMove(window.windowHandle(),
                         view->viewport()->mapTo(&window, onPoint + QPoint(1, 1)));
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QStringLiteral("270.1 ms")), qPrintable(QToolTip::text()));
        // The pointer rests: the application's own tooltip request (after its wake-up delay)
        // must not take the figures away.
        QTest::qWait(QApplication::style()->styleHint(QStyle::SH_ToolTip_WakeUpDelay) + 500);
        QVERIFY(QToolTip::isVisible());
        QVERIFY(QToolTip::text().contains(QStringLiteral("no hedge / client")));
        // Away from every point the tip goes.
        QTest::mouseMove(window.windowHandle(), view->viewport()->mapTo(&window, QPoint(3, 3)));
        QTRY_VERIFY(!QToolTip::isVisible());
    }
};

QTEST_MAIN(TestMetricChartReading)
#include "tst_metricchartreading.moc"
