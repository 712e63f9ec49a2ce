// Drives the real main window offscreen at 1024 × 700: View → every metric keeps the window
// within the screen, every chart keeps its labels, and hiding them again lets it shrink back.
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include "MetricChartView.h"

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
};

QTEST_MAIN(TestAllChartsFit)
#include "tst_allchartsfit.moc"
