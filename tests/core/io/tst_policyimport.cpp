// PolicyImport: a gRPC service config (JSON) and an Envoy route and cluster (YAML) read into a
// setup of the family; export then import is the identity over many random settings; fields
// the model does not cover are listed; invalid input gets "FIELD: problem".
#include "TestErrors.h"

#include <hedge/io/PolicyExport.h>
#include <hedge/io/PolicyImport.h>
#include <hedge/io/ScenarioError.h>

#include <QTest>

#include <random>

using namespace hedge;

namespace {

// A duration in whole microseconds, as a user types one (the texts keep nanoseconds).
int randomMicros(std::mt19937_64& rng, int maxMs)
{
    return std::uniform_int_distribution<int>(0, maxMs * 1000)(rng);
}
double randomMs(std::mt19937_64& rng, int maxMs)
{
    return double(randomMicros(rng, maxMs)) / 1000.0;
}

GrpcSettings randomGrpc(std::mt19937_64& rng)
{
    GrpcSettings g;
    g.maxAttempts = std::uniform_int_distribution<int>(2, 7)(rng);
    g.hedgingDelayMs = randomMs(rng, 3000);
    g.nonFatalErrors = rng() % 2 == 0;
    if (rng() % 3 != 0)
        // As the format carries them: gRPC C-core reads a whole maxTokens and a tokenRatio in
        // thousandths (other values are written rounded, and noted: tst_policyexport).
        g.throttling =
            GrpcThrottling{double(std::uniform_int_distribution<int>(1, 1000)(rng)),
                           std::uniform_int_distribution<int>(1, 5000)(rng) / 1000.0};
    return g; // flavour java: the client's behaviour is no key of the config
}

EnvoySettings randomEnvoy(std::mt19937_64& rng)
{
    EnvoySettings e;
    e.perTryTimeoutMs = rng() % 5 == 0 ? 0.0 : randomMs(rng, 2000);
    e.numRetries = std::uniform_int_distribution<int>(0, 10)(rng);
    const int base = 1 + randomMicros(rng, 500);
    e.backoffBaseMs = double(base) / 1000.0;
    e.backoffMaxMs = rng() % 2 == 0 ? 0.0 : double(base + randomMicros(rng, 5000)) / 1000.0;
    e.maxRetries = std::uniform_int_distribution<int>(0, 50)(rng);
    if (rng() % 3 != 0)
        e.retryBudget = EnvoyRetryBudget{std::uniform_real_distribution<double>(0.0, 100.0)(rng),
                                         std::uniform_int_distribution<int>(0, 20)(rng)};
    return e;
}

QStringList uncoveredOf(const ImportedPolicy& imported)
{
    QStringList list;
    for (const std::string& u : imported.uncovered)
        list << QString::fromStdString(u);
    return list;
}

// The error importing `text` as `format` gives; empty when it is imported.
QString importErrorOf(const std::string& text, PolicyFamily format)
{
    return test::errorTextFrom([&] { importPolicy(text, format, "x"); });
}

} // namespace

class TestPolicyImport : public QObject {
    Q_OBJECT

private slots:
    void exportThenImportIsTheIdentity()
    {
        std::mt19937_64 rng(20);
        for (int i = 0; i < 400; ++i) {
            Setup grpc;
            grpc.name = "grpc " + std::to_string(i);
            grpc.policy = PolicyFamily::Grpc;
            grpc.families.grpc = randomGrpc(rng);
            // Every other setup with a deadline (docs/model.md, "Deadlines"), in whole µs.
            const double deadlineMs = i % 2 ? double(rng() % 600000000) / 1000.0 : 0.0;
            grpc.deadlineMs = deadlineMs;
            const ImportedPolicy back =
                importPolicy(exportPolicy(grpc).text, PolicyFamily::Grpc, grpc.name);
            QVERIFY2(back.setup == grpc, exportPolicy(grpc).text.c_str());
            QCOMPARE(back.setup.families.grpc, grpc.families.grpc);

            Setup envoy;
            envoy.name = "envoy " + std::to_string(i);
            envoy.policy = PolicyFamily::Envoy;
            envoy.families.envoy = randomEnvoy(rng);
            envoy.deadlineMs = deadlineMs;
            const std::string yaml = exportPolicy(envoy).text;
            const ImportedPolicy envoyBack = importPolicy(yaml, PolicyFamily::Envoy, envoy.name);
            QVERIFY2(envoyBack.setup == envoy, yaml.c_str());
            QCOMPARE(envoyBack.setup.families.envoy, envoy.families.envoy);
            QCOMPARE(guessPolicyFormat(yaml), PolicyFamily::Envoy);
        }
    }

