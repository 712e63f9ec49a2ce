// The service model and the call rules, checked event by event through the observer.
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <map>
#include <set>
#include <vector>

using namespace hedge;

namespace {

struct Recorder : SimulationObserver {
    std::vector<TraceEvent> events;
    void onEvent(const TraceEvent& e) override { events.push_back(e); }
};

Setup hedgedSetup(Cancellation mode, int maxAttempts = 2, double delayMs = 20.0)
{
    Setup s;
    s.name = "hedge";
    s.cancellation = mode;
    s.hedge = HedgeSettings{.delayMs = delayMs, .maxAttempts = maxAttempts, .budgetPercent = 0};
    return s;
}

// Service times of exactly 10 ms or (hiccup) 100 ms, half and half.
ServiceConfig twoSpeedService(int workers)
{
    return ServiceConfig{.workers = workers,
                         .medianMs = 10,
                         .sigma = 0,
                         .hiccupProbability = 0.5,
                         .hiccupMinMs = 100,
                         .hiccupMaxMs = 100};
}

using AttemptKey = std::pair<std::int64_t, int>;

} // namespace

class TestSimulation : public QObject {
    Q_OBJECT

private slots:
    void fifoOrder()
    {
        // One worker, heavy load: attempts start in exactly the order they were queued.
        PointSpec spec{.service = twoSpeedService(1),
                       .setup = hedgedSetup(Cancellation::Client),
                       .load = 0.45,
                       .calls = 3000,
                       .warmupFraction = 0};
        Recorder rec;
        simulatePoint(spec, {}, {}, &rec);
        std::vector<AttemptKey> queued, startedFromQueue;
        std::set<AttemptKey> waiting;
        int queuedCount = 0;
        for (const TraceEvent& e : rec.events) {
            if (e.kind == TraceEvent::AttemptQueued) {
                queued.emplace_back(e.call, e.attempt);
                waiting.insert({e.call, e.attempt});
                ++queuedCount;
            } else if (e.kind == TraceEvent::ServiceStarted && waiting.erase({e.call, e.attempt})) {
                startedFromQueue.emplace_back(e.call, e.attempt);
            }
        }
        QVERIFY2(queuedCount > 500, "the scenario must queue to test anything");
        QCOMPARE(startedFromQueue, queued); // client cancellation: every queued attempt runs
    }

    void clientCancellationLeavesWorkOnServer()
    {
        PointSpec spec{.service = twoSpeedService(4),
                       .setup = hedgedSetup(Cancellation::Client),
                       .load = 0.3,
                       .calls = 5000,
                       .warmupFraction = 0};
        Recorder rec;
        simulatePoint(spec, {}, {}, &rec);
        std::map<AttemptKey, double> startedAt, serviceMs;
        std::map<AttemptKey, double> endedAt;
        std::set<std::int64_t> succeeded;
        int losersFinished = 0;
        for (const TraceEvent& e : rec.events) {
            QVERIFY(e.kind != TraceEvent::ServiceCutShort && e.kind != TraceEvent::QueuedDropped);
            if (e.kind == TraceEvent::ServiceStarted) {
                startedAt[{e.call, e.attempt}] = e.time;
                serviceMs[{e.call, e.attempt}] = e.serviceMs;
            } else if (e.kind == TraceEvent::ServiceEnded) {
                endedAt[{e.call, e.attempt}] = e.time;
                if (succeeded.count(e.call))
                    ++losersFinished; // its call had already ended: wasted work
            } else if (e.kind == TraceEvent::CallEnded && e.end == CallEnd::Succeeded) {
                succeeded.insert(e.call);
            }
        }
        QCOMPARE(endedAt.size(), startedAt.size()); // every attempt runs to its end
        for (const auto& [key, start] : startedAt)
            QCOMPARE(endedAt[key], start + serviceMs[key]);
        QVERIFY2(losersFinished > 100, "hedged calls leave their losers running");
    }

