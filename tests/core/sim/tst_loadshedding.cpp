// A service that sheds load (service.shed_backlog_ms; docs/model.md, "The service"): an attempt
// that finds more backlog than the threshold is answered at once with an error, takes no
// worker and never queues. Checked on whole runs and on their traces.
#include "SameFigures.h"

#include <hedge/sim/Simulation.h>

#include <QTest>

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

using namespace hedge;

namespace {

PointSpec point(const Setup& setup, double load, double shedBacklogMs, int replicas = 1)
{
    PointSpec spec;
    spec.setup = setup;
    spec.load = load;
    spec.calls = 30000;
    spec.service.shedBacklogMs = shedBacklogMs;
    if (replicas > 1) {
        spec.service.workers = 16 / replicas;
        spec.service.replicas = replicas;
        spec.service.balancer = BalancerKind::Random;
    }
    return spec;
}

Setup grpcNonFatal(bool throttled)
{
    Setup s;
    s.name = "grpc";
    s.policy = PolicyFamily::Grpc;
    s.families.grpc = GrpcSettings{
        .maxAttempts = 2,
        .hedgingDelayMs = 20.0,
        .nonFatalErrors = true,
        .throttling = throttled ? std::optional(GrpcThrottling{}) : std::nullopt};
    return s;
}

Setup budgeted()
{
    Setup s;
    s.name = "hedge, default budget";
    s.hedge = HedgeSettings{};
    return s;
}

// Follows the queue from the trace alone, and what became of each shed attempt.
struct ShedTracker : SimulationObserver {
    std::int64_t queued = 0, maxQueued = 0, shed = 0, shedServed = 0;
    std::set<std::pair<std::int64_t, int>> inQueue, wasShed; // (call, attempt)

    void onEvent(const TraceEvent& e) override
    {
        switch (e.kind) {
        case TraceEvent::AttemptQueued:
            inQueue.insert({e.call, e.attempt});
            maxQueued = std::max(maxQueued, ++queued);
            break;
        case TraceEvent::ServiceStarted:
            shedServed += std::int64_t(wasShed.count({e.call, e.attempt}));
            [[fallthrough]];
        case TraceEvent::QueuedDropped:
            if (inQueue.erase({e.call, e.attempt}) > 0)
                --queued;
            break;
        case TraceEvent::AttemptShed:
            QVERIFY(e.error);
            ++shed;
            wasShed.insert({e.call, e.attempt});
            break;
        default: break;
        }
    }
};

// Each replica's queue from the trace, and every attempt that reached a busy replica judged by
// the rule: its backlog (the attempts queued there before it, × mean service / workers) at or
// below the threshold joins the queue, above it is shed.
struct ReplicaDecisions : SimulationObserver {
    ReplicaDecisions(int replicas, double perAttemptMs, double thresholdMs)
        : queued(std::size_t(replicas), 0), maxQueued(std::size_t(replicas), 0),
          m_perAttemptMs(perAttemptMs), m_thresholdMs(thresholdMs)
    {}
    std::vector<int> queued, maxQueued;
    std::int64_t joinedBelow = 0, joinedAtThreshold = 0, shedAbove = 0, wrong = 0;

    void onEvent(const TraceEvent& e) override
    {
        const auto r = std::size_t(e.replica);
        switch (e.kind) {
        case TraceEvent::AttemptQueued: {
            const double backlog = queued[r] * m_perAttemptMs;
            wrong += backlog > m_thresholdMs;
            joinedBelow += backlog < m_thresholdMs;
            joinedAtThreshold += backlog == m_thresholdMs;
            m_inQueue.insert({e.call, e.attempt});
            maxQueued[r] = std::max(maxQueued[r], ++queued[r]);
            break;
        }
        case TraceEvent::AttemptShed:
            shedAbove += queued[r] * m_perAttemptMs > m_thresholdMs;
            wrong += queued[r] * m_perAttemptMs <= m_thresholdMs;
            break;
        case TraceEvent::ServiceStarted:
        case TraceEvent::QueuedDropped:
            if (m_inQueue.erase({e.call, e.attempt}) > 0)
                --queued[r];
            break;
        default:
            break;
        }
    }

private:
    double m_perAttemptMs, m_thresholdMs;
    std::set<std::pair<std::int64_t, int>> m_inQueue;
};

} // namespace

class TestLoadShedding : public QObject {
    Q_OBJECT

private slots:
    // 0 never sheds: the figures are those of a threshold no run reaches, event for event,
    // and nothing fails without errors drawn.
    void zeroNeverSheds()
    {
        for (const Setup& setup : {budgeted(), grpcNonFatal(true)}) {
            for (double load : {0.5, 0.9}) {
                // A shedding service's runs are never stopped early (docs/model.md, "Stopping
                // early"), so the run without shedding runs to its end too.
                PointSpec neverSpec = point(setup, load, 0.0);
                neverSpec.stopCollapsedEarly = false;
                const PointResult never = simulatePoint(neverSpec);
                const PointResult unreached = simulatePoint(point(setup, load, 1e12));
                compareFiguresExactly(never, unreached);
                QCOMPARE(never.failedFraction, 0.0);
            }
        }
    }

