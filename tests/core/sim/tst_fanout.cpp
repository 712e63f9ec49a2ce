// Calls that fan out (docs/fanout.md): the closed forms where parts are independent (at low load
// and without hedging a call of n parts waits for the slowest: its CDF is the part's CDF to the
// n-th power; waiting for k of n, the k-th order statistic's), the rules of the model event by
// event (a part's attempts go to its partition, the rest are cancelled when k answered, the
// budget counts parts), and the figures (requests per call count every part, pooled parts).
#include <hedge/sim/FanoutCalls.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/Simulation.h>
#include <hedge/sim/TimelineWorld.h>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

using namespace hedge;

namespace {

ServiceConfig fanout(int parts, int waitFor = 0, int copies = 1)
{
    ServiceConfig s;
    s.fanoutParts = parts;
    s.fanoutWaitFor = waitFor;
    s.fanoutCopies = copies;
    s.replicas = parts * copies;
    return s;
}

Setup noHedge()
{
    return Setup{.name = "no hedge"};
}

Setup hedged(double delayMs, double budgetPercent, Cancellation c = Cancellation::Client)
{
    return Setup{.name = "hedge",
                 .cancellation = c,
                 .hedge = HedgeSettings{.delayMs = delayMs, .budgetPercent = budgetPercent}};
}

struct Run {
    PointResult result;
    std::vector<double> calls, parts; // latencies, sorted
};

Run run(const PointSpec& spec)
{
    Run r;
    r.result = simulatePoint(spec, {}, {}, nullptr, &r.calls, &r.parts);
    std::sort(r.calls.begin(), r.calls.end());
    std::sort(r.parts.begin(), r.parts.end());
    return r;
}

// The empirical CDF of sorted `values` at t.
double cdf(const std::vector<double>& values, double t)
{
    return double(std::upper_bound(values.begin(), values.end(), t) - values.begin()) /
           double(values.size());
}

// P(at least k of n independent parts are done by t), each with probability f.
double atLeastKOfN(double f, int k, int n)
{
    double p = 0.0;
    for (int j = k; j <= n; ++j)
        p += std::exp(std::lgamma(n + 1.0) - std::lgamma(j + 1.0) - std::lgamma(n - j + 1.0)) *
             std::pow(f, j) * std::pow(1.0 - f, n - j);
    return p;
}

// The largest gap between the calls' CDF and the closed form built from the parts' CDF, at
// the parts' percentiles from p1 to p99.99.
double largestGapFromClosedForm(const Run& r, int k, int n)
{
    double gap = 0.0;
    for (double q : {0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.95, 0.99, 0.995, 0.999, 0.9999}) {
        const double t = r.parts[std::size_t(q * double(r.parts.size() - 1))];
        gap = std::max(gap, std::abs(cdf(r.calls, t) - atLeastKOfN(cdf(r.parts, t), k, n)));
    }
    return gap;
}

// Counts, per kind of event, what the trace shows of a fan-out run.
class PartWatch : public SimulationObserver {
public:
    explicit PartWatch(int parts, int copies) : m_parts(parts), m_copies(copies) {}
    void onEvent(const TraceEvent& e) override
    {
        const int part = int(e.call % m_parts);
        switch (e.kind) {
        case TraceEvent::ServiceStarted:
        case TraceEvent::AttemptQueued:
            outsideItsPartition += e.replica / m_copies != part;
            if (e.attempt == 0)
                firstReplica[e.call] = e.replica;
            else
                hedgeOnFirstsReplica += firstReplica[e.call] == e.replica;
            hedges += e.attempt > 0;
            break;
        case TraceEvent::QueuedDropped:
        case TraceEvent::ServiceCutShort: ++serverCancels; break;
        case TraceEvent::CallEnded: abandoned += e.end == CallEnd::Abandoned; break;
        default: break;
        }
    }
    std::int64_t outsideItsPartition = 0, hedgeOnFirstsReplica = 0, hedges = 0;
    std::int64_t serverCancels = 0, abandoned = 0;
    std::map<std::int64_t, int> firstReplica;

private:
    int m_parts, m_copies;
};

// "Slowest part hedged" by its definition (docs/fanout.md, "Metrics"), from the trace alone:
// a part hedged when an attempt after its first was sent (queued, started or shed), and the
// part that decided its call is the one whose answer was the k-th of the call's.
class DecidingPartWatch : public SimulationObserver {
public:
    DecidingPartWatch(int parts, int waitFor, std::int64_t firstMeasuredCall)
        : m_parts(parts), m_waitFor(waitFor), m_firstMeasured(firstMeasuredCall)
    {}
    void onEvent(const TraceEvent& e) override
    {
        const std::int64_t call = e.call / m_parts;
        switch (e.kind) {
        case TraceEvent::AttemptQueued:
        case TraceEvent::ServiceStarted:
        case TraceEvent::AttemptShed:
            if (e.attempt > 0)
                m_hedgedParts.insert(e.call);
            break;
        case TraceEvent::CallEnded:
            if (e.end != CallEnd::Succeeded || ++m_answers[call] != m_waitFor ||
                call < m_firstMeasured)
                break;
            ++decided;
            slowestHedged += m_hedgedParts.count(e.call) > 0;
            for (int p = 0; p < m_parts; ++p)
                if (m_hedgedParts.count(call * m_parts + p)) {
                    ++anyHedgedByThen;
                    break;
                }
            break;
        default:
            break;
        }
    }
    std::int64_t decided = 0, slowestHedged = 0, anyHedgedByThen = 0;

private:
    int m_parts, m_waitFor;
    std::int64_t m_firstMeasured;
    std::set<std::int64_t> m_hedgedParts;
    std::map<std::int64_t, int> m_answers;
};

} // namespace

