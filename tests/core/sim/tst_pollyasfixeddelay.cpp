// A property users of Polly rely on (docs/policies.md, "Polly"): with handle_errors off and a
// service that never errs, Polly's hedging is a plain fixed-delay hedge — the same calls, the
// same latencies, the same figures as resilience4cata with no budget and the same delay and
// attempts, bit for bit, on the real simulation.
#include "SameFigures.h"

#include <hedge/sim/Simulation.h>

#include <QTest>

#include <algorithm>

using namespace hedge;

namespace {

struct Outcome {
    PointResult result;
    std::vector<double> latencies;
};

Outcome run(const Setup& setup, double load)
{
    PointSpec spec{.setup = setup, .load = load, .seed = 11, .calls = 30000};
    spec.service.errorProbability = 0.0;
    Outcome out;
    out.result = simulatePoint(spec, {}, SafetyCap{}, nullptr, &out.latencies);
    std::sort(out.latencies.begin(), out.latencies.end());
    return out;
}

} // namespace

class TestPollyAsFixedDelay : public QObject {
    Q_OBJECT

private slots:
    void sameAsUnbudgetedFixedDelay_data();
    void sameAsUnbudgetedFixedDelay();
};

void TestPollyAsFixedDelay::sameAsUnbudgetedFixedDelay_data()
{
    QTest::addColumn<double>("load");
    QTest::addColumn<double>("delayMs");
    QTest::addColumn<int>("hedges");
    QTest::addColumn<Cancellation>("cancellation");
    QTest::newRow("0.5, 20 ms, 1 hedge, client") << 0.5 << 20.0 << 1 << Cancellation::Client;
    QTest::newRow("0.85, 15 ms, 2 hedges, server") << 0.85 << 15.0 << 2 << Cancellation::Server;
    QTest::newRow("0.9, 0 ms, 2 hedges, server") << 0.9 << 0.0 << 2 << Cancellation::Server;
}

void TestPollyAsFixedDelay::sameAsUnbudgetedFixedDelay()
{
    QFETCH(double, load);
    QFETCH(double, delayMs);
    QFETCH(int, hedges);
    QFETCH(Cancellation, cancellation);

    Setup polly{.name = "polly", .cancellation = cancellation};
    polly.policy = PolicyFamily::Polly;
    polly.families.polly.delayMs = delayMs;
    polly.families.polly.maxHedgedAttempts = hedges;
    polly.families.polly.handleErrors = false;

    Setup fixed{.name = "fixed", .cancellation = cancellation};
    fixed.hedge =
        HedgeSettings{.delayMs = delayMs, .maxAttempts = 1 + hedges, .budgetPercent = 0.0};

    const Outcome a = run(polly, load);
    const Outcome b = run(fixed, load);
    QVERIFY(a.result.hedgedFraction > 0.0); // hedges happen: the rules are exercised
    compareFiguresExactly(a.result, b.result);
    QCOMPARE(a.result.limiterInflightAtEnd, b.result.limiterInflightAtEnd);
    QCOMPARE(a.latencies, b.latencies);
}

QTEST_APPLESS_MAIN(TestPollyAsFixedDelay)
#include "tst_pollyasfixeddelay.moc"