    // Past capacity the queue's backlog stays at the threshold: an attempt joins only below
    // it, so the queue never holds more than threshold × workers / mean service time plus the
    // one that joined last; the rest is shed, the run does not collapse.
    void theBacklogStaysAtTheThreshold()
    {
        const double threshold = 50.0;
        ShedTracker trace;
        PointSpec spec = point(budgeted(), 1.2, threshold);
        const PointResult r = simulatePoint(spec, {}, {}, &trace);
        const double perAttemptMs = spec.service.meanServiceMs() / spec.service.workers;
        QVERIFY(trace.shed > 0);
        QCOMPARE(trace.shedServed, std::int64_t(0)); // a shed attempt never reaches a worker
        QVERIFY2(double(trace.maxQueued) <= threshold / perAttemptMs + 1.0,
                 qPrintable(QString::number(trace.maxQueued)));
        QVERIFY(double(trace.maxQueued) >= 0.8 * threshold / perAttemptMs);
        QVERIFY(!r.collapsed);
        QVERIFY(r.failedFraction > 0.05);
    }

    // Errors only under load: at 30 % the queue never reaches 50 ms.
    void errorsAppearOnlyUnderLoad()
    {
        ShedTracker light;
        const PointResult r = simulatePoint(point(budgeted(), 0.3, 50.0), {}, {}, &light);
        QCOMPARE(light.shed, std::int64_t(0));
        QCOMPARE(r.failedFraction, 0.0);
    }

    // Several replicas: each sheds on its own backlog, over its own workers.
    void eachReplicaShedsOnItsOwnBacklog()
    {
        const double threshold = 50.0;
        ShedTracker trace;
        PointSpec spec = point(budgeted(), 1.2, threshold, 4);
        const PointResult r = simulatePoint(spec, {}, {}, &trace);
        const double perAttemptMs = spec.service.meanServiceMs() / spec.service.workers;
        QVERIFY(trace.shed > 0);
        QCOMPARE(trace.shedServed, std::int64_t(0));
        // Four queues, each at most its threshold's worth (plus the one that joined last).
        QVERIFY2(double(trace.maxQueued) <= 4.0 * (threshold / perAttemptMs + 1.0),
                 qPrintable(QString::number(trace.maxQueued)));
        QVERIFY(!r.collapsed);
        // A shed attempt left nothing behind in the balancer's counts.
        QCOMPARE(r.replicaOutstandingAtEnd, 0);
    }

    // The boundary from both sides, with service times that do not vary (10 ms each, one
    // worker a replica: a queued attempt is 10 ms of backlog) and a threshold of exactly one
    // queued attempt. An attempt that finds one queued (10 ms, at the threshold) joins: the
    // queue holds two; one that finds two (20 ms, above it) is shed. Counting the arriving
    // attempt in the backlog would shed at one queued and never queue a second.
    void aReplicaAdmitsAtItsThresholdAndShedsAbove()
    {
        PointSpec spec = point(Setup{.name = "no hedge"}, 0.9, 10.0, 2);
        spec.service.workers = 1;
        spec.service.sigma = 0.0;
        spec.service.hiccupProbability = 0.0;
        spec.calls = 20000;
        QCOMPARE(spec.service.meanServiceMs(), 10.0);
        ReplicaDecisions trace(2, 10.0, 10.0);
        const PointResult r = simulatePoint(spec, {}, {}, &trace);
        QCOMPARE(trace.wrong, std::int64_t(0));
        QVERIFY(trace.joinedBelow > 0);
        QVERIFY2(trace.joinedAtThreshold > 0, qPrintable(QString::number(trace.joinedAtThreshold)));
        QVERIFY2(trace.shedAbove > 0, qPrintable(QString::number(trace.shedAbove)));
        QCOMPARE(trace.maxQueued, (std::vector<int>{2, 2}));
        QCOMPARE(r.replicaOutstandingAtEnd, 0);
        QVERIFY(r.failedFraction > 0.0);
    }

    // The errors a shedding service answers are what gRPC's throttle reacts to: with them
    // called non-fatal it refuses hedges; without shedding it never does.
    void grpcThrottleEngagesWhenTheServiceSheds()
    {
        const PointResult shedding = simulatePoint(point(grpcNonFatal(true), 0.9, 50.0));
        const PointResult unthrottled = simulatePoint(point(grpcNonFatal(false), 0.9, 50.0));
        const PointResult slowOnly = simulatePoint(point(grpcNonFatal(true), 0.9, 0.0));
        QVERIFY2(shedding.hedgesRefusedFraction > 0.0,
                 qPrintable(QString::number(shedding.hedgesRefusedFraction)));
        QVERIFY(shedding.requestsPerCall < unthrottled.requestsPerCall);
        QCOMPARE(unthrottled.hedgesRefusedFraction, 0.0);
        QCOMPARE(slowOnly.hedgesRefusedFraction, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestLoadShedding)
#include "tst_loadshedding.moc"
