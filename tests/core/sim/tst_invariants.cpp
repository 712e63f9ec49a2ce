// Invariants over many random valid scenarios — every knob, loads up to 1.5, errors on:
// every call ends exactly once, requests per call ≤ max attempts, hedges within the budget's
// bound, utilisation ≤ 1, the limiter gives every place back.
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <cmath>
#include <deque>
#include <random>
#include <unordered_map>
#include <unordered_set>

using namespace hedge;

namespace {

struct Checker : SimulationObserver {
    std::unordered_map<std::int64_t, int> ends;
    std::int64_t started = 0;
    std::vector<double> depositTimes, hedgeTimes;
    std::unordered_set<std::uint64_t> seenAttempts;

    void onEvent(const TraceEvent& e) override
    {
        switch (e.kind) {
        case TraceEvent::CallStarted:
            ++started;
            depositTimes.push_back(e.time);
            break;
        case TraceEvent::CallEnded: ++ends[e.call]; break;
        case TraceEvent::AttemptQueued:
        case TraceEvent::ServiceStarted:
            // An attempt's first appearance is its launch.
            if (e.attempt > 0 && seenAttempts.insert(std::uint64_t(e.call) * 16 + e.attempt).second)
                hedgeTimes.push_back(e.time);
            break;
        default: break;
        }
    }
};

std::string describe(const PointSpec& s)
{
    std::string d = "load " + std::to_string(s.load) + " calls " + std::to_string(s.calls) +
                    " workers " + std::to_string(s.service.workers);
    if (s.setup.hedge)
        d += " delay " + std::to_string(s.setup.hedge->delayMs) + " attempts " +
             std::to_string(s.setup.hedge->maxAttempts) + " budget " +
             std::to_string(s.setup.hedge->budgetPercent);
    if (s.setup.adaptiveLimit)
        d += " limit";
    d += s.setup.cancellation == Cancellation::Server ? " server" : " client";
    return d;
}

} // namespace

class TestInvariants : public QObject {
    Q_OBJECT

private slots:
    void randomScenarios()
    {
        std::mt19937_64 rng(20261129);
        auto uni = [&](double lo, double hi) {
            return std::uniform_real_distribution<double>(lo, hi)(rng);
        };
        auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };

        for (int run = 0; run < 300; ++run) {
            PointSpec spec;
            spec.seed = rng();
            spec.calls = pick(1000, 4000);
            spec.warmupFraction = uni(0, 0.5);
            spec.load = uni(0.05, 1.5);
            ServiceConfig& sc = spec.service;
            sc.workers = pick(1, 32);
            sc.medianMs = uni(0.5, 50);
            sc.sigma = uni(0, 1.5);
            sc.hiccupProbability = uni(0, 0.2);
            sc.hiccupMinMs = uni(0, 100);
            sc.hiccupMaxMs = sc.hiccupMinMs + uni(0, 400);
            sc.errorProbability = pick(0, 2) == 0 ? 0.0 : uni(0, 0.4);
            spec.setup.name = "random";
            spec.setup.cancellation = pick(0, 1) ? Cancellation::Server : Cancellation::Client;
            if (pick(0, 4) > 0) {
                spec.setup.hedge = HedgeSettings{.delayMs = uni(0, 100),
                                                 .maxAttempts = pick(1, kMaxAttempts),
                                                 .budgetPercent = pick(0, 2) ? uni(0, 50) : 0.0,
                                                 .budgetMinPerSecond = uni(0, 5),
                                                 .budgetWindowSeconds = uni(0.1, 20)};
            }
            if (pick(0, 1)) {
                Gradient2Config g;
                g.minLimit = pick(1, 30);
                g.initialLimit = g.minLimit + pick(0, 30);
                g.maxLimit = g.initialLimit + pick(0, 200);
                g.smoothing = uni(0.01, 1.0);
                g.rttTolerance = uni(1.0, 3.0);
                g.longWindow = pick(1, 1000);
                g.queueSize = pick(0, 10);
                spec.setup.adaptiveLimit = g;
            }
            const std::string what = describe(spec);
            spec.stopCollapsedEarly = false; // every call of the run ends (tst_earlystop: the stop)

            Checker check;
            const PointResult r = simulatePoint(spec, {}, {}, &check);
            QVERIFY2(!r.stoppedBySafetyCap, what.c_str());

            // Every call ends exactly once.
            QVERIFY2(check.started == spec.calls, what.c_str());
            QVERIFY2(std::int64_t(check.ends.size()) == spec.calls, what.c_str());
            for (const auto& [call, count] : check.ends)
                QVERIFY2(count == 1, what.c_str());

            const int maxAttempts = spec.setup.hedge ? spec.setup.hedge->maxAttempts : 1;
            QVERIFY2(r.requestsPerCall <= maxAttempts, what.c_str());
            QVERIFY2(r.hedgedFraction >= 0 && r.hedgedFraction <= 1, what.c_str());
            QVERIFY2(r.utilisation >= 0 && r.utilisation <= 1.0 + 1e-9, what.c_str());
            QVERIFY2(r.rejectedFraction + r.failedFraction <= 1.0 + 1e-12, what.c_str());
            QVERIFY2(r.limiterInflightAtEnd == 0, what.c_str());
            if (!spec.setup.adaptiveLimit)
                QVERIFY2(r.rejectedFraction == 0, what.c_str());
            if (sc.errorProbability == 0)
                QVERIFY2(r.failedFraction == 0, what.c_str());
            if (r.p50Ms) {
                QVERIFY2(*r.p50Ms <= *r.p99Ms && *r.p99Ms <= *r.p999Ms && *r.p999Ms <= *r.maxMs,
                         what.c_str());
                QVERIFY2(*r.meanMs <= *r.maxMs && *r.meanMs > 0, what.c_str());
            }

            // Hedges within the budget: in every window (ten slices) that ends with a hedge,
            // hedges ≤ reserve + percent · deposits.
            if (spec.setup.hedge && spec.setup.hedge->hasBudget()) {
                const HedgeSettings& h = *spec.setup.hedge;
                const double sliceMs = h.budgetWindowSeconds * 100.0;
                const auto slice = [&](double t) { return std::int64_t(std::floor(t / sliceMs)); };
                std::size_t dLo = 0, dHi = 0, hLo = 0;
                for (std::size_t i = 0; i < check.hedgeTimes.size(); ++i) {
                    const std::int64_t s = slice(check.hedgeTimes[i]);
                    while (dHi < check.depositTimes.size() && slice(check.depositTimes[dHi]) <= s)
                        ++dHi;
                    while (slice(check.depositTimes[dLo]) <= s - 10)
                        ++dLo;
                    while (slice(check.hedgeTimes[hLo]) <= s - 10)
                        ++hLo;
                    const double hedges = double(i + 1 - hLo);
                    const double allowed = h.budgetMinPerSecond * h.budgetWindowSeconds +
                                           h.budgetPercent / 100.0 * double(dHi - dLo);
                    QVERIFY2(hedges <= allowed + 1e-9, what.c_str());
                }
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestInvariants)
#include "tst_invariants.moc"
