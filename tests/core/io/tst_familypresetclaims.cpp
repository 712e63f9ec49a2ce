// What the family presets' explanations say (four-stacks, finagle-lag, grpc-shedding;
// docs/policies.md, "Presets"), checked on the presets' own runs. "About x" allows 10 % either
// way: the text rounds. Every figure checked is in the text: a changed text must change the
// test with it.
#include "PresetByName.h"
#include "PresetClaims.h"

#include <hedge/io/Presets.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/ServiceTimeQuantiles.h>
#include <hedge/sim/TimelineWorld.h>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

using namespace hedge;
using hedge::test::preset;
using hedge::test::says;

namespace {

// Every point of a sweep preset, by setup name and load.
std::map<std::pair<std::string, double>, PointResult> runSweep(const Preset& p)
{
    std::map<std::pair<std::string, double>, PointResult> points;
    for (const PointResult& r : LoadSweep(p.scenario).run().points)
        points[{r.setup, r.load}] = r;
    return points;
}

// The buckets of a world whose end lies in (fromS, toS].
std::vector<TimelineBucket> window(const WorldResult& w, double fromS, double toS)
{
    std::vector<TimelineBucket> out;
    for (const TimelineBucket& b : w.buckets)
        if (b.tS > fromS && b.tS <= toS)
            out.push_back(b);
    return out;
}

template <class F>
double medianOf(const std::vector<TimelineBucket>& buckets, F&& value)
{
    std::vector<double> v;
    for (const TimelineBucket& b : buckets)
        if (const std::optional<double> x = value(b))
            v.push_back(*x);
    if (v.empty())
        return std::nan("");
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double medianDelay(const WorldResult& w, double fromS, double toS)
{
    return medianOf(window(w, fromS, toS), [](const TimelineBucket& b) { return b.percentileDelayMs; });
}

double medianP99(const WorldResult& w, double fromS, double toS)
{
    return medianOf(window(w, fromS, toS), [](const TimelineBucket& b) { return b.p99Ms; });
}

} // namespace

class TestFamilyPresetClaims : public QObject {
    Q_OBJECT

private slots:
    void fourStacks()
    {
        const Preset& p = preset("four-stacks");
        const std::string r4c = "hedge, default budget / client";
        const std::string grpc = "grpc, throttled, errors fatal / client";
        const std::string envoy = "envoy, retry budget / client";
        const std::string finagle = "finagle, extra load 2 % / client";
        // The settings the text names.
        QCOMPARE(p.scenario.loads.front(), 0.5);
        QCOMPARE(p.scenario.loads.back(), 0.95);
        for (const Setup& s : p.scenario.setups)
            QCOMPARE(s.cancellation, Cancellation::Client);
        const Setup& g = p.scenario.setups[1];
        QCOMPARE(g.name, grpc);
        QCOMPARE(g.families.grpc.throttling, std::optional(GrpcThrottling{10.0, 0.1}));
        QVERIFY(!g.families.grpc.nonFatalErrors);
        QCOMPARE(g.families.grpc.hedgingDelayMs, 20.0);
        QCOMPARE(p.scenario.setups[2].families.envoy.retryBudget,
                 std::optional(EnvoyRetryBudget{20.0, 3}));
        QCOMPARE(p.scenario.setups[2].families.envoy.perTryTimeoutMs, 20.0);
        QCOMPARE(p.scenario.setups[3].families.finagle.maxExtraLoad, 0.02);
        QCOMPARE(p.scenario.setups[0].hedge->budgetPercent, 10.0);
        const auto ms = std::to_string(std::lround(serviceTimeQuantile(p.scenario.service, 0.95)));
        says(p, {("service's p95, " + ms + " ms").c_str()});

        const auto pt = runSweep(p);
        const auto at = [&](const std::string& s, double load) -> const PointResult& {
            return pt.at({s, load});
        };
        // At 50 %: a p99 between 30 and 43 ms, about 1.02 requests per call.
        says(p, {"a p99 between 30 and 43 ms, about 1.02 requests per call"});
        for (const std::string& s : {r4c, grpc, envoy, finagle}) {
            QVERIFY2(*at(s, 0.5).p99Ms >= 29.5 && *at(s, 0.5).p99Ms < 43.5, s.c_str());
            QVERIFY_ABOUT(at(s, 0.5).requestsPerCall, 1.02);
            QVERIFY(!at(s, 0.5).collapsed);
        }
        // gRPC collapses from 60 %, 2 requests per call, p99 tens of seconds (a collapsed
        // point's p99 is how long its run lasted: docs/model.md, "Collapse rule"), no hedge
        // refused.
        says(p, {"gRPC collapses first, from 60 % load", "requests per call go to 2",
                 "p99 to tens of seconds", "no hedge is refused"});
        QVERIFY(!at(grpc, 0.5).collapsed);
        for (double load : p.scenario.loads) {
            QCOMPARE(at(grpc, load).hedgesRefusedFraction, 0.0);
            if (load >= 0.6) {
                QVERIFY(at(grpc, load).collapsed);
                QVERIFY_ABOUT(at(grpc, load).requestsPerCall, 2.0);
            }
        }
        QVERIFY(*at(grpc, 0.6).p99Ms >= 10000.0 && *at(grpc, 0.6).p99Ms < 100000.0);
        // Envoy: p99 about 44 ms at 60 %, collapses from 70 %, refuses 0.3 %, 1.93 per call.
        says(p, {"Envoy holds at 60 % (p99 about 44 ms) and collapses from 70 %",
                 "(0.3 % of the calls)", "climb to 1.93"});
        QVERIFY(!at(envoy, 0.6).collapsed);
        QVERIFY_ABOUT(*at(envoy, 0.6).p99Ms, 44.0);
        for (double load : {0.7, 0.8, 0.85, 0.9, 0.95})
            QVERIFY(at(envoy, load).collapsed);
        QCOMPARE(std::round(at(envoy, 0.7).hedgesRefusedFraction * 1000.0) / 10.0, 0.3);
        QCOMPARE(std::round(at(envoy, 0.7).requestsPerCall * 100.0) / 100.0, 1.93);
        // resilience4cata: holds to 90 %, refuses 85 %, 1.10 per call, p99 about 510 ms,
        // collapses at 95 %.
        says(p, {"it holds to 90 % load, where it refuses the hedges of 85 % of the calls",
                 "requests per call at 1.10", "the p99 at about 510 ms", "collapses at 95 %"});
        for (double load : {0.5, 0.6, 0.7, 0.8, 0.85, 0.9})
            QVERIFY(!at(r4c, load).collapsed);
        QVERIFY(at(r4c, 0.95).collapsed);
        QCOMPARE(std::lround(at(r4c, 0.9).hedgesRefusedFraction * 100.0), 85L);
        QCOMPARE(std::round(at(r4c, 0.9).requestsPerCall * 100.0) / 100.0, 1.10);
        QVERIFY_ABOUT(*at(r4c, 0.9).p99Ms, 510.0);
        // Finagle: never collapses, at most about 2 % hedged, at most 1.02 per call, p99
        // about 220 ms at 90 %, about 630 ms at 95 %.
        says(p, {"Finagle never collapses", "at most about 2 % of the calls hedge",
                 "at most 1.02 requests per call", "about 220 ms at 90 %",
                 "about 630 ms at 95 %"});
        for (double load : p.scenario.loads) {
            QVERIFY(!at(finagle, load).collapsed);
            QVERIFY(at(finagle, load).hedgedFraction < 0.022);
            QVERIFY(at(finagle, load).requestsPerCall < 1.025);
        }
        QVERIFY_ABOUT(*at(finagle, 0.9).p99Ms, 220.0);
        QVERIFY_ABOUT(*at(finagle, 0.95).p99Ms, 630.0);
    }

