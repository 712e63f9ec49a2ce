// One row of the knob registry is all a knob needs (DEVELOPERS.md, "Adding a knob"): a row
// added in the test (the registry's test hook) is read and written in scenario files, checked
// against its range and set by a timeline change. The product's rows are checked for agreement
// with themselves and with the files. The row's editor field and its entry in the grid dialog
// are tests/widgets/tst_knobfields'.
#include "KnobRegistryTesting.h"

#include <hedge/KnobDiff.h>
#include <hedge/KnobRegistry.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>

using namespace hedge;
using test::serviceCopiesKnob;

class TestKnobRegistry : public QObject {
    Q_OBJECT
private slots:
    void addedKnobIsReadAndWrittenInFiles()
    {
        const KnobRegistryTesting added(serviceCopiesKnob());
        const Scenario read = parseScenarioJson(R"({"service": {"test_copies": 5}})");
        QCOMPARE(read.service.replicas, 5);
        // At its default the key is not written: the files of before stay the same.
        QVERIFY(writeScenarioJson(Scenario{}).find("test_copies") == std::string::npos);
        Scenario s;
        s.service.replicas = 3;
        const std::string json = writeScenarioJson(s);
        QVERIFY2(json.find("\"test_copies\": 3") != std::string::npos, json.c_str());
        QCOMPARE(parseScenarioJson(json), s);
    }

