// RedrawClock: the window's one coalescing redraw timer. Driven by calling tick() as the
// timer would: many marks before a tick are one redraw, a client that wants the next tick
// gets it, and the timer runs only while some client is marked.
#include <hedge/run/RedrawClock.h>

#include <QtTest>

#include <memory>

using namespace hedge;

class TestRedrawClock : public QObject {
    Q_OBJECT

private slots:
    void manyMarksAreOneRedrawPerTick()
    {
        RedrawClock clock;
        QObject sweep, map;
        int sweepRedraws = 0, mapRedraws = 0;
        const auto s = clock.add(&sweep, [&] {
            ++sweepRedraws;
            return false;
        });
        const auto m = clock.add(&map, [&] {
            ++mapRedraws;
            return false;
        });
        QVERIFY(!clock.isTicking());
        for (int i = 0; i < 100; ++i)
            clock.mark(s);
        clock.mark(m);
        QVERIFY(clock.isTicking());
        clock.tick();
        QCOMPARE(sweepRedraws, 1);
        QCOMPARE(mapRedraws, 1);
        // Nothing marked: the next tick redraws nothing and the timer stops.
        QVERIFY(!clock.isTicking());
        clock.tick();
        QCOMPARE(sweepRedraws, 1);
        clock.mark(m);
        clock.mark(m);
        clock.tick();
        QCOMPARE(sweepRedraws, 1);
        QCOMPARE(mapRedraws, 2);
    }

    void aClientThatWantsTheNextTickGetsIt()
    {
        RedrawClock clock;
        QObject live;
        int redraws = 0;
        int wanted = 3; // a run in progress: progress at every tick
        const auto c = clock.add(&live, [&] {
            ++redraws;
            return --wanted > 0;
        });
        clock.mark(c);
        for (int i = 0; i < 5; ++i)
            clock.tick();
        QCOMPARE(redraws, 3);
        QVERIFY(!clock.isTicking());
    }

    void theTimerDrivesTheTicks()
    {
        RedrawClock clock;
        QObject view;
        int redraws = 0;
        const auto c = clock.add(&view, [&] {
            ++redraws;
            return false;
        });
        clock.mark(c);
        clock.mark(c);
        QTRY_COMPARE(redraws, 1);
        QTRY_VERIFY(!clock.isTicking());
        QCOMPARE(redraws, 1);
    }

    void aDestroyedClientIsForgotten()
    {
        RedrawClock clock;
        auto view = std::make_unique<QObject>();
        int redraws = 0;
        const auto c = clock.add(view.get(), [&] {
            ++redraws;
            return false;
        });
        clock.mark(c);
        view.reset();
        clock.tick();
        QCOMPARE(redraws, 0);
        clock.mark(c); // a late mark from the dead client does nothing
        QVERIFY(!clock.isTicking());
    }
};

QTEST_GUILESS_MAIN(TestRedrawClock)
#include "tst_redrawclock.moc"