    void serverCancellationFreesWorkers()
    {
        PointSpec spec{.service = twoSpeedService(2),
                       .setup = hedgedSetup(Cancellation::Server),
                       .load = 0.4,
                       .calls = 5000,
                       .warmupFraction = 0};
        Recorder rec;
        simulatePoint(spec, {}, {}, &rec);
        std::map<AttemptKey, int> workerOf;
        std::map<int, double> lastCutAt;
        int cut = 0, dropped = 0, startsRightAfterCut = 0;
        std::set<AttemptKey> droppedAttempts;
        double callEndTime = -1;
        for (const TraceEvent& e : rec.events) {
            switch (e.kind) {
            case TraceEvent::ServiceStarted:
                QVERIFY2(!droppedAttempts.count({e.call, e.attempt}),
                         "a queued loser must never start");
                workerOf[{e.call, e.attempt}] = e.worker;
                if (lastCutAt.count(e.worker) && lastCutAt[e.worker] == e.time)
                    ++startsRightAfterCut;
                break;
            case TraceEvent::CallEnded: callEndTime = e.time; break;
            case TraceEvent::ServiceCutShort:
                ++cut;
                QCOMPARE(e.time, callEndTime); // at the moment of cancellation
                QCOMPARE(workerOf[AttemptKey(e.call, e.attempt)], e.worker);
                lastCutAt[e.worker] = e.time;
                break;
            case TraceEvent::QueuedDropped:
                ++dropped;
                droppedAttempts.insert({e.call, e.attempt});
                break;
            default: break;
            }
        }
        QVERIFY(cut > 100);
        QVERIFY(dropped > 10);
        QVERIFY2(startsRightAfterCut > 0, "a freed worker takes the next queued attempt at once");
    }

    void isolatedCallLatencyFollowsTheRules()
    {
        // At a tiny load every call meets an idle service: its latency is min(S0, delay + S1)
        // when the first attempt is slower than the delay, S0 otherwise.
        PointSpec spec{.service = twoSpeedService(16),
                       .setup = hedgedSetup(Cancellation::Server),
                       .load = 0.01,
                       .calls = 2000,
                       .warmupFraction = 0};
        Recorder rec;
        simulatePoint(spec, {}, {}, &rec);
        std::map<std::int64_t, double> arrival;
        std::map<AttemptKey, double> service;
        int checked = 0, hedgeWon = 0;
        for (const TraceEvent& e : rec.events) {
            if (e.kind == TraceEvent::CallStarted)
                arrival[e.call] = e.time;
            else if (e.kind == TraceEvent::ServiceStarted)
                service[{e.call, e.attempt}] = e.serviceMs;
            else if (e.kind == TraceEvent::AttemptQueued)
                QFAIL("no queueing expected at this load");
            else if (e.kind == TraceEvent::CallEnded) {
                QCOMPARE(e.end, CallEnd::Succeeded);
                const double s0 = service.at({e.call, 0});
                double expected = s0;
                if (s0 > 20.0) {
                    const double viaHedge = 20.0 + service.at({e.call, 1});
                    expected = std::min(s0, viaHedge);
                    hedgeWon += viaHedge < s0;
                } else {
                    QVERIFY(!service.count({e.call, 1}));
                }
                QCOMPARE(e.time - arrival[e.call], expected);
                ++checked;
            }
        }
        QCOMPARE(checked, 2000);
        QVERIFY(hedgeWon > 300);
    }

    void utilisationEqualsLoadWithoutHedging()
    {
        // Within one percentage point: a third of the work comes from rare 100–300 ms
        // hiccups, so a run of a million calls still carries a few tenths of noise.
        for (double load : {0.3, 0.6, 0.9}) {
            PointSpec spec{.setup = Setup{.name = "no hedge"}, .load = load, .calls = 1000000};
            const PointResult r = simulatePoint(spec);
            QVERIFY2(std::abs(r.utilisation - load) <= 0.01,
                     qPrintable(QString("load %1 utilisation %2").arg(load).arg(r.utilisation)));
            QCOMPARE(r.requestsPerCall, 1.0);
            QVERIFY(!r.collapsed);
        }
    }

    void commonRandomNumbersAcrossSetups()
    {
        // Without hedges the cancellation mode cannot matter: same draws, same figures.
        PointSpec client{.setup = Setup{.name = "a", .cancellation = Cancellation::Client},
                         .load = 0.8, .calls = 20000};
        PointSpec server = client;
        server.setup = Setup{.name = "a", .cancellation = Cancellation::Server};
        PointResult fromServer = simulatePoint(server);
        QCOMPARE(fromServer.cancellation, Cancellation::Server);
        fromServer.cancellation = Cancellation::Client;
        QCOMPARE(simulatePoint(client), fromServer);
        // A different seed gives different numbers.
        PointSpec other = client;
        other.seed = 2;
        QVERIFY(simulatePoint(other).p99Ms != simulatePoint(client).p99Ms);
    }

