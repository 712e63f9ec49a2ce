// PolicyExport: each family's setup as its stack's own text (golden texts for the five formats
// that cannot be read back; gRPC and Envoy are also checked by tst_policyimport's round trip),
// what the model does not cover listed, and which families a setup maps onto exactly.
#include "TestErrors.h"

#include <hedge/io/PolicyExport.h>
#include <hedge/io/PolicyImport.h>
#include <hedge/io/ScenarioError.h>

#include <QTest>

#include <QRegularExpression>

#include "PolicyExportGolden.h"

using namespace hedge;

Q_DECLARE_METATYPE(hedge::Setup)

namespace {

// The setups the golden texts were written for.
Setup demoSetup()
{
    Setup s;
    s.name = "demo";
    s.hedge = HedgeSettings{};
    s.families.grpc = {.maxAttempts = 3,
                       .hedgingDelayMs = 20,
                       .nonFatalErrors = true,
                       .throttling = GrpcThrottling{10, 0.1}};
    s.families.envoy = {.perTryTimeoutMs = 20,
                        .numRetries = 2,
                        .backoffBaseMs = 25,
                        .retryBudget = EnvoyRetryBudget{}};
    s.families.polly = {.maxHedgedAttempts = 2, .delayMs = 20, .delayPerAttemptMs = {10, 30}};
    s.families.finagle = {.maxExtraLoad = 0.02};
    s.families.tower = {.latencyPercentile = 0.95,
                        .minDataPoints = 20,
                        .periodSeconds = 1,
                        .budget = TowerBudget{}};
    s.families.murphy = {.delayMs = 20, .maxExtraAttempts = 2};
    return s;
}

Setup demoAs(PolicyFamily family)
{
    Setup s = demoSetup();
    s.policy = family;
    return s;
}

Setup unhedgedSetup()
{
    Setup s;
    s.name = "no hedge";
    s.cancellation = Cancellation::Server;
    s.adaptiveLimit = Gradient2Config{};
    return s;
}

// A resilience4cata setup that is Polly's and Murphy's policy too.
Setup unbudgetedSetup()
{
    Setup s;
    s.name = "3 attempts, no budget";
    s.hedge = HedgeSettings{.delayMs = 12.5, .maxAttempts = 3, .budgetPercent = 0};
    return s;
}

QString problemOf(const Setup& setup, PolicyFamily format)
{
    return test::errorTextFrom([&] { exportPolicy(setup, format); });
}

bool mentions(const std::vector<std::string>& notes, const char* what)
{
    for (const std::string& n : notes)
        if (n.find(what) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestPolicyExport : public QObject {
    Q_OBJECT

private slots:
    void eachFamilyInItsOwnText_data()
    {
        QTest::addColumn<Setup>("setup");
        QTest::addColumn<QString>("expected");
        QTest::newRow("resilience4cata")
            << demoAs(PolicyFamily::Resilience4cata) << QString(golden::kResilience4cataJava);
        QTest::newRow("grpc") << demoAs(PolicyFamily::Grpc) << QString(golden::kGrpcJson);
        QTest::newRow("envoy") << demoAs(PolicyFamily::Envoy) << QString(golden::kEnvoyYaml);
        QTest::newRow("finagle") << demoAs(PolicyFamily::Finagle) << QString(golden::kFinagleScala);
        QTest::newRow("tower") << demoAs(PolicyFamily::Tower) << QString(golden::kTowerRust);
        QTest::newRow("polly") << demoAs(PolicyFamily::Polly) << QString(golden::kPollyCSharp);
        QTest::newRow("murphy") << demoAs(PolicyFamily::Murphy) << QString(golden::kMurphyDelphi);
        QTest::newRow("no hedge, limit, server")
            << unhedgedSetup() << QString(golden::kUnhedgedJava);
        Setup polly = demoAs(PolicyFamily::Polly);
        polly.families.polly = {.maxHedgedAttempts = 3, .delayMs = -1, .handleErrors = false};
        QTest::newRow("polly after a failure") << polly << QString(golden::kPollyAfterFailure);
        Setup tower = demoAs(PolicyFamily::Tower);
        tower.families.tower.budget.reset();
        tower.families.tower.periodSeconds = 0.5;
        QTest::newRow("tower without budget") << tower << QString(golden::kTowerUnbudgeted);
    }
    void eachFamilyInItsOwnText()
    {
        QFETCH(Setup, setup);
        QFETCH(QString, expected);
        const ExportedPolicy exported = exportPolicy(setup);
        QCOMPARE(exported.format, setup.policy);
        QCOMPARE(QString::fromStdString(exported.text), expected);
    }

    // A setup's deadline under each stack's own name (docs/policies.md, "Export and import").
    void deadlineInEachStacksTerms_data()
    {
        QTest::addColumn<Setup>("setup");
        QTest::addColumn<QString>("written");
        const auto withDeadline = [](PolicyFamily family) {
            Setup s = demoAs(family);
            s.deadlineMs = 250.0;
            return s;
        };
        QTest::newRow("resilience4cata")
            << withDeadline(PolicyFamily::Resilience4cata)
            << "    .timeLimiter(t -> t.timeoutDuration(Duration.ofMillis(250)))\n";
        QTest::newRow("grpc") << withDeadline(PolicyFamily::Grpc) << "\"timeout\": \"0.250s\"";
        QTest::newRow("envoy") << withDeadline(PolicyFamily::Envoy) << "\n  timeout: 0.250s\n";
        QTest::newRow("polly") << withDeadline(PolicyFamily::Polly)
                               << "    .AddTimeout(TimeSpan.FromMilliseconds(250))";
        QTest::newRow("finagle") << withDeadline(PolicyFamily::Finagle)
                                 << "  .withTimeout.total(Duration.fromFractionalSeconds(0.25))";
        QTest::newRow("tower") << withDeadline(PolicyFamily::Tower)
                               << "let service = Timeout::new(hedged, Duration::from_secs_f64(0.25));";
        QTest::newRow("murphy") << withDeadline(PolicyFamily::Murphy)
                                << "the call's deadline, 250 ms, is not the policy's";
    }
    void deadlineInEachStacksTerms()
    {
        QFETCH(Setup, setup);
        QFETCH(QString, written);
        const std::string text = exportPolicy(setup).text;
        QVERIFY2(text.find(written.toStdString()) != std::string::npos, text.c_str());
        setup.deadlineMs = 0.0; // without one, the text does not have it
        QVERIFY(exportPolicy(setup).text.find(written.toStdString()) == std::string::npos);
    }

    // Where a format has comments, every uncovered point is in the text, above the code.
    void theCommentListsWhatTheModelDoesNotCover()
    {
        for (PolicyFamily family : allPolicyFamilies()) {
            Setup setup = demoAs(family);
            setup.adaptiveLimit = Gradient2Config{};
            const ExportedPolicy exported = exportPolicy(setup);
            if (family == PolicyFamily::Resilience4cata) {
                QVERIFY(exported.uncovered.empty()); // the model is all of it
                QVERIFY(exported.text.find("adaptiveLimit(") != std::string::npos);
                continue;
            }
            QVERIFY2(mentions(exported.uncovered, "adaptive concurrency limit"), toString(family));
            if (family == PolicyFamily::Grpc)
                continue; // JSON has no comments: the caller shows the list
            // The comment's words, without its markers and line breaks.
            std::string flat;
            for (const QString& line : QString::fromStdString(exported.text).split('\n')) {
                QString words = line.trimmed();
                if (!words.startsWith("//") && !words.startsWith("#"))
                    break; // the code begins
                words.remove(QRegularExpression("^(//|#)\\s*(- )?"));
                flat += ' ';
                flat += words.toStdString(); // piece by piece: g++ 12 -O3 warns falsely on " " + string
            }
            for (const std::string& note : exported.uncovered)
                QVERIFY2(flat.find(note) != std::string::npos, note.c_str());
        }
        Setup grpc = demoAs(PolicyFamily::Grpc);
        grpc.families.grpc.flavour = GrpcFlavour::Js;
        grpc.families.grpc.hedgingDelayMs = 20.7;
        QVERIFY(mentions(exportPolicy(grpc).uncovered, "flavour js (grpc-js)"));
        QVERIFY(mentions(exportPolicy(grpc).uncovered,
                         "hedgingDelay 0.0207s: grpc-js waits 20 ms (Node's timers keep whole"));
        grpc.families.grpc.hedgingDelayMs = 20.0;
        QVERIFY(!mentions(exportPolicy(grpc).uncovered, "grpc-js waits"));
        grpc.families.grpc.flavour = GrpcFlavour::A6;
        QVERIFY(mentions(exportPolicy(grpc).uncovered, "flavour a6"));
        QVERIFY(!mentions(exportPolicy(grpc).uncovered, "three decimals"));
        grpc.families.grpc.throttling->tokenRatio = 0.123;
        QVERIFY(!mentions(exportPolicy(grpc).uncovered, "three decimals"));
        grpc.families.grpc.throttling->tokenRatio = 0.1234;
        QVERIFY(mentions(exportPolicy(grpc).uncovered, "tokenRatio 0.1234 is written as 0.123: gRPC keeps three"));
        // What a stack takes as a whole number is said when the setup's is not one.
        Setup finagle = demoAs(PolicyFamily::Finagle);
        QVERIFY(!mentions(exportPolicy(finagle).uncovered, "whole number"));
        finagle.families.finagle.clientBudget.minRetriesPerSec = 2.5;
        QVERIFY(mentions(exportPolicy(finagle).uncovered,
                         "minRetriesPerSec 2.5 is written as 3: the stack takes a whole number"));
        Setup tower = demoAs(PolicyFamily::Tower);
        tower.families.tower.budget->minPerSec = 0.5;
        QVERIFY(mentions(exportPolicy(tower).uncovered, "min_per_sec 0.5 is written as"));
    }

    // gRPC C-core reads maxTokens as a whole number from the literal text and tokenRatio with
    // at most three decimals; Envoy refuses a max_interval below base_interval. The text is
    // what the strictest reader takes, and a value written otherwise is in the notes.
    void eachReaderTakesTheText()
    {
        Setup grpc = demoAs(PolicyFamily::Grpc);
        grpc.families.grpc.hedgingDelayMs = 10;
        std::string text = exportPolicy(grpc).text;
        QVERIFY2(text.find("\"maxTokens\": 10,\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("\"tokenRatio\": 0.1\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("\"maxAttempts\": 3,") != std::string::npos, text.c_str());
        QVERIFY2(text.find("\"hedgingDelay\": \"0.010s\"") != std::string::npos, text.c_str());

        grpc.families.grpc.throttling = GrpcThrottling{.maxTokens = 10.4, .tokenRatio = 0.1234};
        const ExportedPolicy rounded = exportPolicy(grpc);
        QVERIFY2(rounded.text.find("\"maxTokens\": 10,\n") != std::string::npos,
                 rounded.text.c_str());
        QVERIFY2(rounded.text.find("\"tokenRatio\": 0.123\n") != std::string::npos,
                 rounded.text.c_str());
        QVERIFY(mentions(rounded.uncovered,
                         "maxTokens 10.4 is written as 10: gRPC C-core takes a whole number"));
        grpc.families.grpc.throttling = GrpcThrottling{.maxTokens = 0.3, .tokenRatio = 0.0001};
        text = exportPolicy(grpc).text;
        QVERIFY2(text.find("\"maxTokens\": 1,\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("\"tokenRatio\": 0.001\n") != std::string::npos, text.c_str());

        Setup envoy = demoAs(PolicyFamily::Envoy);
        envoy.families.envoy.perTryTimeoutMs = 10;
        envoy.families.envoy.backoffMaxMs = 5;
        envoy.families.envoy.retryBudget->budgetPercent = 0.00001;
        const ExportedPolicy yaml = exportPolicy(envoy);
        for (const char* line : {"    per_try_timeout: 0.010s\n", "      base_interval: 0.005s\n",
                                 "      max_interval: 0.005s\n", "    num_retries: 2\n",
                                 "      max_retries: 3\n", "          value: 0.00001\n",
                                 "        min_retry_concurrency: 3\n"})
            QVERIFY2(yaml.text.find(line) != std::string::npos, line);
        QVERIFY(mentions(yaml.uncovered, "base_interval 25 ms is written as the max_interval"));
    }

    // Retries in each stack's own format (docs/policies.md, "Retries"): gRPC's retryPolicy in
    // place of the hedgingPolicy (read back the same), Envoy's retry_on (read back), Polly's
    // retry strategy before its hedging, Finagle's retries under the budget, Tower's Retry
    // around the hedge, Murphy's plain retry as a comment; and a setup without retries keeps
    // every text as it was (the golden texts above).
    void retriesInEachStacksFormat()
    {
        Setup grpc = demoAs(PolicyFamily::Grpc);
        grpc.families.grpc.hedgingPolicy = false;
        grpc.families.grpc.retryPolicy = GrpcRetryPolicy{.maxAttempts = 3,
                                                         .initialBackoffMs = 50.0,
                                                         .maxBackoffMs = 500.0,
                                                         .backoffMultiplier = 1.5};
        const ExportedPolicy json = exportPolicy(grpc);
        for (const char* part : {"\"retryPolicy\": {", "\"maxAttempts\": 3,",
                                 "\"initialBackoff\": \"0.050s\"", "\"maxBackoff\": \"0.500s\"",
                                 "\"backoffMultiplier\": 1.5", "\"UNAVAILABLE\""})
            QVERIFY2(json.text.find(part) != std::string::npos, json.text.c_str());
        QVERIFY(json.text.find("hedgingPolicy") == std::string::npos);
        const GrpcSettings back = importPolicy(json.text, PolicyFamily::Grpc).setup.families.grpc;
        QVERIFY(!back.hedgingPolicy);
        QCOMPARE(back.retryPolicy, grpc.families.grpc.retryPolicy);
        QCOMPARE(back.throttling, grpc.families.grpc.throttling);

        Setup envoy = demoAs(PolicyFamily::Envoy);
        envoy.families.envoy.retryOn5xx = true;
        const ExportedPolicy yaml = exportPolicy(envoy);
        QVERIFY2(yaml.text.find("    retry_on: 5xx\n") != std::string::npos, yaml.text.c_str());
        QVERIFY(importPolicy(yaml.text, PolicyFamily::Envoy).setup.families.envoy.retryOn5xx);

        Setup polly = demoAs(PolicyFamily::Polly);
        polly.families.polly.retry = PollyRetry{.maxRetryAttempts = 2, .delayMs = 100.0,
                                                .backoffType = 2, .useJitter = true,
                                                .maxDelayMs = 800.0};
        const std::string cs = exportPolicy(polly).text;
        for (const char* part : {"    .AddRetry(new RetryStrategyOptions<HttpResponseMessage>",
                                 "        MaxRetryAttempts = 2,",
                                 "        BackoffType = DelayBackoffType.Exponential,",
                                 "        UseJitter = true,", "        MaxDelay = "})
            QVERIFY2(cs.find(part) != std::string::npos, part);
        QVERIFY(cs.find(".AddRetry") < cs.find(".AddHedging"));

        Setup finagle = demoAs(PolicyFamily::Finagle);
        finagle.families.finagle.retryPolicy = FinagleRetryPolicy{.numTries = 3};
        QVERIFY(exportPolicy(finagle).text.find("  .withMaxRetries(2)\n") != std::string::npos);

        Setup tower = demoAs(PolicyFamily::Tower);
        tower.families.tower.retry = TowerRetry{};
        const std::string rs = exportPolicy(tower).text;
        QVERIFY2(rs.find("tower::retry::Retry::new(RetryErrors { attempts: 3,") != std::string::npos,
                 rs.c_str());
        QVERIFY(rs.find("ExponentialBackoffMaker::new(") != std::string::npos);

        Setup murphy = demoAs(PolicyFamily::Murphy);
        murphy.families.murphy.retry = MurphyRetry{};
        const ExportedPolicy pas = exportPolicy(murphy);
        QVERIFY(pas.text.find("// The explorer's plain retry around the policy: up to 2") !=
                std::string::npos);
        QVERIFY(mentions(pas.uncovered, "the retry is the explorer's own"));

        // resilience4cata: a resilience4j Retry under RetryConfig's names, what the model does
        // not cover listed, and no other family's format any more.
        Setup r4c = unbudgetedSetup();
        r4c.families.resilience4cata.retry =
            Resilience4cataRetry{.maxAttempts = 4, .waitDurationMs = 50.0, .exponentialBackoff = true,
                                 .exponentialBackoffMultiplier = 2.0, .randomizedWait = true,
                                 .budget = Resilience4cataRetryBudget{}};
        const ExportedPolicy java = exportPolicy(r4c);
        for (const char* part : {"    .retry(r -> r.maxAttempts(4)\n",
                                 ".waitDuration(Duration.ofMillis(50))",
                                 ".intervalFunction(IntervalFunction.ofExponentialRandomBackoff(50L, 2, 0.5))",
                                 ".retryExceptions(ServiceUnavailableException.class)",
                                 ".budget(b -> b.percent(20).minPerSecond(10)"})
            QVERIFY2(java.text.find(part) != std::string::npos, java.text.c_str());
        QVERIFY(mentions(java.uncovered, "ignoreExceptions, retryOnResultPredicate"));
        QVERIFY(mentions(java.uncovered, "a call past its deadline (TimeoutException) is not retried"));
        QVERIFY(mentions(java.uncovered, "resilience4j's Retry has no budget"));
        QCOMPARE(exportFormats(r4c), std::vector{PolicyFamily::Resilience4cata});
    }

    // A resilience4cata setup without a budget, on any replica, is Polly's and (with client
    // cancellation) Murphy's policy, decision by decision; nothing else maps.
    void anotherFamilyOnlyWhereTheRulesAreTheSame()
    {
        const Setup unbudgeted = unbudgetedSetup();
        QCOMPARE(QString::fromStdString(exportPolicy(unbudgeted, PolicyFamily::Polly).text),
                 QString(golden::kUnbudgetedAsPolly));
        QCOMPARE(QString::fromStdString(exportPolicy(unbudgeted, PolicyFamily::Murphy).text),
                 QString(golden::kUnbudgetedAsMurphy));
        QCOMPARE(exportFormats(unbudgeted),
                 (std::vector{PolicyFamily::Resilience4cata, PolicyFamily::Polly,
                              PolicyFamily::Murphy}));

        const Setup budgeted = demoAs(PolicyFamily::Resilience4cata);
        QCOMPARE(exportFormats(budgeted), std::vector{PolicyFamily::Resilience4cata});
        QCOMPARE(problemOf(budgeted, PolicyFamily::Polly),
                 QStringLiteral("\"demo\" does not map exactly onto polly: its windowed rate "
                                "budget (budget_percent 10) has no counterpart"));
        QVERIFY(problemOf(budgeted, PolicyFamily::Grpc).contains("grpc's rules differ"));

        Setup server = unbudgeted;
        server.cancellation = Cancellation::Server;
        QVERIFY(problemOf(server, PolicyFamily::Polly).isEmpty());
        QVERIFY(problemOf(server, PolicyFamily::Murphy).contains("Murphy abandons losers"));
        Setup other = unbudgeted;
        other.hedge->placement = HedgePlacement::OtherReplica;
        QVERIFY(problemOf(other, PolicyFamily::Polly).contains("another replica"));
        Setup many = unbudgeted;
        many.hedge->maxAttempts = 12;
        QVERIFY(problemOf(many, PolicyFamily::Polly).contains("1 … 10 extra attempts"));

        // A family setup exports as its own family only.
        QCOMPARE(problemOf(demoAs(PolicyFamily::Grpc), PolicyFamily::Envoy),
                 QStringLiteral("\"demo\" does not map exactly onto envoy: a grpc setup exports "
                                "only as grpc"));
        QCOMPARE(exportFormats(demoAs(PolicyFamily::Tower)), std::vector{PolicyFamily::Tower});
    }

    void titlesAndSuffixes()
    {
        QCOMPARE(QString(policyFormatSuffix(PolicyFamily::Envoy)), QStringLiteral("yaml"));
        QCOMPARE(QString(policyFormatSuffix(PolicyFamily::Murphy)), QStringLiteral("pas"));
        QCOMPARE(QString(policyFormatTitle(PolicyFamily::Grpc)),
                 QStringLiteral("gRPC service config (JSON)"));
    }
};

QTEST_APPLESS_MAIN(TestPolicyExport)
#include "tst_policyexport.moc"
