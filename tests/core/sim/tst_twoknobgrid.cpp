// Two-knob grids (docs/maps.md, "Two knobs"): a cell is the gridded setup with both knobs set,
// run alone at the grid's one load; the baseline runs at each against value with the against
// knob set where it has it; cells do not depend on the other values nor on the threads; every
// cell is a point of its own; the map's rows are the against values; files round-trip and bad
// grids name the field.
#include <hedge/io/ResultsCsv.h>
#include <hedge/io/ResultsJson.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/GridMap.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/PointIdentity.h>
#include <hedge/sim/SweepPoints.h>

#include "KnobRegistryTesting.h"

#include <QTest>

#include <map>
#include <tuple>
#include <unordered_set>

using namespace hedge;

namespace {

Scenario twoKnobs(std::string against, std::vector<double> againstValues,
                  std::vector<double> delays = {5, 40})
{
    Scenario s;
    s.calls = 3000;
    s.loads = {0.4, 0.8};
    s.setups = {Setup{.name = "plain"},
                Setup{.name = "hedge", .hedge = HedgeSettings{.budgetPercent = 0.0}}};
    s.grid = Grid{.setup = "hedge",
                  .knob = "hedge.delay_ms",
                  .values = std::move(delays),
                  .baseline = {},
                  .against = GridAgainst{.knob = std::move(against),
                                         .values = std::move(againstValues),
                                         .load = 0.6}};
    return s;
}

using CellKey = std::tuple<std::string, std::optional<double>, double>; // setup, knob, against

std::map<CellKey, PointResult> againstPointsOf(const std::vector<PointResult>& points)
{
    std::map<CellKey, PointResult> out;
    for (const PointResult& p : points)
        if (p.againstValue)
            out[{p.setup, p.knobValue, *p.againstValue}] = p;
    return out;
}

// `setup` with `knob` set to `value` (a setup or service knob), run alone at the grid's load.
PointResult runAlone(const Scenario& grid, Setup setup, ServiceConfig service)
{
    Scenario alone = grid;
    alone.grid.reset();
    alone.loads = {grid.grid->against->load};
    alone.service = service;
    alone.setups = {std::move(setup)};
    const std::vector<PointResult> points = LoadSweep(alone, 1).run().points;
    return points.at(0);
}

} // namespace

class TestTwoKnobGrid : public QObject {
    Q_OBJECT

private slots:
    void cellsEqualTheSetupWithBothKnobsRunAlone_data()
    {
        QTest::addColumn<QString>("against");
        QTest::newRow("workers × delay") << "service.workers";
        QTest::newRow("attempts × delay") << "hedge.max_attempts";
    }
    void cellsEqualTheSetupWithBothKnobsRunAlone()
    {
        QFETCH(QString, against);
        const bool workers = against == "service.workers";
        const Scenario s = twoKnobs(against.toStdString(), workers ? std::vector<double>{4, 16}
                                                                   : std::vector<double>{1, 3});
        const auto points = againstPointsOf(LoadSweep(s, 2).run().points);
        QCOMPARE(points.size(), std::size_t{2 + 2 * 2}); // the baseline's two, four cells
        for (double delay : s.grid->values)
            for (double value : s.grid->against->values) {
                Setup setup = s.setups[1];
                ServiceConfig service = s.service;
                setup.hedge->delayMs = delay;
                if (workers)
                    service.workers = int(value);
                else
                    setup.hedge->maxAttempts = int(value);
                PointResult cell = points.at({"hedge", delay, value});
                QCOMPARE(cell.load, 0.6);
                cell.knobValue.reset();
                cell.againstValue.reset();
                QVERIFY2(cell == runAlone(s, setup, service), "a cell is not its setup run alone");
            }
    }

    void baselineRunsAtEachAgainstValue()
    {
        // A service knob: the baseline's service has it at each row.
        const Scenario s = twoKnobs("service.workers", {4, 16});
        const auto points = againstPointsOf(LoadSweep(s, 2).run().points);
        for (double workers : {4.0, 16.0}) {
            ServiceConfig service = s.service;
            service.workers = int(workers);
            PointResult baseline = points.at({"plain", std::nullopt, workers});
            baseline.againstValue.reset();
            QVERIFY(baseline == runAlone(s, s.setups[0], service));
        }
        QVERIFY(points.at({"plain", std::nullopt, 4.0}).p99Ms !=
                points.at({"plain", std::nullopt, 16.0}).p99Ms);

        // A hedge knob the "no hedge" baseline has not: the same baseline at every row...
        const Scenario attempts = twoKnobs("hedge.max_attempts", {1, 3});
        QCOMPARE(againstBaseline(attempts, 0).setup, attempts.setups[0]);
        QCOMPARE(againstBaseline(attempts, 1).setup, attempts.setups[0]);
        // ...and one a hedging baseline has: set on it.
        Scenario hedgedBaseline = attempts;
        hedgedBaseline.setups.push_back(Setup{.name = "other", .hedge = HedgeSettings{}});
        hedgedBaseline.grid->baseline = "other";
        QCOMPARE(againstBaseline(hedgedBaseline, 1).setup.hedge->maxAttempts, 3);
        QCOMPARE(againstBaseline(hedgedBaseline, 1).againstValue, std::optional<double>(3));
    }

