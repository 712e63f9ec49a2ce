// Deadlines and the calls' outcomes (docs/model.md, "Deadlines" and "Metrics"): the timed-out
// share against the service's own tail at low load (closed form), goodput + timed out + failed +
// rejected = every measured call, wasted work with and without losers, the twins a deadline
// separates, a timeline's buckets, and the knob in a scenario file.
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/service/ServiceDistribution.h>
#include <hedge/sim/Simulation.h>
#include <hedge/sim/TimelineWorld.h>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>
#include <string>

using namespace hedge;

Q_DECLARE_METATYPE(hedge::Setup)

namespace {

struct TraceRecorder : SimulationObserver {
    std::vector<TraceEvent> events;
    void onEvent(const TraceEvent& e) override { events.push_back(e); }
};

Setup plainSetup(Cancellation cancellation, double deadlineMs)
{
    Setup s{.name = "plain", .cancellation = cancellation};
    s.deadlineMs = deadlineMs;
    return s;
}

Setup hedgedSetup(Cancellation cancellation, double deadlineMs)
{
    Setup s{.name = "hedge", .cancellation = cancellation,
            .hedge = HedgeSettings{.delayMs = 15.0, .budgetPercent = 0.0}};
    s.deadlineMs = deadlineMs;
    return s;
}

// P(S > d) of docs/model.md's log-normal service with hiccups, in closed form.
double lognormalTail(const ServiceConfig& s, double d)
{
    const double z = std::log(d / s.medianMs) / s.sigma;
    const double lognormal = 0.5 * std::erfc(z / std::sqrt(2.0));
    const double hiccup = std::clamp((s.hiccupMaxMs - d) / (s.hiccupMaxMs - s.hiccupMinMs), 0.0, 1.0);
    return (1.0 - s.hiccupProbability) * lognormal + s.hiccupProbability * hiccup;
}

// Four standard deviations of a share p over n calls, plus a little for the queueing that a
// load of 5 % on 16 workers still has (Erlang C: a wait of about 1e-15).
double noise(double p, std::int64_t n)
{
    return 4.0 * std::sqrt(p * (1.0 - p) / double(n)) + 1e-4;
}

PointResult run(const ServiceConfig& service, const Setup& setup, double load,
                std::int64_t calls = 200000)
{
    return simulatePoint(PointSpec{.service = service, .setup = setup, .load = load,
                                   .calls = calls, .stopCollapsedEarly = false});
}

double outcomeSum(const PointResult& p)
{
    return p.goodputFraction + p.timedOutFraction + p.failedFraction + p.rejectedFraction;
}

} // namespace

class TestDeadlines : public QObject {
    Q_OBJECT

private slots:
    // With no policy at low load a call's latency is its one attempt's service time: it times out
    // exactly when S > D.
    void timedOutShareIsTheServiceTail_data()
    {
        QTest::addColumn<double>("deadlineMs");
        QTest::newRow("log-normal body") << 13.0;
        QTest::newRow("hiccups") << 180.0;
    }
    void timedOutShareIsTheServiceTail()
    {
        QFETCH(double, deadlineMs);
        const ServiceConfig service;
        const PointResult p = run(service, plainSetup(Cancellation::Server, deadlineMs), 0.05);
        const double expected = lognormalTail(service, deadlineMs);
        QVERIFY2(std::abs(p.timedOutFraction - expected) < noise(expected, p.measuredCalls),
                 qPrintable(QString("timed out %1, P(S > D) %2").arg(p.timedOutFraction).arg(expected)));
        QCOMPARE(p.goodputFraction + p.timedOutFraction, 1.0);
        // Every answered call was in time.
        QVERIFY(*p.maxMs <= deadlineMs);
    }

    void timedOutShareIsTheMeasuredTableTail()
    {
        QuantilePoints measured{.fraction = {0.0, 0.5, 0.9, 0.99, 1.0},
                                .latencyMs = {2.0, 8.0, 20.0, 60.0, 200.0}};
        ServiceConfig service;
        ServiceDistribution d;
        d.table = ServiceTimeTable::fromQuantiles(measured);
        service.distribution = d;
        for (double deadlineMs : {12.0, 40.0}) {
            const PointResult p = run(service, plainSetup(Cancellation::Client, deadlineMs), 0.05);
            const double expected = 1.0 - d.table.cdf(deadlineMs);
            QVERIFY(expected > 0.01);
            QVERIFY2(std::abs(p.timedOutFraction - expected) < noise(expected, p.measuredCalls),
                     qPrintable(QString("D %1: timed out %2, P(S > D) %3")
                                    .arg(deadlineMs).arg(p.timedOutFraction).arg(expected)));
        }
    }

