// The timeline's collapse rule (docs/timeline.md, "Results"), bucket end by bucket end: more
// than a second of work queued, and more than 5 s earlier — 5 s of simulated time whatever the
// bucket length, and nothing before 5 s have passed.
#include <hedge/sim/CollapseWatch.h>

#include <QTest>

using namespace hedge;

class TestCollapseWatch : public QObject {
    Q_OBJECT

private slots:
    void nothingIsCollapsedBeforeFiveSeconds()
    {
        // Work piling up from the start: the first 4 s have no 5 s to look back over.
        CollapseWatch watch;
        QVERIFY(!watch.observe(1000.0, 500.0));
        QVERIFY(!watch.observe(2000.0, 1100.0));
        QVERIFY(!watch.observe(3000.0, 1600.0));
        QVERIFY(!watch.observe(4000.0, 2100.0));
        // At 5 s the look-back reaches the start, where nothing was queued.
        QVERIFY(watch.observe(5000.0, 2600.0));
        QCOMPARE(watch.backlogBefore(5000.0), 0.0);
    }

    void growthOverExactlyFiveSeconds()
    {
        CollapseWatch watch;
        const double backlog[] = {0, 0, 0, 3000, 2000, 1500, 1500, 1500, 1500, 2500};
        bool collapsed[10];
        for (int i = 0; i < 10; ++i)
            collapsed[i] = watch.observe(1000.0 * (i + 1), backlog[i]);
        QVERIFY(collapsed[4]);  // 1500 at 5 s, 0 at 0 s
        QVERIFY(collapsed[5]);  // 1500 at 6 s, 0 at 1 s
        QVERIFY(collapsed[7]);  // 1500 at 8 s, 0 at 3 s
        QVERIFY(!collapsed[8]); // 1500 at 9 s, 3000 at 4 s: shrinking
        QVERIFY(collapsed[9]);  // 2500 at 10 s, 2000 at 5 s
        QCOMPARE(watch.backlogBefore(10000.0), 2000.0);
    }

    void overOneSecondOnly()
    {
        CollapseWatch watch;
        for (int i = 1; i <= 10; ++i)
            QVERIFY(!watch.observe(1000.0 * i, 100.0 * i)); // growing, never a second
    }

    // Buckets of 3 s do not divide 5 s: the look-back is still 5 s, the backlog between two
    // bucket ends read on the straight line between them — not the bucket 6 s earlier.
    void lookBackIsFiveSecondsWhateverTheBucket()
    {
        CollapseWatch watch;
        QVERIFY(!watch.observe(3000.0, 1200.0));
        QVERIFY(watch.observe(6000.0, 1400.0)); // at 1 s: 400 (a third of 1200)
        QVERIFY(watch.observe(9000.0, 2000.0)); // at 4 s: 1200 + (1400 − 1200) / 3
        // At 12 s: 7 s is a third of the way from 6 s (1400) to 9 s (2000): 1600. The bucket
        // 6 s earlier held 1400 < 1500, but 5 s earlier there were 1600 > 1500.
        QCOMPARE(watch.backlogBefore(12000.0), 1600.0);
        QVERIFY(!watch.observe(12000.0, 1500.0));
        // Long buckets: 60 s, the look-back ends inside the bucket before, whose end it reads
        // on the line to this one's end.
        CollapseWatch minutes;
        QVERIFY(minutes.observe(60000.0, 2000.0));
        QVERIFY(minutes.observe(120000.0, 2100.0)); // at 115 s: 2000 + 100 · 55/60
        QCOMPARE(minutes.backlogBefore(120000.0), 2000.0 + 100.0 * 55.0 / 60.0);
        // A last bucket cut short by the duration (60 s, 120 s, then 150 s).
        QVERIFY(!minutes.observe(150000.0, 2050.0)); // at 145 s: 2100 − 50 · 25/30 ≈ 2058
    }
};

QTEST_APPLESS_MAIN(TestCollapseWatch)
#include "tst_collapsewatch.moc"