    // 1 237 calls: q·n is whole for none of the three percentiles, so rounding the rank
    // down instead of up would pick the sample below each time.
    void percentilesAreNearestRank()
    {
        PointSpec spec{
            .setup = Setup{.name = "no hedge"}, .load = 0.5, .calls = 1237, .warmupFraction = 0};
        Recorder rec;
        const PointResult r = simulatePoint(spec, {}, {}, &rec);
        std::map<std::int64_t, double> arrival;
        std::vector<double> latencies;
        for (const TraceEvent& e : rec.events) {
            if (e.kind == TraceEvent::CallStarted)
                arrival[e.call] = e.time;
            else if (e.kind == TraceEvent::CallEnded)
                latencies.push_back(e.time - arrival[e.call]);
        }
        std::sort(latencies.begin(), latencies.end());
        QCOMPARE(latencies.size(), std::size_t(1237));
        QCOMPARE(*r.p50Ms, latencies[618]);   // ceil(618.5) = 619th
        QCOMPARE(*r.p99Ms, latencies[1224]);  // ceil(1224.63) = 1225th
        QCOMPARE(*r.p999Ms, latencies[1235]); // ceil(1235.763) = 1236th
        QCOMPARE(*r.maxMs, latencies.back());
        // The samples a rounding down would pick differ.
        QVERIFY(latencies[617] < latencies[618]);
        QVERIFY(latencies[1223] < latencies[1224]);
        QVERIFY(latencies[1234] < latencies[1235]);
    }

    void handledErrorsHedgeAtOnceAndFailWhenAllFail()
    {
        PointSpec spec{.service = ServiceConfig{.sigma = 0, .hiccupProbability = 0,
                                                .errorProbability = 1.0},
                       .setup = hedgedSetup(Cancellation::Client, 3, 1000.0),
                       .load = 0.05,
                       .calls = 1000,
                       .warmupFraction = 0};
        Recorder rec;
        const PointResult r = simulatePoint(spec, {}, {}, &rec);
        QCOMPARE(r.failedFraction, 1.0);
        QCOMPARE(r.requestsPerCall, 3.0);
        QVERIFY(!r.p99Ms.has_value()); // no call succeeded
        std::map<std::int64_t, double> arrival;
        for (const TraceEvent& e : rec.events) {
            if (e.kind == TraceEvent::CallStarted)
                arrival[e.call] = e.time;
            if (e.kind == TraceEvent::CallEnded) {
                QCOMPARE(e.attempt, 2); // the most recent error
                // Three 10 ms attempts back to back: no delay was waited out.
                QVERIFY(std::abs(e.time - arrival[e.call] - 30.0) < 1e-9);
            }
        }
    }

    void safetyCapStopsAnOverload()
    {
        PointSpec spec{.setup = hedgedSetup(Cancellation::Client, 3), .load = 1.5,
                       .calls = 400000};
        const PointResult r = simulatePoint(spec, {}, SafetyCap{.maxLiveCalls = 20000});
        QVERIFY(r.stoppedBySafetyCap);
        QVERIFY(r.collapsed);
        QVERIFY(r.simulatedCalls < 400000);
    }

    void overloadWithoutCapIsCollapsed()
    {
        PointSpec spec{.setup = hedgedSetup(Cancellation::Client, 3), .load = 1.5,
                       .calls = 20000};
        spec.stopCollapsedEarly = false; // the rule at the last arrival (tst_earlystop: the stop)
        const PointResult r = simulatePoint(spec);
        QVERIFY(!r.stoppedBySafetyCap);
        QVERIFY(r.collapsed);
        QCOMPARE(r.measuredCalls, 18000);
        QVERIFY(r.utilisation <= 1.0);
    }

    void stopRequestEndsTheRun()
    {
        std::stop_source source;
        source.request_stop();
        PointSpec spec{.setup = hedgedSetup(Cancellation::Client), .load = 0.7,
                       .calls = 10000000};
        const PointResult r = simulatePoint(spec, source.get_token());
        QVERIFY(r.events <= 1024); // stopped at the first look at the token
    }
};

QTEST_GUILESS_MAIN(TestSimulation)
#include "tst_simulation.moc"