class TestFanout : public QObject {
    Q_OBJECT

private slots:
    void aCallWaitsForItsSlowestPart_data();
    void aCallWaitsForItsSlowestPart();
    void waitingForKOfNIsTheKthAnswer();
    void onePercentSlowPartsMakeMostWideCallsSlow();
    void everyAttemptGoesToItsPartsPartition();
    void theOtherPartsAreCancelledOnceKAnswered();
    void aCallFailsWhenTooFewPartsCanStillAnswer();
    void theBudgetCountsParts();
    void theSlowestPartIsTheOneWhoseAnswerCompletedTheCall();
    void slowestPartHedgedIsNotAnyPartHedged();
    void requestsPerCallCountEveryPart();
    void copiesAloneAreReplicas();
    void replicatesPoolTheParts();
    void aTimelineFansOutToo();
};

void TestFanout::aCallWaitsForItsSlowestPart_data()
{
    QTest::addColumn<int>("parts");
    QTest::newRow("1 part") << 1;
    QTest::newRow("3 parts") << 3;
    QTest::newRow("10 parts") << 10;
}

// docs/fanout.md, "Metrics": without hedging, at a load where nothing queues, the parts are
// independent and P(call ≤ t) = F(t)^n.
void TestFanout::aCallWaitsForItsSlowestPart()
{
    QFETCH(int, parts);
    const Run r = run({.service = fanout(parts), .setup = noHedge(), .load = 0.02, .seed = 7,
                       .calls = 40000});
    QCOMPARE(r.result.parts.has_value(), parts > 1);
    if (parts > 1)
        QCOMPARE(qsizetype(r.parts.size()), qsizetype(r.calls.size()) * parts);
    else
        QVERIFY(r.parts.empty());
    if (parts == 1)
        return; // a call of one part is the call of before (tst_goldenreference)
    const double gap = largestGapFromClosedForm(r, parts, parts);
    QVERIFY2(gap < 0.012, qPrintable(QString("largest CDF gap %1").arg(gap)));
}

