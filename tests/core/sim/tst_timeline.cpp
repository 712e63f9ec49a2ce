// Timelines (docs/timeline.md, "Determinism"): the model in time on the sweep's simulation core.
// Per-bucket p99 is noisy, so windows of buckets are compared through their median.
#include "TimelineTestSupport.h"

#include <hedge/io/Presets.h>
#include <hedge/sim/Simulation.h>
#include <hedge/sim/TimelineWorld.h>

#include <QTest>

#include <algorithm>
#include <map>

using namespace hedge;
using hedge::test::median;
using hedge::test::medianP99;
using hedge::test::timelineOf;
using hedge::test::window;

namespace {

const WorldResult& world(const TimelineOutcome& outcome, const std::string& setup)
{
    for (const WorldResult& w : outcome.worlds) {
        if (w.setup == setup)
            return w;
    }
    qFatal("no world %s", setup.c_str());
}

std::int64_t sumRejected(const WorldResult& w, double fromS, double toS)
{
    std::int64_t n = 0;
    for (const TimelineBucket& b : window(w, fromS, toS))
        n += b.rejected;
    return n;
}

Setup reference(const std::string& name)
{
    for (const Setup& s : Scenario::referenceSetups()) {
        if (s.name == name)
            return s;
    }
    qFatal("no setup %s", name.c_str());
}

} // namespace

class TestTimeline : public QObject {
    Q_OBJECT

    TimelineOutcome m_metastable;

private slots:
    void initTestCase()
    {
        const Preset* preset = findPreset("metastable");
        QVERIFY(preset && preset->scenario.timeline);
        m_metastable = runTimeline(preset->scenario);
        QCOMPARE(m_metastable.worlds.size(), std::size_t(5));
        for (const WorldResult& w : m_metastable.worlds) {
            QCOMPARE(w.buckets.size(), std::size_t(570));
            QVERIFY(!w.stoppedAtS);
        }
    }

    void constantLoadAgreesWithASweepPoint()
    {
        const double load = 0.5;
        const Scenario s = timelineOf({reference("no hedge / client"),
                                       reference("hedge, default budget / client")},
                                      {{0.0, load}}, 120.0);
        const TimelineOutcome out = runTimeline(s);
        for (const WorldResult& w : out.worlds) {
            PointSpec spec{.service = s.service, .setup = reference(w.setup), .load = load,
                           .calls = 100000};
            const PointResult point = simulatePoint(spec);
            std::int64_t arrivals = 0;
            double attempts = 0.0, busy = 0.0;
            const std::vector<TimelineBucket> measured = window(w, 10.0, 120.0);
            for (const TimelineBucket& b : measured) {
                arrivals += b.arrivals;
                attempts += *b.requestsPerCall * double(b.arrivals);
                busy += b.busyFraction;
            }
            QVERIFY(std::abs(attempts / double(arrivals) - point.requestsPerCall) < 0.01);
            QVERIFY(std::abs(busy / double(measured.size()) - point.utilisation) < 0.015);
            // The load reported is the one in force; the arrivals follow it.
            QCOMPARE(w.buckets[50].load, load);
            const double expected = s.service.arrivalRatePerMs(load) * 110000.0;
            QVERIFY(std::abs(double(arrivals) / expected - 1.0) < 0.02);
            // A 1 s bucket holds ~550 calls: its p99 is a noisy estimate of the point's
            // (about 200 ms without hedging, 30 ms with).
            const double p99 = medianP99(w, 10.0, 120.0);
            QVERIFY2(p99 > 0.8 * *point.p99Ms && p99 < 1.25 * *point.p99Ms,
                     qPrintable(QString("%1 vs %2").arg(p99).arg(*point.p99Ms)));
        }
    }

