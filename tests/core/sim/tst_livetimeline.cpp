// The engine side of the live view: an edit of a setup or the service becomes the knob
// settings that rebuild it exactly (KnobDiff), and a LiveTimeline whose load and knobs are set
// between buckets gives the buckets of the timeline it records, whatever the thread count
// (a played scenario's own steps are dropped from where the user takes the load over).
#include <hedge/KnobDiff.h>
#include <hedge/sim/LiveTimeline.h>
#include <hedge/sim/TimelineWorld.h>

#include <QtTest>

using namespace hedge;

namespace {

Setup applied(Setup setup, const std::vector<KnobSetting>& set)
{
    ServiceConfig service;
    for (const KnobSetting& k : set)
        applyKnob(setup, service, k);
    return setup;
}

} // namespace

class TestLiveTimeline : public QObject {
    Q_OBJECT
private slots:
    void knobChangesRebuildTheEditedSetup()
    {
        const std::vector<Setup> ref = Scenario::referenceSetups();
        for (const Setup& from : ref)
            for (const Setup& to : ref) {
                Setup target = to;
                target.name = from.name;
                target.cancellation = from.cancellation;
                if (target.hedge)
                    target.hedge->delayMs = 37; // a knob off its default
                if (target.adaptiveLimit)
                    target.adaptiveLimit->queueSize = 7;
                const auto set = setupKnobChanges(from, target);
                QVERIFY2(applied(from, set) == target,
                         (from.name + " -> " + to.name).c_str());
                QCOMPARE(set.empty(), from == target);
            }
        ServiceConfig a, b;
        b.workers = 20;
        b.hiccupProbability = 0.05;
        const auto set = serviceKnobChanges(a, b);
        QCOMPARE(set.size(), std::size_t(2));
        Setup setup;
        for (const KnobSetting& k : set)
            applyKnob(setup, a, k);
        QCOMPARE(a, b);
    }

    void liveEditsReplayFromTheRecording()
    {
        Scenario s;
        s.seed = 5;
        s.setups = {Scenario::referenceSetups()[1], Scenario::referenceSetups()[3]};
        s.timeline = Timeline{};
        s.timeline->durationS = 40;
        s.timeline->bucketMs = 500;
        // A played scenario: its own steps and a change, some taken over live below.
        s.timeline->loadSteps = {{0, 0.4}, {6, 0.7}, {30, 0.3}};
        s.timeline->changes = {{3, s.setups[0].name, {{"hedge.delay_ms", 30}}}};

        for (int threads : {1, 2}) {
            LiveTimeline live(s);
            std::vector<std::vector<TimelineBucket>> got(2);
            const auto run = [&](int buckets) {
                for (int i = 0; i < buckets; ++i) {
                    const auto out = live.advance(threads);
                    for (std::size_t w = 0; w < out.size(); ++w)
                        if (out[w])
                            got[w].push_back(*out[w]);
                }
            };
            run(20); // 10 s: the file's step at 6 s played
            QCOMPARE(live.load(), 0.7);
            live.addChange({0, "", {{"service.workers", 14}}});
            live.followLoad({{0, 0.9}, {2.5, 0.5}}); // a spike; the file's 0.3 at 30 s is gone
            run(30);
            QCOMPARE(live.nowS(), 25.0);
            const Scenario recorded = live.recorded();
            QCOMPARE(recorded.timeline->durationS, 25.0);
            QCOMPARE(recorded.timeline->loadSteps,
                     (std::vector<LoadStep>{{0, 0.4}, {6, 0.7}, {10, 0.9}, {12.5, 0.5}}));
            QCOMPARE(recorded.timeline->changes.size(), std::size_t(2));
            const TimelineOutcome replay = runTimeline(recorded, 1);
            QCOMPARE(replay.worlds[0].buckets, got[0]);
            QCOMPARE(replay.worlds[1].buckets, got[1]);
        }
        // A load set before the first bucket replaces the first step (and the rest of the
        // file's load).
        LiveTimeline live(s);
        live.setLoad(0.45);
        std::vector<TimelineBucket> first;
        for (int i = 0; i < 16; ++i)
            first.push_back(*live.advance(1)[0]);
        QCOMPARE(live.recorded().timeline->loadSteps, (std::vector<LoadStep>{{0, 0.45}}));
        QCOMPARE(first.back().load, 0.45);
        QCOMPARE(runTimeline(live.recorded(), 2).worlds[0].buckets, first);
    }
};

QTEST_MAIN(TestLiveTimeline)
#include "tst_livetimeline.moc"