void TestFanout::waitingForKOfNIsTheKthAnswer()
{
    const Run r = run({.service = fanout(5, 3), .setup = noHedge(), .load = 0.02, .seed = 3,
                       .calls = 40000});
    // The parts that answered: the three fastest of each call, and those of the other two that
    // ended at the same instant (none: service times are continuous).
    QCOMPARE(r.result.parts->answered, r.result.measuredCalls * 3);
    // The closed form needs every part's time, cancelled ones too: with k < n the parts'
    // figures are the answered ones only, so build F from a run that waits for all.
    const Run all = run({.service = fanout(5), .setup = noHedge(), .load = 0.02, .seed = 3,
                         .calls = 40000});
    Run mixed{.result = r.result, .calls = r.calls, .parts = all.parts};
    const double gap = largestGapFromClosedForm(mixed, 3, 5);
    QVERIFY2(gap < 0.012, qPrintable(QString("largest CDF gap %1").arg(gap)));
    QVERIFY(*r.result.p99Ms < *all.result.p99Ms);
}

// The rule of the tail at scale: a part slower than its p99 one time in 100 makes
// 1 − 0.99^n of the calls slower than it.
void TestFanout::onePercentSlowPartsMakeMostWideCallsSlow()
{
    for (const int n : {10, 100}) {
        const Run r = run({.service = fanout(n), .setup = noHedge(), .load = 0.02, .seed = 11,
                           .calls = 20000});
        const double partP99 = *r.result.parts->p99Ms;
        const double slowCalls = 1.0 - cdf(r.calls, partP99);
        const double rule = 1.0 - std::pow(0.99, n);
        QVERIFY2(std::abs(slowCalls - rule) < 0.015,
                 qPrintable(QString("n %1: %2 of the calls above the part's p99, rule %3")
                                .arg(n).arg(slowCalls).arg(rule)));
        QVERIFY(*r.result.p99Ms > partP99);
    }
}

void TestFanout::everyAttemptGoesToItsPartsPartition()
{
    Setup setup = hedged(12.0, 0.0);
    setup.hedge->placement = HedgePlacement::OtherReplica;
    PartWatch watch(4, 3);
    const PointSpec spec{.service = fanout(4, 0, 3), .setup = setup, .load = 0.5, .seed = 2,
                         .calls = 5000};
    simulatePoint(spec, {}, {}, &watch);
    QVERIFY(watch.hedges > 100);
    QCOMPARE(watch.outsideItsPartition, std::int64_t(0));
    // Another copy of the same partition: never the first attempt's (three copies each).
    QCOMPARE(watch.hedgeOnFirstsReplica, std::int64_t(0));
}

void TestFanout::theOtherPartsAreCancelledOnceKAnswered()
{
    for (const Cancellation c : {Cancellation::Client, Cancellation::Server}) {
        Setup setup = noHedge();
        setup.cancellation = c;
        PartWatch watch(4, 1);
        const PointSpec spec{.service = fanout(4, 1), .setup = setup, .load = 0.6, .seed = 4,
                             .calls = 5000};
        const PointResult r = simulatePoint(spec, {}, {}, &watch);
        // Every call: one part answers, the three others are abandoned.
        QCOMPARE(watch.abandoned, spec.calls * 3);
        QCOMPARE(r.parts->answered, r.measuredCalls);
        QCOMPARE(r.requestsPerCall, 4.0);
        if (c == Cancellation::Server)
            QVERIFY(watch.serverCancels > spec.calls); // most losers leave the service
        else
            QCOMPARE(watch.serverCancels, std::int64_t(0));
    }
}

void TestFanout::aCallFailsWhenTooFewPartsCanStillAnswer()
{
    ServiceConfig all = fanout(3), one = fanout(3, 1);
    all.errorProbability = one.errorProbability = 0.3;
    const Setup single{.name = "one attempt", .hedge = HedgeSettings{.maxAttempts = 1}};
    const PointResult a = simulatePoint({.service = all, .setup = single, .load = 0.1, .calls = 40000});
    const PointResult o = simulatePoint({.service = one, .setup = single, .load = 0.1, .calls = 40000});
    QVERIFY2(std::abs(a.failedFraction - (1.0 - std::pow(0.7, 3))) < 0.01,
             qPrintable(QString::number(a.failedFraction)));
    QVERIFY2(std::abs(o.failedFraction - std::pow(0.3, 3)) < 0.005,
             qPrintable(QString::number(o.failedFraction)));
}

