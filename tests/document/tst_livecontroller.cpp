// The live controller (docs/user-guide.md, "Live view"): what a session records replays bucket for
// bucket in the engine hedgesim runs (through its file, whatever the thread count); the rings keep
// only the longest window whatever the duration; a bad value is refused with its field named and
// the session keeps its last good state.
#include "TestScenarios.h"

#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/run/LiveController.h>
#include <hedge/sim/TimelineWorld.h>

#include <QSignalSpy>
#include <QtTest>

#include <functional>

using namespace hedge;

namespace {

bool waitFor(const std::function<bool()>& done, int timeoutMs = 20000)
{
    return QTest::qWaitFor(done, timeoutMs);
}

// Runs at least `seconds` more simulated seconds, then pauses (where the worker stands).
void runFor(LiveController& live, double seconds)
{
    const double untilS = live.nowS() + seconds;
    live.resume();
    QVERIFY(waitFor([&] { return live.nowS() >= untilS; }));
    live.pause();
}

std::vector<std::vector<TimelineBucket>> held(const LiveController& live)
{
    std::vector<std::vector<TimelineBucket>> out;
    for (const BucketRing& r : live.rings()) {
        out.emplace_back();
        for (std::size_t i = 0; i < r.size(); ++i)
            out.back().push_back(r.at(i));
    }
    return out;
}

} // namespace

class TestLiveController : public QObject {
    Q_OBJECT
private slots:
    void aRecordedSessionReplaysBucketForBucket_data()
    {
        QTest::addColumn<int>("liveThreads");
        QTest::addColumn<int>("replayThreads");
        QTest::newRow("live 1 thread, replay 2") << 1 << 2;
        QTest::newRow("live 2 threads, replay 1") << 2 << 1;
    }
    void aRecordedSessionReplaysBucketForBucket()
    {
        QFETCH(int, liveThreads);
        QFETCH(int, replayThreads);
        LiveController live;
        live.setThreadCount(liveThreads);
        live.setSpeed(LiveController::kFastest);
        QVERIFY(!live.start(test::twoHedgedSetups(7), 0.5, false));
        runFor(live, 4);
        QVERIFY(!live.setLoad(0.75));
        QVERIFY(!live.setKnob(QString::fromStdString(test::twoHedgedSetups(7).setups[0].name),
                              QStringLiteral("hedge.delay_ms"), 35));
        runFor(live, 4);
        QVERIFY(!live.spike(0.2, 3));
        runFor(live, 6);
        Scenario edited = live.current();
        edited.service.workers = 18; // as the service editor would send it
        QVERIFY(!live.applyEdit(edited));
        runFor(live, 3);

        const Scenario recorded = live.recordedScenario();
        QVERIFY(recorded.timeline);
        QCOMPARE(recorded.timeline->durationS, live.nowS());
        // What the user did is in the file: the load, the spike and its end, two changes.
        QVERIFY(recorded.timeline->loadSteps.size() >= 4);
        QCOMPARE(recorded.timeline->changes.size(), std::size_t(2));
        QCOMPARE(recorded.timeline->changes[0].set.front().field, std::string("hedge.delay_ms"));
        QCOMPARE(recorded.timeline->changes[1].set.front().field, std::string("service.workers"));
        QVERIFY(recorded.timeline->changes[1].setup.empty());

        // Through the file, as `hedgesim timeline` reads it.
        const Scenario file = parseScenarioJson(writeScenarioJson(recorded));
        QCOMPARE(file, recorded);
        const TimelineOutcome replay = runTimeline(file, replayThreads);
        const auto live_ = held(live);
        QCOMPARE(replay.worlds.size(), live_.size());
        for (std::size_t w = 0; w < live_.size(); ++w) {
            QCOMPARE(replay.worlds[w].buckets.size(), live_[w].size());
            for (std::size_t i = 0; i < live_[w].size(); ++i)
                QVERIFY2(replay.worlds[w].buckets[i] == live_[w][i],
                         qPrintable(QStringLiteral("world %1, bucket %2").arg(w).arg(i)));
        }
        // The edits changed the numbers: the replay is not the constant-load run.
        Scenario constant = file;
        constant.timeline->loadSteps = {LoadStep{0, 0.5}};
        constant.timeline->changes.clear();
        QVERIFY(runTimeline(constant, 1).worlds != replay.worlds);
    }

