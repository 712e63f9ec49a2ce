// The figures of one point recomputed from the event trace alone, by the definitions of
// docs/model.md, "Metrics" and engine/README.md: nearest-rank percentiles where n·q is not whole,
// the utilisation window (first measured arrival to last arrival), and both halves of the collapse
// rule (more than a second of work queued at the last arrival AND a queue longer than halfway
// through the measured calls).
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

using namespace hedge;

namespace {

struct Recorder : SimulationObserver {
    std::vector<TraceEvent> events;
    void onEvent(const TraceEvent& e) override { events.push_back(e); }
};

std::int64_t warmupCalls(const PointSpec& spec)
{
    return static_cast<std::int64_t>(std::floor(double(spec.calls) * spec.warmupFraction + 1e-9));
}

// Latencies of the measured calls that succeeded, sorted.
std::vector<double> measuredLatencies(const PointSpec& spec, const std::vector<TraceEvent>& events)
{
    std::map<std::int64_t, double> arrival;
    std::vector<double> latencies;
    for (const TraceEvent& e : events) {
        if (e.kind == TraceEvent::CallStarted)
            arrival[e.call] = e.time;
        else if (e.kind == TraceEvent::CallEnded && e.end == CallEnd::Succeeded &&
                 e.call >= warmupCalls(spec))
            latencies.push_back(e.time - arrival.at(e.call));
    }
    std::sort(latencies.begin(), latencies.end());
    return latencies;
}

// The smallest sample with at least q of the samples at or below it.
double nearestRank(const std::vector<double>& sorted, double q)
{
    const auto rank = static_cast<std::size_t>(std::ceil(q * double(sorted.size()) - 1e-9));
    return sorted[std::max<std::size_t>(rank, 1) - 1];
}

bool isWhole(double x)
{
    return std::abs(x - std::round(x)) < 1e-9;
}

// Worker busy time between `from` and `to`, from the service starts and ends.
double busyTime(const std::vector<TraceEvent>& events, double from, double to)
{
    std::map<int, double> busySince; // worker -> start of its current service
    double busy = 0.0;
    const auto add = [&](double start, double end) {
        busy += std::max(0.0, std::min(end, to) - std::max(start, from));
    };
    for (const TraceEvent& e : events) {
        if (e.kind == TraceEvent::ServiceStarted) {
            busySince[e.worker] = e.time;
        } else if (e.kind == TraceEvent::ServiceEnded || e.kind == TraceEvent::ServiceCutShort) {
            add(busySince.at(e.worker), e.time);
            busySince.erase(e.worker);
        }
    }
    for (const auto& [worker, start] : busySince) // only a run stopped early leaves any
        add(start, to);
    return busy;
}

// Attempts waiting in the queue that a worker will still serve, at each arrival.
struct QueueAtArrivals {
    std::map<std::int64_t, std::int64_t> queued; // call index -> queue length on its arrival

    explicit QueueAtArrivals(const std::vector<TraceEvent>& events)
    {
        std::set<std::pair<std::int64_t, int>> waiting;
        for (const TraceEvent& e : events) {
            switch (e.kind) {
            case TraceEvent::CallStarted:
                queued[e.call] = std::int64_t(waiting.size());
                break;
            case TraceEvent::AttemptQueued:
                waiting.insert({e.call, e.attempt});
                break;
            case TraceEvent::ServiceStarted:
            case TraceEvent::QueuedDropped:
                waiting.erase({e.call, e.attempt});
                break;
            default:
                break;
            }
        }
    }
};

struct CollapseInputs {
    double backlogMsAtEnd;
    std::int64_t queuedAtHalfway, queuedAtEnd;
};

CollapseInputs collapseInputs(const PointSpec& spec, const std::vector<TraceEvent>& events)
{
    const QueueAtArrivals q(events);
    const std::int64_t warmup = warmupCalls(spec);
    const std::int64_t halfway = warmup + (spec.calls - warmup) / 2;
    const std::int64_t atEnd = q.queued.at(spec.calls - 1);
    return {double(atEnd) * spec.service.meanServiceMs() / spec.service.workers,
            q.queued.at(halfway), atEnd};
}

} // namespace