    void noBudgetClientCollapsesAndStaysCollapsed()
    {
        const WorldResult& w = world(m_metastable, "hedge, no budget / client");
        const auto preSpike = window(w, 0.0, 60.0);
        QVERIFY(std::none_of(preSpike.begin(), preSpike.end(), [](auto& b) { return b.collapsed; }));
        // Collapsed by the end of the burst, and through the whole 55 % phase.
        for (const TimelineBucket& b : window(w, 89.0, 270.0))
            QVERIFY2(b.collapsed, qPrintable(QString("not collapsed at %1 s").arg(b.tS)));
        // The queue is still growing at the end of the 55 % phase; every call hedges.
        QVERIFY(window(w, 269.0, 270.0).front().queueLength >
                window(w, 229.0, 230.0).front().queueLength);
        const double rpc = median(window(w, 250.0, 270.0),
                                  [](const TimelineBucket& b) { return b.requestsPerCall; });
        QVERIFY2(rpc > 1.9 && rpc <= 2.0, qPrintable(QString::number(rpc)));
        // It recovers only at 40 %: drained before the end, tail back to its pre-spike size.
        QVERIFY(!window(w, 569.0, 570.0).front().collapsed);
        QVERIFY(medianP99(w, 550.0, 570.0) < 2.0 * medianP99(w, 40.0, 60.0));
        // Not at once: the backlog drains over minutes (shrinking, so no longer "collapsed").
        QVERIFY(window(w, 329.0, 330.0).front().backlogMs > 10000.0);
        QVERIFY(!window(w, 279.0, 280.0).front().collapsed);
    }

    void budgetedSetupRecoversWithinThirtySeconds()
    {
        const WorldResult& w = world(m_metastable, "hedge, default budget / client");
        const double before = medianP99(w, 40.0, 60.0);
        QVERIFY(medianP99(w, 100.0, 120.0) < 2.0 * before);
        QVERIFY(std::none_of(w.buckets.begin(), w.buckets.end(), [](auto& b) { return b.collapsed; }));
        QVERIFY(w.buckets[100].budgetBalance.has_value());
        QVERIFY(!w.buckets[100].limit.has_value());
    }

    void serverCancellationNeverCollapses()
    {
        const WorldResult& w = world(m_metastable, "hedge, no budget / server");
        QVERIFY(std::none_of(w.buckets.begin(), w.buckets.end(), [](auto& b) { return b.collapsed; }));
        QVERIFY(!w.buckets[100].budgetBalance.has_value());
    }

    void adaptiveLimitRejectsDuringTheSpike()
    {
        const WorldResult& w = world(m_metastable, "hedge, default budget, adaptive limit / client");
        QVERIFY(sumRejected(w, 60.0, 90.0) > 10 * std::max<std::int64_t>(1, sumRejected(w, 30.0, 60.0)));
        QVERIFY(medianP99(w, 60.0, 90.0) < 1000.0);
        for (const TimelineBucket& b : w.buckets)
            QVERIFY(b.limit.has_value());
    }

    void budgetSwitchedOnMidCollapseDrainsIt()
    {
        Setup stays = reference("hedge, no budget / client");
        Setup rescued = stays;
        rescued.name = "budget from 150 s";
        Scenario s = timelineOf({stays, rescued}, {{0.0, 0.4}, {60.0, 0.8}, {90.0, 0.55}}, 330.0);
        s.timeline->changes = {{150.0, rescued.name, {{"hedge.budget_percent", 10.0}}}};
        const TimelineOutcome out = runTimeline(s);
        const WorldResult& a = out.worlds[0];
        const WorldResult& b = out.worlds[1];
        // The same world until the change (common random numbers, same policy).
        for (std::size_t i = 0; i < 150; ++i)
            QCOMPARE(a.buckets[i], b.buckets[i]);
        QVERIFY(b.buckets[149].collapsed);
        QVERIFY(a.buckets.back().collapsed);
        QVERIFY(!b.buckets.back().collapsed);
        QVERIFY(b.buckets.back().backlogMs < 1000.0);
        QVERIFY(b.buckets.back().budgetBalance.has_value());
    }

