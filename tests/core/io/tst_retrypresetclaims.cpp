// What the presets of retries and deadlines say about their runs (hedge-or-retry, retry-storm,
// deadlines-wasted-work; docs/model.md, "Presets and lessons"), checked on each preset's own
// scenario. "About x" allows 10 % either way where the text rounds loosely; a figure printed
// with its digits is checked to those digits. A changed text must change the test with it.
#include "PresetByName.h"
#include "PresetClaims.h"

#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/TimelineWorld.h>

#include <QTest>

#include <cmath>
#include <map>
#include <optional>
#include <string>

using namespace hedge;
using hedge::test::preset;
using hedge::test::says;

namespace {

using Points = std::map<std::pair<std::string, double>, PointResult>;

Points sweepOf(const Preset& p)
{
    Points points;
    for (const PointResult& r : LoadSweep(p.scenario).run().points)
        points[{r.setup, r.load}] = r;
    return points;
}

const WorldResult& worldOf(const std::vector<WorldResult>& worlds, const std::string& setup)
{
    for (const WorldResult& w : worlds)
        if (w.setup == setup)
            return w;
    qFatal("no world %s", setup.c_str());
}

// The share of a bucket's ended calls answered in time (docs/timeline.md, "Results").
double answeredShare(std::int64_t ended, std::int64_t succeeded)
{
    return ended > 0 ? double(succeeded) / double(ended) : 0.0;
}
std::int64_t succeededIn(const TimelineBucket& b)
{
    return b.callsEnded - b.rejected - b.failed - b.timedOut;
}

// The preset's measure of recovery: seconds from the outage's end to the end of the first
// bucket whose share of calls answered in time is within 5 % of the half minute before the
// outage (all its buckets' calls together); none when the run ends first.
std::optional<double> recoverySeconds(const WorldResult& w, const Outage& outage)
{
    std::int64_t ended = 0, succeeded = 0;
    for (const TimelineBucket& b : w.buckets)
        if (b.tS > outage.atS - 30.0 && b.tS <= outage.atS) {
            ended += b.callsEnded;
            succeeded += succeededIn(b);
        }
    const double before = answeredShare(ended, succeeded);
    const double endS = outage.atS + outage.lengthS;
    for (const TimelineBucket& b : w.buckets)
        if (b.tS > endS && answeredShare(b.callsEnded, succeededIn(b)) >= 0.95 * before)
            return b.tS - endS;
    return std::nullopt;
}

} // namespace

class TestRetryPresetClaims : public QObject {
    Q_OBJECT

private slots:
    void hedgeOrRetry()
    {
        const Preset& p = preset("hedge-or-retry");
        says(p, {"answers 5 % of its attempts with an error", "a deadline of 250 ms",
                 "3 attempts, a backoff of 100 ms doubling", "the service's p95 (16 ms)"});
        const Points at = sweepOf(p);
        const auto point = [&](const char* setup, double load) -> const PointResult& {
            return at.at({setup, load});
        };
        says(p, {"about 94.5 % goodput at every load"});
        for (double load : p.scenario.loads)
            QVERIFY(std::abs(point("no hedge / client", load).goodputFraction - 0.945) < 0.005);
        says(p, {"about 99.4 % up to 70 % load (98.7 % at 90 %) for 1.05 requests per call",
                 "the p99 stays in the hiccups, about 160 ms"});
        for (double load : {0.3, 0.5, 0.7}) {
            QVERIFY(std::abs(point("murphy, 3 attempts", load).goodputFraction - 0.994) < 0.002);
            QVERIFY_ABOUT(*point("murphy, 3 attempts", load).p99Ms, 160.0);
        }
        QCOMPARE(std::lround(point("murphy, 3 attempts", 0.9).goodputFraction * 1000.0), 987L);
        for (double load : p.scenario.loads)
            QCOMPARE(std::lround(point("murphy, 3 attempts", load).requestsPerCall * 100.0), 105L);
        says(p, {"at 30 % load its p99 is 27 ms against about 150 ms, with 99.7 % goodput",
                 "both together reach 99.9 %"});
        QCOMPARE(std::lround(*point("murphy, hedge at p95", 0.3).p99Ms), 27L);
        QVERIFY_ABOUT(*point("no hedge / client", 0.3).p99Ms, 150.0);
        QCOMPARE(std::lround(point("murphy, hedge at p95", 0.3).goodputFraction * 1000.0), 997L);
        QCOMPARE(std::lround(point("murphy, hedge and retries", 0.3).goodputFraction * 1000.0), 999L);
        says(p, {"from 70 % load it collapses", "goodput is 0 where retries alone still answer "
                                                "99.4 %"});
        QVERIFY(!point("murphy, hedge at p95", 0.5).collapsed);
        for (const char* hedged : {"murphy, hedge at p95", "murphy, hedge and retries"})
            for (double load : {0.7, 0.9}) {
                QVERIFY(point(hedged, load).collapsed);
                QCOMPARE(point(hedged, load).goodputFraction, 0.0);
            }
    }

