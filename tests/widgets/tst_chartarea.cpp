// The chart grid (ChartArea) as the window uses it: its charts and their order are the figure
// catalogue's (hedge/sim/Figures.h), a chart hidden from the View menu skips the sweep's point
// updates yet shows the current points the moment it is shown, and an export of a hidden chart
// draws the current series. No window: the grid is given points as the window gives them.
#include "ChartArea.h"
#include "ChartExport.h"
#include "MetricChartView.h"
#include "TestPoints.h"

#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace hedge;

namespace {

const QString kNoHedge = QStringLiteral("no hedge");

std::vector<PointResult> pointsAt(const QList<double>& loads)
{
    std::vector<PointResult> points;
    for (double load : loads) {
        points.push_back(test::point("no hedge", load, 100.0 + load * 100.0));
        points.push_back(test::point("hedge", load, 50.0 + load * 10.0));
    }
    return points;
}

QList<double> loadsDrawn(const MetricChartView* chart, const QString& setup)
{
    QList<double> loads;
    for (const QPointF& p : chart->seriesPoints(setup))
        loads << p.x();
    std::sort(loads.begin(), loads.end());
    return loads;
}

// Pixels of `color` (within antialiasing) in an image of the rendered SVG.
int pixelsOf(const QString& svgPath, const QColor& color)
{
    QSvgRenderer renderer(svgPath);
    QImage image(640, 400, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderer.render(&painter);
    painter.end();
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - color.red()) < 30 && std::abs(c.green() - color.green()) < 30 &&
                std::abs(c.blue() - color.blue()) < 30)
                ++n;
        }
    return n;
}

struct ShownArea {
    ChartArea area;

    ShownArea()
    {
        area.resize(1000, 1400);
        area.setSeriesStyles({SeriesStyle{kNoHedge, QColor(QStringLiteral("#0072b2")), true},
                              SeriesStyle{QStringLiteral("hedge"),
                                          QColor(QStringLiteral("#d55e00")), true}});
        area.setLoadRange({0.3, 1.0});
        area.show();
        if (!QTest::qWaitForWindowExposed(&area))
            qFatal("the chart area was not shown");
    }
};

} // namespace

class TestChartArea : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The user turns every chart on (View menu): the grid lays them out in the catalogue's
    // order, row by row, and its charts, their order and the two always shown are the
    // catalogue's (metricFigures(), FigureRow::chartAlwaysShown), not a list of the grid's own.
    void chartsAreTheCataloguesInItsOrder()
    {
        ShownArea shown;
        ChartArea& area = shown.area;
        const QList<Metric> catalogue(metricFigures().begin(), metricFigures().end());
        QCOMPARE(ChartArea::chartOrder(), catalogue);
        for (Metric m : catalogue) {
            QCOMPARE(ChartArea::isAlwaysShown(m), figureRow(m).chartAlwaysShown);
            area.setChartVisible(m, true);
        }
        area.setPoints(test::withParts(pointsAt({0.5, 0.8})), QStringLiteral("pass 1"));
        QList<Metric> laidOut;
        for (MetricChartView* chart : area.shownCharts())
            laidOut << chart->metric();
        QCOMPARE(laidOut, catalogue);
        // Row by row, left to right: each chart after the one before it.
        for (qsizetype i = 1; i < laidOut.size(); ++i) {
            const QRect before = area.chart(laidOut[i - 1])->geometry();
            const QRect now = area.chart(laidOut[i])->geometry();
            QVERIFY2(now.top() > before.top() ||
                         (now.top() == before.top() && now.left() > before.left()),
                     qPrintable(metricKey(laidOut[i])));
        }
        // Every chart off again: the two the catalogue always shows stay.
        for (Metric m : catalogue)
            area.setChartVisible(m, false);
        laidOut.clear();
        for (MetricChartView* chart : area.shownCharts())
            laidOut << chart->metric();
        QList<Metric> always;
        for (Metric m : catalogue)
            if (figureRow(m).chartAlwaysShown)
                always << m;
        QCOMPARE(laidOut, always);
        QCOMPARE(always, (QList<Metric>{Metric::P99, Metric::RequestsPerCall}));
    }

    void hiddenChartShowsTheCurrentPointsWhenShown()
    {
        ShownArea shown;
        ChartArea& area = shown.area;
        MetricChartView* chart = area.chart(Metric::P999);
        area.setChartVisible(Metric::P999, true);
        QVERIFY(chart->isVisible());
        area.setPoints(pointsAt({0.5, 0.8, 0.95}), QStringLiteral("pass 1"));
        QCOMPARE(loadsDrawn(chart, kNoHedge), (QList<double>{0.5, 0.8, 0.95}));

        // Hidden, it misses a whole new sweep.
        area.setChartVisible(Metric::P999, false);
        QVERIFY(!chart->isVisible());
        area.setPoints(pointsAt({0.6, 0.9}), QStringLiteral("pass 2"));
        QCOMPARE(loadsDrawn(area.chart(Metric::P99), kNoHedge), (QList<double>{0.6, 0.9}));
        // Hidden charts are not redrawn at each tick.
        QCOMPARE(loadsDrawn(chart, kNoHedge), (QList<double>{0.5, 0.8, 0.95}));

        // Shown again, it draws the new sweep at once.
        area.setChartVisible(Metric::P999, true);
        QVERIFY(chart->isVisible());
        QCOMPARE(loadsDrawn(chart, kNoHedge), (QList<double>{0.6, 0.9}));
        QCOMPARE(chart->points().size(), std::size_t{4});
        QCOMPARE(chart->passLabel(), area.chart(Metric::P99)->passLabel());
    }

    void exportOfAHiddenChartDrawsTheSeries()
    {
        ShownArea shown;
        ChartArea& area = shown.area;
        area.setPoints(pointsAt({0.5, 0.8, 0.95}), QStringLiteral("pass 1"));
        QVERIFY(!area.chart(Metric::P999)->isVisible());
        const QColor color(QStringLiteral("#0072b2"));

        // The shown p99 chart as the measure of a drawn series.
        const QString p99 = m_dir.filePath(QStringLiteral("p99.svg"));
        QCOMPARE(exportChartSvg(area.upToDateChart(Metric::P99), p99, QSize(640, 400)),
                 std::nullopt);
        const QString hidden = m_dir.filePath(QStringLiteral("p999.svg"));
        QCOMPARE(exportChartSvg(area.upToDateChart(Metric::P999), hidden, QSize(640, 400)),
                 std::nullopt);
        const int drawn = pixelsOf(p99, color);
        qInfo("p99 %d px, hidden p999 %d px of the series colour", drawn, pixelsOf(hidden, color));
        QVERIFY(drawn > 0);
        QVERIFY(pixelsOf(hidden, color) > drawn / 2);
    }
};

QTEST_MAIN(TestChartArea)
#include "tst_chartarea.moc"
