// hedgesim policy export / import as a user runs them (in-process): the stack's text on
// standard output or in -o's file, the uncovered fields on standard error, "FIELD: problem" and
// exit 2 for bad input with nothing on standard output.
#include "InProcessHedgesim.h"
#include "TestFiles.h"

#include <hedge/io/PolicyExport.h>
#include <hedge/io/ScenarioJson.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace hedge;

namespace {

const char* kScenario = R"({
  "setups": [
    {"name": "no hedge"},
    {"name": "hedge, no budget", "hedge": {"budget_percent": 0, "max_attempts": 3}},
    {"name": "budget, limit", "hedge": {}, "adaptive_limit": true}
  ]
})";

} // namespace

class TestHedgesimPolicy : public QObject {
    Q_OBJECT

private slots:
    void exportPrintsTheStacksText()
    {
        const Scenario scenario = parseScenarioJson(kScenario);
        auto o =
            test::runHedgesim({"policy", "export", "-", "--setup", "budget, limit"}, kScenario);
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.out, exportPolicy(scenario.setups[2]).text);
        QVERIFY(o.out.find(".budget(b -> b.percent(10)") != std::string::npos);
        QCOMPARE(o.err, std::string());

        o = test::runHedgesim(
            {"policy", "export", "-", "--setup", "hedge, no budget", "--as", "polly"}, kScenario);
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.out, exportPolicy(scenario.setups[1], PolicyFamily::Polly).text);
        QVERIFY(o.out.find("MaxHedgedAttempts = 2,") != std::string::npos);
    }

    // The notes on standard error write numbers as a person reads them: a gRPC token ratio of
    // 0.0004 (gRPC keeps three decimals, and at least 0.001) is "0.0004", never "4e-04".
    void exportNotesHaveNoExponent()
    {
        const char* scenario = R"({
  "setups": [
    {"name": "slow refill", "policy": "grpc",
     "grpc": {"max_attempts": 3, "hedging_delay_ms": 15,
              "throttling": {"max_tokens": 20, "token_ratio": 0.0004}}}
  ]
})";
        const auto o =
            test::runHedgesim({"policy", "export", "-", "--setup", "slow refill"}, scenario);
        QCOMPARE(o.exitCode, 0);
        QVERIFY2(o.err.find("tokenRatio 0.0004 is written as 0.001: gRPC keeps three decimals") !=
                     std::string::npos,
                 o.err.c_str());
        QVERIFY2(o.err.find("e-0") == std::string::npos, o.err.c_str());
    }

    void exportWritesTheFileWholeWithMinusO()
    {
        QTemporaryDir dir;
        const QString scenario = test::writeFile(dir, "s.json", kScenario);
        const QString out = dir.filePath("policy.java");
        auto o =
            test::runHedgesim({"policy", "export", scenario, "--setup", "no hedge", "-o", out});
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.out, std::string());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("// no hedge: one attempt per call"));
        o = test::runHedgesim(
            {"policy", "export", scenario, "--setup", "no hedge", "-o", scenario});
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.err, "-o: would overwrite the scenario " + scenario.toStdString() + "\n");
    }

    void exportRefusesWhatDoesNotMap()
    {
        auto o = test::runHedgesim(
            {"policy", "export", "-", "--setup", "budget, limit", "--as", "grpc"}, kScenario);
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.out, std::string());
        QCOMPARE(o.err, std::string("--as grpc: \"budget, limit\" does not map exactly onto grpc: "
                                    "grpc's rules differ from resilience4cata's (what arms a "
                                    "hedge, what limits it, what an error does)\n"));
        o = test::runHedgesim({"policy", "export", "-", "--setup", "nope"}, kScenario);
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.err, std::string("--setup: no setup \"nope\" in the scenario (setups: \"no "
                                    "hedge\", \"hedge, no budget\", \"budget, limit\")\n"));
        o = test::runHedgesim({"policy", "export", "-", "--setup", "no hedge", "--as", "istio"},
                              kScenario);
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.starts_with("--as: \"istio\" is not a family (families: resilience4cata, "
                                   "grpc, envoy"),
                 o.err.c_str());
    }

    void importPrintsTheSetupAndListsTheUncovered()
    {
        QTemporaryDir dir;
        Setup envoy;
        envoy.name = "edge";
        envoy.policy = PolicyFamily::Envoy;
        envoy.families.envoy = {
            .perTryTimeoutMs = 30, .numRetries = 2, .retryBudget = EnvoyRetryBudget{25, 4}};
        const QString file = test::writeFile(dir, "edge.yaml", exportPolicy(envoy).text);
        auto o = test::runHedgesim({"policy", "import", file, "--name", "edge"});
        QCOMPARE(o.exitCode, 0);
        const QJsonObject entry =
            QJsonDocument::fromJson(QByteArray::fromStdString(o.out)).object();
        QCOMPARE(entry["name"].toString(), QStringLiteral("edge"));
        QCOMPARE(entry["policy"].toString(), QStringLiteral("envoy"));
        const QJsonObject knobs = entry["envoy"].toObject();
        QCOMPARE(knobs["per_try_timeout_ms"].toDouble(), 30.0);
        QCOMPARE(knobs["num_retries"].toInt(), 2);
        QCOMPARE(knobs["retry_budget"].toObject()["budget_percent"].toDouble(), 25.0);
        QCOMPARE(knobs["retry_budget"].toObject()["min_retry_concurrency"].toInt(), 4);
        QCOMPARE(o.err, std::string("hedgesim: not modelled: route.retry_policy.retry_on: "
                                    "connect-failure: not modelled (the explorer's service "
                                    "errors answer 5xx)\n"));

        // gRPC from standard input, told by its content.
        o = test::runHedgesim({"policy", "import", "-"},
                              R"({"methodConfig": [{"hedgingPolicy": {"maxAttempts": 4}}]})");
        QCOMPARE(o.exitCode, 0);
        const QJsonObject grpc = QJsonDocument::fromJson(QByteArray::fromStdString(o.out)).object();
        QCOMPARE(grpc["policy"].toString(), QStringLiteral("grpc"));
        QCOMPARE(grpc["grpc"].toObject()["max_attempts"].toInt(), 4);
        QCOMPARE(o.err, std::string());
    }

    void importRefusesBadInputWithTheField()
    {
        auto o = test::runHedgesim({"policy", "import", "-", "--format", "grpc"},
                                   R"({"methodConfig": [{"hedgingPolicy": {"maxAttempts": 1}}]})");
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.out, std::string());
        QCOMPARE(o.err,
                 std::string("methodConfig[0].hedgingPolicy.maxAttempts: must be at least 2\n"));
        o = test::runHedgesim({"policy", "import", "-", "--format", "envoy"}, "route: [a, b\n");
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.err, std::string("<stdin>: line 2, column 1: end of sequence flow not found\n"));
        o = test::runHedgesim({"policy", "import", "/nonexistent/x.json"});
        QCOMPARE(o.exitCode, 2);
        QVERIFY2(o.err.starts_with("/nonexistent/x.json: cannot read"), o.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestHedgesimPolicy)
#include "tst_hedgesimpolicy.moc"