    // Every measured call ends one way (a run that drains: no early stop), whatever the policy,
    // the cancellation, the errors and the load, a collapse included.
    void outcomesAddUpToEveryCall_data()
    {
        QTest::addColumn<Setup>("setup");
        QTest::addColumn<double>("load");
        for (double load : {0.5, 0.9, 1.2}) {
            const QByteArray at = QByteArray::number(load);
            QTest::newRow("plain client " + at) << plainSetup(Cancellation::Client, 40.0) << load;
            QTest::newRow("hedge client " + at) << hedgedSetup(Cancellation::Client, 40.0) << load;
            QTest::newRow("hedge server " + at) << hedgedSetup(Cancellation::Server, 40.0) << load;
            Setup limited = hedgedSetup(Cancellation::Server, 40.0);
            limited.adaptiveLimit = Gradient2Config{};
            QTest::newRow("limit " + at) << limited << load;
        }
    }
    void outcomesAddUpToEveryCall()
    {
        QFETCH(Setup, setup);
        QFETCH(double, load);
        ServiceConfig service;
        service.errorProbability = 0.05;
        const PointResult p = run(service, setup, load, 20000);
        QVERIFY(p.timedOutFraction > 0.0);
        QVERIFY(p.failedFraction > 0.0 || load > 0.6); // beyond, a collapse times most out
        QVERIFY(std::abs(outcomeSum(p) - 1.0) < 1e-12);
        // Requests per call stays the total: the first attempts, the hedges and the retries.
        QVERIFY(std::abs(p.requestsPerCall - (1.0 - p.rejectedFraction) - p.hedgesPerCall -
                         p.retriesPerCall) < 1e-12);
    }

    // A collapsed point with a deadline: its goodput is near zero, and the rule still says
    // collapsed (client cancellation: the queue keeps every attempt).
    void collapsedPointHasLittleGoodput()
    {
        const PointResult p = run(ServiceConfig{}, hedgedSetup(Cancellation::Client, 100.0), 1.2, 50000);
        QVERIFY(p.collapsed);
        QVERIFY2(p.goodputFraction < 0.05, qPrintable(QString::number(p.goodputFraction)));
        QVERIFY(p.timedOutFraction > 0.9);
    }

    // Wasted work: the busy time of attempts whose call had already ended.
    void wastedWork()
    {
        const ServiceConfig service;
        // No losers: nothing is wasted, exactly.
        QCOMPARE(run(service, plainSetup(Cancellation::Client, 0.0), 0.5, 50000).wastedWorkFraction, 0.0);
        // A hedge's loser runs on when only the client stops waiting; the server stops it.
        const PointResult client = run(service, hedgedSetup(Cancellation::Client, 0.0), 0.5, 50000);
        const PointResult server = run(service, hedgedSetup(Cancellation::Server, 0.0), 0.5, 50000);
        QVERIFY(client.wastedWorkFraction > 0.01);
        QVERIFY(server.wastedWorkFraction < client.wastedWorkFraction);
        QCOMPARE(server.wastedWorkFraction, 0.0);
        // A timed-out call's only attempt: wasted with client cancellation, freed with server's.
        const PointResult late = run(service, plainSetup(Cancellation::Client, 12.0), 0.5, 50000);
        QVERIFY(late.wastedWorkFraction > 0.0);
        QCOMPARE(run(service, plainSetup(Cancellation::Server, 12.0), 0.5, 50000).wastedWorkFraction, 0.0);
    }

