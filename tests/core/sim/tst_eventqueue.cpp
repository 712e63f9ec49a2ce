#include <hedge/sim/EventQueue.h>

#include <QTest>

#include <random>

using namespace hedge;

class TestEventQueue : public QObject {
    Q_OBJECT

private slots:
    void popsInTimeOrder()
    {
        EventQueue q;
        std::mt19937_64 rng(3);
        std::vector<double> times;
        for (std::uint32_t i = 0; i < 5000; ++i) {
            const double t = double(rng() % 1000);
            times.push_back(t);
            q.push(t, Event::ServiceDone, i, 0);
        }
        std::sort(times.begin(), times.end());
        for (double expected : times)
            QCOMPARE(q.pop().time, expected);
        QVERIFY(q.empty());
    }

    void tiesRunInSchedulingOrder()
    {
        EventQueue q;
        q.push(5.0, Event::HedgeDue, 1, 0);
        q.push(1.0, Event::Arrival, 2, 0);
        q.push(5.0, Event::ServiceDone, 3, 0);
        q.push(5.0, Event::Arrival, 4, 0);
        const Event first = q.pop();
        QCOMPARE(first.a, 2u);
        QCOMPARE(first.kind(), Event::Arrival);
        QCOMPARE(q.pop().a, 1u);
        const Event third = q.pop();
        QCOMPARE(third.a, 3u);
        QCOMPARE(third.kind(), Event::ServiceDone);
        QCOMPARE(q.pop().a, 4u);
        QVERIFY(q.empty());
    }

    void interleavedPushAndPop()
    {
        EventQueue q;
        q.push(10.0, Event::Arrival, 0, 0);
        q.push(3.0, Event::Arrival, 1, 0);
        QCOMPARE(q.pop().a, 1u);
        q.push(2.0, Event::Arrival, 2, 0); // earlier than what is left
        q.push(10.0, Event::Arrival, 3, 0);
        QCOMPARE(q.pop().a, 2u);
        QCOMPARE(q.pop().a, 0u);
        QCOMPARE(q.pop().a, 3u);
    }
};

QTEST_GUILESS_MAIN(TestEventQueue)
#include "tst_eventqueue.moc"