    void finagleLag()
    {
        const Preset& p = preset("finagle-lag");
        QVERIFY(p.scenario.timeline);
        QCOMPARE(p.scenario.setups.front().families.finagle.maxExtraLoad, 0.02);
        QCOMPARE(p.scenario.timeline->loadSteps,
                 (std::vector<LoadStep>{{0.0, 0.5}, {60.0, 0.95}, {80.0, 0.5}}));
        const TimelineOutcome out = runTimeline(p.scenario);
        const WorldResult& w = out.worlds.front();
        const auto hedges = [](const TimelineBucket& b) { return std::optional(double(b.hedges)); };
        const auto refused = [](const TimelineBucket& b) {
            return std::optional(double(b.hedgesRefused));
        };
        // Before: the delay between 22 and 38 ms, about 11 hedges a second, p99 about 38 ms.
        says(p, {"Before the burst the delay is between 22 and 38 ms, about 11 calls a second "
                 "hedge and the p99 is about 38 ms"});
        for (const TimelineBucket& b : window(w, 40.0, 60.0))
            QVERIFY2(*b.percentileDelayMs >= 22.0 && *b.percentileDelayMs <= 38.0,
                     qPrintable(QString::number(b.tS)));
        QVERIFY_ABOUT(medianOf(window(w, 50.0, 60.0), hedges), 11.0);
        QVERIFY_ABOUT(medianP99(w, 50.0, 60.0), 38.0);
        // The burst's first ten seconds: the delay about 29 ms; several hundred refused a
        // second. Then about 89 ms, p99 about 350 ms.
        says(p, {"delay stays at about 29 ms for the burst's first ten seconds",
                 "refuse several hundred a second", "the delay jumps to about 89 ms",
                 "with the p99 at about 350 ms"});
        for (const TimelineBucket& b : window(w, 60.0, 70.0))
            QVERIFY_ABOUT(*b.percentileDelayMs, 29.0);
        const double refusedPerSecond = medianOf(window(w, 60.0, 70.0), refused);
        QVERIFY2(refusedPerSecond >= 300.0 && refusedPerSecond < 1000.0,
                 qPrintable(QString::number(refusedPerSecond)));
        // "most calls are due a backup": sent or refused, more than half the arrivals.
        const double due = medianOf(window(w, 60.0, 70.0), [](const TimelineBucket& b) {
            return std::optional(double(b.hedges + b.hedgesRefused) / double(b.arrivals));
        });
        QVERIFY2(due > 0.5, qPrintable(QString::number(due)));
        QVERIFY_ABOUT(medianDelay(w, 71.0, 80.0), 89.0);
        QVERIFY_ABOUT(medianP99(w, 70.0, 79.0), 350.0);
        // After: about 290 ms for 30 s, at most 2 hedges a second, p99 about 200 ms (the
        // unhedged service's p99 at 50 %); 40 s after, about 20 ms and about 30 ms.
        says(p, {"the delay is about 290 ms for 30 s", "at most 2 calls a second hedge",
                 "the p99 is about 200 ms", "Only 40 s after the burst",
                 "delay back at about 20 ms and the p99 at about 30 ms"});
        for (const TimelineBucket& b : window(w, 80.0, 110.0))
            QVERIFY_ABOUT(*b.percentileDelayMs, 290.0);
        for (const TimelineBucket& b : window(w, 81.0, 110.0))
            QVERIFY2(b.hedges <= 2, qPrintable(QString::number(b.tS)));
        QVERIFY_ABOUT(medianP99(w, 80.0, 110.0), 200.0);
        QVERIFY(*window(w, 110.0, 111.0).front().percentileDelayMs < 290.0);
        QVERIFY_ABOUT(medianDelay(w, 119.0, 140.0), 20.0);
        QVERIFY_ABOUT(medianP99(w, 120.0, 140.0), 30.0);
    }

