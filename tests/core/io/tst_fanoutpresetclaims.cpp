// What the tail-at-scale preset's explanation says (docs/fanout.md), checked on runs: the
// preset's own sweep (100 parts) and the same setups at 50 % load on one and ten parts, as the
// text compares them. "About x" allows 10 % either way: the text rounds. Every figure checked is
// in the text: a changed text must change the test with it.
#include "PresetByName.h"
#include "PresetClaims.h"

#include <hedge/io/FanoutPresets.h>
#include <hedge/io/Presets.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <QTest>

#include <cmath>
#include <map>
#include <string>

using namespace hedge;
using hedge::test::preset;
using hedge::test::says;

namespace {

constexpr const char* kNone = "no hedge / client";
constexpr const char* kHedge = "hedge after 16 ms, budget 5 % / client";

} // namespace

class TestFanoutPresetClaims : public QObject {
    Q_OBJECT
    std::map<std::pair<std::string, double>, PointResult> m_hundred; // the preset's sweep
    std::map<std::pair<std::string, int>, PointResult> m_half;       // 50 %, by parts

    const PointResult& at(const char* setup, double load) { return m_hundred.at({setup, load}); }
    const PointResult& half(const char* setup, int parts) { return m_half.at({setup, parts}); }

private slots:
    void initTestCase()
    {
        const Scenario& s = preset("tail-at-scale").scenario;
        // The curves' points; the map's cells (knob values set) are other points of the run.
        for (const PointResult& r : LoadSweep(s).run().points)
            if (!r.knobValue && !r.againstValue)
                m_hundred[{r.setup, r.load}] = r;
        for (const int parts : {1, 10}) {
            Scenario few = s;
            few.service = tailAtScaleService(parts);
            few.loads = {0.5};
            few.grid.reset();
            for (const PointResult& r : LoadSweep(few).run().points)
                m_half[{r.setup, parts}] = r;
        }
        m_half[{kNone, 100}] = at(kNone, 0.5);
        m_half[{kHedge, 100}] = at(kHedge, 0.5);
    }

    void theServiceIsTheReferenceServiceInAHundredParts()
    {
        const Scenario& s = preset("tail-at-scale").scenario;
        QCOMPARE(s.service.fanoutParts, 100);
        QCOMPARE(s.service.replicas, 100);
        QCOMPARE(s.service.partsToWaitFor(), 100);
        says(preset("tail-at-scale"), {"a p95 of 16 ms", "100 partitions", "5 % budget"});
        QCOMPARE(std::round(serviceTimeQuantile(s.service, 0.95)), 16.0);
        QCOMPARE(s.setups.at(1).hedge->delayMs, 16.0);
    }

    void onePartIsTheHedgeOfBefore()
    {
        says(preset("tail-at-scale"), {"without hedging the p99 is 198 ms", "cuts it to 27 ms for 1.05"});
        QVERIFY(!half(kNone, 1).parts);
        QVERIFY_ABOUT(*half(kNone, 1).p99Ms, 198.0);
        QVERIFY_ABOUT(*half(kHedge, 1).p99Ms, 27.0);
        QVERIFY_ABOUT(half(kHedge, 1).requestsPerCall, 1.05);
    }

    void tenPartsAmplifyTheTailAsTheRuleSays()
    {
        says(preset("tail-at-scale"), {"p99 is 290 ms against the part's 200 ms", "9.5 % of the calls",
              "1 - 0.99^10 = 9.6 %", "to 35 ms for 10.5 requests per call"});
        const PointResult& none = half(kNone, 10);
        QVERIFY_ABOUT(*none.p99Ms, 290.0);
        QVERIFY_ABOUT(*none.parts->p99Ms, 200.0);
        QVERIFY_ABOUT(none.parts->slowerThanPartP99Fraction, 0.095);
        QVERIFY(std::abs(none.parts->slowerThanPartP99Fraction - (1 - std::pow(0.99, 10))) < 0.01);
        QVERIFY_ABOUT(*half(kHedge, 10).p99Ms, 35.0);
        QVERIFY_ABOUT(half(kHedge, 10).requestsPerCall, 10.5);
    }

    void aHundredPartsMakeTheMedianCallSlow()
    {
        says(preset("tail-at-scale"), {"64 % of the calls", "1 - 0.99^100 = 63 %", "the call's p50 is 231 ms",
              "p50 to 29 ms", "p99 stays at 288 ms", "refuses one to 9 % of the calls"});
        const PointResult& none = half(kNone, 100);
        QVERIFY_ABOUT(none.parts->slowerThanPartP99Fraction, 0.64);
        QVERIFY(std::abs(none.parts->slowerThanPartP99Fraction - (1 - std::pow(0.99, 100))) < 0.02);
        QVERIFY_ABOUT(*none.p50Ms, 231.0);
        QVERIFY(*none.p50Ms > *none.parts->p99Ms); // most calls: slower than a part's p99
        const PointResult& hedge = half(kHedge, 100);
        QVERIFY_ABOUT(*hedge.p50Ms, 29.0);
        QVERIFY_ABOUT(*hedge.p99Ms, 288.0);
        QVERIFY_ABOUT(hedge.hedgesRefusedFraction, 0.09);
        QVERIFY_ABOUT(hedge.parts->hedgedFraction, 0.05);
    }

    void atSixtyPercentTheHedgeConcentratesOnOnePartition()
    {
        says(preset("tail-at-scale"), {"At 60 % the hedge does harm", "p50 is 455 ms, twice the 231 ms",
              "busiest partition is busy all the time"});
        for (double load : {0.3, 0.4, 0.5, 0.6})
            QVERIFY(!at(kNone, load).collapsed);
        QVERIFY_ABOUT(*at(kHedge, 0.6).p50Ms, 455.0);
        QVERIFY_ABOUT(*at(kNone, 0.6).p50Ms, 231.0);
        QVERIFY(at(kHedge, 0.6).replicaUtilisationMax > 0.99);
        QVERIFY(at(kNone, 0.6).replicaUtilisationMax < 0.7);
        QVERIFY(at(kHedge, 0.6).utilisation < 0.66); // the mean replica is not the problem
    }
};

QTEST_APPLESS_MAIN(TestFanoutPresetClaims)
#include "tst_fanoutpresetclaims.moc"
