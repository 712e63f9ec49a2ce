// AdaptiveLimiter: admits while inflight < floor(limit), releases on success (teaching the
// limit) and on ignore (learning nothing) — upstream's SimpleLimiter over AbstractLimiter.
#include <hedge/policy/AdaptiveLimiter.h>

#include <QTest>

#include <vector>

using namespace hedge;

class TestAdaptiveLimiter : public QObject {
    Q_OBJECT

private slots:
    void rejectsAtLimit();
    void ignoreReleasesWithoutLearning();
    void successReleasesAndTeaches();
    void admitsAtFloorOfGrownLimit();
    void permitCarriesInflightAtAdmission();
};

void TestAdaptiveLimiter::rejectsAtLimit()
{
    AdaptiveLimiter limiter; // initial limit 20
    std::vector<AdaptiveLimiter::Permit> permits;
    for (int i = 1; i <= 20; ++i) {
        const auto permit = limiter.tryAcquire();
        QVERIFY(permit);
        QCOMPARE(permit->inflightAtAdmission, i);
        permits.push_back(*permit);
    }
    QCOMPARE(limiter.inflight(), 20);
    QVERIFY(!limiter.tryAcquire());
    QCOMPARE(limiter.inflight(), 20); // a rejection holds no place
    QVERIFY(!limiter.tryAcquire());
}

void TestAdaptiveLimiter::ignoreReleasesWithoutLearning()
{
    AdaptiveLimiter limiter;
    std::vector<AdaptiveLimiter::Permit> permits;
    for (int i = 0; i < 20; ++i)
        permits.push_back(*limiter.tryAcquire());
    limiter.onIgnore(permits[3]);
    QCOMPARE(limiter.inflight(), 19);
    QCOMPARE(limiter.algorithm().estimatedLimit(), 20.0);
    QCOMPARE(limiter.algorithm().longRttMs(), 0.0); // no sample
    const auto again = limiter.tryAcquire();
    QVERIFY(again);
    QCOMPARE(again->inflightAtAdmission, 20);
    QVERIFY(!limiter.tryAcquire());
}

void TestAdaptiveLimiter::successReleasesAndTeaches()
{
    AdaptiveLimiter limiter;
    std::vector<AdaptiveLimiter::Permit> permits;
    for (int i = 0; i < 20; ++i)
        permits.push_back(*limiter.tryAcquire());
    // The 20th admitted (inflight 20 at admission) answers in 10 ms: the limit learns from
    // inflight 20, not from the 19 left after the release: 0.8·20 + 0.2·24 = 20.8.
    limiter.onSuccess(permits[19], 10.0);
    QCOMPARE(limiter.inflight(), 19);
    QCOMPARE(limiter.algorithm().estimatedLimit(), 20.8);
    QCOMPARE(limiter.algorithm().longRttMs(), 10.0);
    QCOMPARE(limiter.limit(), 20);

    // The first admitted (inflight 1 < 20.8/2) is app-limited: released, limit unchanged.
    limiter.onSuccess(permits[0], 30.0);
    QCOMPARE(limiter.inflight(), 18);
    QCOMPARE(limiter.algorithm().estimatedLimit(), 20.8);
    QCOMPARE(limiter.algorithm().longRttMs(), 20.0); // mean(10, 30)
}

void TestAdaptiveLimiter::admitsAtFloorOfGrownLimit()
{
    AdaptiveLimiter limiter;
    std::vector<AdaptiveLimiter::Permit> permits;
    for (int i = 0; i < 20; ++i)
        permits.push_back(*limiter.tryAcquire());
    limiter.onSuccess(permits[19], 10.0); // 20.8
    limiter.onSuccess(permits[18], 10.0); // inflight 19 ≥ 10.4: 0.8·20.8 + 0.2·24.8 = 21.6
    QCOMPARE(limiter.algorithm().estimatedLimit(), 21.6);
    QCOMPARE(limiter.limit(), 21);
    QCOMPARE(limiter.inflight(), 18);
    // floor(21.6) = 21: three more fit, the fourth does not.
    for (int i = 19; i <= 21; ++i) {
        const auto permit = limiter.tryAcquire();
        QVERIFY(permit);
        QCOMPARE(permit->inflightAtAdmission, i);
    }
    QVERIFY(!limiter.tryAcquire());
    QCOMPARE(limiter.inflight(), 21);
}

void TestAdaptiveLimiter::permitCarriesInflightAtAdmission()
{
    // A small limit (initial 4, min 4); one sample with gradient 1: 0.8·4 + 0.2·(4 + 4) = 4.8.
    AdaptiveLimiter limiter(Gradient2Config{.initialLimit = 4, .minLimit = 4});
    const auto a = limiter.tryAcquire();
    const auto b = limiter.tryAcquire();
    QCOMPARE(a->inflightAtAdmission, 1);
    QCOMPARE(b->inflightAtAdmission, 2);
    limiter.onSuccess(*b, 10.0); // inflight 2 ≥ 4/2
    QCOMPARE(limiter.algorithm().estimatedLimit(), 4.8);
    const auto c = limiter.tryAcquire();
    QCOMPARE(c->inflightAtAdmission, 2);
    limiter.onSuccess(*a, 10.0); // inflight 1 < 4.8/2: app-limited
    QCOMPARE(limiter.algorithm().estimatedLimit(), 4.8);
    limiter.onSuccess(*c, 10.0); // inflight 2 < 2.4: app-limited too
    QCOMPARE(limiter.algorithm().estimatedLimit(), 4.8);
    QCOMPARE(limiter.inflight(), 0);
    QCOMPARE(limiter.algorithm().longRttMs(), 10.0);
}

QTEST_APPLESS_MAIN(TestAdaptiveLimiter)
#include "tst_adaptivelimiter.moc"
