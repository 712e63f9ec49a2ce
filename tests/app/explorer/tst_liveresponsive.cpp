// The GUI thread keeps turning while the Live view's worlds run as fast as they can: a timer
// gets its turns and the user's Pause click is taken while they run; redraws are coalesced,
// each taking every bucket that came since the last, several at once. Order and
// content only: how many turns or redraws a second depends on the machine and its load.
#include "LiveView.h"
#include "TestScenarios.h"

#include <hedge/run/LiveController.h>
#include <hedge/run/RedrawClock.h>

#include <QComboBox>
#include <QPushButton>
#include <QThread>
#include <QToolButton>
#include <QtTest>

#include <algorithm>

using namespace hedge;

// The Live view and its controller as the window makes them (one RedrawClock), without the
// window: what is measured here is the controller's worker against the GUI thread.
class TestLiveResponsive : public QObject {
    Q_OBJECT
private slots:
    void theGuiThreadTurnsWhileTheWorldsRunFlatOut()
    {
        RedrawClock clock;
        LiveController live(&clock);
        LiveController* controller = &live;
        LiveView view(controller);
        view.resize(1024, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(!live.start(test::twoHedgedSetups(), 0.5, false));
        view.speedBox()->setCurrentIndex(3); // Fastest
        int ticks = 0;
        QTimer ticker;
        ticker.setInterval(5);
        connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
        ticker.start();
        const int redraws = int(controller->redrawCount());
        int redrawsWithoutBuckets = 0;
        std::int64_t mostBucketsInARedraw = 0;
        std::int64_t bucketsAtLastRedraw = controller->bucketCount();
        connect(controller, &LiveController::samplesChanged, this, [&] {
            const std::int64_t buckets = controller->bucketCount() - bucketsAtLastRedraw;
            redrawsWithoutBuckets += buckets == 0;
            mostBucketsInARedraw = std::max(mostBucketsInARedraw, buckets);
            bucketsAtLastRedraw = controller->bucketCount();
        });
        QTest::mouseClick(view.runButton(), Qt::LeftButton);
        QVERIFY(!controller->isPaused());
        // The GUI thread busy elsewhere for a moment (as a long paint would keep it): the
        // worker's buckets wait for it, and the next redraw takes them all at once.
        QThread::msleep(200);
        QVERIFY(QTest::qWaitFor([&] { return controller->nowS() >= 60; }, 120000));
        // The chart is redrawn while they run.
        QVERIFY(QTest::qWaitFor([&] { return controller->redrawCount() > redraws; }, 60000));
        // The timer turned while the worlds ran flat out, and the user's click is taken: the
        // session pauses (an open-ended session would run on for ever).
        QVERIFY(ticks > 0);
        QTest::mouseClick(view.runButton(), Qt::LeftButton);
        ticker.stop();
        QVERIFY(controller->isPaused());
        // Every redraw showed new buckets, and they were coalesced: a redraw took all that
        // came since the last, several at once (those that waited for the busy GUI at least).
        const std::int64_t drawn = controller->redrawCount() - redraws;
        QVERIFY(drawn >= 1);
        QCOMPARE(redrawsWithoutBuckets, 0);
        QVERIFY2(mostBucketsInARedraw > 1,
                 qPrintable(QStringLiteral("%1 redraws for %2 buckets")
                                .arg(drawn)
                                .arg(controller->bucketCount())));
    }

};

QTEST_MAIN(TestLiveResponsive)
#include "tst_liveresponsive.moc"