    void retryStorm()
    {
        const Preset& p = preset("retry-storm");
        QVERIFY(p.scenario.timeline && p.scenario.timeline->outages.size() == 1);
        const Outage& outage = p.scenario.timeline->outages.front();
        says(p, {"A timeline at 60 % load: at 30 s the service stalls for 10 s",
                 "a deadline of 1000 ms", "no answer after 100 ms, up to 3 attempts"});
        QCOMPARE(outage.kind, Outage::Kind::Stall);
        const std::vector<WorldResult> worlds = runTimeline(p.scenario).worlds;
        const WorldResult& none = worldOf(worlds, "no hedge / client");
        const WorldResult& storm = worldOf(worlds, "retry after 100 ms, no budget / client");
        const WorldResult& budget = worldOf(worlds, "retry after 100 ms, 20 % budget / client");

        says(p, {"During the stall every call times out"});
        for (const WorldResult* w : {&none, &storm, &budget})
            for (const TimelineBucket& b : w->buckets)
                if (b.tS > outage.atS + 1.0 && b.tS <= outage.atS + outage.lengthS)
                    QCOMPARE(succeededIn(b), std::int64_t(0));
        says(p, {"goodput is back 15 s after the outage ends"});
        QCOMPARE(recoverySeconds(none, outage), std::optional<double>(15.0));
        says(p, {"3 requests per call", "80 s after the outage goodput is still 0"});
        QCOMPARE(recoverySeconds(storm, outage), std::nullopt);
        QCOMPARE(storm.buckets.back().tS - (outage.atS + outage.lengthS), 80.0);
        for (const TimelineBucket& b : storm.buckets)
            if (b.tS > outage.atS + outage.lengthS + 5.0) {
                QCOMPARE(succeededIn(b), std::int64_t(0));
                QVERIFY(b.requestsPerCall && std::abs(*b.requestsPerCall - 3.0) < 0.1);
            }
        says(p, {"goodput is back 27 s after the outage ends"});
        QCOMPARE(recoverySeconds(budget, outage), std::optional<double>(27.0));
    }

    void deadlinesAndWastedWork()
    {
        const Preset& p = preset("deadlines-wasted-work");
        says(p, {"a deadline of 150 ms"});
        const Points at = sweepOf(p);
        const auto point = [&](const char* setup, double load) -> const PointResult& {
            return at.at({setup, load});
        };
        says(p, {"about 1.5 % of the calls time out at every load up to 90 %"});
        for (const char* setup : {"no hedge / client", "no hedge / server"})
            for (double load : {0.5, 0.7, 0.9})
                QVERIFY(std::abs(point(setup, load).timedOutFraction - 0.015) <= 0.002);
        says(p, {"about 8 % of its busy time is wasted at 50 % load and 9 % at 90 %",
                 "at 100 % most calls time out", "at 110 % it collapses, goodput 0"});
        QVERIFY_ABOUT(point("no hedge / client", 0.5).wastedWorkFraction, 0.08);
        QCOMPARE(std::lround(point("no hedge / client", 0.9).wastedWorkFraction * 100.0), 9L);
        QVERIFY(point("no hedge / client", 1.0).timedOutFraction > 0.5);
        QVERIFY(point("no hedge / client", 1.1).collapsed);
        QCOMPARE(point("no hedge / client", 1.1).goodputFraction, 0.0);
        says(p, {"nothing is wasted", "at 110 % load goodput is still 98 %"});
        for (const char* setup : {"no hedge / server", "hedge, default budget / server"})
            for (double load : p.scenario.loads)
                QCOMPARE(point(setup, load).wastedWorkFraction, 0.0);
        QCOMPARE(std::lround(point("no hedge / server", 1.1).goodputFraction * 100.0), 98L);
        says(p, {"about 23 % of the busy time is wasted already at 50 % load",
                 "falls below half at 90 %", "collapses from 100 %",
                 "keeps over 99.9 % goodput and a p99 under 50 ms up to 110 %"});
        QVERIFY_ABOUT(point("hedge, default budget / client", 0.5).wastedWorkFraction, 0.23);
        QVERIFY(point("hedge, default budget / client", 0.9).goodputFraction < 0.5);
        QVERIFY(!point("hedge, default budget / client", 0.9).collapsed);
        QVERIFY(point("hedge, default budget / client", 1.0).collapsed);
        for (double load : p.scenario.loads) {
            const PointResult& hedged = point("hedge, default budget / server", load);
            QVERIFY(hedged.goodputFraction > 0.999);
            QVERIFY(*hedged.p99Ms < 50.0);
        }
    }

    // The measure of recovery on a world made by hand: the first second back within 5 %.
    void recoveryIsTheFirstBucketBackWithinFivePercent()
    {
        WorldResult w;
        const auto bucket = [](double tS, std::int64_t ended, std::int64_t timedOut) {
            TimelineBucket b;
            b.tS = tS;
            b.callsEnded = ended;
            b.timedOut = timedOut;
            return b;
        };
        w.buckets = {bucket(1, 100, 0), bucket(2, 100, 100), bucket(3, 100, 6),
                     bucket(4, 100, 5), bucket(5, 100, 0)};
        const Outage o{.atS = 1.0, .lengthS = 1.0};
        QCOMPARE(recoverySeconds(w, o), std::optional<double>(2.0)); // 95 of 100 at 4 s
        w.buckets.erase(w.buckets.begin() + 3, w.buckets.end());
        QCOMPARE(recoverySeconds(w, o), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestRetryPresetClaims)
#include "tst_retrypresetclaims.moc"
