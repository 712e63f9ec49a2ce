// File → Export Chart… (Ctrl+E) and Copy Chart (Ctrl+Shift+C) act on the view the user looks
// at: in the Live view they write and copy its charts, on the Map tab the heat map; on the
// curves they stay the sweep chart's (covered by the chart export tests).
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"

#include "HeatMapView.h"
#include "LiveTimeSeriesView.h"
#include "LiveView.h"
#include "MapView.h"

#include <hedge/run/LiveController.h>
#include <hedge/run/SweepController.h>

#include <QClipboard>
#include <QComboBox>
#include <QImage>
#include <QTabWidget>
#include <QToolButton>

using namespace hedge;

namespace {

void pressInWindow(MainWindow& w, Qt::Key key, Qt::KeyboardModifiers modifiers)
{
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, key, modifiers);
}

QByteArray head(const QString& path, int bytes)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(bytes) : QByteArray();
}

} // namespace

class TestViewExports : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::startPrivateSession(QStringLiteral("tst_viewexports"));
    }

    void theLiveViewsChartsAreWhatCtrlEAndCopyTake()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        w.setScenario(test::twoSetups({0.5, 0.8}));
        test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Live View"))->trigger();
        QVERIFY(w.isLiveViewShown());
        LiveView* view = test::liveView(w);
        view->speedBox()->setCurrentIndex(view->speedBox()->findText(QStringLiteral("Fastest")));
        QTest::mouseClick(view->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return w.liveController()->nowS() >= 2.0; }, 20000));
        QTest::mouseClick(view->runButton(), Qt::LeftButton); // pause: the charts hold still
        QVERIFY(w.liveController()->isPaused());

        const QString png = m_dir.filePath(QStringLiteral("live.png"));
        test::answerFileDialog(png);
        pressInWindow(w, Qt::Key_E, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(png), 60000);
        const QImage written(png);
        QVERIFY(!written.isNull());
        // The live charts, not a sweep chart: the picture is the live view's chart area.
        const QSize chart = view->chart()->size();
        QVERIFY2(written.width() >= chart.width() / 2 && written.height() >= chart.height() / 2,
                 qPrintable(QStringLiteral("%1×%2 for a %3×%4 chart")
                                .arg(written.width())
                                .arg(written.height())
                                .arg(chart.width())
                                .arg(chart.height())));

        QApplication::clipboard()->clear();
        pressInWindow(w, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        const QImage copied = QApplication::clipboard()->image();
        QCOMPARE(copied.size(), view->chart()->grab().size());
    }

    void theMapIsWhatCtrlEAndCopyTakeOnTheMapTab()
    {
        Scenario s = test::twoSetups({0.3, 0.9}, 2000);
        s.grid = Grid{.setup = s.setups[1].name, .knob = "hedge.delay_ms", .values = {10, 40}};
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(!w.openScenarioFile(test::writeScenario(m_dir, s, QStringLiteral("grid.json"))));
        QCOMPARE(test::sweepViews(w)->currentWidget(), test::mapView(w));
        QTRY_VERIFY_WITH_TIMEOUT(w.mapSweep()->isComplete(), 30000);

        const QString svg = m_dir.filePath(QStringLiteral("map.svg"));
        test::answerFileDialog(svg);
        pressInWindow(w, Qt::Key_E, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(svg), 60000);
        QVERIFY(head(svg, 400).contains("<svg"));

        QApplication::clipboard()->clear();
        pressInWindow(w, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(QApplication::clipboard()->image().size(),
                 test::mapView(w)->heatMap()->grab().size());
    }
};

QTEST_MAIN(TestViewExports)
#include "tst_viewexports.moc"
