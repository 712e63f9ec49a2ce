// What the fleet preset's explanation says about its run (docs/model.md, "A fleet of clients"),
// checked on the preset's own scenario: its calls, seed, service and grid.
#include "PresetByName.h"
#include "PresetClaims.h"

#include <hedge/sim/LoadSweep.h>

#include <QTest>

#include <cmath>
#include <string>

using namespace hedge;

namespace {

const Preset& fleetPreset()
{
    const Preset& p = test::preset("fleet");
    if (!p.scenario.grid)
        qFatal("no grid in the fleet preset");
    return p;
}

} // namespace

class TestProductionPresetClaims : public QObject {
    Q_OBJECT

    std::vector<PointResult> m_points;

    static void says(const char* phrase) { test::says(fleetPreset(), {phrase}); }
    // The grid's point of `clients` clients at `load` (a grid point is named by its value).
    const PointResult& at(double clients, double load) const
    {
        for (const PointResult& p : m_points)
            if (p.knobValue && *p.knobValue == clients && std::abs(p.load - load) < 1e-9)
                return p;
        qFatal("no point");
    }
    const PointResult& unhedged(double load) const
    {
        for (const PointResult& p : m_points)
            if (p.setup == "no hedge / client" && std::abs(p.load - load) < 1e-9)
                return p;
        qFatal("no point");
    }
    // The lowest load at which `clients` collapse, or 0 when none does.
    double collapsesFrom(double clients) const
    {
        for (double load : fleetPreset().scenario.loads)
            if (at(clients, load).collapsed)
                return load;
        return 0.0;
    }

private slots:
    void initTestCase()
    {
        m_points = LoadSweep(fleetPreset().scenario).run().points;
    }

    void oneClientHolds()
    {
        QCOMPARE(collapsesFrom(1), 0.0);
        says("holds at every load up to 90 %");
        for (double load : fleetPreset().scenario.loads)
            QVERIFY(std::abs(at(1, load).requestsPerCall - 1.06) < 0.01);
        says("about 1.06 requests per call");
        says("from about 200 ms to 25 ms at 50 % load");
        QVERIFY(std::abs(*unhedged(0.5).p99Ms - 200.0) < 10.0);
        QCOMPARE(std::lround(*at(1, 0.5).p99Ms), 25L);
    }

    void theFleetCollapses()
    {
        says("Ten clients collapse at 90 %, twenty from 80 %, and fifty from 60 %");
        QCOMPARE(collapsesFrom(10), 0.9);
        QCOMPARE(collapsesFrom(20), 0.8);
        QCOMPARE(collapsesFrom(50), 0.6);
        QCOMPARE(collapsesFrom(5), 0.0);
        says("1.77 requests per call and the p99 is 16 s");
        QCOMPARE(std::lround(at(50, 0.6).requestsPerCall * 100.0), 177L);
        QCOMPARE(std::lround(*at(50, 0.6).p99Ms / 1000.0), 16L);
    }
};

QTEST_GUILESS_MAIN(TestProductionPresetClaims)
#include "tst_productionpresetclaims.moc"