// docs/fanout.md, "Model": each part is a call for the budget.
void TestFanout::theBudgetCountsParts()
{
    const PointSpec unlimited{.service = fanout(10), .setup = hedged(5.0, 0.0), .load = 0.3,
                              .calls = 20000};
    PointSpec budgeted = unlimited;
    budgeted.setup = hedged(5.0, 5.0);
    const PointResult u = simulatePoint(unlimited), b = simulatePoint(budgeted);
    QVERIFY2(u.parts->hedgedFraction > 0.3, qPrintable(QString::number(u.parts->hedgedFraction)));
    // 5 % of the parts plus the floor of one a second; far below 5 % of the calls × 10.
    QVERIFY2(b.parts->hedgedFraction < 0.055, qPrintable(QString::number(b.parts->hedgedFraction)));
    QVERIFY(b.parts->hedgedFraction > 0.04);
    QVERIFY(b.hedgedFraction > b.parts->hedgedFraction); // a call hedged if any part did
    QVERIFY(b.parts->slowestHedgedFraction <= b.hedgedFraction);
    QVERIFY(b.parts->slowestHedgedFraction > 0.0);
}

// docs/fanout.md, "Metrics": a call of 3 parts waiting for 2, its parts answering in an order
// set by hand. A hedged part answering first and a plain one second: the call hedged, but the
// part that completed it (the second answer) did not. The other way round: it did.
void TestFanout::theSlowestPartIsTheOneWhoseAnswerCompletedTheCall()
{
    using sim_detail::FanoutCalls;
    CallState plain, hedged;
    plain.launched = 1;
    hedged.launched = 2;
    FanoutCalls calls(3, 2, 1);
    struct Answered {
        CallEnd afterFirst, afterSecond;
        std::vector<std::uint32_t> abandoned;
        sim_detail::EndedCall ended;
    };
    const auto answer = [&](const std::vector<const CallState*>& order) {
        const std::uint32_t fan = calls.open(0, 0.0);
        for (int p = 0; p < 3; ++p)
            calls.place(fan, p, std::uint32_t(p));
        Answered a;
        a.afterFirst = calls.partEnded(0, *order[0], CallEnd::Succeeded);
        a.afterSecond = calls.partEnded(1, *order[1], CallEnd::Succeeded);
        calls.forEachRunningPart(fan, [&](std::uint32_t slot) { a.abandoned.push_back(slot); });
        for (std::uint32_t slot : a.abandoned)
            calls.abandoned(fan, slot, *order[2]);
        a.ended = calls.close(fan);
        return a;
    };
    for (const Answered& a :
         {answer({&hedged, &plain, &hedged}), answer({&plain, &hedged, &plain})}) {
        QCOMPARE(a.afterFirst, CallEnd::Running);
        QCOMPARE(a.afterSecond, CallEnd::Succeeded); // the second answer of the two awaited
        QCOMPARE(a.abandoned, std::vector<std::uint32_t>{2});
    }
    const sim_detail::EndedCall first = answer({&hedged, &plain, &hedged}).ended;
    QVERIFY(first.hedged);
    QCOMPARE(first.partsHedged, 2);
    QCOMPARE(first.attempts, 5);
    QVERIFY(!first.slowestHedged);
    const sim_detail::EndedCall second = answer({&plain, &hedged, &plain}).ended;
    QVERIFY(second.hedged);
    QCOMPARE(second.partsHedged, 1);
    QCOMPARE(second.attempts, 4);
    QVERIFY(second.slowestHedged);
}