    void sameBucketsWhateverTheThreadCount()
    {
        Scenario s = findPreset("metastable")->scenario;
        s.timeline->durationS = 100.0;
        s.timeline->changes = {{70.0, "", {{"service.workers", 18}}},
                               {75.5, "hedge, no budget / client", {{"adaptive_limit", 1}}}};
        const TimelineOutcome one = runTimeline(s, 1);
        QCOMPARE(runTimeline(s, 2).worlds, one.worlds);
        QCOMPARE(runTimeline(s, 3).worlds, one.worlds);
        QCOMPARE(one.worlds[1].buckets.size(), std::size_t(100));
        QVERIFY(one.worlds[1].buckets[80].limit.has_value());
    }

    void stepsAndChangesAddedLiveReplayIdentically()
    {
        // A live session adds load steps and changes between buckets; its saved timeline
        // (everything known from the start) must give the very same buckets.
        const Setup setup = reference("hedge, default budget / client");
        Scenario replay = timelineOf({setup}, {{0.0, 0.5}, {7.0, 0.9}, {12.0, 0.3}}, 20.0);
        replay.timeline->bucketMs = 500.0;
        replay.timeline->changes = {{9.5, setup.name, {{"hedge.delay_ms", 40}}},
                                    {15.0, setup.name, {{"service.workers", 12}}}};
        Scenario live = replay;
        live.timeline->loadSteps = {{0.0, 0.5}};
        live.timeline->changes.clear();
        TimelineWorld a(replay, 0);
        TimelineWorld b(live, 0);
        for (int i = 0; i < 40; ++i) {
            const double t = b.nowS();
            for (const LoadStep& step : replay.timeline->loadSteps)
                if (step.atS == t && t > 0.0)
                    b.addLoadStep(step);
            for (const TimelineChange& c : replay.timeline->changes)
                if (c.atS == t)
                    b.addChange(c);
            const auto x = a.advance();
            const auto y = b.advance();
            QVERIFY(x && y);
            QCOMPARE(*y, *x);
        }
        QVERIFY(!a.advance());
        QCOMPARE(b.service().workers, 12);
        QCOMPARE(b.setup().hedge->delayMs, 40.0);
    }

    void serviceChangesTakeEffect()
    {
        Scenario s = timelineOf({reference("no hedge / client")}, {{0.0, 0.4}}, 40.0);
        s.timeline->changes = {{20.0, "", {{"service.workers", 8}}}};
        const WorldResult w = runTimeline(s).worlds.front();
        const double before = median(window(w, 5.0, 20.0), [](auto& b) { return std::optional(b.busyFraction); });
        const double after = median(window(w, 25.0, 40.0), [](auto& b) { return std::optional(b.busyFraction); });
        QVERIFY(before > 0.35 && before < 0.45);
        QVERIFY(after > 0.7 && after < 0.9); // the same traffic on half the workers
    }

    // A duration that is not a whole number of buckets: the last bucket is shorter and ends
    // at the duration (docs/timeline.md, "Timeline scenario"), and no call arrives after it.
    void theLastBucketEndsAtTheDuration()
    {
        Scenario s = timelineOf({reference("no hedge / client")}, {{0.0, 0.5}}, 10.5);
        const WorldResult w = runTimeline(s).worlds.front();
        QCOMPARE(w.buckets.size(), std::size_t(11));
        for (std::size_t i = 0; i < 10; ++i)
            QCOMPARE(w.buckets[i].tS, double(i + 1));
        QCOMPARE(w.buckets.back().tS, 10.5);
        // Half a second of traffic: about half of a whole bucket's arrivals.
        const double whole = median(window(w, 0.0, 10.0), [](const TimelineBucket& b) {
            return std::optional<double>(double(b.arrivals));
        });
        const double last = double(w.buckets.back().arrivals);
        QVERIFY2(
            last > 0.3 * whole && last < 0.7 * whole,
            qPrintable(
                QString("%1 arrivals in the last half second, %2 a second").arg(last).arg(whole)));
    }

