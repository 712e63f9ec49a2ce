// Gradient2Limit against values worked out by hand from docs/model.md, "Adaptive limit (Gradient2)"
// (upstream's Gradient2Limit with its defaults: initial 20, min 20, max 200, smoothing 0.2,
// tolerance 1.5, long window 600 with a 10-sample warm-up, queue size 4). With gradient g:
//   new = 0.8 · limit + 0.2 · (limit · g + 4)
#include <hedge/policy/Gradient2Limit.h>

#include <QTest>

using namespace hedge;

class TestGradient2Limit : public QObject {
    Q_OBJECT

private slots:
    void initialState();
    void handComputedSequence();
    void appLimitedBoundary();
    void maxClamp();
    void growsToDefaultMaxAndStays();
    void customConfig();
};

void TestGradient2Limit::initialState()
{
    const Gradient2Limit limit;
    QCOMPARE(limit.estimatedLimit(), 20.0);
    QCOMPARE(limit.limit(), 20);
    QCOMPARE(limit.longRttMs(), 0.0);
}

void TestGradient2Limit::handComputedSequence()
{
    Gradient2Limit g;

    // 1: rtt 10, inflight 20. long = mean(10) = 10; gradient = min(1, 1.5·10/10) = 1;
    //    new = 0.8·20 + 0.2·(20 + 4) = 20.8.
    g.addSample(10.0, 20);
    QCOMPARE(g.longRttMs(), 10.0);
    QCOMPARE(g.estimatedLimit(), 20.8);
    QCOMPARE(g.limit(), 20);

    // 2: rtt 10, inflight 5 < 20.8/2: app-limited, the limit stays; long = mean(10,10) = 10.
    g.addSample(10.0, 5);
    QCOMPARE(g.longRttMs(), 10.0);
    QCOMPARE(g.estimatedLimit(), 20.8);

    // 3: rtt 100, inflight 20. long = (10+10+100)/3 = 40; gradient = 1.5·40/100 = 0.6;
    //    new = 0.8·20.8 + 0.2·(20.8·0.6 + 4) = 16.64 + 3.296 = 19.936 → min clamp 20.
    g.addSample(100.0, 20);
    QCOMPARE(g.longRttMs(), 40.0);
    QCOMPARE(g.estimatedLimit(), 20.0);

    // 4: rtt 4, inflight 20. long = 124/4 = 31; 31/4 > 2 so the stored long decays to
    //    31·0.95 = 29.45, but this update uses 31: gradient = min(1, 1.5·31/4) = 1;
    //    new = 0.8·20 + 0.2·24 = 20.8.
    g.addSample(4.0, 20);
    QCOMPARE(g.longRttMs(), 29.45);
    QCOMPARE(g.estimatedLimit(), 20.8);

    // 5: rtt 10, inflight 20. Still warming up: long = plain mean = 134/5 = 26.8 (upstream
    //    recomputes sum/count, so the decay of step 4 is lost); 26.8/10 > 2 → stored 25.46.
    //    gradient 1: new = 0.8·20.8 + 0.2·24.8 = 21.6.
    g.addSample(10.0, 20);
    QCOMPARE(g.longRttMs(), 25.46);
    QCOMPARE(g.estimatedLimit(), 21.6);
    QCOMPARE(g.limit(), 21);

    // 6..10: rtt 10, inflight 5, app-limited. Means 144/6 = 24 (decays to 22.8),
    //    154/7 = 22 (→ 20.9), 164/8 = 20.5 (→ 19.475), 174/9 = 19.33…, 184/10 = 18.4.
    const double stored[] = {22.8, 20.9, 19.475, 174.0 / 9.0, 18.4};
    for (double expected : stored) {
        g.addSample(10.0, 5);
        QCOMPARE(g.longRttMs(), expected);
        QCOMPARE(g.estimatedLimit(), 21.6);
    }

    // 11: rtt 20, inflight 22. Warm-up over: EMA with factor 2/601.
    //    long = 18.4 + (20 − 18.4)·2/601 = 18.40532…; gradient 1; new = 0.8·21.6 + 0.2·25.6.
    const double long11 = 18.4 + (20.0 - 18.4) * 2.0 / 601.0;
    g.addSample(20.0, 22);
    QCOMPARE(g.longRttMs(), long11);
    QCOMPARE(g.estimatedLimit(), 22.4);

    // 12: rtt 2, inflight 22. long = long11 + (2 − long11)·2/601 = 18.35073…; that is more
    //     than twice 2, so the stored long (after warm-up: it persists) is ·0.95 = 17.43319…;
    //     gradient 1: new = 0.8·22.4 + 0.2·26.4 = 23.2.
    const double long12 = long11 + (2.0 - long11) * 2.0 / 601.0;
    g.addSample(2.0, 22);
    QCOMPARE(g.longRttMs(), long12 * 0.95);
    QCOMPARE(g.estimatedLimit(), 23.2);

    // 13: rtt 30, inflight 23. long = 0.95·long12 + (30 − 0.95·long12)·2/601 = 17.47501…;
    //     gradient = 1.5·17.47501/30 = 0.87375…; new = 0.8·23.2 + 0.2·(23.2·gradient + 4)
    //     = 23.41420…
    const double long13 = long12 * 0.95 + (30.0 - long12 * 0.95) * 2.0 / 601.0;
    const double limit13 = 0.8 * 23.2 + 0.2 * (23.2 * (1.5 * long13 / 30.0) + 4.0);
    g.addSample(30.0, 23);
    QCOMPARE(g.longRttMs(), long13);
    QCOMPARE(g.estimatedLimit(), limit13);
    QVERIFY(qAbs(limit13 - 23.4142032790996) < 1e-9);
    QCOMPARE(g.limit(), 23);

    // 14: rtt 60, inflight 23. long = long13 + (60 − long13)·2/601 = 17.61652…; 1.5·long/60
    //     = 0.44 → gradient clamped to 0.5; new = 0.8·limit13 + 0.2·(limit13·0.5 + 4)
    //     = 21.87278…
    const double long14 = long13 + (60.0 - long13) * 2.0 / 601.0;
    const double limit14 = 0.8 * limit13 + 0.2 * (limit13 * 0.5 + 4.0);
    g.addSample(60.0, 23);
    QCOMPARE(g.longRttMs(), long14);
    QCOMPARE(g.estimatedLimit(), limit14);
    QVERIFY(qAbs(limit14 - 21.8727829511896) < 1e-9);
    QCOMPARE(g.limit(), 21);
}