    void grpcShedding()
    {
        const Preset& p = preset("grpc-shedding");
        const std::string throttled = "grpc, throttled / client";
        const std::string unthrottled = "grpc / client";
        const std::string fatal = "grpc, throttled, errors fatal / client";
        QCOMPARE(p.scenario.service.shedBacklogMs, 50.0);
        says(p, {"more than 50 ms of queued work", "about one attempt in 11 fails"});
        QVERIFY(p.scenario.setups[0].families.grpc.nonFatalErrors);
        QCOMPARE(p.scenario.setups[0].families.grpc.throttling, std::optional(GrpcThrottling{}));
        QVERIFY(p.scenario.setups[1].families.grpc.nonFatalErrors);
        QVERIFY(!p.scenario.setups[1].families.grpc.throttling);
        QVERIFY(!p.scenario.setups[2].families.grpc.nonFatalErrors);
        const auto pt = runSweep(p);
        const auto at = [&](const std::string& s, double load) -> const PointResult& {
            return pt.at({s, load});
        };
        // None collapses; the p99 below 230 ms up to 110 %.
        says(p, {"None collapses", "the p99 stays below 230 ms at every load up to 110 %"});
        QCOMPARE(p.scenario.loads.back(), 1.1);
        for (const Setup& s : p.scenario.setups)
            for (double load : p.scenario.loads) {
                QVERIFY(!at(s.name, load).collapsed);
                QVERIFY(*at(s.name, load).p99Ms < 230.0);
            }
        // The throttle refuses 12 %, 70 %, 85 %; at most 1.32 per call; 16 % against 23 %
        // failed at 90 %; unthrottled: 2 per call from 80 %.
        says(p, {"refuses the hedges of 12 % of the calls at 70 % load, 70 % at 90 % and 85 % "
                 "at 110 %",
                 "at most 1.32 requests per call", "16 % at 90 % load, against 23 % without",
                 "from 80 % hedges every call (2 requests per call)"});
        const auto percent = [](double f) { return std::lround(f * 100.0); };
        QCOMPARE(percent(at(throttled, 0.7).hedgesRefusedFraction), 12L);
        QCOMPARE(percent(at(throttled, 0.9).hedgesRefusedFraction), 70L);
        QCOMPARE(percent(at(throttled, 1.1).hedgesRefusedFraction), 85L);
        double most = 0.0;
        for (double load : p.scenario.loads)
            most = std::max(most, at(throttled, load).requestsPerCall);
        QCOMPARE(std::round(most * 100.0) / 100.0, 1.32);
        QCOMPARE(percent(at(throttled, 0.9).failedFraction), 16L);
        QCOMPARE(percent(at(unthrottled, 0.9).failedFraction), 23L);
        for (double load : {0.8, 0.9, 1.0, 1.1}) {
            QCOMPARE(at(unthrottled, load).hedgedFraction, 1.0);
            QCOMPARE(at(unthrottled, load).hedgesRefusedFraction, 0.0);
        }
        // Errors fatal: never refused; 36 %, 55 %, 66 % failed.
        says(p, {"no hedge is refused", "36 % of the calls fail at 70 % load, 55 % at 90 % and "
                                        "66 % at 110 %"});
        for (double load : p.scenario.loads)
            QCOMPARE(at(fatal, load).hedgesRefusedFraction, 0.0);
        QCOMPARE(percent(at(fatal, 0.7).failedFraction), 36L);
        QCOMPARE(percent(at(fatal, 0.9).failedFraction), 55L);
        QCOMPARE(percent(at(fatal, 1.1).failedFraction), 66L);
    }
};

QTEST_GUILESS_MAIN(TestFamilyPresetClaims)
#include "tst_familypresetclaims.moc"
