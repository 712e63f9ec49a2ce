// Overload: load 1.5, three attempts, no budget. The run must stop at the safety cap and be
// reported collapsed, and what the cap bounds (live calls, queued work) must never pass it by
// more than what one arrival adds. A low cap keeps the test quick; the default cap's memory
// figures are in docs/HARDENING.md.
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>

using namespace hedge;

namespace {

// Follows the live calls and the queue, event by event, from the trace alone.
struct LoadTracker : SimulationObserver {
    std::int64_t live = 0, maxLive = 0;
    std::int64_t queued = 0, maxQueued = 0, maxQueuedAtArrival = 0;
    std::int64_t started = 0, ended = 0;
    std::set<std::pair<std::int64_t, int>> inQueue; // (call, attempt)

    void onEvent(const TraceEvent& e) override
    {
        switch (e.kind) {
        case TraceEvent::CallStarted:
            // The cap is checked just before this: what it saw is the state now.
            maxQueuedAtArrival = std::max(maxQueuedAtArrival, queued);
            ++started;
            maxLive = std::max(maxLive, ++live);
            break;
        case TraceEvent::CallEnded:
            ++ended;
            --live;
            break;
        case TraceEvent::AttemptQueued:
            inQueue.insert({e.call, e.attempt});
            maxQueued = std::max(maxQueued, ++queued);
            break;
        case TraceEvent::ServiceStarted:
        case TraceEvent::QueuedDropped:
            if (inQueue.erase({e.call, e.attempt}) > 0)
                --queued;
            break;
        default:
            break;
        }
    }
};

PointSpec overloadSpec(Cancellation cancellation)
{
    PointSpec spec;
    spec.load = 1.5;
    spec.calls = 1'000'000;
    spec.seed = 7;
    spec.setup.name = "3 attempts, no budget";
    spec.setup.cancellation = cancellation;
    spec.setup.hedge = HedgeSettings{.delayMs = 20.0, .maxAttempts = 3, .budgetPercent = 0.0};
    return spec;
}

} // namespace

class TestOverload : public QObject {
    Q_OBJECT

private slots:
    void stopsAtTheLiveCallCap_data()
    {
        QTest::addColumn<Cancellation>("cancellation");
        QTest::newRow("client") << Cancellation::Client;
        QTest::newRow("server") << Cancellation::Server;
    }

    void stopsAtTheLiveCallCap()
    {
        QFETCH(Cancellation, cancellation);
        PointSpec spec = overloadSpec(cancellation);
        spec.warmupFraction = 0.01; // measured calls arrive before the cap is reached
        const SafetyCap cap{.maxLiveCalls = 20000};
        LoadTracker tracker;
        const PointResult r = simulatePoint(spec, {}, cap, &tracker);

        QVERIFY(r.stoppedBySafetyCap);
        QVERIFY(r.collapsed);
        QVERIFY(r.simulatedCalls < spec.calls);
        QVERIFY(r.simulatedCalls > cap.maxLiveCalls);
        // The cap refuses the arrival that finds it full: never more live calls than that.
        QVERIFY2(tracker.maxLive <= cap.maxLiveCalls + 1,
                 qPrintable(QString::number(tracker.maxLive)));
        QVERIFY(tracker.maxLive >= cap.maxLiveCalls); // it was the live calls that stopped it
        // Every live call has at most three attempts waiting.
        QVERIFY(tracker.maxQueued <= 3 * (cap.maxLiveCalls + 1));
        QCOMPARE(tracker.started, r.simulatedCalls - 1); // the refused arrival never started
        QCOMPARE(tracker.started - tracker.ended, tracker.live);
        // Every arrival after the warm-up counts as measured (the refused one too), however
        // early the cap stopped the run: the warm-up is a count of planned calls.
        const auto warmup = static_cast<std::int64_t>(double(spec.calls) * spec.warmupFraction);
        QCOMPARE(r.measuredCalls, r.simulatedCalls - warmup);
        QVERIFY(r.requestsPerCall <= 3.0);
        // Deep in overload every call waits past both delays: live calls' attempts count.
        QVERIFY(r.measuredCalls > 0);
        QVERIFY(r.requestsPerCall > 2.5);
        QVERIFY(r.hedgedFraction > 0.9);
        QVERIFY(r.utilisation <= 1.0 + 1e-12);
    }

    void stopsAtTheBacklogCap()
    {
        const PointSpec spec = overloadSpec(Cancellation::Client);
        const SafetyCap cap{.maxLiveCalls = 100'000'000, .maxBacklogMs = 30'000.0};
        LoadTracker tracker;
        const PointResult r = simulatePoint(spec, {}, cap, &tracker);

        QVERIFY(r.stoppedBySafetyCap);
        QVERIFY(r.collapsed);
        QVERIFY(r.simulatedCalls < spec.calls);
        // Queued work (queue × E[S] / workers), as the cap measures it, at each arrival.
        const double perAttemptMs = spec.service.meanServiceMs() / spec.service.workers;
        const auto capAttempts = static_cast<std::int64_t>(cap.maxBacklogMs / perAttemptMs);
        QVERIFY2(
            tracker.maxQueuedAtArrival <= capAttempts + 1,
            qPrintable(QStringLiteral("%1 > %2").arg(tracker.maxQueuedAtArrival).arg(capAttempts)));
        // and it was the backlog that stopped the run: the queue had reached the cap.
        QVERIFY(tracker.maxQueuedAtArrival >= capAttempts * 99 / 100);
    }

    void staysRunningBelowTheCap()
    {
        // The same point with the default cap and a short run ends normally, collapsed by
        // the collapse rule, not by the cap: the cap is a bound, not the collapse test.
        PointSpec spec = overloadSpec(Cancellation::Client);
        spec.calls = 20000;
        spec.stopCollapsedEarly = false; // the whole run (tst_earlystop: the early stop)
        LoadTracker tracker;
        const PointResult r = simulatePoint(spec, {}, SafetyCap{}, &tracker);
        QVERIFY(!r.stoppedBySafetyCap);
        QVERIFY(r.collapsed);
        QCOMPARE(r.simulatedCalls, spec.calls);
        QCOMPARE(tracker.ended, spec.calls);
        QCOMPARE(tracker.live, std::int64_t(0));
    }
};

QTEST_GUILESS_MAIN(TestOverload)
#include "tst_overload.moc"