    void theRingsStayBoundedWhateverTheDuration()
    {
        LiveController live;
        live.setSpeed(LiveController::kFastest);
        Scenario s;
        s.setups = {Scenario::referenceSetups()[0]};
        QVERIFY(!live.start(s, 0.1, true));
        const std::size_t capacity = live.rings().front().capacity();
        QCOMPARE(capacity, std::size_t(LiveController::kMaxWindowS)); // 1 s buckets
        QVERIFY(waitFor([&] { return live.nowS() >= 1000; }, 60000));
        live.pause();
        live.recordedScenario(); // takes what is on its way
        QCOMPARE(live.rings().front().size(), capacity);
        QCOMPARE(live.heldBuckets(), capacity);
        // The newest are kept, oldest first.
        const BucketRing& ring = live.rings().front();
        QCOMPARE(ring.back().tS, live.nowS());
        QCOMPARE(ring.at(0).tS, live.nowS() - double(capacity) + 1.0);
        QVERIFY(live.bucketCount() >= 1000);
    }

    void badValuesAreRefusedWithTheirFieldAndChangeNothing()
    {
        LiveController live;
        live.setSpeed(LiveController::kFastest);
        QVERIFY(!live.start(test::twoHedgedSetups(7), 0.5, false));
        runFor(live, 3);
        const Scenario before = live.current();
        const QString setup = QString::fromStdString(test::twoHedgedSetups(7).setups[1].name);

        auto error = live.setKnob(setup, QStringLiteral("hedge.budget_percent"), 101);
        QVERIFY(error);
        QVERIFY2(error->contains(QStringLiteral("setups[1].hedge.budget_percent")), qPrintable(*error));
        QVERIFY2(error->contains(QStringLiteral("100")), qPrintable(*error)); // the allowed range

        error = live.setLoad(1.7);
        QVERIFY(error);
        QVERIFY2(error->startsWith(QStringLiteral("load:")), qPrintable(*error));
        QCOMPARE(live.load(), 0.5);

        Scenario bad = before;
        bad.service.workers = 0;
        error = live.applyEdit(bad);
        QVERIFY(error);
        QVERIFY2(error->contains(QStringLiteral("service.workers")), qPrintable(*error));

        error = live.start([] {
            Scenario s = test::twoHedgedSetups(7);
            s.timeline = Timeline{};
            s.timeline->bucketMs = 5;
            return s;
        }());
        QVERIFY(error);
        QVERIFY2(error->contains(QStringLiteral("timeline.bucket_ms")), qPrintable(*error));

        QCOMPARE(live.current(), before);
        QVERIFY(live.hasSession());
        runFor(live, 2);
        const Scenario recorded = live.recordedScenario();
        QVERIFY(recorded.timeline->changes.empty());
        QCOMPARE(recorded.timeline->loadSteps.size(), std::size_t(1));
    }

    void pausedMeansNoBuckets()
    {
        LiveController live;
        live.setSpeed(LiveController::kFastest);
        QVERIFY(!live.start(test::twoHedgedSetups(7), 0.5, false));
        runFor(live, 2);
        QTest::qWait(50);
        live.recordedScenario();
        const double at = live.nowS();
        QTest::qWait(300);
        live.recordedScenario();
        QCOMPARE(live.nowS(), at);
        QSignalSpy samples(&live, &LiveController::samplesChanged);
        live.resume();
        QVERIFY(samples.wait(60000));
        QVERIFY(live.nowS() > at);
    }
};

QTEST_MAIN(TestLiveController)
#include "tst_livecontroller.moc"