    // One queue, server cancellation: a hedge's loser still queued leaves the queue when its
    // call ends, and the queue count and backlog say so. Under a queue of attempts near
    // capacity (many losers dropped while queued), then no traffic: every attempt is served or
    // dropped, so the queue, the backlog and the attempts in flight end at zero; meanwhile the
    // backlog is the queue's work (queue × E[S] / workers) and the queue stays short.
    void serverCancelledLosersLeaveTheQueue()
    {
        Setup setup = reference("hedge, no budget / server");
        setup.hedge->delayMs = 5.0; // hedge early: many losers wait in the queue
        Scenario s = timelineOf({setup}, {{0.0, 0.9}, {30.0, 0.0}}, 40.0);
        const WorldResult w = runTimeline(s).worlds.front();
        QCOMPARE(w.buckets.size(), std::size_t(40));
        const double meanServiceMs = s.service.meanServiceMs();
        std::int64_t hedges = 0;
        for (const TimelineBucket& b : window(w, 0.0, 30.0)) {
            QVERIFY(std::abs(b.backlogMs - double(b.queueLength) * meanServiceMs /
                                               double(s.service.workers)) < 1e-9);
            QVERIFY(b.queueLength >= 0 && b.queueLength <= b.queueMax);
            QVERIFY(!b.collapsed);
            hedges += b.hedges;
        }
        QVERIFY2(hedges > 10000, qPrintable(QString::number(hedges)));
        QVERIFY(median(window(w, 5.0, 30.0), [](const TimelineBucket& b) {
                    return std::optional<double>(double(b.queueLength));
                }) < 100.0);
        const TimelineBucket& last = w.buckets.back();
        QCOMPARE(last.arrivals, std::int64_t(0));
        QCOMPARE(last.queueLength, std::int64_t(0));
        QCOMPARE(last.backlogMs, 0.0);
        QCOMPARE(last.inFlight, std::int64_t(0));
    }

    // docs/timeline.md, "Results": `collapsed` is more than a second of work queued and more
    // work than 5 s earlier — nothing before 5 s have passed. Load 1.5 from the start piles
    // up over a second of work by 3 s; the world is collapsed from 5 s on, not before.
    void noCollapseBeforeFiveSecondsHavePassed()
    {
        Scenario s = timelineOf({reference("no hedge / client")}, {{0.0, 1.5}}, 8.0);
        const WorldResult w = runTimeline(s).worlds.front();
        QVERIFY(w.buckets[2].backlogMs > 1000.0); // at 3 s
        for (std::size_t i = 0; i < 4; ++i)
            QVERIFY2(!w.buckets[i].collapsed, qPrintable(QString::number(w.buckets[i].tS)));
        for (std::size_t i = 4; i < 8; ++i)
            QVERIFY2(w.buckets[i].collapsed, qPrintable(QString::number(w.buckets[i].tS)));
    }

    // The rule compares work, not attempts: a collapsed world at 130 % loses 10 of its 16
    // workers at 20 s while the load drops to 30 % (4.8 workers' worth). Its queue now
    // shortens, slowly, but each queued attempt waits for fewer workers: at 24 and 25 s
    // fewer attempts are queued than 5 s earlier and yet more work, over twice as much —
    // still collapsed. Once the work shrinks too, it is not.
    void collapseComparesWorkNotQueuedAttempts()
    {
        Scenario s = timelineOf({reference("no hedge / client")}, {{0.0, 1.3}, {20.0, 0.3}}, 32.0);
        s.timeline->changes = {{20.0, "", {{"service.workers", 6}}}};
        const WorldResult w = runTimeline(s).worlds.front();
        QCOMPARE(w.buckets.size(), std::size_t(32));
        for (const std::size_t i : {std::size_t(23), std::size_t(24)}) { // 24 s and 25 s
            const TimelineBucket& b = w.buckets[i];
            const TimelineBucket& earlier = w.buckets[i - 5];
            QVERIFY2(b.queueLength < earlier.queueLength, qPrintable(QString::number(b.tS)));
            QVERIFY2(b.backlogMs > 2.0 * earlier.backlogMs, qPrintable(QString::number(b.tS)));
            QVERIFY2(b.collapsed, qPrintable(QString::number(b.tS)));
        }
        for (std::size_t i = 26; i < 32; ++i) {
            QVERIFY(w.buckets[i].backlogMs > 10000.0);
            QVERIFY(w.buckets[i].backlogMs < w.buckets[i - 5].backlogMs);
            QVERIFY2(!w.buckets[i].collapsed, qPrintable(QString::number(w.buckets[i].tS)));
        }
    }