    // The figure by its definition, recomputed from the event trace: over the measured window
    // (first measured arrival to last arrival), the part of each attempt's service after its
    // call ended, over all service. Client cancellation: every attempt is served in full.
    void wastedWorkIsTheServiceAfterTheCallEnded_data()
    {
        QTest::addColumn<Setup>("setup");
        QTest::newRow("hedge") << hedgedSetup(Cancellation::Client, 0.0);
        QTest::newRow("hedge and deadline") << hedgedSetup(Cancellation::Client, 25.0);
        QTest::newRow("deadline alone") << plainSetup(Cancellation::Client, 12.0);
    }
    void wastedWorkIsTheServiceAfterTheCallEnded()
    {
        QFETCH(Setup, setup);
        const PointSpec spec{.setup = setup, .load = 0.6, .calls = 20000, .stopCollapsedEarly = false};
        TraceRecorder trace;
        const PointResult p = simulatePoint(spec, {}, {}, &trace);
        const std::int64_t warmup = 2000;
        std::map<std::int64_t, double> arrival, ended;
        for (const TraceEvent& e : trace.events) {
            if (e.kind == TraceEvent::CallStarted)
                arrival[e.call] = e.time;
            else if (e.kind == TraceEvent::CallEnded)
                ended[e.call] = e.time;
        }
        const double from = arrival.at(warmup), to = arrival.at(spec.calls - 1);
        const auto overlap = [&](double a, double b) {
            return std::max(0.0, std::min(b, to) - std::max(a, from));
        };
        double busy = 0.0, wasted = 0.0;
        for (const TraceEvent& e : trace.events) {
            if (e.kind != TraceEvent::ServiceStarted)
                continue;
            const double end = e.time + e.serviceMs;
            busy += overlap(e.time, end);
            wasted += overlap(std::max(e.time, ended.at(e.call)), end);
        }
        QVERIFY(wasted > 0.0);
        QVERIFY2(std::abs(p.wastedWorkFraction - wasted / busy) < 1e-9,
                 qPrintable(QString("%1 against %2").arg(p.wastedWorkFraction).arg(wasted / busy)));
    }

    // "no hedge / client" and "no hedge / server" are one run, unless a deadline abandons the
    // only attempt: then the cancellation decides whether the server still serves it.
    void deadlineSeparatesTwins()
    {
        PointSpec a{.setup = plainSetup(Cancellation::Client, 0.0), .calls = 20000};
        PointSpec b{.setup = plainSetup(Cancellation::Server, 0.0), .calls = 20000};
        QVERIFY(runsTheSameSimulation(a, b));
        a.setup.deadlineMs = b.setup.deadlineMs = 12.0;
        QVERIFY(!runsTheSameSimulation(a, b));
        const PointResult client = simulatePoint(a);
        const PointResult server = simulatePoint(b);
        QVERIFY(client.utilisation > server.utilisation);
    }

    // A timeline's buckets count timed-out calls apart from failed ones.
    void timelineBucketsCountTimeouts()
    {
        Scenario scenario = parseScenarioJson(R"({
            "setups": [{"name": "d", "cancellation": "server", "hedge": null, "deadline_ms": 13}],
            "timeline": {"duration_s": 4, "bucket_ms": 1000,
                         "load_steps": [{"at_s": 0, "load": 0.3}]}})");
        TimelineOutcome outcome = runTimeline(scenario, 1);
        QVERIFY(outcome.worlds.at(0).deadline);
        std::int64_t ended = 0, timedOut = 0;
        for (const TimelineBucket& b : outcome.worlds[0].buckets) {
            ended += b.callsEnded;
            timedOut += b.timedOut;
            QCOMPARE(b.failed, std::int64_t(0));
            QVERIFY(b.goodputPerS > 0.0);
        }
        const double expected = lognormalTail(ServiceConfig{}, 13.0);
        QVERIFY(std::abs(double(timedOut) / double(ended) - expected) < noise(expected, ended) + 0.01);
    }

    void scenarioFileRoundTrip()
    {
        const Scenario s = parseScenarioJson(
            R"({"setups": [{"name": "a", "hedge": null, "deadline_ms": 250},
                           {"name": "b", "hedge": null}]})");
        QCOMPARE(s.setups.at(0).deadlineMs, 250.0);
        QCOMPARE(s.setups.at(1).deadlineMs, 0.0);
        QVERIFY(s.hasCallOutcomes());
        const std::string text = writeScenarioJson(s);
        QVERIFY(text.find("\"deadline_ms\": 250") != std::string::npos);
        // Written only where set: a setup without one is written as before the knob.
        QCOMPARE(text.find("deadline_ms"), text.rfind("deadline_ms"));
        QCOMPARE(parseScenarioJson(text), s);
    }

    void badDeadlineNamesTheFieldAndRange_data()
    {
        QTest::addColumn<QString>("value");
        QTest::newRow("negative") << "-5";
        QTest::newRow("too long") << "600001";
    }
    void badDeadlineNamesTheFieldAndRange()
    {
        QFETCH(QString, value);
        const std::string json = R"({"setups": [{"name": "a"}, {"name": "b", "deadline_ms": )" +
                                 value.toStdString() + "}]}";
        try {
            parseScenarioJson(json);
            QFAIL("accepted");
        } catch (const ScenarioError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QString("setups[1].deadline_ms"));
            QVERIFY2(std::string(e.problem()).find("0 … 600000") != std::string::npos, e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestDeadlines)
#include "tst_deadlines.moc"
