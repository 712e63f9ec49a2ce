// The chart grid in the real window: a chart hidden from the View menu skips the sweep's point
// updates, yet shows the current points the moment it is shown, and an export of a hidden
// chart draws the current series.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include "MetricChartView.h"
#include "SetupListWidget.h"

#include <hedge/io/ScenarioJson.h>

#include <QAction>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace hedge;

namespace {

using test::idle;
using test::twoSetups;

// The View menu's entry for a chart, as the user clicks it.
QAction* viewAction(MainWindow& w, Metric metric)
{
    return test::menuAction(w, QStringLiteral("&View"), metricTitle(metric));
}

QList<double> loadsDrawn(const MetricChartView* chart, const QString& setup)
{
    QList<double> loads;
    for (const QPointF& p : chart->seriesPoints(setup))
        loads << p.x();
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

} // namespace

class TestChartArea : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        test::startPrivateSession(QStringLiteral("tst_chartarea"));
        QVERIFY(m_dir.isValid());
    }

    void init() { test::clearSession(); }

    void hiddenChartShowsTheCurrentPointsWhenShown()
    {
        auto w = test::openWindow(m_dir, twoSetups({0.5, 0.8, 0.95}), QStringLiteral("three.json"));
        QAction* p999 = viewAction(*w, Metric::P999);
        QVERIFY(p999);
        MetricChartView* chart = test::chart(*w, Metric::P999);
        p999->trigger();
        QVERIFY(chart->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(idle(*w), 60000);
        QCOMPARE(loadsDrawn(chart, QStringLiteral("no hedge")), (QList<double>{0.5, 0.8, 0.95}));

        // Hidden, it misses a whole new sweep.
        p999->trigger();
        QVERIFY(!chart->isVisible());
        const QString two =
            test::writeScenario(m_dir, twoSetups({0.6, 0.9}), QStringLiteral("two.json"));
        QCOMPARE(w->openScenarioFile(two), std::nullopt);
        QTRY_VERIFY_WITH_TIMEOUT(idle(*w), 60000);
        QCOMPARE(loadsDrawn(test::chart(*w, Metric::P99), QStringLiteral("no hedge")),
                 (QList<double>{0.6, 0.9}));
        // Hidden charts are not redrawn at each tick.
        QCOMPARE(loadsDrawn(chart, QStringLiteral("no hedge")), (QList<double>{0.5, 0.8, 0.95}));

        // Shown again, it draws the new sweep at once.
        p999->trigger();
        QVERIFY(chart->isVisible());
        QCOMPARE(loadsDrawn(chart, QStringLiteral("no hedge")), (QList<double>{0.6, 0.9}));
        QCOMPARE(chart->points().size(), w->controller()->displayedPoints().size());
        QCOMPARE(chart->passLabel(), test::chart(*w, Metric::P99)->passLabel());
    }

    void exportOfAHiddenChartDrawsTheSeries()
    {
        auto w =
            test::openWindow(m_dir, twoSetups({0.5, 0.8, 0.95}), QStringLiteral("export.json"));
        QTRY_VERIFY_WITH_TIMEOUT(idle(*w), 60000);
        QVERIFY(!test::chart(*w, Metric::P999)->isVisible());
        const QColor color = test::setupList(*w)->styles().value(0).color;

        // The shown p99 chart as the measure of a drawn series.
        const QString shown = m_dir.filePath(QStringLiteral("p99.svg"));
        QCOMPARE(w->exportChart(Metric::P99, shown, QSize(640, 400)), std::nullopt);
        const QString hidden = m_dir.filePath(QStringLiteral("p999.svg"));
        QCOMPARE(w->exportChart(Metric::P999, hidden, QSize(640, 400)), std::nullopt);
        const int drawn = pixelsOf(shown, color);
        qInfo("p99 %d px, hidden p999 %d px of the series colour", drawn, pixelsOf(hidden, color));
        QVERIFY(pixelsOf(hidden, color) > drawn / 2);
    }
};

QTEST_MAIN(TestChartArea)
#include "tst_chartarea.moc"