    void withoutTheRowTheKeyIsUnknown()
    {
        try {
            parseScenarioJson(R"({"service": {"test_copies": 5}})");
            QFAIL("read a key no row has");
        } catch (const ScenarioError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("service.test_copies"));
        }
    }

    void addedKnobIsValidatedAgainstItsRange()
    {
        const KnobRegistryTesting added(serviceCopiesKnob());
        Scenario s;
        s.service.replicas = 9;
        const std::optional<ScenarioError> error = firstScenarioError(s);
        QVERIFY(error);
        QCOMPARE(QString::fromUtf8(error->what()),
                 QStringLiteral("service.test_copies: 9 is out of range (allowed 1 … 8)"));
        try {
            parseScenarioJson(R"({"service": {"test_copies": 0}})");
            QFAIL("accepted 0 copies");
        } catch (const ScenarioError& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                     QStringLiteral("service.test_copies: 0 is out of range (allowed 1 … 8)"));
        }
    }

    void addedKnobIsSetByATimelineChange()
    {
        const KnobRegistryTesting added(serviceCopiesKnob());
        const Scenario s = parseScenarioJson(
            R"({"timeline": {"duration_s": 10, "changes": [{"at_s": 5, "set": {"service.test_copies": 2}}]}})");
        Setup setup;
        ServiceConfig service;
        QVERIFY(applyKnob(setup, service, s.timeline->changes.at(0).set.at(0)));
        QCOMPARE(service.replicas, 2);
    }

    // A row the Live view may not change: a change naming it is refused with the knobs a change
    // can set, and an edit of it makes no change (KnobDiff), while files still carry it.
    void addedKnobThatIsNotLiveIsNotSetByChanges()
    {
        Knob knob = serviceCopiesKnob();
        knob.live = false;
        const KnobRegistryTesting added(knob);
        try {
            parseScenarioJson(R"({"timeline": {"duration_s": 10, "changes": )"
                              R"([{"at_s": 5, "set": {"service.test_copies": 2}}]}})");
            QFAIL("a change set a knob the Live view may not change");
        } catch (const ScenarioError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("timeline.changes[0].set"));
        }
        ServiceConfig more;
        more.replicas = 2;
        QVERIFY(serviceKnobChanges(ServiceConfig{}, more).empty());
        QCOMPARE(parseScenarioJson(R"({"service": {"test_copies": 5}})").service.replicas, 5);
    }

    // The product's own rows: each default inside its range, each editor and first grid spread
    // inside the range (as the value, not as the box shows it), each key once in its object.
    void productRowsAgree()
    {
        std::vector<std::string> fields;
        for (const Knob& knob : KnobRegistry::all()) {
            const QByteArray name(knob.field);
            QVERIFY2(knob.range.contains(knob.defaultValue()), name);
            fields.emplace_back(knob.field);
            if (knob.isOnOff())
                continue;
            QVERIFY2(knob.range.contains(knob.editor.min / knob.editor.scale), name);
            QVERIFY2(knob.range.contains(knob.editor.max / knob.editor.scale), name);
            QVERIFY2(*knob.editor.name && *knob.tooltip, name);
            if (*knob.editor.choices) {
                // A name for each value of the editor's range, and for nothing else.
                const std::string_view choices(knob.editor.choices);
                const int names = int(std::count(choices.begin(), choices.end(), '|')) + 1;
                QVERIFY2(knob.wholeNumber(), name);
                QCOMPARE(names, int(knob.editor.max - knob.editor.min) + 1);
            }
            if (knob.grid) {
                QVERIFY2(knob.range.contains(knob.grid->from), name);
                QVERIFY2(knob.range.contains(knob.grid->to), name);
                QVERIFY2(!knob.grid->log || knob.grid->from > 0.0, name);
            }
        }
        std::sort(fields.begin(), fields.end());
        QVERIFY(std::adjacent_find(fields.begin(), fields.end()) == fields.end());
    }

    // Every product knob goes through a file: set to a value that is not its default, written,
    // read back the same.
    void productRowsRoundTripThroughFiles()
    {
        for (const Knob& knob : KnobRegistry::all()) {
            if (knob.isOnOff())
                continue;
            Scenario s;
            s.setups = {
                Setup{.name = "s", .hedge = HedgeSettings{}, .adaptiveLimit = Gradient2Config{}}};
            // A family's knob is written for a setup of that family.
            s.setups[0].policy = knob.family().value_or(PolicyFamily::Resilience4cata);
            double value = knob.grid ? knob.grid->to : knob.editor.max / knob.editor.scale;
            if (knob.isFlag())
                value = 1.0 - knob.defaultValue();
            knob.write(s.setups[0], s.service, value);
            // The ranges between knobs: min ≤ initial ≤ max limit, hiccups from ≤ to.
            Gradient2Config& g = *s.setups[0].adaptiveLimit;
            g.initialLimit = std::max(g.initialLimit, g.minLimit);
            g.maxLimit = std::max(g.maxLimit, g.initialLimit);
            s.service.hiccupMaxMs = std::max(s.service.hiccupMaxMs, s.service.hiccupMinMs);
            // gRPC takes a retryPolicy or a hedgingPolicy; tower's backoff min ≤ max.
            FamilySettings& f = s.setups[0].families;
            if (f.grpc.retryPolicy)
                f.grpc.hedgingPolicy = false;
            if (f.tower.retry)
                f.tower.retry->maxBackoffMs =
                    std::max(f.tower.retry->maxBackoffMs, f.tower.retry->minBackoffMs);
            // A call waits for at most its parts (the replicas follow the parts: Knob::write).
            if (s.service.fanoutWaitFor > s.service.fanoutParts)
                KnobRegistry::find("fanout.parts")
                    ->write(s.setups[0], s.service, s.service.fanoutWaitFor);
            QVERIFY2(!firstScenarioError(s), knob.field);
            const Scenario back = parseScenarioJson(writeScenarioJson(s));
            QVERIFY2(knob.read(back.setups[0], back.service) == knob.read(s.setups[0], s.service),
                     knob.field);
            QVERIFY2(knob.read(back.setups[0], back.service) != knob.defaultValue(), knob.field);
        }
    }

    // The fan-out's rows (docs/fanout.md): in their own object, written only when set, never
    // set by a timeline change (the replicas are fixed for a run); the grid dialog maps them
    // over 1, 10 and 100 parts (tests/widgets/tst_knobfields).
    void fanoutRowsAreFixedForARun()
    {
        for (const char* field : {"fanout.parts", "fanout.wait_for", "fanout.copies"}) {
            const Knob* knob = KnobRegistry::find(field);
            QVERIFY2(knob, field);
            QCOMPARE(knob->group(), std::string("fanout."));
            QVERIFY2(!knob->live && knob->omitDefault && !knob->topology, field);
            QVERIFY2(std::find(knobFields().begin(), knobFields().end(), field) ==
                         knobFields().end(),
                     field);
        }
        QVERIFY(!KnobRegistry::findGridKnob("fanout.wait_for"));
    }

    // Every family's knob is its struct's member (PolicyFamily.h): its default is the member's
    // initializer, a value written through the row lands in that member, and its tooltip names
    // the stack's default and the source file it comes from. Every family row is listed here.
    void familyRowsAreTheirStructsMembers()
    {
        using Get = std::function<double(const FamilySettings&)>;
        struct Row {
            const char* field;
            Get get;
            const char* source;
        };
        const char* grpc = "grpc-java RetriableStream.java";
        const char* envoyRoute = "envoy source/common/router/retry_state_impl.cc";
        const char* envoyCluster = "envoy api/envoy/config/cluster/v3/circuit_breaker.proto";
        const char* finagle = "finagle BackupRequestFilter.scala";
        const char* budget = "finagle RetryBudget.scala";
        const char* tower = "tower src/hedge/mod.rs";
        const char* tps = "tower src/retry/budget/tps_budget.rs";
        const char* polly = "Polly.Core HedgingStrategyOptions.cs";
        const char* murphy = "Murphy's hedging unit";
        const char* grpcRetry = "grpc-java";
        const char* envoyRetry = "retry_state_impl.cc, shouldRetry";
        const char* finagleRetry = "finagle RetryPolicy.scala";
        const char* towerRetry = "tower src/retry/";
        const char* pollyRetry = "Polly.Core Retry";
        const char* own = "the explorer's own";
        const char* r4jRetry = "RetryConfig.java";
        const char* r4jInterval = "IntervalFunction.java";
        const std::vector<Row> rows{
            {"grpc.max_attempts", [](auto& f) { return f.grpc.maxAttempts; }, grpc},
            {"grpc.hedging_delay_ms", [](auto& f) { return f.grpc.hedgingDelayMs; }, grpc},
            {"grpc.non_fatal_errors", [](auto& f) { return f.grpc.nonFatalErrors; }, grpc},
            {"grpc.throttling.max_tokens", [](auto& f) { return f.grpc.throttling->maxTokens; },
             grpc},
            {"grpc.throttling.token_ratio", [](auto& f) { return f.grpc.throttling->tokenRatio; },
             grpc},
            {"envoy.per_try_timeout_ms", [](auto& f) { return f.envoy.perTryTimeoutMs; },
             envoyRoute},
            {"envoy.num_retries", [](auto& f) { return f.envoy.numRetries; }, envoyRoute},
            {"envoy.backoff_base_ms", [](auto& f) { return f.envoy.backoffBaseMs; }, envoyRoute},
            {"envoy.backoff_max_ms", [](auto& f) { return f.envoy.backoffMaxMs; }, envoyRoute},
            {"envoy.retry_budget.budget_percent",
             [](auto& f) { return f.envoy.retryBudget->budgetPercent; }, envoyCluster},
            {"envoy.retry_budget.min_retry_concurrency",
             [](auto& f) { return f.envoy.retryBudget->minRetryConcurrency; }, envoyCluster},
            {"envoy.max_retries", [](auto& f) { return f.envoy.maxRetries; }, envoyCluster},
            {"finagle.max_extra_load", [](auto& f) { return f.finagle.maxExtraLoad; }, finagle},
            {"finagle.send_interrupts", [](auto& f) { return f.finagle.sendInterrupts; }, finagle},
            {"finagle.min_send_backup_after_ms",
             [](auto& f) { return f.finagle.minSendBackupAfterMs; }, finagle},
            {"finagle.client_budget.percent_can_retry",
             [](auto& f) { return f.finagle.clientBudget.percentCanRetry; }, budget},
            {"finagle.client_budget.min_retries_per_sec",
             [](auto& f) { return f.finagle.clientBudget.minRetriesPerSec; }, budget},
            {"finagle.client_budget.ttl_s",
             [](auto& f) { return f.finagle.clientBudget.ttlSeconds; }, budget},
            {"tower.latency_percentile", [](auto& f) { return f.tower.latencyPercentile; }, tower},
            {"tower.min_data_points", [](auto& f) { return f.tower.minDataPoints; }, tower},
            {"tower.period_s", [](auto& f) { return f.tower.periodSeconds; }, tower},
            {"tower.budget.retry_percent", [](auto& f) { return f.tower.budget->retryPercent; },
             tps},
            {"tower.budget.min_per_sec", [](auto& f) { return f.tower.budget->minPerSec; }, tps},
            {"tower.budget.ttl_s", [](auto& f) { return f.tower.budget->ttlSeconds; }, tps},
            {"polly.max_hedged_attempts", [](auto& f) { return f.polly.maxHedgedAttempts; }, polly},
            {"polly.delay_ms", [](auto& f) { return f.polly.delayMs; }, polly},
            {"polly.handle_errors", [](auto& f) { return f.polly.handleErrors; }, polly},
            {"murphy.delay_ms", [](auto& f) { return f.murphy.delayMs; }, murphy},
            {"murphy.max_extra_attempts", [](auto& f) { return f.murphy.maxExtraAttempts; },
             murphy},
            {"murphy.handle_errors", [](auto& f) { return f.murphy.handleErrors; }, murphy},
            // The retry rows (FamilyRetryKnobs.cpp).
            {"grpc.hedging_policy", [](auto& f) { return f.grpc.hedgingPolicy; }, grpcRetry},
            {"grpc.retry_policy.max_attempts",
             [](auto& f) { return f.grpc.retryPolicy->maxAttempts; }, grpcRetry},
            {"grpc.retry_policy.initial_backoff_ms",
             [](auto& f) { return f.grpc.retryPolicy->initialBackoffMs; }, grpcRetry},
            {"grpc.retry_policy.max_backoff_ms",
             [](auto& f) { return f.grpc.retryPolicy->maxBackoffMs; }, grpcRetry},
            {"grpc.retry_policy.backoff_multiplier",
             [](auto& f) { return f.grpc.retryPolicy->backoffMultiplier; }, grpcRetry},
            {"envoy.retry_on_5xx", [](auto& f) { return f.envoy.retryOn5xx; }, envoyRetry},
            {"finagle.retry_policy.num_tries",
             [](auto& f) { return f.finagle.retryPolicy->numTries; }, finagleRetry},
            {"tower.retry.max_retries", [](auto& f) { return f.tower.retry->maxRetries; },
             towerRetry},
            {"tower.retry.min_backoff_ms", [](auto& f) { return f.tower.retry->minBackoffMs; },
             towerRetry},
            {"tower.retry.max_backoff_ms", [](auto& f) { return f.tower.retry->maxBackoffMs; },
             towerRetry},
            {"tower.retry.jitter", [](auto& f) { return f.tower.retry->jitter; }, towerRetry},
            {"polly.retry.max_retry_attempts",
             [](auto& f) { return f.polly.retry->maxRetryAttempts; }, pollyRetry},
            {"polly.retry.delay_ms", [](auto& f) { return f.polly.retry->delayMs; }, pollyRetry},
            {"polly.retry.backoff_type", [](auto& f) { return f.polly.retry->backoffType; },
             pollyRetry},
            {"polly.retry.use_jitter", [](auto& f) { return f.polly.retry->useJitter; },
             pollyRetry},
            {"polly.retry.max_delay_ms", [](auto& f) { return f.polly.retry->maxDelayMs; },
             pollyRetry},
            {"murphy.retry.max_retries", [](auto& f) { return f.murphy.retry->maxRetries; }, own},
            {"murphy.retry.backoff_ms", [](auto& f) { return f.murphy.retry->backoffMs; }, own},
            {"murphy.retry.backoff_multiplier",
             [](auto& f) { return f.murphy.retry->backoffMultiplier; }, own},
            {"murphy.retry.max_backoff_ms", [](auto& f) { return f.murphy.retry->maxBackoffMs; },
             own},
            {"murphy.retry.jitter", [](auto& f) { return f.murphy.retry->jitter; }, own},
            {"murphy.retry.budget.percent",
             [](auto& f) { return f.murphy.retry->budget->percent; }, own},
            {"murphy.retry.budget.min_per_sec",
             [](auto& f) { return f.murphy.retry->budget->minPerSecond; }, own},
            {"murphy.retry.budget.window_s",
             [](auto& f) { return f.murphy.retry->budget->windowSeconds; }, own},
            {"envoy.hedge_on_per_try_timeout",
             [](auto& f) { return f.envoy.hedgeOnPerTryTimeout; }, "router.cc, onPerTryTimeout"},
            {"resilience4cata.retry.max_attempts",
             [](auto& f) { return f.resilience4cata.retry->maxAttempts; }, r4jRetry},
            {"resilience4cata.retry.wait_duration_ms",
             [](auto& f) { return f.resilience4cata.retry->waitDurationMs; }, r4jRetry},
            {"resilience4cata.retry.exponential_backoff",
             [](auto& f) { return f.resilience4cata.retry->exponentialBackoff; }, r4jInterval},
            {"resilience4cata.retry.exponential_backoff_multiplier",
             [](auto& f) { return f.resilience4cata.retry->exponentialBackoffMultiplier; },
             r4jInterval},
            {"resilience4cata.retry.exponential_max_wait_ms",
             [](auto& f) { return f.resilience4cata.retry->exponentialMaxWaitMs; }, r4jInterval},
            {"resilience4cata.retry.randomized_wait",
             [](auto& f) { return f.resilience4cata.retry->randomizedWait; }, r4jInterval},
            {"resilience4cata.retry.randomized_wait_factor",
             [](auto& f) { return f.resilience4cata.retry->randomizedWaitFactor; }, r4jInterval},
            {"resilience4cata.retry.budget.percent",
             [](auto& f) { return f.resilience4cata.retry->budget->percent; }, own},
            {"resilience4cata.retry.budget.min_per_sec",
             [](auto& f) { return f.resilience4cata.retry->budget->minPerSecond; }, own},
            {"resilience4cata.retry.budget.window_s",
             [](auto& f) { return f.resilience4cata.retry->budget->windowSeconds; }, own},
        };
        // The initializers, every optional part on with its own.
        FamilySettings initial;
        initial.grpc.throttling.emplace();
        initial.envoy.retryBudget.emplace();
        initial.tower.budget.emplace();
        initial.grpc.retryPolicy.emplace();
        initial.finagle.retryPolicy.emplace();
        initial.tower.retry.emplace();
        initial.polly.retry.emplace();
        initial.murphy.retry.emplace().budget.emplace();
        initial.resilience4cata.retry.emplace().budget.emplace();
        // Every family's row (resilience4cata's retry among them; its hedge's rows are no
        // family member).
        std::size_t familyNumbers = 0;
        for (const Knob& knob : KnobRegistry::all())
            familyNumbers += std::holds_alternative<FamilyMember>(knob.member) && !knob.isOnOff();
        QCOMPARE(rows.size(), familyNumbers);
        for (const Row& row : rows) {
            const Knob* knob = KnobRegistry::find(row.field);
            QVERIFY2(knob, row.field);
            QCOMPARE(knob->defaultValue(), row.get(initial));
            Setup setup{.name = "s", .policy = *knob->family()};
            ServiceConfig service;
            const double value =
                knob->isFlag() ? 1.0 - knob->defaultValue()
                               : (knob->editor.min + knob->editor.max) / 2.0 / knob->editor.scale;
            knob->write(setup, service, value);
            QCOMPARE(row.get(setup.families), knob->wholeNumber() ? std::round(value) : value);
            QVERIFY2(knob->appliesTo(setup), row.field);
            setup.policy = *knob->family() == PolicyFamily::Resilience4cata ? PolicyFamily::Grpc
                                                                            : PolicyFamily::Resilience4cata;
            QVERIFY2(!knob->appliesTo(setup), row.field);
            // The tooltip as the row gives it (the editor fills in the default:
            // tests/widgets/tst_knobfields).
            const QString tip = QString::fromUtf8(knob->tooltip);
            QVERIFY2(tip.contains(QStringLiteral("Default: ")), row.field);
            QVERIFY2(tip.contains(QString::fromUtf8(row.source)), qPrintable(tip));
        }
    }

    // A family's part is an on/off row like the hedge: off reads nothing of its knobs, a knob
    // written switches it on with its defaults, and a timeline change of it is a boolean.
    void familyPartsSwitchLikeTheHedge()
    {
        const Knob* throttling = KnobRegistry::find("grpc.throttling");
        QVERIFY(throttling->isOnOff());
        QCOMPARE(throttling->group(), std::string("grpc."));
        QCOMPARE(std::string(KnobRegistry::find("grpc.throttling.max_tokens")->jsonKey()),
                 std::string("max_tokens"));
        Setup setup{.name = "g", .policy = PolicyFamily::Grpc};
        ServiceConfig service;
        QCOMPARE(throttling->read(setup, service), std::optional(0.0));
        QVERIFY(!KnobRegistry::find("grpc.throttling.token_ratio")->read(setup, service));
        QVERIFY(applyKnob(setup, service, {"grpc.throttling.token_ratio", 0.5}));
        QCOMPARE(setup.families.grpc.throttling,
                 std::optional(GrpcThrottling{.maxTokens = 10.0, .tokenRatio = 0.5}));
        Setup off = setup;
        off.families.grpc.throttling.reset();
        QCOMPARE(setupKnobChanges(off, setup),
                 (std::vector<KnobSetting>{{"grpc.throttling", 1.0},
                                           {"grpc.throttling.token_ratio", 0.5}}));
        QCOMPARE(setupKnobChanges(setup, off),
                 (std::vector<KnobSetting>{{"grpc.throttling", 0.0}}));
        // Another family's values (kept by the editor) are no change of this setup.
        Setup envoyEdited = setup;
        envoyEdited.families.envoy.numRetries = 4;
        QVERIFY(setupKnobChanges(setup, envoyEdited).empty());
    }
};

QTEST_MAIN(TestKnobRegistry)
#include "tst_knobregistry.moc"
