// service.distribution in a scenario file: the table travels with the scenario and reads back
// the same; a log-normal file is written as before; bad values name their field.
#include "TestErrors.h"

#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/service/ServiceDistribution.h>

#include <QtTest>

#include <cmath>

using namespace hedge;

namespace {

ServiceDistribution measured()
{
    ServiceDistribution d;
    d.source = "measurements/bimodal-cache.csv";
    d.format = MeasurementFormat::Csv;
    d.column = "latency_ms";
    d.samples = 20000;
    std::vector<double> knots(std::size_t(ServiceTimeTable::kSegments) + 1);
    for (std::size_t i = 0; i < knots.size(); ++i)
        knots[i] = 1.5 * std::exp(4.0 * double(i) / ServiceTimeTable::kSegments);
    d.table = ServiceTimeTable(knots);
    return d;
}

// The scenario's text with `distribution` as the service's last member.
std::string withDistribution(const std::string& distribution)
{
    Scenario s;
    s.setups = Scenario::referenceSetups();
    std::string text = writeScenarioJson(s);
    const std::size_t at = text.find("\"error_probability\": 0");
    return text.insert(at, "\"distribution\": " + distribution + ", ");
}

} // namespace

class TestDistributionJson : public QObject {
    Q_OBJECT
private slots:
    void anEmpiricalServiceReadsBackTheSameTable()
    {
        Scenario s;
        s.setups = Scenario::referenceSetups();
        s.service.distribution = measured();
        const std::string text = writeScenarioJson(s);
        QVERIFY(text.find("\"knots_ms\": [") != std::string::npos);
        const Scenario back = parseScenarioJson(text);
        QVERIFY(back.service.distribution);
        QVERIFY(back.service.distribution->table == s.service.distribution->table);
        QVERIFY(back.service == s.service);
        QCOMPARE(writeScenarioJson(back), text);
    }

    void aDashboardsPercentilesAreWrittenAsTheyWereTyped()
    {
        const std::string text = withDistribution(
            R"({"kind": "percentiles", "p50_ms": 5, "p90_ms": 9, "p99_ms": 40, "p999_ms": 120})");
        const Scenario s = parseScenarioJson(text);
        QVERIFY(s.service.distribution);
        QCOMPARE(s.service.distribution->table.quantile(0.99), 40.0);
        const std::string written = writeScenarioJson(s);
        QVERIFY(written.find("\"p999_ms\": 120") != std::string::npos);
        QVERIFY(written.find("knots_ms") == std::string::npos); // follows from the points
        QVERIFY(parseScenarioJson(written).service == s.service);
    }

    void theLogNormalModelIsWrittenAsBefore()
    {
        Scenario s;
        s.setups = Scenario::referenceSetups();
        const std::string text = writeScenarioJson(s);
        QVERIFY(text.find("distribution") == std::string::npos);
        QVERIFY(!parseScenarioJson(withDistribution("\"lognormal_hiccups\"")).service.distribution);
    }

    void badDistributionsNameTheirField_data()
    {
        QTest::addColumn<QString>("distribution");
        QTest::addColumn<QString>("error");
        QTest::newRow("kind") << R"({"kind": "gamma"})"
                              << "service.distribution.kind: \"gamma\": must be "
                                 "lognormal_hiccups, empirical or percentiles";
        QTest::newRow("no table") << R"({"kind": "empirical", "source": "a.csv"})"
                                  << "service.distribution.knots_ms: missing: an empirical "
                                     "service carries its table (hedgesim service fit makes one "
                                     "from the measurements)";
        QTest::newRow("short table")
            << R"({"kind": "empirical", "knots_ms": [1, 2, 3]})"
            << "service.distribution.knots_ms: a table has 4001 knots, got 3";
        QTest::newRow("format") << R"({"kind": "empirical", "format": "xml", "knots_ms": []})"
                                << "service.distribution.format: \"xml\" is not one of csv, "
                                   "hdrhistogram_log, prometheus";
        QTest::newRow("no p99") << R"({"kind": "percentiles", "p50_ms": 5})"
                                << "service.distribution.p99_ms: missing: a percentiles service "
                                   "needs p50_ms and p99_ms at least";
        QTest::newRow("descending")
            << R"({"kind": "percentiles", "p50_ms": 5, "p99_ms": 4})"
            << "service.distribution: p99 (4 ms) is below p50";
        QTest::newRow("unknown key") << R"({"kind": "percentiles", "p95_ms": 5})"
                                     << "service.distribution.p95_ms: unknown field (allowed here: kind, source, "
                                        "format, column, metric, unit, samples, p50_ms, p90_ms, "
                                        "p99_ms, p999_ms, min_ms, max_ms, calibration, knots_ms)";
    }

    void badDistributionsNameTheirField()
    {
        QFETCH(QString, distribution);
        QFETCH(QString, error);
        QCOMPARE(test::scenarioErrorText(withDistribution(distribution.toStdString())), error);
    }

    void aLogNormalKnobCannotBeGriddedOnATable()
    {
        Scenario s;
        s.setups = Scenario::referenceSetups();
        s.service.distribution = measured();
        s.grid = Grid{.setup = s.setups[1].name, .knob = "service.median_ms", .values = {5, 10}};
        QCOMPARE(test::scenarioErrorText(writeScenarioJson(s)),
                 QString("grid.knob: service.median_ms is a knob of the log-normal service, and "
                         "this service's times come from its table (service.distribution)"));
        s.grid->knob = "service.workers";
        QVERIFY(test::scenarioErrorText(writeScenarioJson(s)).isEmpty());
    }

    void theServiceAloneIsTheScenariosServiceObject()
    {
        // What `hedgesim service fit` writes: the "service" object a scenario file holds, byte
        // for byte, which a scenario reads back as the same service.
        Scenario s;
        s.service.workers = 8;
        s.service.replicas = 3;
        s.service.distribution = measured();
        std::string service = writeServiceJson(s.service);
        QVERIFY(service.ends_with("}\n"));
        std::string indented; // the scenario's object is one level deeper
        for (char c : service.substr(0, service.size() - 1)) {
            indented += c;
            if (c == '\n')
                indented += "  ";
        }
        QVERIFY(writeScenarioJson(s).find("\"service\": " + indented + ",\n") != std::string::npos);
        QVERIFY(parseScenarioJson("{\"service\": " + service + "}").service == s.service);
    }
};

QTEST_APPLESS_MAIN(TestDistributionJson)
#include "tst_distributionjson.moc"
