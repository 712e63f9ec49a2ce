// The replica strip as drawn: a replica's row is dark where its backlog is at the top of the
// scale and the background where its queue is empty, at the times the other charts put there;
// a hidden world has no rows; the hover names the row under the pointer.
#include "ChartTheme.h"
#include "LiveTimeSeriesView.h"
#include "ReplicaQueueStrip.h"

#include <QApplication>
#include <QPainter>
#include <QtTest>

using namespace hedge;

namespace {

// Two worlds of three replicas, 60 buckets of 1 s; world 0's replica 1 holds 400 ms of work
// from 20 s to 30 s, every other queue is empty.
std::vector<BucketRing> rings()
{
    std::vector<BucketRing> r(2, BucketRing(600));
    for (int t = 1; t <= 60; ++t)
        for (int w = 0; w < 2; ++w) {
            TimelineBucket b;
            b.tS = t;
            b.load = 0.3;
            b.replicaBacklogMs = {0.0, w == 0 && t > 20 && t <= 30 ? 400.0 : 0.0, 0.0};
            b.backlogMs = b.replicaBacklogMs[1] / 3.0;
            r[std::size_t(w)].push(b);
        }
    return r;
}

} // namespace

class TestReplicaQueueStrip : public QObject {
    Q_OBJECT
private slots:
    void aPiledUpQueueIsDarkInItsRowAtItsTime()
    {
        const auto data = rings();
        const QList<SeriesStyle> styles{{QStringLiteral("a"), QColor(0xE6, 0x9F, 0x00), true},
                                        {QStringLiteral("b"), QColor(0x00, 0x72, 0xB2), true}};
        const ChartTheme theme(QApplication::palette(), QApplication::font());
        const ReplicaQueueStrip strip(&data, styles, 0.0, 60.0);
        QCOMPARE(strip.rowCount(), 6);
        QCOMPARE(strip.scaleMaxS(), 0.4);
        QImage image(700, 200, QImage::Format_ARGB32_Premultiplied);
        image.fill(theme.base());
        const QRectF area(60, 10, 600, 180);
        {
            QPainter p(&image);
            strip.draw(p, theme, area);
        }
        // Rows: header, then six rows and one gap between the worlds.
        const double top = area.top() + ReplicaQueueStrip::headerHeight(theme);
        const double rowH = (area.bottom() - top - 3.0) / 6.0;
        const auto pixel = [&](double t, int row) {
            const double y = top + rowH * (row + 0.5) + (row >= 3 ? 3.0 : 0.0);
            return image.pixel(int(area.left() + t / 60.0 * area.width()), int(y));
        };
        const QRgb full = strip.colour(theme, 0.4).rgb();
        const QRgb empty = strip.colour(theme, 0.0).rgb();
        QCOMPARE(pixel(25, 1), full);
        QCOMPARE(pixel(20.5, 1), full); // the first second of it, where the time axis says
        QCOMPARE(pixel(29.5, 1), full);
        QCOMPARE(pixel(19.5, 1), empty);
        QCOMPARE(pixel(30.5, 1), empty);
        QCOMPARE(pixel(10, 1), empty);
        QCOMPARE(pixel(25, 0), empty);
        QCOMPARE(pixel(25, 2), empty);
        QCOMPARE(pixel(25, 4), empty); // the other world's replica 1
        QVERIFY(full != empty);

        const auto hit = strip.hitTest(theme, area, QPointF(area.left() + 25.5 / 60.0 * area.width(),
                                                            top + rowH * 1.5));
        QVERIFY(hit);
        QCOMPARE(hit->world, std::size_t(0));
        QCOMPARE(hit->replica, 1);
        QCOMPARE(hit->backlogMs, 400.0);
        QCOMPARE(hit->toS, 26.0);
        QVERIFY(strip.hoverText(*hit).contains(QStringLiteral("replica 2 of 3 · 0:25–0:26")));
    }

    void aHiddenWorldHasNoRows()
    {
        const auto data = rings();
        const QList<SeriesStyle> styles{{QStringLiteral("a"), Qt::red, false},
                                        {QStringLiteral("b"), Qt::blue, true}};
        QCOMPARE(ReplicaQueueStrip(&data, styles, 0.0, 60.0).rowCount(), 3);
        // Nothing queued in the shown world: the scale keeps its floor.
        QCOMPARE(ReplicaQueueStrip(&data, styles, 0.0, 60.0).scaleMaxS(), ReplicaQueueStrip::kMinScaleS);

        LiveTimeSeriesView view;
        view.resize(700, 560);
        view.setSource(&data);
        view.setSeriesStyles(styles);
        QCOMPARE(view.replicaRowCount(), 3);
        QVERIFY(!view.panelRect(Figure::ReplicaBacklog).isEmpty());
        view.setPanelShown(Figure::ReplicaBacklog, false);
        QVERIFY(view.panelRect(Figure::ReplicaBacklog).isEmpty());
    }
};

QTEST_MAIN(TestReplicaQueueStrip)
#include "tst_replicaqueuestrip.moc"
