// Drives the real main window offscreen at 1024 × 700: View → every metric keeps the window
// within the screen, every chart keeps its labels, and hiding them again lets it shrink back.
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include "ExplorerTestScenarios.h"
#include "MetricChartView.h"

#include <hedge/io/Presets.h>

#include <QGraphicsSimpleTextItem>

#include <QFile>
#include <QLayout>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace hedge;

namespace {

// The window's smallest size once its layout has taken the last change in.
QSize minimumOf(MainWindow& w)
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    w.layout()->activate();
    return w.minimumSizeHint().expandedTo(w.minimumSize());
}

// The checkable View menu entries: one per metric that can be shown or hidden.
QList<QAction*> metricActions(MainWindow& w)
{
    QList<QAction*> result;
    for (QAction* menu : w.menuBar()->actions()) {
        if (!menu->menu() || menu->text().remove(QLatin1Char('&')) != QStringLiteral("View"))
            continue;
        // Every checkable entry but the palette's and presenter mode's is a chart's.
        for (QAction* a : menu->menu()->actions()) {
            const QString text = a->text().remove(QLatin1Char('&'));
            if (a->isCheckable() && text != QStringLiteral("Dark Palette") &&
                text != QStringLiteral("Presenter Mode"))
                result << a;
        }
    }
    return result;
}

} // namespace

class TestAllChartsFit : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("HedgeExplorerTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_allchartsfit"));
        QSettings().clear();
        QFile::remove(MainWindow::autosavePath());
    }

    void everyMetricFitsAt1024x700()
    {
        // The reference preset (its explanation beside the charts), without running it.
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QVERIFY(w.loadPreset(QStringLiteral("reference")));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QList<QAction*> actions = metricActions(w);
        QCOMPARE(actions.size(), 7);
        for (QAction* a : actions)
            a->trigger();
        const QSize all = minimumOf(w);
        QVERIFY2(all.height() <= 700 && all.width() <= 1024,
                 qPrintable(QStringLiteral("minimum %1 × %2").arg(all.width()).arg(all.height())));
        QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(1024, 700), 60000);
        for (Metric m : allMetrics()) {
            MetricChartView* chart = test::chart(w, m);
            // The parts' chart waits for a service that fans out: the reference does not.
            if (isPartMetric(m)) {
                QVERIFY(!chart->isVisible());
                continue;
            }
            QVERIFY2(chart->isVisible(), qPrintable(metricKey(m)));
            QVERIFY2(chart->height() >= chart->minimumSizeHint().height(),
                     qPrintable(metricKey(m)));
        }
        // Hidden again: the window shrinks back to a smaller size than all charts need.
        for (QAction* a : actions)
            a->trigger();
        QVERIFY(minimumOf(w).height() <= all.height());
        w.resize(900, 560);
        QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(900, 560), 60000);
    }

    // Issue 37, item 7 (moved from tst_collapsemarkers, whose other checks need no window): at
    // 1024 x 700 on the collapse preset the figures of several collapsed
    // setups piled up ("144 s" over "156", a column of "2.00"). None of the figures drawn
    // meets another, and a series never prints the same figure twice in a row.
    void offScaleFiguresNeverOverlapAt1024x700()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        test::menuAction(w, QStringLiteral("&Presets"),
                         QString::fromStdString(findPreset("collapse")->title))
            ->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 600000);
        QCOMPARE(w.width(), 1024);
        int drawnFigures = 0;
        for (const Metric metric : {Metric::P99, Metric::RequestsPerCall}) {
            MetricChartView* view = test::chart(w, metric);
            QList<QRectF> drawn;
            for (QGraphicsItem* item : view->chart()->childItems()) {
                auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item);
                if (!text || !text->isVisible() || text->zValue() != 15)
                    continue;
                const QRectF rect = text->sceneBoundingRect();
                // Apart by a character's width at least: touching figures read as one.
                const double gap = QFontMetricsF(text->font()).averageCharWidth() - 1.0;
                for (const QRectF& other : drawn)
                    QVERIFY2(!rect.intersects(other.adjusted(-gap, 0.0, gap, 0.0)),
                             qPrintable(text->text()));
                drawn << rect;
            }
            drawnFigures += int(drawn.size());
            QCOMPARE(qsizetype(view->offScaleLabels().size()), drawn.size());
            const auto& labels = view->offScaleLabels();
            for (std::size_t i = 1; i < labels.size(); ++i)
                QVERIFY2(labels[i].setup != labels[i - 1].setup ||
                             labels[i].text != labels[i - 1].text,
                         qPrintable(labels[i].setup + QStringLiteral(": ") + labels[i].text));
        }
        QVERIFY(drawnFigures > 0);
    }
};

QTEST_MAIN(TestAllChartsFit)
#include "tst_allchartsfit.moc"