class TestPointMeasurements : public QObject {
    Q_OBJECT

private slots:
    void percentilesRoundTheRankUp_data()
    {
        QTest::addColumn<std::int64_t>("calls");
        QTest::addColumn<double>("warmupFraction");
        QTest::newRow("1237 calls") << std::int64_t(1237) << 0.0;
        QTest::newRow("3001 calls, 10 % warm-up") << std::int64_t(3001) << 0.1;
    }

    void percentilesRoundTheRankUp()
    {
        QFETCH(std::int64_t, calls);
        QFETCH(double, warmupFraction);
        PointSpec spec{.setup = Setup{.name = "no hedge"}, .load = 0.5, .calls = calls,
                       .warmupFraction = warmupFraction};
        Recorder rec;
        const PointResult r = simulatePoint(spec, {}, {}, &rec);
        const std::vector<double> latencies = measuredLatencies(spec, rec.events);
        const auto n = double(latencies.size());
        QCOMPARE(std::int64_t(latencies.size()), r.measuredCalls); // no errors: all succeed
        // n·q is not whole for any of the three: rounding down would pick the sample below.
        for (double q : {0.5, 0.99, 0.999})
            QVERIFY2(!isWhole(n * q), qPrintable(QString("n = %1, q = %2").arg(n).arg(q)));
        QCOMPARE(*r.p50Ms, nearestRank(latencies, 0.5));
        QCOMPARE(*r.p99Ms, nearestRank(latencies, 0.99));
        QCOMPARE(*r.p999Ms, nearestRank(latencies, 0.999));
        QVERIFY(nearestRank(latencies, 0.5) != latencies[std::size_t(std::floor(n * 0.5)) - 1]);
    }

    void percentilesOfSevenCallsByHand()
    {
        // 7 samples: p50 is the 4th (3.5 rounded up), p99 and p99.9 the 7th.
        PointSpec spec{.setup = Setup{.name = "no hedge"}, .load = 0.5, .calls = 7,
                       .warmupFraction = 0};
        Recorder rec;
        const PointResult r = simulatePoint(spec, {}, {}, &rec);
        const std::vector<double> latencies = measuredLatencies(spec, rec.events);
        QCOMPARE(latencies.size(), std::size_t(7));
        QCOMPARE(*r.p50Ms, latencies[3]);
        QCOMPARE(*r.p99Ms, latencies[6]);
        QCOMPARE(*r.p999Ms, latencies[6]);
    }

    void utilisationWindowIsFirstMeasuredToLastArrival_data()
    {
        QTest::addColumn<Cancellation>("cancellation");
        QTest::addColumn<double>("load");
        QTest::newRow("client 0.7") << Cancellation::Client << 0.7;
        QTest::newRow("server 0.7") << Cancellation::Server << 0.7;
        // Collapsed: the queue is full at the last arrival and drains long after it.
        QTest::newRow("client 0.9") << Cancellation::Client << 0.9;
    }

    void utilisationWindowIsFirstMeasuredToLastArrival()
    {
        QFETCH(Cancellation, cancellation);
        QFETCH(double, load);
        PointSpec spec{.load = load, .calls = 6000, .warmupFraction = 0.4};
        spec.setup = Setup{.name = "hedge, no budget",
                           .cancellation = cancellation,
                           .hedge = HedgeSettings{.delayMs = 20.0, .budgetPercent = 0.0}};
        spec.stopCollapsedEarly = false; // a run that reaches its last arrival
        Recorder rec;
        const PointResult r = simulatePoint(spec, {}, {}, &rec);
        QVERIFY(!r.stoppedBySafetyCap);
        std::map<std::int64_t, double> arrival;
        for (const TraceEvent& e : rec.events)
            if (e.kind == TraceEvent::CallStarted)
                arrival[e.call] = e.time;
        const double from = arrival.at(warmupCalls(spec));
        const double to = arrival.at(spec.calls - 1);
        const double expected =
            busyTime(rec.events, from, to) / (spec.service.workers * (to - from));
        QVERIFY2(std::abs(r.utilisation - expected) <= 1e-9 * expected,
                 qPrintable(QString("utilisation %1, expected %2").arg(r.utilisation, 0, 'g', 15)
                                .arg(expected, 0, 'g', 15)));
        // The other windows give other figures, so the check above tells them apart.
        const double drainEnd = rec.events.back().time;
        const double fromZero = busyTime(rec.events, 0.0, to) / (spec.service.workers * to);
        const double withDrain =
            busyTime(rec.events, from, drainEnd) / (spec.service.workers * (drainEnd - from));
        QVERIFY(std::abs(fromZero - expected) > 1e-6);
        QVERIFY(std::abs(withDrain - expected) > 1e-6);
    }