    // Buckets of 1.5 s do not divide 5 s: the rule still looks back 5 s (not 6 s, four
    // buckets), reading the backlog between two bucket ends on the line between them (with
    // the start's empty queue at 0 s). Checked bucket by bucket on a load swinging around
    // capacity (seed 5: some buckets' verdicts differ between a 5 s and a 6 s look-back).
    void collapseLooksBackFiveSecondsWhateverTheBucket()
    {
        Scenario s = timelineOf({reference("no hedge / client")}, {}, 120.0);
        s.seed = 5;
        s.timeline->bucketMs = 1500.0;
        s.timeline->loadSteps.clear();
        s.timeline->profile =
            LoadProfile{.kind = LoadProfile::Kind::Sine, .base = 1.0, .peak = 1.3, .periodS = 13.0};
        const WorldResult w = runTimeline(s).worlds.front();
        QCOMPARE(w.buckets.size(), std::size_t(80));
        std::vector<std::pair<double, double>> history{{0.0, 0.0}}; // (end s, backlog ms)
        int collapsed = 0, shrinking = 0;
        for (const TimelineBucket& b : w.buckets) {
            history.emplace_back(b.tS, b.backlogMs);
            if (b.tS < 5.0) {
                QVERIFY(!b.collapsed);
                continue;
            }
            const double target = b.tS - 5.0;
            std::size_t k = 0;
            while (history[k + 1].first <= target)
                ++k;
            const auto [t0, b0] = history[k];
            const auto [t1, b1] = history[k + 1];
            const double earlier = b0 + (b1 - b0) * (target - t0) / (t1 - t0);
            const bool expected = b.backlogMs > 1000.0 && b.backlogMs > earlier;
            QVERIFY2(b.collapsed == expected, qPrintable(QString("%1 s: backlog %2, 5 s earlier %3")
                                                             .arg(b.tS)
                                                             .arg(b.backlogMs)
                                                             .arg(earlier)));
            collapsed += b.collapsed;
            shrinking += b.backlogMs > 1000.0 && b.backlogMs <= earlier;
        }
        QVERIFY2(collapsed >= 5 && shrinking >= 5,
                 qPrintable(QString("%1 collapsed, %2 shrinking").arg(collapsed).arg(shrinking)));
    }

