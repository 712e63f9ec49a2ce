// What the topology presets' explanations say (replicas-placement, shared-slow-path,
// slow-replica; issue 14), checked on the presets' own points (200 000 calls, their seed).
// "About x" allows 10 % either way: the text rounds. tst_presetclaims checks the teaching
// presets of docs/model.md, which all share the reference service; these each have their own.
#include "PresetByName.h"
#include "PresetClaims.h"

#include <hedge/io/Presets.h>
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <cmath>

using namespace hedge;
using hedge::test::preset;
using hedge::test::says;

namespace {

// One point of `p`: its setup named `setup`, at `load`, on `service` (default: the preset's).
PointResult point(const Preset& p, const std::string& setup, double load,
                  const ServiceConfig* service = nullptr)
{
    PointSpec spec;
    spec.service = service ? *service : p.scenario.service;
    spec.load = load;
    spec.seed = p.scenario.seed;
    spec.calls = p.scenario.calls;
    spec.warmupFraction = p.scenario.warmupFraction;
    for (const Setup& s : p.scenario.setups)
        if (s.name == setup)
            spec.setup = s;
    if (spec.setup.name.empty())
        qFatal("no setup %s in %s", setup.c_str(), p.name.c_str());
    return simulatePoint(spec);
}

// Every figure the test checks is in the text as "about N ms" (or the given wording): a
// changed text must change the test with it.
} // namespace

class TestTopologyPresetClaims : public QObject {
    Q_OBJECT

private slots:
    void replicasAndPlacement()
    {
        const Preset& p = preset("replicas-placement");
        says(p, {"from about 200 ms to about 30 ms", "about 85 ms", "about 30 ms",
                 "about 50 ms"});
        const std::string any = "hedge, default budget / client";
        const std::string other = "hedge, default budget, other replica / client";
        const ServiceConfig pooled;
        // At 30 %: about 200 ms → about 30 ms, as with one shared queue.
        QVERIFY_ABOUT(*point(p, "no hedge / client", 0.3).p99Ms, 200.0);
        QVERIFY_ABOUT(*point(p, any, 0.3).p99Ms, 30.0);
        QVERIFY_ABOUT(*point(p, any, 0.3, &pooled).p99Ms, 30.0);
        // At 50 %: about 85 ms here, about 30 ms pooled, about 50 ms to another replica, for
        // the same requests per call.
        const PointResult split = point(p, any, 0.5);
        const PointResult elsewhere = point(p, other, 0.5);
        const PointResult shared = point(p, any, 0.5, &pooled);
        QVERIFY_ABOUT(*split.p99Ms, 85.0);
        QVERIFY_ABOUT(*shared.p99Ms, 30.0);
        QVERIFY_ABOUT(*elsewhere.p99Ms, 50.0);
        QVERIFY(std::abs(elsewhere.requestsPerCall - split.requestsPerCall) < 0.01);
        // Least outstanding and two choices: almost the shared queue.
        for (BalancerKind b : {BalancerKind::LeastOutstanding, BalancerKind::TwoChoices}) {
            ServiceConfig looking = p.scenario.service;
            looking.balancer = b;
            QVERIFY2(*point(p, any, 0.5, &looking).p99Ms < 1.2 * *shared.p99Ms, toString(b));
        }
    }

    void sharedSlowPath()
    {
        const Preset& p = preset("shared-slow-path");
        QCOMPARE(p.scenario.service.hiccupCorrelation, 1.0);
        says(p, {"about 170 ms", "about 200 ms", "about 30 ms", "about 2.5 % more requests",
                 "from 30 % to about 39 %"});
        const PointResult none = point(p, "no hedge / client", 0.3);
        const PointResult hedged = point(p, "hedge, default budget / client", 0.3);
        QVERIFY_ABOUT(*hedged.p99Ms, 170.0);
        QVERIFY_ABOUT(*none.p99Ms, 200.0);
        // The tail-cutting preset's hedge, independent hiccups: about 30 ms.
        const Preset& tail = preset("tail-cutting");
        QVERIFY_ABOUT(*point(tail, "hedge, default budget / client", 0.3).p99Ms, 30.0);
        // About 2.5 % more requests; utilisation 30 % → about 39 %.
        QVERIFY_ABOUT(hedged.requestsPerCall - 1.0, 0.025);
        QVERIFY_ABOUT(none.utilisation, 0.30);
        QVERIFY_ABOUT(hedged.utilisation, 0.39);
    }

    void slowReplica()
    {
        const Preset& p = preset("slow-replica");
        says(p, {"about 680 ms", "about 470 ms", "about 35 ms"});
        const PointResult none = point(p, "no hedge / client", 0.3);
        const PointResult any = point(p, "hedge, no budget / client", 0.3);
        const PointResult other = point(p, "hedge, no budget, other replica / client", 0.3);
        QVERIFY_ABOUT(*none.p99Ms, 680.0);
        QVERIFY_ABOUT(*any.p99Ms, 470.0);
        QVERIFY_ABOUT(*other.p99Ms, 35.0);
        QVERIFY(std::abs(other.requestsPerCall - any.requestsPerCall) < 0.01);
        // "about 7 % of the calls hedge"; with the default budget, about 290 ms.
        says(p, {"about 7 % of the calls hedge", "at about 290 ms"});
        QVERIFY_ABOUT(other.hedgedFraction, 0.07);
        Preset budgeted = p;
        for (Setup& s : budgeted.scenario.setups)
            if (s.hedge)
                s.hedge->budgetPercent = HedgeSettings{}.budgetPercent;
        QVERIFY_ABOUT(*point(budgeted, "hedge, no budget, other replica / client", 0.3).p99Ms,
                      290.0);
    }
};

QTEST_GUILESS_MAIN(TestTopologyPresetClaims)
#include "tst_topologypresetclaims.moc"