    void resultsOrderAndTheAddedBaseline()
    {
        Scenario s = twoKnobs("service.workers", {4, 16});
        s.setups.erase(s.setups.begin()); // no "no hedge" setup: the run adds one
        const std::vector<SweepPoint> points = sweepPoints(s);
        // The setup at its 2 loads, the added baseline at 2 against values, then 2 × 2 cells,
        // value by value.
        QCOMPARE(points.size(), std::size_t{2 + 2 + 4});
        QCOMPARE(points[2].setup.name, gridBaselineName(Cancellation::Client));
        QCOMPARE(points[3].againstValue, std::optional<double>(16));
        QVERIFY(!points[3].knobValue);
        QCOMPARE(points[4].knobValue, std::optional<double>(5));
        QCOMPARE(points[5].againstValue, std::optional<double>(16));
        QCOMPARE(points[6].knobValue, std::optional<double>(40));
        for (std::size_t i = 2; i < points.size(); ++i)
            QCOMPARE(pointLoad(s, points[i]), 0.6);
        QCOMPARE(mapPoints(s).size(), std::size_t{6});
    }

    void cellsDependOnNothingElse()
    {
        const auto before =
            againstPointsOf(LoadSweep(twoKnobs("service.workers", {4, 16}), 1).run().points);
        const auto after = againstPointsOf(
            LoadSweep(twoKnobs("service.workers", {8, 16, 4}, {40, 10, 5}), 2).run().points);
        for (const auto& [key, point] : before)
            QVERIFY2(after.at(key) == point, "a cell changed when values or threads changed");
        QVERIFY(after.at({"hedge", 10.0, 8.0}).p99Ms != after.at({"hedge", 10.0, 4.0}).p99Ms);
    }

    void everyCellIsAPointOfItsOwn()
    {
        const Scenario s = twoKnobs("service.workers", {4, 16, 32}, {5, 10, 40});
        std::unordered_set<PointIdentity, PointIdentity::Hash> seen;
        for (const SweepPoint& p : mapPoints(s))
            QVERIFY(seen.insert(PointIdentity::of(s, p.setup, p.service, pointLoad(s, p), s.calls))
                        .second);
        QCOMPARE(seen.size(), std::size_t{3 + 9});
    }

    void theMapsRowsAreTheAgainstValues()
    {
        const Scenario s = twoKnobs("service.workers", {16, 4});
        const GridMap map = gridMap(s, LoadSweep(s, 2).run().points, MapFigure::P99Ratio);
        QCOMPARE(map.rows, (std::vector<double>{4, 16}));
        QCOMPARE(map.againstLoad, std::optional<double>(0.6));
        QCOMPARE(map.filled(), std::size_t{4});
        for (std::size_t v = 0; v < 2; ++v)
            for (std::size_t r = 0; r < 2; ++r) {
                const MapCell& cell = *map.at(v, r);
                QCOMPARE(cell.point.againstValue, std::optional<double>(map.rows[r]));
                QCOMPARE(cell.baseline->againstValue, std::optional<double>(map.rows[r]));
                QCOMPARE(*cell.value, *cell.point.p99Ms / *cell.baseline->p99Ms);
            }
    }

    void choosingACellSetsBothKnobs()
    {
        const Scenario s = twoKnobs("service.workers", {4, 16});
        const std::optional<Scenario> next = withGridCell(s, 40, 16);
        QVERIFY(next);
        QCOMPARE(next->setups[1].hedge->delayMs, 40.0);
        QCOMPARE(next->service.workers, 16);
        QCOMPARE(next->grid, s.grid);
    }

    void filesRoundTrip()
    {
        const Scenario s = twoKnobs("hedge.max_attempts", {1, 3});
        const std::string text = writeScenarioJson(s);
        QVERIFY2(text.find(R"("against": {
      "knob": "hedge.max_attempts",
      "values": [1.0, 3.0],
      "load": 0.6
    })") != std::string::npos,
                 text.c_str());
        QCOMPARE(parseScenarioJson(text), s);

        const std::vector<PointResult> points = LoadSweep(s, 2).run().points;
        const std::string results = writeResultsJson(s, points);
        QVERIFY(results.find("\"knob_value\": 40.0, \"against_value\": 3.0,") != std::string::npos);
        const RunResults back = parseResultsJson(results);
        QCOMPARE(back.points.size(), points.size());
        for (std::size_t i = 0; i < points.size(); ++i) {
            QCOMPARE(back.points[i].againstValue, points[i].againstValue);
            QCOMPARE(back.points[i].knobValue, points[i].knobValue);
            QCOMPARE(back.points[i].p99Ms, points[i].p99Ms);
        }
        QCOMPARE(writeResultsJson(back.scenario, back.points), results);
        const std::string csv = writeResultsCsv(s, points);
        QVERIFY(csv.substr(0, csv.find('\n')).ends_with(",knob_value,against_value"));
        QVERIFY(csv.find(",5,3\n") != std::string::npos); // a cell: delay 5, 3 attempts
        QVERIFY(csv.find(",false,,\n") != std::string::npos); // a setup's point: neither