    // docs/timeline.md, "Changes": calls in flight finish under the policy they started with,
    // budget included. Hedging after 2 s without a budget, a world at 130 % has seconds of
    // queue, so every call hedges 2 s after it arrived. At 15 s a budget of 1 % without
    // reserve is switched on: the calls that arrived in the 2 s before still hedge, each of
    // them, in the 2 s after; the calls after the change hedge by the budget's 1 %.
    void callsInFlightKeepTheBudgetTheyStartedWithout()
    {
        Setup setup = reference("hedge, no budget / client");
        setup.hedge->delayMs = 2000.0;
        Scenario s = timelineOf({setup}, {{0.0, 1.3}}, 24.0);
        s.timeline->changes = {
            {15.0, "", {{"hedge.budget_percent", 1}, {"hedge.budget_min_per_second", 0}}}};
        const WorldResult w = runTimeline(s).worlds.front();
        const auto sum = [&w](double fromS, double toS, auto field) {
            std::int64_t n = 0;
            for (const TimelineBucket& b : window(w, fromS, toS))
                n += field(b);
            return double(n);
        };
        const auto hedges = [](const TimelineBucket& b) { return b.hedges; };
        const auto arrivals = [](const TimelineBucket& b) { return b.arrivals; };
        QVERIFY(w.buckets[14].backlogMs > 3000.0); // every call waits past its hedge delay
        // Before the change: a hedge for each call of 2 s earlier.
        QVERIFY(sum(10.0, 15.0, hedges) > 0.95 * sum(8.0, 13.0, arrivals));
        // Right after: still a hedge for each call that arrived before the change.
        QVERIFY2(sum(15.0, 17.0, hedges) > 0.95 * sum(13.0, 15.0, arrivals),
                 qPrintable(QString("%1 hedges, %2 calls")
                                .arg(sum(15.0, 17.0, hedges))
                                .arg(sum(13.0, 15.0, arrivals))));
        // Then the budget's: 1 % of the calls.
        QVERIFY2(sum(18.0, 24.0, hedges) < 0.02 * sum(16.0, 22.0, arrivals),
                 qPrintable(QString("%1 hedges, %2 calls")
                                .arg(sum(18.0, 24.0, hedges))
                                .arg(sum(16.0, 22.0, arrivals))));
    }

    void safetyCapStopsOneWorldOnly()
    {
        Scenario s = timelineOf({reference("hedge, no budget / client"), reference("no hedge / client")},
                                {{0.0, 1.5}}, 30.0);
        const SafetyCap cap{.maxLiveCalls = 2000, .maxBacklogMs = 600000.0};
        TimelineWorld overloaded(s, 0, {}, cap);
        TimelineWorld other(s, 1, {}, SafetyCap{});
        int buckets = 0;
        while (overloaded.advance())
            ++buckets;
        QVERIFY(overloaded.stoppedAtS().has_value());
        QVERIFY(*overloaded.stoppedAtS() < 30.0);
        QCOMPARE(buckets, int(std::floor(*overloaded.stoppedAtS())));
        int otherBuckets = 0;
        while (other.advance())
            ++otherBuckets;
        QCOMPARE(otherBuckets, 30);
        QVERIFY(!other.stoppedAtS());
    }

    void profilesExpandIntoShortSteps()
    {
        Timeline t;
        t.durationS = 100.0;
        t.profile = LoadProfile{.kind = LoadProfile::Kind::Ramp, .base = 0.2, .peak = 0.8, .atS = 10.0, .lengthS = 20.0};
        const std::vector<LoadStep> ramp = t.steps();
        QCOMPARE(ramp.front().atS, 0.0);
        QCOMPARE(ramp.back().load, 0.8);
        for (std::size_t i = 1; i + 1 < ramp.size(); ++i)
            QVERIFY(ramp[i + 1].atS - ramp[i].atS <= 1.0);
        t.profile = LoadProfile{.kind = LoadProfile::Kind::Sine, .base = 0.5, .peak = 0.7, .periodS = 40.0};
        const std::vector<LoadStep> sine = t.steps();
        QVERIFY(sine.size() >= 100);
        const auto [lo, hi] = std::minmax_element(sine.begin(), sine.end(), [](auto& a, auto& b) { return a.load < b.load; });
        QVERIFY(lo->load > 0.29 && lo->load < 0.32);
        QVERIFY(hi->load > 0.68 && hi->load <= 0.7);
        t.profile = LoadProfile{.kind = LoadProfile::Kind::Spike, .base = 0.4, .peak = 0.8, .atS = 60.0, .lengthS = 30.0};
        QCOMPARE(t.steps(), (std::vector<LoadStep>{{0.0, 0.4}, {60.0, 0.8}, {90.0, 0.4}}));
    }
};

QTEST_GUILESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
