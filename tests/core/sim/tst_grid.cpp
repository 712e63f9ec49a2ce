// Grids (docs/maps.md): a cell is the point of the gridded setup with the knob set,
// run alone; adding a value changes no other cell; the baseline is found or added; the
// results file records the knob value and reads back; bad grids name the field and range.
#include <hedge/io/ResultsCsv.h>
#include <hedge/io/ResultsJson.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/Simulation.h>
#include <hedge/sim/SweepPoints.h>

#include <QTest>

using namespace hedge;

namespace {

Setup hedged(std::string name, Cancellation c = Cancellation::Client)
{
    return Setup{.name = std::move(name),
                 .cancellation = c,
                 .hedge = HedgeSettings{.budgetPercent = 0.0},
                 .adaptiveLimit = std::nullopt};
}

Scenario gridScenario(std::string knob, std::vector<double> values, int replicates = 1)
{
    Scenario s;
    s.calls = 3000;
    s.replicates = replicates;
    s.loads = {0.4, 0.8};
    s.setups = {hedged("hedge")};
    s.grid = Grid{.setup = "hedge", .knob = std::move(knob), .values = std::move(values)};
    return s;
}

// The cells of an outcome by (knob value, load).
std::map<std::pair<double, double>, PointResult> cellsOf(const LoadSweep::Outcome& outcome)
{
    std::map<std::pair<double, double>, PointResult> cells;
    for (const PointResult& p : outcome.points)
        if (p.knobValue)
            cells[{*p.knobValue, p.load}] = p;
    return cells;
}

} // namespace

class TestGrid : public QObject {
    Q_OBJECT

private slots:
    void cellsEqualTheirPointRunAlone_data()
    {
        QTest::addColumn<QString>("knob");
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("replicates");
        QTest::newRow("delay") << "hedge.delay_ms" << 7.5 << 1;
        QTest::newRow("budget") << "hedge.budget_percent" << 5.0 << 1;
        QTest::newRow("attempts") << "hedge.max_attempts" << 3.0 << 1;
        QTest::newRow("workers") << "service.workers" << 12.0 << 1;
        QTest::newRow("delay, 3 replicates") << "hedge.delay_ms" << 30.0 << 3;
    }
    void cellsEqualTheirPointRunAlone()
    {
        QFETCH(QString, knob);
        QFETCH(double, value);
        QFETCH(int, replicates);
        const Scenario grid = gridScenario(knob.toStdString(), {value, 2 * value}, replicates);
        const LoadSweep::Outcome outcome = LoadSweep(grid, 2).run();
        const auto cells = cellsOf(outcome);
        QCOMPARE(cells.size(), std::size_t{4});

        // The same cell as an ordinary scenario of one setup with the knob set by hand.
        Scenario alone = grid;
        alone.grid.reset();
        alone.setups[0].name = "hedge";
        const std::string k = knob.toStdString();
        if (k == "hedge.delay_ms")
            alone.setups[0].hedge->delayMs = value;
        else if (k == "hedge.budget_percent")
            alone.setups[0].hedge->budgetPercent = value;
        else if (k == "hedge.max_attempts")
            alone.setups[0].hedge->maxAttempts = int(value);
        else
            alone.service.workers = int(value);
        const LoadSweep::Outcome single = LoadSweep(alone, 1).run();
        for (const PointResult& expected : single.points) {
            PointResult cell = cells.at({value, expected.load});
            QCOMPARE(*cell.knobValue, value);
            cell.knobValue.reset();
            QVERIFY(cell == expected);
        }
    }

    void addingAValueChangesNoOtherCell()
    {
        const auto before = cellsOf(LoadSweep(gridScenario("hedge.delay_ms", {5, 40}), 2).run());
        const auto after =
            cellsOf(LoadSweep(gridScenario("hedge.delay_ms", {15, 5, 60, 40}), 2).run());
        QCOMPARE(after.size(), std::size_t{8});
        for (const auto& [key, cell] : before)
            QVERIFY2(after.at(key) == cell, "a cell changed when values were added");
        // And the new values are not copies of the old ones.
        QVERIFY(after.at({15, 0.8}).p99Ms != after.at({5, 0.8}).p99Ms);
    }

    void defaultBaselineIsFoundOrAdded()
    {
        Scenario s = gridScenario("hedge.delay_ms", {10});
        GridBaseline added = gridBaseline(s);
        QVERIFY(added.added);
        QCOMPARE(added.setup.name, std::string("no hedge / client (baseline)"));
        QVERIFY(!added.setup.hedge);
        // Results order: the setup's points, the added baseline, the cells.
        const std::vector<SweepPoint> points = sweepPoints(s);
        QCOMPARE(points.size(), std::size_t{6});
        QCOMPARE(points[2].setup.name, added.setup.name);
        QVERIFY(points[4].knobValue.has_value());

        // A "no hedge" setup with the gridded setup's cancellation is the baseline itself.
        s.setups.push_back(Setup{.name = "plain", .cancellation = Cancellation::Client});
        s.setups.push_back(Setup{.name = "plain server", .cancellation = Cancellation::Server});
        QVERIFY(!gridBaseline(s).added);
        QCOMPARE(gridBaseline(s).setup.name, std::string("plain"));
        QCOMPARE(sweepPoints(s).size(), std::size_t{3 * 2 + 2});
        s.grid->baseline = "plain server";
        QCOMPARE(gridBaseline(s).setup.name, std::string("plain server"));
    }