// The same on a whole run whose service times take two values, 10 ms or (a hiccup, 10 %)
// 100 ms, a call of 4 parts waiting for all: a part hedges at 20 ms when its first attempt
// hiccups and the budget (5 %) lets it, and then answers at 30 ms; a part whose hedge the budget
// refused answers at 100 ms, after the hedged ones. A call with one of each hedged, but not in
// the part that decided it. Both figures are counted from the trace by their definitions and
// are the run's exactly: 19.3 % of the calls hedged (3 478 of 18 000), the slowest part in
// 17.5 % (3 158).
void TestFanout::slowestPartHedgedIsNotAnyPartHedged()
{
    ServiceConfig service = fanout(4);
    service.sigma = 0.0;
    service.hiccupProbability = 0.1;
    service.hiccupMinMs = service.hiccupMaxMs = 100.0;
    const PointSpec spec{
        .service = service, .setup = hedged(20.0, 5.0), .load = 0.3, .seed = 5, .calls = 20000};
    DecidingPartWatch watch(4, 4, std::int64_t(double(spec.calls) * spec.warmupFraction));
    const PointResult r = simulatePoint(spec, {}, {}, &watch);
    QCOMPARE(watch.decided, r.measuredCalls); // nothing failed
    const auto count = [&](double fraction) {
        return std::llround(fraction * double(r.measuredCalls));
    };
    QCOMPARE(count(r.parts->slowestHedgedFraction), watch.slowestHedged);
    QCOMPARE(count(r.hedgedFraction), watch.anyHedgedByThen);
    QCOMPARE(watch.anyHedgedByThen, std::int64_t(3478));
    QCOMPARE(watch.slowestHedged, std::int64_t(3158));
}

void TestFanout::requestsPerCallCountEveryPart()
{
    const PointResult r = simulatePoint({.service = fanout(10), .setup = noHedge(), .load = 0.5,
                                         .calls = 10000});
    QCOMPARE(r.requestsPerCall, 10.0);
    QCOMPARE(r.parts->answered, r.measuredCalls * 10);
    QCOMPARE(r.parts->hedgedFraction, 0.0);
    QCOMPARE(r.hedgedFraction, 0.0);
    // Each replica busy half the time: the load is per partition.
    QVERIFY2(std::abs(r.utilisation - 0.5) < 0.02, qPrintable(QString::number(r.utilisation)));
    QVERIFY(r.replicaUtilisationMax < 0.56);
}

void TestFanout::copiesAloneAreReplicas()
{
    ServiceConfig copies = fanout(1, 0, 3), replicas;
    replicas.replicas = 3;
    const PointSpec a{.service = copies, .setup = hedged(20.0, 10.0), .load = 0.7, .calls = 5000};
    PointSpec b = a;
    b.service = replicas;
    PointResult ra = simulatePoint(a), rb = simulatePoint(b);
    QVERIFY(!ra.parts);
    QCOMPARE(ra, rb);
    QCOMPARE(simulatePoint(a), ra); // deterministic
}

void TestFanout::replicatesPoolTheParts()
{
    Scenario s;
    s.service = fanout(5);
    s.setups = {hedged(15.0, 5.0)};
    s.loads = {0.5};
    s.calls = 4000;
    s.replicates = 3;
    const LoadSweep::Outcome pooled = LoadSweep(s, 2).run();
    const PointResult& p = pooled.points.at(0);
    QVERIFY(p.parts);
    std::int64_t answered = 0;
    for (int rep = 0; rep < 3; ++rep) {
        const PointResult one = simulatePoint({.service = s.service, .setup = s.setups[0],
                                               .load = 0.5, .replicate = rep, .calls = 4000});
        answered += one.parts->answered;
    }
    QCOMPARE(p.parts->answered, answered);
    QVERIFY(*p.parts->p99Ms < *p.p99Ms);
    QCOMPARE(LoadSweep(s, 1).run().points.at(0), p); // the same on one thread
}

void TestFanout::aTimelineFansOutToo()
{
    Scenario s;
    s.service = fanout(10);
    s.setups = {noHedge()};
    s.timeline = Timeline{.durationS = 5.0, .loadSteps = {LoadStep{.atS = 0.0, .load = 0.5}}};
    const TimelineOutcome out = runTimeline(s, 1);
    const TimelineBucket& last = out.worlds.at(0).buckets.back();
    QVERIFY(last.requestsPerCall);
    QVERIFY2(std::abs(*last.requestsPerCall - 10.0) < 0.5,
             qPrintable(QString::number(*last.requestsPerCall)));
    QVERIFY2(std::abs(last.busyFraction - 0.5) < 0.1, qPrintable(QString::number(last.busyFraction)));
}

QTEST_APPLESS_MAIN(TestFanout)
#include "tst_fanout.moc"
