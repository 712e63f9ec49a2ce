// The queueing core against theory: M/M/16 (exponential service, Poisson arrivals, one
// FIFO queue) must match Erlang C for the probability of waiting and the mean wait.
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <cmath>
#include <unordered_map>

using namespace hedge;

namespace {

// Erlang C: the probability that an arrival waits, c servers, offered load a = λ/μ.
double erlangC(int c, double a)
{
    double term = 1.0, sum = 0.0; // a^k / k!
    for (int k = 0; k < c; ++k) {
        sum += term;
        term *= a / (k + 1);
    }
    const double top = term * c / (c - a); // a^c / c! · c / (c − a)
    return top / (sum + top);
}

// Counts the first attempts that had to queue and their waits.
struct WaitCounter : SimulationObserver {
    std::int64_t warmup;
    std::int64_t calls = 0, waited = 0;
    double totalWait = 0.0;
    std::unordered_map<std::int64_t, double> queuedAt;
    explicit WaitCounter(std::int64_t warmupCalls) : warmup(warmupCalls) {}
    void onEvent(const TraceEvent& e) override
    {
        if (e.call < warmup)
            return;
        if (e.kind == TraceEvent::CallStarted) {
            ++calls;
        } else if (e.kind == TraceEvent::AttemptQueued) {
            ++waited;
            queuedAt[e.call] = e.time;
        } else if (e.kind == TraceEvent::ServiceStarted) {
            const auto it = queuedAt.find(e.call);
            if (it != queuedAt.end()) {
                totalWait += e.time - it->second;
                queuedAt.erase(it);
            }
        }
    }
};

} // namespace

class TestErlangC : public QObject {
    Q_OBJECT

private slots:
    void formula()
    {
        // A textbook value: 2 servers at a = 1 wait with probability 1/3.
        QCOMPARE(erlangC(2, 1.0), 1.0 / 3.0);
    }

    void mm16_data()
    {
        QTest::addColumn<double>("load");
        QTest::addColumn<bool>("checkMeanWait");
        QTest::newRow("0.5") << 0.5 << false;
        QTest::newRow("0.8") << 0.8 << true;
        QTest::newRow("0.9") << 0.9 << true;
    }

    void mm16()
    {
        QFETCH(double, load);
        QFETCH(bool, checkMeanWait);
        constexpr int c = 16;
        constexpr double meanServiceMs = 10.0;
        const PointSpec spec{.service = ServiceConfig{.workers = c, .medianMs = meanServiceMs},
                             .setup = Setup{.name = "no hedge"},
                             .load = load,
                             .seed = 1,
                             .calls = 10000000,
                             .warmupFraction = 0.02,
                             .serviceModel = ServiceTimeModel::Exponential};
        WaitCounter counter(200000);
        const PointResult r = simulatePoint(spec, {}, {}, &counter);

        const double a = load * c;
        const double expectedWaitProbability = erlangC(c, a);
        const double expectedMeanWait = expectedWaitProbability * meanServiceMs / (c - a);
        const double waitProbability = double(counter.waited) / double(counter.calls);
        const double meanWait = counter.totalWait / double(counter.calls);
        qInfo("load %.2f: P(wait) %.4f (Erlang C %.4f), mean wait %.4f ms (%.4f), util %.4f",
              load, waitProbability, expectedWaitProbability, meanWait, expectedMeanWait,
              r.utilisation);
        QVERIFY(std::abs(waitProbability - expectedWaitProbability) <= 0.005);
        if (checkMeanWait)
            QVERIFY(std::abs(meanWait / expectedMeanWait - 1.0) <= 0.03);
        QVERIFY(std::abs(r.utilisation - load) <= 0.01 * load);
    }
};

QTEST_GUILESS_MAIN(TestErlangC)
#include "tst_erlangc.moc"