        // A grid without "against" writes neither key nor column.
        Scenario one = s;
        one.grid->against.reset();
        const std::vector<PointResult> onePoints = LoadSweep(one, 2).run().points;
        QVERIFY(writeResultsJson(one, onePoints).find("against") == std::string::npos);
        QVERIFY(writeResultsCsv(one, onePoints).find("against") == std::string::npos);
    }

    void badResultsPointsAreNamed()
    {
        const Scenario s = twoKnobs("service.workers", {4, 16});
        const std::string good = writeResultsJson(s, LoadSweep(s, 2).run().points);
        const auto problem = [&good](const std::string& from, const std::string& to) {
            std::string text = good;
            const std::size_t at = text.find(from);
            if (at == std::string::npos)
                return std::string("(not found)");
            text.replace(at, from.size(), to);
            try {
                parseResultsJson(text);
            } catch (const ScenarioError& e) {
                return std::string(e.what());
            }
            return std::string("(accepted)");
        };
        QCOMPARE(problem("\"against_value\": 16.0", "\"against_value\": 8"),
                 std::string("points[5].against_value: 8 is not a value of grid.against"));
        QCOMPARE(problem("\"load\": 0.6, \"against_value\"", "\"load\": 0.4, \"against_value\""),
                 std::string("points[4].load: 0.4 is not the load of grid.against"));
        QCOMPARE(problem(", \"against_value\": 4.0, \"measured_calls\"", ", \"measured_calls\""),
                 std::string("points[4].load: 0.6 is not a load of the scenario"));
    }

    void badGridsNameTheField_data()
    {
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QString>("message");
        QTest::newRow("same knob") << "knob=hedge.delay_ms"
                                   << "grid.against.knob: hedge.delay_ms is the grid's knob too "
                                      "(the two knobs must differ)";
        QTest::newRow("not a grid knob") << "knob=service.replicas"
                                         << "grid.against.knob: \"service.replicas\" is not a knob";
        QTest::newRow("value out of range")
            << "value=0" << "grid.against.values[2]: 0 is out of range (allowed 1 … 10000) for "
                            "service.workers";
        QTest::newRow("not whole") << "value=2.5"
                                   << "grid.against.values[2]: 2.5 is not a whole number "
                                      "(service.workers counts)";
        QTest::newRow("twice") << "value=4"
                               << "grid.against.values[2]: 4 appears twice (values must be "
                                  "distinct)";
        QTest::newRow("load 0") << "load=0"
                                << "grid.against.load: 0 is out of range (allowed > 0 and ≤ 1.5)";
        QTest::newRow("load 1.6")
            << "load=1.6" << "grid.against.load: 1.6 is out of range (allowed > 0 and ≤ 1.5)";
    }
    void badGridsNameTheField()
    {
        QFETCH(QString, edit);
        QFETCH(QString, message);
        Scenario s = twoKnobs("service.workers", {4, 16, 8});
        QVERIFY(!firstScenarioError(s));
        const QString what = edit.section('=', 0, 0);
        const QString value = edit.section('=', 1);
        if (what == "knob")
            s.grid->against->knob = value.toStdString();
        else if (what == "value")
            s.grid->against->values[2] = value.toDouble();
        else
            s.grid->against->load = value.toDouble();
        const std::optional<ScenarioError> error = firstScenarioError(s);
        QVERIFY(error);
        QVERIFY2(QString::fromUtf8(error->what()).startsWith(message), error->what());
    }

    void aPairBreakingARuleBetweenKnobsIsNamed()
    {
        // A test row on the replicas (as the fan-out's rows are): 8 copies × 2000 workers is more
        // than 10 000 workers in all. Each value is valid alone; the cell is not.
        const KnobRegistryTesting copies(Knob{.field = "service.test_copies",
                                              .member = &ServiceConfig::replicas,
                                              .range = {.min = 1.0, .max = 8.0},
                                              .grid = GridSpread{.from = 1, .to = 4, .count = 4}});
        Scenario s = twoKnobs("service.test_copies", {1, 8});
        s.grid->knob = "service.workers";
        s.grid->values = {16, 2000};
        const std::optional<ScenarioError> error = firstScenarioError(s);
        QVERIFY(error);
        QCOMPARE(error->field(), std::string("grid.against.values[1]"));
        QVERIFY2(error->problem().ends_with("for service.test_copies with service.workers = 2000"),
                 error->what());
        s.grid->values = {16, 1000};
        QVERIFY(!firstScenarioError(s));
    }
};

QTEST_APPLESS_MAIN(TestTwoKnobGrid)
#include "tst_twoknobgrid.moc"
