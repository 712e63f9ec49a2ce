// The topology fields of a scenario (docs/topology.md; docs/scenario.md): read, written back,
// validated with `FIELD: problem`; results carry replica_utilisation_max when there are
// replicas; a one-queue scenario is written exactly as before the topology existed.
#include "TestErrors.h"

#include <hedge/io/ResultsJson.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>

#include <QTest>

using namespace hedge;

namespace {

const char* kTopology = R"({
  "calls": 2000, "loads": [0.5],
  "service": {"workers": 4, "replicas": 4, "balancer": "two_choices",
              "hiccup_correlation": 0.25,
              "slowdowns": {"per_minute": 3, "duration_ms": 1000, "factor": 10}},
  "setups": [{"name": "h", "hedge": {"placement": "other_replica"}}]
})";

std::string withService(const std::string& fields)
{
    return R"({"service": {)" + fields + "}}";
}

} // namespace

class TestTopologyScenario : public QObject {
    Q_OBJECT

private slots:
    void readsEveryTopologyField()
    {
        const Scenario s = parseScenarioJson(kTopology);
        QCOMPARE(s.service.replicas, 4);
        QCOMPARE(s.service.workers, 4);
        QCOMPARE(s.service.balancer, BalancerKind::TwoChoices);
        QCOMPARE(s.service.hiccupCorrelation, 0.25);
        QVERIFY(s.service.slowdowns == (Slowdowns{3.0, 1000.0, 10.0}));
        QCOMPARE(s.setups.at(0).hedge->placement, HedgePlacement::OtherReplica);
        QCOMPARE(s.service.arrivalRatePerMs(0.5), 0.5 * 16 / s.service.meanServiceMs());
        // Round trip, bit for bit.
        QVERIFY(parseScenarioJson(writeScenarioJson(s)) == s);
        // slowdowns omitted or null: none; {} takes the defaults.
        QVERIFY(!parseScenarioJson(withService(R"("slowdowns": null)")).service.slowdowns);
        QVERIFY(parseScenarioJson(withService(R"("slowdowns": {})")).service.slowdowns ==
                Slowdowns{});
    }

    void oneQueueScenariosAreWrittenAsBefore()
    {
        const std::string text = writeScenarioJson(Scenario{});
        for (const char* key : {"replicas", "balancer", "hiccup_correlation", "slowdowns",
                                "placement"})
            QVERIFY2(text.find(key) == std::string::npos, key);
        // Any topology field off its default writes the service's whole topology.
        Scenario s;
        s.service.hiccupCorrelation = 1.0;
        const std::string spelled = writeScenarioJson(s);
        for (const char* key : {"\"replicas\": 1", "\"balancer\": \"round_robin\"",
                                "\"hiccup_correlation\": 1.0", "\"slowdowns\": null"})
            QVERIFY2(spelled.find(key) != std::string::npos, key);
        QVERIFY(parseScenarioJson(spelled) == s);
    }

    void rejectsWhatTheModelCannotRun_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("replicas 0") << QString::fromStdString(withService(R"("replicas": 0)"))
                                    << "service.replicas: 0 is out of range (allowed 1 … 64)";
        QTest::newRow("replicas 65") << QString::fromStdString(withService(R"("replicas": 65)"))
                                     << "service.replicas: 65 is out of range (allowed 1 … 64)";
        QTest::newRow("too many workers")
            << QString::fromStdString(withService(R"("replicas": 64, "workers": 200)"))
            << "service.replicas: 64 replicas × 200 workers = 12800 workers in all, more than "
               "allowed (replicas × workers ≤ 10000)";
        QTest::newRow("balancer")
            << QString::fromStdString(withService(R"("balancer": "fastest")"))
            << "service.balancer: \"fastest\" is not allowed (allowed \"round_robin\", "
               "\"random\", \"least_outstanding\", \"two_choices\")";
        QTest::newRow("balancer type")
            << QString::fromStdString(withService(R"("balancer": 2)"))
            << "service.balancer: expected a string, got a number (2)";
        QTest::newRow("correlation > 1")
            << QString::fromStdString(withService(R"("hiccup_correlation": 1.5)"))
            << "service.hiccup_correlation: 1.5 is out of range (allowed 0 … 1)";
        QTest::newRow("correlation < 0")
            << QString::fromStdString(withService(R"("hiccup_correlation": -0.1)"))
            << "service.hiccup_correlation: -0.1 is out of range (allowed 0 … 1)";
        QTest::newRow("factor < 1")
            << QString::fromStdString(withService(R"("slowdowns": {"factor": 0.5})"))
            << "service.slowdowns.factor: 0.5 is out of range (allowed ≥ 1)";
        QTest::newRow("negative rate")
            << QString::fromStdString(withService(R"("slowdowns": {"per_minute": -1})"))
            << "service.slowdowns.per_minute: -1 is out of range (allowed ≥ 0)";
        QTest::newRow("negative duration")
            << QString::fromStdString(withService(R"("slowdowns": {"duration_ms": -5})"))
            << "service.slowdowns.duration_ms: -5 is out of range (allowed ≥ 0)";
        QTest::newRow("slowdowns unknown field")
            << QString::fromStdString(withService(R"("slowdowns": {"every": 3})"))
            << "service.slowdowns.every: unknown field (allowed here: per_minute, duration_ms, "
               "factor)";
        QTest::newRow("slowdowns true")
            << QString::fromStdString(withService(R"("slowdowns": true)"))
            << "service.slowdowns: expected null or an object, got a boolean (true)";
        QTest::newRow("placement")
            << QString(R"({"setups": [{"hedge": {"placement": "same"}}]})")
            << "setups[0].hedge.placement: \"same\" is not allowed (allowed \"any\", "
               "\"other_replica\")";
    }

    void rejectsWhatTheModelCannotRun()
    {
        QFETCH(QString, json);
        QFETCH(QString, error);
        QCOMPARE(test::scenarioErrorText(json.toStdString()), error);
    }

    void resultsCarryTheBusiestReplicaWhenThereAreReplicas()
    {
        const Scenario s = parseScenarioJson(kTopology);
        // Designated initialisers: assigning the literal to p.setup trips g++ 12's false
        // -Wstringop-overflow under -fsanitize=address at -O2 (as GCC bug 105329).
        const PointResult p{.setup = "h",
                            .load = 0.5,
                            .measuredCalls = 1800,
                            .utilisation = 0.5,
                            .replicaUtilisationMax = 0.75};
        const std::string text = writeResultsJson(s, {p});
        QVERIFY(text.find("\"replica_utilisation_max\": 0.75") != std::string::npos);
        QCOMPARE(parseResultsJson(text).points.at(0).replicaUtilisationMax, 0.75);

        Scenario pooled = s;
        pooled.service = ServiceConfig{};
        const std::string plain = writeResultsJson(pooled, {p});
        QVERIFY(plain.find("replica_utilisation_max") == std::string::npos);
        // Read back, a one-queue point has no busiest replica (0), as the engine reports it.
        QCOMPARE(parseResultsJson(plain).points.at(0).replicaUtilisationMax, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestTopologyScenario)
#include "tst_topologyscenario.moc"