    void grpcFieldsTheModelDoesNotCoverAreListed()
    {
        const ImportedPolicy imported = importPolicy(R"({
  "loadBalancingConfig": [{"round_robin": {}}],
  "methodConfig": [
    {"name": [{"service": "a.B"}], "timeout": "1s",
     "hedgingPolicy": {"maxAttempts": 7, "hedgingDelay": "0.5s",
                       "nonFatalStatusCodes": ["UNAVAILABLE", 8]}},
    {"name": [{"service": "a.C"}], "retryPolicy": {"maxAttempts": 3}}
  ],
  "retryThrottling": {"maxTokens": 20, "tokenRatio": 0.25}
})",
                                                     PolicyFamily::Grpc);
        QCOMPARE(imported.setup.policy, PolicyFamily::Grpc);
        QCOMPARE(imported.setup.name, std::string("grpc (imported)"));
        const GrpcSettings expected{.maxAttempts = 7,
                                    .hedgingDelayMs = 500.0,
                                    .nonFatalErrors = true,
                                    .throttling = GrpcThrottling{20.0, 0.25}};
        QCOMPARE(imported.setup.families.grpc, expected);
        // The method's timeout is the call's deadline (docs/model.md, "Deadlines").
        QCOMPARE(imported.setup.deadlineMs, 1000.0);
        QCOMPARE(uncoveredOf(imported),
                 (QStringList{
                     "loadBalancingConfig: not modelled (the explorer models the hedging only)",
                     "methodConfig[0].hedgingPolicy.maxAttempts: 7 is clamped to 5, by gRPC's "
                     "clients as by the explorer",
                     "methodConfig[0].hedgingPolicy.nonFatalStatusCodes[1]: RESOURCE_EXHAUSTED: "
                     "the explorer's service fails only with UNAVAILABLE",
                     "methodConfig[0].name: the explorer simulates one method of one service",
                     "methodConfig[1]: another method's policy: only methodConfig[0]'s is "
                     "imported"}));
    }

    void envoyFieldsTheModelDoesNotCoverAreListed()
    {
        // As Envoy reads it: proto or JSON names, a whole route, the cluster's other limits.
        const ImportedPolicy imported = importPolicy(R"(
route:
  cluster: backend
  timeout: 2s
  retryPolicy:
    retry_on: 5xx
    numRetries: 3
    perTryTimeout: 0.05s
    retry_host_predicate: [{name: envoy.retry_host_predicates.previous_hosts}]
  hedge_policy:
    hedge_on_per_try_timeout: true
    initial_requests: 2
cluster:
  name: backend
  circuit_breakers:
    thresholds:
    - priority: HIGH
      max_retries: 9
    - max_connections: 100
      max_retries: 5
      retry_budget: {}
)",
                                                     PolicyFamily::Envoy, "from envoy");
        EnvoySettings expected;
        expected.perTryTimeoutMs = 50.0;
        expected.numRetries = 3;
        expected.retryOn5xx = true;
        expected.maxRetries = 5;
        expected.retryBudget = EnvoyRetryBudget{};
        QCOMPARE(imported.setup.families.envoy, expected);
        QCOMPARE(imported.setup.deadlineMs, 2000.0); // the route's timeout
        QCOMPARE(imported.setup.name, std::string("from envoy"));
        QCOMPARE(uncoveredOf(imported),
                 (QStringList{
                     "route.cluster: not modelled (the explorer models the hedging only)",
                     "route.retryPolicy.retry_host_predicate: not modelled",
                     "route.hedge_policy.initial_requests: not implemented by Envoy's router; "
                     "ignored",
                     "cluster.name: not modelled",
                     "cluster.circuit_breakers.thresholds[0]: only the first DEFAULT priority is "
                     "modelled",
                     "cluster.circuit_breakers.thresholds[1].max_connections: not modelled (the "
                     "explorer's client has no connection pool)"}));
    }

    // Envoy's virtual host holds the same two policies for all its routes.
    void aVirtualHostGivesThePolicies()
    {
        const ImportedPolicy imported = importPolicy(R"(
virtual_host:
  name: shop
  domains: ["*"]
  retry_policy: {num_retries: 2, per_try_timeout: 0.03s}
  hedge_policy: {hedge_on_per_try_timeout: true}
)",
                                                     PolicyFamily::Envoy);
        QCOMPARE(imported.setup.families.envoy.numRetries, 2);
        QCOMPARE(imported.setup.families.envoy.perTryTimeoutMs, 30.0);
        QCOMPARE(uncoveredOf(imported),
                 (QStringList{
                     "virtual_host.name: not modelled (the explorer models the hedging only)",
                     "virtual_host.domains: not modelled (the explorer models the hedging only)"}));
    }

    void invalidInputNamesTheField_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("grpc");
        QTest::addColumn<QString>("error");
        const auto grpc = [](const char* hedging) {
            return QStringLiteral(R"({"methodConfig": [{"hedgingPolicy": %1}]})").arg(hedging);
        };
        QTest::newRow("one attempt") << grpc(R"({"maxAttempts": 1})") << true
                                     << "methodConfig[0].hedgingPolicy.maxAttempts: must be at "
                                        "least 2";
        QTest::newRow("no attempts") << grpc("{}") << true
                                     << "methodConfig[0].hedgingPolicy.maxAttempts: missing (at "
                                        "least 2)";
        QTest::newRow("delay a number")
            << grpc(R"({"maxAttempts": 2, "hedgingDelay": 20})") << true
            << R"(methodConfig[0].hedgingPolicy.hedgingDelay: "20" is not a duration (seconds with an s: "0.020s"))";
        QTest::newRow("unknown code")
            << grpc(R"({"maxAttempts": 2, "nonFatalStatusCodes": ["SLOW"]})") << true
            << R"(methodConfig[0].hedgingPolicy.nonFatalStatusCodes[0]: "SLOW" is not a gRPC status code)";
        QTest::newRow("no policy") << R"({"methodConfig": [{"timeout": "1s"}]})" << true
                                   << "methodConfig: no method config has a hedgingPolicy or a "
                                      "retryPolicy";
        QTest::newRow("retry without attempts")
            << R"({"methodConfig": [{"retryPolicy": {}}]})" << true
            << "methodConfig[0].retryPolicy.maxAttempts: missing (at least 2)";
        QTest::newRow("tokens")
            << R"({"methodConfig": [{"hedgingPolicy": {"maxAttempts": 2}}],
                   "retryThrottling": {"maxTokens": 2000, "tokenRatio": 0.1}})"
            << true << "retryThrottling.maxTokens: 2000 is out of range (allowed (0, 1000])";
        QTest::newRow("json syntax") << "{\"methodConfig\": [}" << true
                                     << "line 1, column 19: syntax error while parsing value - "
                                        "unexpected '}'; expected '[', '{', or a literal";
        const QString route = QStringLiteral(
            "route:\n  retry_policy:\n    %1\n  hedge_policy:\n    hedge_on_per_try_timeout: %2\n");
        QTest::newRow("timeout a number")
            << route.arg("per_try_timeout: 20", "true") << false
            << R"(route.retry_policy.per_try_timeout: "20" is not a duration (seconds with an s: "0.020s"))";
        QTest::newRow("negative retries")
            << route.arg("num_retries: -1", "true") << false
            << "route.retry_policy.num_retries: -1 is out of range (allowed 0 … 1000000)";
        QTest::newRow("twice") << route.arg("num_retries: 1\n    numRetries: 2", "true") << false
                               << "route.retry_policy.numRetries: appears twice in one mapping";
        QTest::newRow("budget percent")
            << route.arg("num_retries: 1", "true") +
                   "cluster:\n  circuit_breakers:\n    thresholds:\n    - retry_budget:\n"
                   "        budget_percent: {value: 120}\n"
            << false
            << "cluster.circuit_breakers.thresholds[0].retry_budget.budget_percent.value: 120 is "
               "out of range (allowed 0 … 100)";
        QTest::newRow("no route") << "cluster: {}\n"
                                  << false
                                  << "route: missing (a RouteAction, or a virtual_host:, with "
                                     "retry_policy and hedge_policy)";
        QTest::newRow("route and host")
            << route.arg("num_retries: 1", "true") + "virtual_host: {}\n"
            << false << "virtual_host: route: and virtual_host: both give the policies: keep one";
        QTest::newRow("yaml syntax") << "route: [a, b\n"
                                     << false << "line 2, column 1: end of sequence flow not found";
    }
    // hedge_on_per_try_timeout false (Envoy's default), or no hedge_policy at all: a per-try
    // timeout resets the attempt and is retried, and the export says so back.
    void envoyWithoutHedgeOnPerTryTimeoutResetsAndRetries()
    {
        const std::string yaml = "route:\n  retry_policy:\n    retry_on: 5xx\n    num_retries: 2\n"
                                 "    per_try_timeout: 0.050s\n  hedge_policy:\n"
                                 "    hedge_on_per_try_timeout: false\n";
        const ImportedPolicy in = importPolicy(yaml, PolicyFamily::Envoy);
        QVERIFY(!in.setup.families.envoy.hedgeOnPerTryTimeout);
        QVERIFY(in.setup.families.envoy.retryOn5xx);
        const std::string noHedge = "route:\n  retry_policy:\n    num_retries: 1\n";
        QVERIFY(!importPolicy(noHedge, PolicyFamily::Envoy).setup.families.envoy.hedgeOnPerTryTimeout);
        const std::string back = exportPolicy(in.setup).text;
        QVERIFY2(back.find("    hedge_on_per_try_timeout: false\n") != std::string::npos, back.c_str());
        QVERIFY(!importPolicy(back, PolicyFamily::Envoy).setup.families.envoy.hedgeOnPerTryTimeout);
    }

    void invalidInputNamesTheField()
    {
        QFETCH(QString, text);
        QFETCH(bool, grpc);
        QFETCH(QString, error);
        QCOMPARE(importErrorOf(text.toStdString(), grpc ? PolicyFamily::Grpc : PolicyFamily::Envoy),
                 error);
    }

    // Every cut of a valid text, and every byte of it replaced by a few troublesome ones, is read
    // or refused with a ScenarioError: never another exception, never a crash.
    void damagedTextIsRefusedCleanly()
    {
        std::mt19937_64 rng(7);
        Setup grpc, envoy;
        grpc.policy = PolicyFamily::Grpc;
        grpc.families.grpc = randomGrpc(rng);
        grpc.families.grpc.throttling = GrpcThrottling{};
        envoy.policy = PolicyFamily::Envoy;
        envoy.families.envoy = randomEnvoy(rng);
        envoy.families.envoy.retryBudget = EnvoyRetryBudget{};
        for (const Setup& setup : {grpc, envoy}) {
            const std::string text = exportPolicy(setup).text;
            std::vector<std::string> damaged;
            for (std::size_t cut = 0; cut < text.size(); ++cut)
                damaged.push_back(text.substr(0, cut));
            for (std::size_t at = 0; at < text.size(); ++at)
                for (char c : {'[', '{', ':', '-', '"', '\n', ' ', '9'}) {
                    std::string changed = text;
                    changed[at] = c;
                    damaged.push_back(changed);
                }
            for (const std::string& bad : damaged) {
                try {
                    importPolicy(bad, setup.policy);
                } catch (const ScenarioError&) {
                } catch (const std::exception& e) {
                    QFAIL(qPrintable(
                        QStringLiteral("%1 for:\n%2").arg(e.what(), QString::fromStdString(bad))));
                }
            }
        }
    }

    void onlyGrpcAndEnvoyImport()
    {
        QVERIFY(canImportPolicy(PolicyFamily::Grpc) && canImportPolicy(PolicyFamily::Envoy));
        QVERIFY(!canImportPolicy(PolicyFamily::Polly));
        QVERIFY(importErrorOf("{}", PolicyFamily::Polly).contains("cannot be imported"));
        QCOMPARE(guessPolicyFormat("  \n{\"methodConfig\": []}"), PolicyFamily::Grpc);
    }
};

QTEST_APPLESS_MAIN(TestPolicyImport)
#include "tst_policyimport.moc"