void TestGradient2Limit::appLimitedBoundary()
{
    // inflight == limit/2 is not app-limited (upstream: inflight < estimatedLimit / 2).
    Gradient2Limit atHalf;
    atHalf.addSample(10.0, 10);
    QCOMPARE(atHalf.estimatedLimit(), 20.8);

    Gradient2Limit belowHalf;
    belowHalf.addSample(10.0, 9);
    QCOMPARE(belowHalf.estimatedLimit(), 20.0);
    QCOMPARE(belowHalf.longRttMs(), 10.0); // the long average still learns
}

void TestGradient2Limit::maxClamp()
{
    Gradient2Limit g(Gradient2Config{.maxLimit = 21});
    g.addSample(10.0, 20);
    QCOMPARE(g.estimatedLimit(), 20.8);
    g.addSample(10.0, 20); // 0.8·20.8 + 0.2·24.8 = 21.6 → 21
    QCOMPARE(g.estimatedLimit(), 21.0);
    QCOMPARE(g.limit(), 21);
}

void TestGradient2Limit::growsToDefaultMaxAndStays()
{
    // With no queueing (gradient 1) each sample adds 0.2·4 = 0.8: 20 → 200 takes 225.
    Gradient2Limit g;
    for (int i = 0; i < 224; ++i)
        g.addSample(10.0, 200);
    QCOMPARE(g.limit(), 199);
    g.addSample(10.0, 200);
    g.addSample(10.0, 200);
    QCOMPARE(g.estimatedLimit(), 200.0);
    QCOMPARE(g.limit(), 200);
}

void TestGradient2Limit::customConfig()
{
    // initial 10, min 5, max 50, smoothing 0.5, tolerance 2, queue 1:
    //   1: rtt 10 → long 10, gradient min(1, 2) = 1: new = 0.5·10 + 0.5·(10 + 1) = 10.5
    //   2: rtt 80 → long 45, gradient 2·45/80 = 1.125 → 1: new = 0.5·10.5 + 0.5·11.5 = 11
    //   3: rtt 400 → long 490/3, gradient 2·163.33/400 = 0.81667:
    //      new = 0.5·11 + 0.5·(11·0.81667 + 1) = 10.49167
    Gradient2Limit g(Gradient2Config{.initialLimit = 10,
                                     .minLimit = 5,
                                     .maxLimit = 50,
                                     .smoothing = 0.5,
                                     .rttTolerance = 2.0,
                                     .queueSize = 1});
    g.addSample(10.0, 10);
    QCOMPARE(g.estimatedLimit(), 10.5);
    g.addSample(80.0, 10);
    QCOMPARE(g.estimatedLimit(), 11.0);
    g.addSample(400.0, 10);
    QCOMPARE(g.longRttMs(), 490.0 / 3.0);
    QCOMPARE(g.estimatedLimit(), 0.5 * 11.0 + 0.5 * (11.0 * (2.0 * 490.0 / 3.0 / 400.0) + 1.0));
    QVERIFY(qAbs(g.estimatedLimit() - 10.4916666666667) < 1e-9);
    QCOMPARE(g.limit(), 10);
}

QTEST_APPLESS_MAIN(TestGradient2Limit)
#include "tst_gradient2limit.moc"
