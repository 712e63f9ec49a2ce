// What the delay-map preset's explanation says about its run, checked on the preset's own
// scenario (its calls, seed and service). A cell's numbers depend only on its setup, the
// knob's value, its load and the scenario's service, seed and calls (SweepPoints.h), so the
// claims run only the loads and delays they are about.
#include <hedge/io/Presets.h>
#include <hedge/sim/GridMap.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <QTest>

#include <cmath>
#include <string>

using namespace hedge;

namespace {

const Preset& delayMap()
{
    const Preset* p = findPreset("delay-map");
    if (!p || !p->scenario.grid)
        qFatal("no delay-map preset with a grid");
    return *p;
}

// The preset's map at `loads` only, for `values` only (all of them when empty).
GridMap mapAt(std::vector<double> loads, std::vector<double> values = {})
{
    Scenario s = delayMap().scenario;
    s.loads = std::move(loads);
    if (!values.empty())
        s.grid->values = std::move(values);
    return gridMap(s, LoadSweep(s).run().points, MapFigure::P99Ratio);
}

int percent(double fraction)
{
    return static_cast<int>(std::lround(fraction * 100.0));
}

} // namespace

class TestDelayMapClaims : public QObject {
    Q_OBJECT

    std::string m_text;
    GridMap m_light; // every delay at the lowest load
    GridMap m_heavy; // every delay at the highest load

    void says(const char* phrase) const
    {
        QVERIFY2(m_text.find(phrase) != std::string::npos, phrase);
    }

private slots:
    void initTestCase()
    {
        m_text = delayMap().explanation;
        const Scenario& s = delayMap().scenario;
        QCOMPARE(s.loads.front(), 0.3);
        QCOMPARE(s.loads.back(), 0.95);
        m_light = mapAt({s.loads.front()});
        m_heavy = mapAt({s.loads.back()});
    }

    void theUnhedgedP99SitsInTheHiccups()
    {
        says("At light load the p99 without hedging is about 200 ms");
        const double p99 = *m_light.at(0, 0)->baseline->p99Ms;
        QVERIFY2(std::abs(p99 - 200.0) < 10.0, qPrintable(QString::number(p99)));
        const ServiceConfig& service = delayMap().scenario.service;
        QVERIFY(p99 > service.hiccupMinMs && p99 < service.hiccupMaxMs);
    }

    void shortDelaysSpendTheBudgetAndHardlyMoveTheP99()
    {
        says("Delays up to 10 ms spend the 10 % budget");
        says("(the median service time is 10 ms)");
        says("so the p99 hardly moves: at most 13 % lower at 30 % load.");
        const Scenario& s = delayMap().scenario;
        QCOMPARE(s.setups[1].hedge->budgetPercent, 10.0);
        QCOMPARE(s.service.medianMs, 10.0);
        double lowest = 1.0;
        for (std::size_t v = 0; v < m_light.knobValues.size() && m_light.knobValues[v] <= 10; ++v) {
            const MapCell& cell = *m_light.at(v, 0);
            lowest = std::min(lowest, *cell.value);
            // The budget is spent: the hedged share is the budget's, not the slow calls'.
            QVERIFY2(std::abs(cell.point.hedgedFraction - 0.10) < 0.005,
                     qPrintable(QString::number(cell.point.hedgedFraction)));
        }
        QCOMPARE(percent(1.0 - lowest), 13);
    }

    void fromFifteenMillisecondsTheP99Drops()
    {
        says("From 15 ms the budget reaches the hiccups and the p99 drops to between 13 % and "
             "35 % of the unhedged one, lowest at 15 ms, next to the service's p95 (16 ms)");
        double lowest = 10.0;
        double highest = 0.0;
        double best = 0.0;
        for (std::size_t v = 0; v < m_light.knobValues.size(); ++v) {
            if (m_light.knobValues[v] < 15)
                continue;
            const double ratio = *m_light.at(v, 0)->value;
            QVERIFY(m_light.at(v, 0)->helps);
            if (ratio < lowest) {
                lowest = ratio;
                best = m_light.knobValues[v];
            }
            highest = std::max(highest, ratio);
        }
        QCOMPARE(percent(lowest), 13);
        QCOMPARE(percent(highest), 35);
        QCOMPARE(best, 15.0);
        // The best delay of the whole row, not only of those from 15 ms.
        for (std::size_t v = 0; v < m_light.knobValues.size(); ++v)
            QVERIFY(*m_light.at(v, 0)->value >= lowest);
        QCOMPARE(std::lround(serviceTimeQuantile(delayMap().scenario.service, 0.95)), 16L);
        // "each longer delay waits longer before it helps": the ratio rises with the delay.
        for (std::size_t v = 1; v < m_light.knobValues.size(); ++v)
            if (m_light.knobValues[v - 1] >= 15)
                QVERIFY(*m_light.at(v, 0)->value > *m_light.at(v - 1, 0)->value);
    }

    void theSameDelayHurtsAtSeventyPercent()
    {
        says("At 70 % load the 20 ms delay that helped at light load makes the p99 1.8 times "
             "worse than without hedging");
        const GridMap at70 = mapAt({0.7}, {20});
        const double ratio = *at70.at(0, 0)->value;
        QCOMPARE(std::lround(ratio * 10.0), 18L);
        QVERIFY(!at70.at(0, 0)->collapsed);
        std::size_t twenty = 0;
        while (m_light.knobValues[twenty] != 20)
            ++twenty;
        QVERIFY(m_light.at(twenty, 0)->helps);
    }

    void everyDelayCollapsesAtNinetyFivePercent()
    {
        says("at 95 % every delay collapses the service, which holds without hedging");
        for (std::size_t v = 0; v < m_heavy.knobValues.size(); ++v) {
            QVERIFY(m_heavy.at(v, 0)->point.collapsed);
            QVERIFY(!m_heavy.at(v, 0)->baseline->collapsed);
        }
    }
};

QTEST_MAIN(TestDelayMapClaims)
#include "tst_delaymapclaims.moc"