    void collapseNeedsAGrowingBacklog()
    {
        // One worker with a 100 ms median near capacity: ten queued attempts are already a
        // second of work, and the queue wanders up and down. Each run's verdict must be the
        // rule's, and among the runs are some that end with more than a second of work queued
        // but a queue no longer than halfway through (draining: not collapsed), some where
        // it grew (collapsed), and some where it grew but stays under a second.
        int draining = 0, growing = 0, small = 0;
        for (double load : {0.9, 0.95, 1.0}) {
            for (std::uint64_t seed = 1; seed <= 12; ++seed) {
                PointSpec spec{.service = ServiceConfig{.workers = 1, .medianMs = 100.0},
                               .setup = Setup{.name = "no hedge"},
                               .load = load,
                               .seed = seed,
                               .calls = 2000};
                spec.stopCollapsedEarly = false; // the rule reads the run's last arrival
                Recorder rec;
                const PointResult r = simulatePoint(spec, {}, {}, &rec);
                QVERIFY(!r.stoppedBySafetyCap);
                // The early stop (docs/model.md, "Stopping early") gives the same verdict on
                // these wandering queues.
                spec.stopCollapsedEarly = true;
                QCOMPARE(simulatePoint(spec).collapsed, r.collapsed);
                const CollapseInputs in = collapseInputs(spec, rec.events);
                const bool overSecond = in.backlogMsAtEnd > 1000.0;
                const bool grew = in.queuedAtEnd > in.queuedAtHalfway;
                QVERIFY2(r.collapsed == (overSecond && grew),
                         qPrintable(QString("load %1 seed %2: backlog %3 ms, queue %4 -> %5, "
                                            "collapsed %6")
                                        .arg(load)
                                        .arg(seed)
                                        .arg(in.backlogMsAtEnd)
                                        .arg(in.queuedAtHalfway)
                                        .arg(in.queuedAtEnd)
                                        .arg(r.collapsed)));
                draining += overSecond && !grew;
                growing += overSecond && grew;
                small += !overSecond && grew;
            }
        }
        QVERIFY2(draining >= 3 && growing >= 3 && small >= 3,
                 qPrintable(QString("draining %1, growing %2, small and growing %3")
                                .arg(draining)
                                .arg(growing)
                                .arg(small)));
    }

    // A tie is real: at load 0.95, seed 123, the one-worker service ends its measured calls
    // with more than a second of work queued and exactly as many attempts queued as halfway
    // through. The backlog did not grow, so the point is not collapsed (docs/model.md,
    // "Collapse rule": more attempts queued than halfway, strictly).
    void aQueueAsLongAsHalfwayIsNotACollapse()
    {
        PointSpec spec{.service = ServiceConfig{.workers = 1, .medianMs = 100.0},
                       .setup = Setup{.name = "no hedge"},
                       .load = 0.95,
                       .seed = 123,
                       .calls = 2000};
        Recorder rec;
        const PointResult r = simulatePoint(spec, {}, {}, &rec);
        const CollapseInputs in = collapseInputs(spec, rec.events);
        QVERIFY2(in.backlogMsAtEnd > 1000.0, qPrintable(QString::number(in.backlogMsAtEnd)));
        QCOMPARE(in.queuedAtEnd, in.queuedAtHalfway);
        QVERIFY(!r.collapsed);
    }
};

QTEST_GUILESS_MAIN(TestPointMeasurements)
#include "tst_pointmeasurements.moc"
