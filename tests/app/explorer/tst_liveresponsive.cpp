// The GUI thread keeps turning while the Live view's worlds run as fast as they can: a 5 ms
// timer gets its turns, and redraws are coalesced (far fewer than the buckets). Real time:
// labelled `timing`, as the sanitizer runs cannot keep it.
#include "ExplorerTestSupport.h"
#include "LiveController.h"
#include "LiveView.h"

#include <QComboBox>
#include <QPushButton>
#include <QToolButton>
#include <QtTest>

using namespace hedge;

class TestLiveResponsive : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_liveresponsive")); }

    void theGuiThreadTurnsWhileTheWorldsRunFlatOut()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        Scenario s;
        s.seed = 11;
        s.calls = 2000;
        s.loads = {0.5};
        s.setups = {Scenario::referenceSetups()[1], Scenario::referenceSetups()[2]};
        w.setScenario(s);
        w.showLiveView();
        LiveController* controller = w.liveController();
        test::liveView(w)->speedBox()->setCurrentIndex(3); // Fastest
        int ticks = 0;
        QTimer ticker;
        ticker.setInterval(5);
        connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
        ticker.start();
        const int redraws = int(controller->redrawCount());
        QTest::mouseClick(test::liveView(w)->runButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return controller->nowS() >= 60; }, 20000));
        QTest::qWait(400); // at least 400 ms of wall time with the worlds running
        QTest::mouseClick(test::liveView(w)->runButton(), Qt::LeftButton);
        ticker.stop();
        // A 5 ms timer got its turns (some tens at the very least), and redraws were coalesced:
        // far fewer than the buckets.
        QVERIFY2(ticks >= 20, qPrintable(QString::number(ticks)));
        const std::int64_t drawn = controller->redrawCount() - redraws;
        QVERIFY(drawn >= 1);
        QVERIFY2(drawn * 4 < controller->bucketCount(),
                 qPrintable(QStringLiteral("%1 redraws for %2 buckets").arg(drawn).arg(controller->bucketCount())));
    }

};

QTEST_MAIN(TestLiveResponsive)
#include "tst_liveresponsive.moc"
