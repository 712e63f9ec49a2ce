// The Live view's per-replica queue strip (docs/topology.md, "In the explorer") and its hover
// texts, on the Live view and its controller driven as a user drives them (no window): the
// slow-replica preset opened in the Live view shows one row per replica of each world; the
// pointer over a row names the world, the replica, the time and that replica's backlog; over a
// line chart, the figure of each world at that time. A one-replica scenario has no strip, and
// the Charts menu says why. The strip keeps its rows in a small view.
#include "LiveChartHover.h"
#include "LiveOnController.h"
#include "LiveView.h"

#include <hedge/io/Presets.h>
#include <hedge/run/LiveController.h>

#include <QComboBox>
#include <QSlider>
#include <QToolButton>
#include <QToolTip>
#include <QtTest>

using namespace hedge;

namespace {


QString clockText(double s)
{
    const int total = int(std::lround(s));
    return QStringLiteral("%1:%2").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
}

// The x of simulated time `t` on the chart's time axis.
double xOf(const LiveTimeSeriesView* chart, const QRectF& plot, double t)
{
    const auto [t0, t1] = chart->timeRange();
    return plot.left() + (t - t0) / (t1 - t0) * plot.width();
}

} // namespace

class TestReplicaStrip : public QObject {
    Q_OBJECT

private slots:
    void theSlowReplicaPresetShowsEachReplicasQueue()
    {
        test::LiveOnController w;
        w.view.resize(1024, 620);
        w.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w.view));
        // The preset opened in the Live view: its own load, 30 %, as the window starts it.
        const Preset* slow = findPreset("slow-replica");
        QVERIFY(slow);
        w.start(slow->scenario, slow->liveLoad);
        LiveView* view = &w.view;
        LiveController* live = &w.controller;
        QVERIFY(live->hasSession());
        view->speedBox()->setCurrentIndex(view->speedBox()->findText(QStringLiteral("Fastest")));
        // The preset's own load, 30 %, where the Live view starts it; a minute on the time axis.
        QSlider* slider = view->loadSlider();
        QCOMPARE(slider->value(), 30);
        for (QComboBox* box : view->findChildren<QComboBox*>())
            if (box->findText(QStringLiteral("1 min")) >= 0)
                box->setCurrentIndex(box->findText(QStringLiteral("1 min")));
        QVERIFY(w.runUntil(50));

        LiveTimeSeriesView* chart = view->chart();
        const int worlds = int(live->rings().size());
        QCOMPARE(worlds, 3);
        QCOMPARE(chart->replicaRowCount(), worlds * 4);
        const QRectF strip = chart->panelRect(Figure::ReplicaBacklog);
        QVERIFY(!strip.isEmpty());
        QVERIFY2(strip.height() >= 12 * 6, qPrintable(QString::number(strip.height())));
        QVERIFY(strip.bottom() <= chart->height());
        QAction* action = view->panelAction(Figure::ReplicaBacklog);
        QVERIFY(action->isEnabled() && action->isChecked());

        // The busiest replica cell of the window: world, replica, bucket.
        const auto [t0, t1] = chart->timeRange();
        std::size_t world = 0, bucket = 0;
        int replica = 0;
        double most = -1.0;
        for (std::size_t wi = 0; wi < live->rings().size(); ++wi) {
            const BucketRing& ring = live->rings()[wi];
            for (std::size_t k = 1; k + 1 < ring.size(); ++k) {
                const TimelineBucket& b = ring.at(k);
                QCOMPARE(b.replicaBacklogMs.size(), std::size_t(4));
                for (int r = 0; r < 4; ++r)
                    if (b.tS - 1.0 > t0 && b.replicaBacklogMs[std::size_t(r)] > most) {
                        most = b.replicaBacklogMs[std::size_t(r)];
                        world = wi;
                        replica = r;
                        bucket = k;
                    }
            }
        }
        QVERIFY2(most > 20.0, qPrintable(QString::number(most))); // a slow period piled up
        const TimelineBucket& b = live->rings()[world].at(bucket);
        const QString setup = live->setupNames()[int(world)];

        // The pointer down the strip at that bucket's time, as a user looks for the row.
        const int x = int(std::lround(xOf(chart, strip, b.tS - 0.5)));
        QString found;
        for (int y = int(strip.top()); y < int(strip.bottom()) && found.isEmpty(); ++y) {
            QTest::mouseMove(chart, QPoint(x, y));
            const QString text = chart->shownText();
            if (text.contains(setup.toHtmlEscaped()) &&
                text.contains(QStringLiteral("replica %1 of 4").arg(replica + 1)))
                found = text;
        }
        QVERIFY2(!found.isEmpty(), qPrintable(setup));
        QVERIFY2(found.contains(QStringLiteral("%1–%2").arg(clockText(b.tS - 1.0), clockText(b.tS))),
                 qPrintable(found));
        QVERIFY2(found.contains(QStringLiteral("(%1 ms)").arg(most, 0, 'f', 1)), qPrintable(found));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 60000);
        QCOMPARE(QToolTip::text(), found);

        // Over the p99 chart at the same time: each world's p99 in that bucket.
        const QRectF p99 = chart->panelRect(Figure::P99);
        QTest::mouseMove(chart, QPoint(x, int(p99.center().y())));
        const QString line = chart->shownText();
        QVERIFY2(line.contains(panelTitle(Figure::P99)), qPrintable(line));
        for (std::size_t wi = 0; wi < live->rings().size(); ++wi) {
            const TimelineBucket& same = live->rings()[wi].at(bucket);
            QCOMPARE(same.tS, b.tS);
            QVERIFY2(line.contains(QStringLiteral("%1: %2").arg(live->setupNames()[int(wi)].toHtmlEscaped(),
                                                                 LiveChartHover::valueText(*same.p99Ms))),
                     qPrintable(line));
        }
        QTRY_COMPARE_WITH_TIMEOUT(QToolTip::text(), line, 60000);
        // Off the charts, no text.
        QTest::mouseMove(chart, QPoint(2, 2));
        QVERIFY(chart->shownText().isEmpty());

        // A small window: the strip keeps a row for every replica.
        w.view.resize(760, 480);
        QTRY_VERIFY_WITH_TIMEOUT(chart->height() < 420, 60000);
        const QRectF small = chart->panelRect(Figure::ReplicaBacklog);
        QVERIFY(!small.isEmpty());
        QVERIFY2(small.height() >= 12 * 2, qPrintable(QString::number(small.height())));
        QVERIFY(small.bottom() <= chart->height());
    }

    void oneReplicaHasNoStripAndTheMenuSaysWhy()
    {
        test::LiveOnController w;
        w.view.resize(1024, 620);
        w.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w.view));
        w.start(findPreset("reference")->scenario, findPreset("reference")->liveLoad);
        LiveView* view = &w.view;
        w.chooseSpeed(QStringLiteral("Fastest"));
        QVERIFY(w.runUntil(5));
        QCOMPARE(view->chart()->replicaRowCount(), 0);
        QVERIFY(view->chart()->panelRect(Figure::ReplicaBacklog).isEmpty());
        QAction* action = view->panelAction(Figure::ReplicaBacklog);
        QVERIFY(!action->isEnabled());
        QVERIFY2(action->text().contains(QStringLiteral("one replica")), qPrintable(action->text()));

        // The slow-replica preset in the same view: the strip and its menu entry come back.
        w.start(findPreset("slow-replica")->scenario, findPreset("slow-replica")->liveLoad);
        QTRY_VERIFY_WITH_TIMEOUT(w.controller.scenario().service.replicas == 4, 60000);
        QVERIFY(action->isEnabled());
        QCOMPARE(action->text(), panelTitle(Figure::ReplicaBacklog));
        QVERIFY(w.runUntil(3));
        QCOMPARE(view->chart()->replicaRowCount(), 12);
        // Unchecked, the strip goes.
        action->trigger();
        QVERIFY(view->chart()->panelRect(Figure::ReplicaBacklog).isEmpty());
    }
};

QTEST_MAIN(TestReplicaStrip)
#include "tst_replicastrip.moc"
