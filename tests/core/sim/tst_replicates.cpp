// Replicates (docs/replicates.md): pooled figures are those of all replicates'
// calls together, the spread and the collapse count are per replicate, one replicate is the
// single run of before, and thread counts change nothing.
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <algorithm>
#include <array>
#include <cmath>

using namespace hedge;

namespace {

Setup threeAttemptsNoBudget()
{
    return Setup{.name = "3 attempts, no budget",
                 .cancellation = Cancellation::Client,
                 .hedge = HedgeSettings{.maxAttempts = 3, .budgetPercent = 0.0},
                 .adaptiveLimit = std::nullopt};
}

Setup hedgeNoBudget()
{
    return Setup{.name = "hedge, no budget",
                 .cancellation = Cancellation::Client,
                 .hedge = HedgeSettings{.budgetPercent = 0.0},
                 .adaptiveLimit = std::nullopt};
}

Scenario scenario(std::int64_t calls, int replicates, std::vector<double> loads,
                  std::vector<Setup> setups)
{
    Scenario s;
    s.calls = calls;
    s.replicates = replicates;
    s.loads = std::move(loads);
    s.setups = std::move(setups);
    return s;
}

PointSpec specOf(const Scenario& s, std::size_t setup, double load, int replicate)
{
    return PointSpec{.service = s.service,
                     .setup = s.setups[setup],
                     .load = load,
                     .seed = s.seed,
                     .replicate = replicate,
                     .calls = s.calls,
                     .warmupFraction = s.warmupFraction};
}

// A nearest-rank percentile by its definition (docs/model.md, "Metrics"), independent of the
// engine's arithmetic: walking up the sorted samples, the first x with at least q of them ≤ x
// (q in per ten thousand, counts compared as integers).
double byDefinition(const std::vector<double>& sorted, std::int64_t perTenThousand)
{
    const auto n = static_cast<std::int64_t>(sorted.size());
    for (std::int64_t i = 0; i < n; ++i) {
        if ((i + 1) * 10000 >= n * perTenThousand)
            return sorted[std::size_t(i)];
    }
    return sorted.back();
}

double relativeDifference(double a, double b)
{
    return std::abs(a - b) / std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestReplicates : public QObject {
    Q_OBJECT

private slots:
    // Pooling is "all replicates' calls together": computed here by hand from the replicate
    // runs themselves, every pooled figure must come out exactly.
    void pooledFiguresAreThoseOfAllCallsTogether()
    {
        const Scenario s = scenario(4000, 4, {0.8}, {hedgeNoBudget()});
        // Every replicate run to its end, so that every measured call has its latency.
        LoadSweep sweep(s, 2);
        sweep.setStopCollapsedEarly(false);
        const PointResult pooled = sweep.run().points.at(0);

        std::vector<double> all;
        std::int64_t calls = 0, attempts = 0, collapsed = 0;
        double busy = 0.0, window = 0.0, maxMs = 0.0;
        std::vector<double> p99s;
        for (int r = 0; r < s.replicates; ++r) {
            std::vector<double> latencies;
            PointSpec spec = specOf(s, 0, 0.8, r);
            spec.stopCollapsedEarly = false;
            const PointResult run = simulatePoint(spec, {}, {}, nullptr, &latencies);
            all.insert(all.end(), latencies.begin(), latencies.end());
            calls += run.measuredCalls;
            attempts += std::llround(run.requestsPerCall * double(run.measuredCalls));
            busy += run.utilisation * run.measuredWindowMs;
            window += run.measuredWindowMs;
            maxMs = std::max(maxMs, *run.maxMs);
            collapsed += run.collapsed;
            p99s.push_back(*run.p99Ms);
        }
        std::sort(all.begin(), all.end());
        QCOMPARE(pooled.measuredCalls, calls);
        QCOMPARE(*pooled.p50Ms, byDefinition(all, 5000));
        QCOMPARE(*pooled.p99Ms, byDefinition(all, 9900));
        QCOMPARE(*pooled.p999Ms, byDefinition(all, 9990));
        // 4 × 3600 measured calls: ranks 7200, 14256 and 14386 (99.9 % of 14400 is 14385.6,
        // rounded up).
        QCOMPARE(all.size(), std::size_t(14400));
        QCOMPARE(*pooled.p99Ms, all[14255]);
        QCOMPARE(*pooled.p999Ms, all[14385]);
        QCOMPARE(*pooled.maxMs, maxMs);
        QCOMPARE(pooled.requestsPerCall, double(attempts) / double(calls));
        QVERIFY(relativeDifference(pooled.utilisation, busy / window) < 1e-12);
        QVERIFY(pooled.spread.has_value());
        QCOMPARE(pooled.spread->replicates, 4);
        QCOMPARE(pooled.spread->collapsedRuns, int(collapsed));
        QCOMPARE(pooled.spread->p99Ms->min, *std::min_element(p99s.begin(), p99s.end()));
        QCOMPARE(pooled.spread->p99Ms->max, *std::max_element(p99s.begin(), p99s.end()));
        QVERIFY(!pooled.spread->p99Ms->p5); // fewer than 10 replicates: no percentiles
        // Replicates are independent samples, not copies of one.
        QVERIFY(pooled.spread->p99Ms->min < pooled.spread->p99Ms->max);
    }

    // The spread's 5th and 95th percentiles over the replicates, by nearest rank, against the
    // replicates run one by one and sorted here. The ranks by hand: of 10 values the 1st and
    // the 10th (0.5 and 9.5 rounded up: the range), of 20 the 1st and the 19th, of 25 the
    // 2nd (1.25) and the 24th (23.75).
    void spreadPercentilesAreNearestRankOverTheReplicates_data()
    {
        QTest::addColumn<int>("replicates");
        QTest::addColumn<int>("p5Index");
        QTest::addColumn<int>("p95Index");
        QTest::newRow("10") << 10 << 0 << 9;
        QTest::newRow("20") << 20 << 0 << 18;
        QTest::newRow("25") << 25 << 1 << 23;
    }
    void spreadPercentilesAreNearestRankOverTheReplicates()
    {
        QFETCH(int, replicates);
        QFETCH(int, p5Index);
        QFETCH(int, p95Index);
        const Scenario s = scenario(1500, replicates, {0.6}, {hedgeNoBudget()});
        const PointResult pooled = LoadSweep(s, 2).run().points.at(0);
        std::vector<double> p99s, utilisations;
        for (int r = 0; r < replicates; ++r) {
            const PointResult run = simulatePoint(specOf(s, 0, 0.6, r));
            p99s.push_back(*run.p99Ms);
            utilisations.push_back(run.utilisation);
        }
        std::sort(p99s.begin(), p99s.end());
        std::sort(utilisations.begin(), utilisations.end());
        QVERIFY(pooled.spread);
        const FigureSpread& p99 = *pooled.spread->p99Ms;
        QCOMPARE(p99.min, p99s.front());
        QCOMPARE(p99.max, p99s.back());
        QCOMPARE(*p99.p5, p99s[std::size_t(p5Index)]);
        QCOMPARE(*p99.p95, p99s[std::size_t(p95Index)]);
        const FigureSpread& busy = pooled.spread->utilisation;
        QCOMPARE(*busy.p5, utilisations[std::size_t(p5Index)]);
        QCOMPARE(*busy.p95, utilisations[std::size_t(p95Index)]);
        // Distinct neighbours, so that a rank off by one would show.
        QVERIFY(p99s[std::size_t(p95Index)] != p99s[std::size_t(p95Index) - 1]);
        QVERIFY(p99s[std::size_t(p5Index)] != p99s[std::size_t(p5Index) + 1]);
    }

    // "The point is collapsed when most did" (docs/replicates.md): at 65 % load, three
    // attempts without a budget collapse in exactly 5 of 10 runs — not most, so the point is
    // drawn partially collapsed, not collapsed; at 67.5 % in 6 of 10, most.
    void halfTheRunsCollapsedIsNotACollapsedPoint()
    {
        const Scenario s = scenario(5000, 10, {0.65, 0.675}, {threeAttemptsNoBudget()});
        const auto out = LoadSweep(s, 2).run();
        const std::array<int, 2> expectedRuns{5, 6};
        for (std::size_t i = 0; i < 2; ++i) {
            int collapsed = 0;
            for (int r = 0; r < 10; ++r)
                collapsed += simulatePoint(specOf(s, 0, s.loads[i], r)).collapsed;
            QCOMPARE(collapsed, expectedRuns[i]);
            QCOMPARE(out.points[i].collapsedRuns(), collapsed);
            QVERIFY(out.points[i].partiallyCollapsed());
        }
        QVERIFY(!out.points[0].collapsed);
        QVERIFY(out.points[1].collapsed);
    }

    // N replicates of C calls measure what one run of N × C calls measures, within noise
    // (at steady states: a collapse has no figure to agree on).
    void pooledAgreesWithOneLongRun()
    {
        const int n = 10;
        const std::vector<double> loads{0.5, 0.8};
        const Setup noHedge{.name = "no hedge"};
        const Setup budget{.name = "hedge, default budget", .hedge = HedgeSettings{}};
        const auto pooled = LoadSweep(scenario(20000, n, loads, {noHedge, budget}), 2).run();
        const auto single = LoadSweep(scenario(20000 * n, 1, loads, {noHedge, budget}), 2).run();
        // Not the budget at 0.8: there its p99 comes from rare long episodes of an empty
        // budget (270 ms pooled, 584 ms in one long run), which take far longer runs to
        // average out than a test may spend.
        for (std::size_t i = 0; i < 3; ++i) {
            const PointResult& a = pooled.points[i];
            const PointResult& b = single.points[i];
            QVERIFY(a.spread && !b.spread);
            QCOMPARE(a.collapsedRuns() + b.collapsedRuns(), 0);
            QCOMPARE(a.measuredCalls, b.measuredCalls); // same warm-up fraction, same calls
            QVERIFY2(
                relativeDifference(a.requestsPerCall, b.requestsPerCall) < 0.01,
                qPrintable(
                    QString("req/call %1 vs %2").arg(a.requestsPerCall).arg(b.requestsPerCall)));
            QVERIFY2(relativeDifference(a.utilisation, b.utilisation) < 0.02,
                     qPrintable(QString("util %1 vs %2").arg(a.utilisation).arg(b.utilisation)));
            QVERIFY2(relativeDifference(*a.p50Ms, *b.p50Ms) < 0.02,
                     qPrintable(QString("p50 %1 vs %2").arg(*a.p50Ms).arg(*b.p50Ms)));
            QVERIFY2(relativeDifference(*a.p99Ms, *b.p99Ms) < 0.05,
                     qPrintable(QString("p99 %1 vs %2").arg(*a.p99Ms).arg(*b.p99Ms)));
        }
    }

    // Near its threshold, "3 attempts, no budget" with client cancellation collapses in some
    // replicates only. The load is found from the data: the first of a grid where some but
    // not all replicates collapsed.
    void knifeEdgeCollapsesInSomeReplicatesOnly()
    {
        std::vector<double> loads;
        for (int i = 0; i <= 10; ++i)
            loads.push_back(0.45 + 0.025 * i);
        const int n = 10;
        const Scenario s = scenario(5000, n, loads, {threeAttemptsNoBudget()});
        const auto out = LoadSweep(s, 2).run();
        const auto edge = std::find_if(out.points.begin(), out.points.end(),
                                       [](const PointResult& p) { return p.partiallyCollapsed(); });
        QVERIFY2(edge != out.points.end(), "no load of the grid collapses in some runs only");
        QVERIFY(edge->collapsedRuns() > 0 && edge->collapsedRuns() < n);
        QCOMPARE(edge->collapsed, 2 * edge->collapsedRuns() > n);

        // The count is that of the replicates run one by one.
        int collapsed = 0;
        for (int r = 0; r < n; ++r)
            collapsed += simulatePoint(specOf(s, 0, edge->load, r)).collapsed;
        QCOMPARE(edge->collapsedRuns(), collapsed);
        // A collapse is a long queue: the spread of the p99 spans both states.
        QVERIFY(edge->spread->p99Ms->max > 10.0 * edge->spread->p99Ms->min);
    }

    // Replicate 0 is the single run of before: a 1-replicate sweep is simulatePoint with the
    // stream key it always had, and pools nothing.
    void oneReplicateIsTheSingleRun()
    {
        const Scenario s =
            scenario(3000, 1, {0.5, 0.9}, {hedgeNoBudget(), threeAttemptsNoBudget()});
        const auto out = LoadSweep(s, 2).run();
        for (std::size_t setup = 0; setup < s.setups.size(); ++setup) {
            for (std::size_t load = 0; load < s.loads.size(); ++load) {
                PointSpec spec = specOf(s, setup, s.loads[load], 0);
                const PointResult& p = out.points[setup * s.loads.size() + load];
                QVERIFY(!p.spread);
                QCOMPARE(p.replicates(), 1);
                QVERIFY(p == simulatePoint(spec));
                spec.replicate = 1;
                QVERIFY(!(p == simulatePoint(spec))); // the replicate is in the key
            }
        }
    }

    void identicalWhateverTheThreadCount()
    {
        const Scenario s =
            scenario(3000, 5, {0.5, 0.6, 0.9}, {hedgeNoBudget(), threeAttemptsNoBudget()});
        const auto one = LoadSweep(s, 1).run();
        const auto two = LoadSweep(s, 2).run();
        const auto three = LoadSweep(s, 3).run();
        QCOMPARE(one.points.size(), std::size_t(6));
        QVERIFY(one.points[0].spread.has_value());
        QVERIFY(one.points == two.points);
        QVERIFY(one.points == three.points);
    }
};

QTEST_GUILESS_MAIN(TestReplicates)
#include "tst_replicates.moc"