    void resultsFileRecordsTheKnobAndReadsBack()
    {
        const Scenario s = gridScenario("service.workers", {8, 16});
        const LoadSweep::Outcome outcome = LoadSweep(s, 2).run();
        const std::string json = writeResultsJson(s, outcome.points);
        QVERIFY(json.find(R"("load": 0.4, "knob": "service.workers", "knob_value": 8.0,)") !=
                std::string::npos);
        const RunResults back = parseResultsJson(json);
        QVERIFY(back.scenario == s);
        QCOMPARE(back.points.size(), outcome.points.size());
        for (std::size_t i = 0; i < back.points.size(); ++i) {
            QCOMPARE(back.points[i].knobValue, outcome.points[i].knobValue);
            QCOMPARE(back.points[i].p99Ms, outcome.points[i].p99Ms);
            QCOMPARE(back.points[i].setup, outcome.points[i].setup);
        }
        QCOMPARE(writeResultsJson(back.scenario, back.points), json);

        const std::string csv = writeResultsCsv(s, outcome.points);
        QVERIFY(csv.substr(0, csv.find('\n')).ends_with(",knob_value"));
        QVERIFY(csv.find(",8\n") != std::string::npos);
    }

    void badCellsInAResultsFileAreNamed()
    {
        const Scenario s = gridScenario("hedge.delay_ms", {10});
        const LoadSweep::Outcome outcome = LoadSweep(s, 2).run();
        std::string json = writeResultsJson(s, outcome.points);
        const auto at = json.find(R"("knob_value": 10.0)");
        QVERIFY(at != std::string::npos);
        json.replace(at, 18, R"("knob_value": 11.0)");
        try {
            parseResultsJson(json);
            QFAIL("a knob value outside the grid was accepted");
        } catch (const ScenarioError& e) {
            QCOMPARE(QString::fromStdString(e.what()),
                     QString("points[4].knob_value: 11.0 is not a value of the grid"));
        }
    }

    void badGridsNameTheFieldAndRange_data()
    {
        QTest::addColumn<QString>("grid");
        QTest::addColumn<QString>("message");
        QTest::newRow("setup") << R"({"setup": "nope", "knob": "hedge.delay_ms", "values": [1]})"
                               << R"(grid.setup: "nope" is not a setup of the scenario)";
        QTest::newRow("knob")
            << R"({"setup": "hedge", "knob": "hedge.delay", "values": [1]})"
            << R"(grid.knob: "hedge.delay" is not a knob (knobs: hedge.delay_ms, )"
               R"(hedge.max_attempts, hedge.budget_percent, )"
               R"(hedge.budget_min_per_second, hedge.budget_window_s, )"
               R"(service.workers, service.median_ms, service.sigma, )"
               R"(service.hiccup_probability, service.error_probability, service.shed_backlog_ms, )"
               R"(service.clients, )"
               R"(fanout.parts, fanout.copies, setup.deadline_ms, )"
               R"(resilience4cata.retry.max_attempts, resilience4cata.retry.wait_duration_ms, )"
               R"(resilience4cata.retry.budget.percent))";
        QTest::newRow("hedge knob without hedge")
            << R"({"setup": "plain", "knob": "hedge.delay_ms", "values": [1]})"
            << R"(grid.knob: hedge.delay_ms needs setup "plain" to hedge (its "hedge" is null))";
        QTest::newRow("no values")
            << R"({"setup": "hedge", "knob": "hedge.delay_ms", "values": []})"
            << "grid.values: must hold 1 … 1000 values (it holds 0)";
        QTest::newRow("range")
            << R"({"setup": "hedge", "knob": "hedge.max_attempts", "values": [2, 11]})"
            << "grid.values[1]: 11 is out of range (allowed 1 … 10) for hedge.max_attempts";
        QTest::newRow("workers range")
            << R"({"setup": "hedge", "knob": "service.workers", "values": [0]})"
            << "grid.values[0]: 0 is out of range (allowed 1 … 10000) for service.workers";
        QTest::newRow("negative delay")
            << R"({"setup": "hedge", "knob": "hedge.delay_ms", "values": [-1]})"
            << "grid.values[0]: -1 is out of range (allowed ≥ 0) for hedge.delay_ms";
        QTest::newRow("whole number")
            << R"({"setup": "hedge", "knob": "service.workers", "values": [2.5]})"
            << "grid.values[0]: 2.5 is not a whole number (service.workers counts)";
        QTest::newRow("twice")
            << R"({"setup": "hedge", "knob": "hedge.delay_ms", "values": [5, 5]})"
            << "grid.values[1]: 5 appears twice (values must be distinct)";
        QTest::newRow("baseline")
            << R"({"setup": "hedge", "knob": "hedge.delay_ms", "values": [5], "baseline": "x"})"
            << R"(grid.baseline: "x" is not a setup of the scenario)";
        QTest::newRow("unknown field")
            << R"({"setup": "hedge", "knob": "hedge.delay_ms", "values": [5], "valeus": [1]})"
            << "grid.valeus: unknown field";
    }
    void badGridsNameTheFieldAndRange()
    {
        QFETCH(QString, grid);
        QFETCH(QString, message);
        const std::string text =
            R"({"setups": [{"name": "hedge", "hedge": {}}, {"name": "plain"}], "grid": )" +
            grid.toStdString() + "}";
        try {
            parseScenarioJson(text);
            QFAIL("accepted");
        } catch (const ScenarioError& e) {
            QCOMPARE(QString::fromStdString(e.what()).left(message.size()), message);
        }
    }
};

QTEST_GUILESS_MAIN(TestGrid)
#include "tst_grid.moc"
