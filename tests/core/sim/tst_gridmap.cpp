// gridMap: the points of a grid run as (knob value, load) cells holding exactly the engine's
// numbers, the chosen figure (the p99 ratio to the baseline at the same load), collapses and
// the region where hedging helps; a partial run leaves the cells not yet computed empty.
#include <hedge/sim/GridMap.h>
#include <hedge/sim/LoadSweep.h>

#include <QTest>

using namespace hedge;

namespace {

Scenario smallGrid()
{
    Scenario s;
    s.calls = 4000;
    s.loads = {0.95, 0.3};
    s.setups = {Setup{.name = "plain"},
                Setup{.name = "hedge", .hedge = HedgeSettings{.budgetPercent = 0.0}}};
    s.grid = Grid{.setup = "hedge", .knob = "hedge.delay_ms", .values = {20, 2}};
    return s;
}

} // namespace

class TestGridMap : public QObject {
    Q_OBJECT

    Scenario m_scenario = smallGrid();
    std::vector<PointResult> m_points;

private slots:
    void initTestCase() { m_points = LoadSweep(m_scenario, 2).run().points; }

    void cellsHoldTheEnginesNumbers()
    {
        const GridMap map = gridMap(m_scenario, m_points, MapFigure::P99Ratio);
        QCOMPARE(map.knobValues, (std::vector<double>{2, 20}));
        QCOMPARE(map.rows, (std::vector<double>{0.3, 0.95}));
        QCOMPARE(map.filled(), std::size_t{4});
        for (const PointResult& p : m_points) {
            if (!p.knobValue)
                continue;
            const std::size_t v = *p.knobValue == 2 ? 0 : 1;
            const std::size_t l = p.load == 0.3 ? 0 : 1;
            const MapCell& cell = *map.at(v, l);
            QVERIFY(cell.point == p);
            const PointResult& baseline = m_points[l == 0 ? 1 : 0]; // "plain" at that load
            QCOMPARE(baseline.setup, std::string("plain"));
            QVERIFY(*cell.baseline == baseline);
            if (p.p99Ms && baseline.p99Ms)
                QCOMPARE(*cell.value, *p.p99Ms / *baseline.p99Ms);
        }
        // At light load a hedge after 20 ms cuts the p99 (the hiccups); at 95 % load without a
        // budget it collapses.
        QVERIFY(map.at(1, 0)->helps);
        QVERIFY(*map.at(1, 0)->value < 1.0);
        QVERIFY(map.at(1, 1)->collapsed);
        QVERIFY(!map.at(1, 1)->helps);
    }

    void otherFigures()
    {
        const auto requests = map(MapFigure::RequestsPerCall); // p points into it
        const PointResult& p = requests.at(0, 0)->point;
        QCOMPARE(*requests.at(0, 0)->value, p.requestsPerCall);
        QCOMPARE(map(MapFigure::P999Ms).at(0, 0)->value, p.p999Ms);
        QCOMPARE(*map(MapFigure::RejectedPercent).at(0, 0)->value, p.rejectedFraction * 100.0);
    }

    void aPartialRunLeavesCellsEmpty()
    {
        // Only the first load's baseline and one cell: that cell without its baseline has no
        // ratio yet, but its own figures.
        std::vector<PointResult> some;
        for (const PointResult& p : m_points)
            if (p.knobValue && *p.knobValue == 20 && p.load == 0.95)
                some.push_back(p);
        const GridMap ratio = gridMap(m_scenario, some, MapFigure::P99Ratio);
        QCOMPARE(ratio.filled(), std::size_t{1});
        QVERIFY(!ratio.at(0, 0).has_value());
        QVERIFY(ratio.at(1, 1).has_value());
        QVERIFY(!ratio.at(1, 1)->value.has_value());
        QVERIFY(!ratio.at(1, 1)->helps);
        QVERIFY(gridMap(m_scenario, some, MapFigure::RequestsPerCall).at(1, 1)->value);
        QCOMPARE(gridMap(m_scenario, {}, MapFigure::P99Ratio).filled(), std::size_t{0});
    }

private:
    GridMap map(MapFigure figure) const { return gridMap(m_scenario, m_points, figure); }
};

QTEST_GUILESS_MAIN(TestGridMap)
#include "tst_gridmap.moc"
