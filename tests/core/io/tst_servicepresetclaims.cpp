// What the bimodal-cache preset's explanation says (docs/service-data.md, "The bimodal
// preset"), checked on the preset's own run. "About x" allows 10 % either way: the text rounds.
// Every figure checked is in the text: a changed text must change the test with it.
#include "PresetByName.h"
#include "PresetClaims.h"

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
constexpr const char* kBetween = "hedge, no budget / client";       // 20 ms
constexpr const char* kAbove = "hedge after 50 ms, no budget / client";

} // namespace

class TestServicePresetClaims : public QObject {
    Q_OBJECT
    std::map<std::pair<std::string, double>, PointResult> m_points;

    const PointResult& at(const char* setup, double load) { return m_points.at({setup, load}); }

private slots:
    void initTestCase()
    {
        for (const PointResult& r : LoadSweep(preset("bimodal-cache").scenario).run().points)
            m_points[{r.setup, r.load}] = r;
    }

    void theServiceIsTheMeasuredCache()
    {
        const Preset& p = preset("bimodal-cache");
        const ServiceConfig& s = p.scenario.service;
        QVERIFY(s.distribution);
        QCOMPARE(s.distribution->samples, std::int64_t(20000));
        // "median is 2.2 ms, its p90 40 ms and its p99 66 ms", read from the table.
        says(p, {"median is 2.2 ms", "p90 40 ms", "p99 66 ms", "80 % of the requests hit",
                 "20 % miss"});
        QVERIFY_ABOUT(serviceTimeQuantile(s, 0.5), 2.2);
        QVERIFY_ABOUT(serviceTimeQuantile(s, 0.99), 66.0);
        // "about 2 ms" and "about 40 ms": the modes; 80 % of the samples below 18 ms.
        QVERIFY(serviceTimeCdf(s, 4.0) > 0.78 && serviceTimeCdf(s, 18.0) < 0.81);
    }

    void aDelayBetweenTheModesHedgesEveryMissAndCollapsesEarly()
    {
        says(preset("bimodal-cache"), {"1.20 requests per call", "from 66 ms to 48 ms",
                                       "collapses from 60 % load (a p99 of tens of seconds)",
                                       "without hedging its p99 is 66 ms"});
        for (double load : {0.3, 0.5})
            QVERIFY_ABOUT(at(kBetween, load).requestsPerCall, 1.20);
        QVERIFY_ABOUT(*at(kNone, 0.3).p99Ms, 66.0);
        QVERIFY_ABOUT(*at(kBetween, 0.3).p99Ms, 48.0);
        QVERIFY(!at(kBetween, 0.5).collapsed);
        for (double load : {0.6, 0.7, 0.8, 0.9})
            QVERIFY(at(kBetween, load).collapsed);
        // A collapsed point's p99 is how long its run lasted (docs/model.md, "Collapse rule").
        QVERIFY(*at(kBetween, 0.6).p99Ms >= 10000.0 && *at(kBetween, 0.6).p99Ms < 100000.0);
        QVERIFY_ABOUT(*at(kNone, 0.6).p99Ms, 66.0);
    }

    void aDelayAboveTheMissesHedgesTheSlowestAndHoldsLonger()
    {
        says(preset("bimodal-cache"), {"4.5 % of the calls", "(1.05 requests per call)",
                                       "the p99 is 53 ms at 30 % load and 56 ms at 70 %",
                                       "holds to 70 %", "holds to 90 % (p99 81 ms)",
                                       "at 80 % even the 50 ms hedge collapses"});
        QVERIFY(std::abs(at(kAbove, 0.3).hedgedFraction - 0.045) < 0.005);
        QVERIFY(std::abs(at(kAbove, 0.3).requestsPerCall - 1.05) < 0.01);
        QVERIFY_ABOUT(*at(kAbove, 0.3).p99Ms, 53.0);
        QVERIFY_ABOUT(*at(kAbove, 0.7).p99Ms, 56.0);
        for (double load : {0.3, 0.5, 0.6, 0.7})
            QVERIFY(!at(kAbove, load).collapsed);
        QVERIFY(at(kAbove, 0.8).collapsed);
        for (double load : {0.3, 0.5, 0.6, 0.7, 0.8, 0.9})
            QVERIFY(!at(kNone, load).collapsed);
        QVERIFY_ABOUT(*at(kNone, 0.9).p99Ms, 81.0);
    }
};

QTEST_APPLESS_MAIN(TestServicePresetClaims)
#include "tst_servicepresetclaims.moc"
