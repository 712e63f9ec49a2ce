// Scenario files with policy families (docs/scenario.md, "Policy families"): "policy" and the
// family's object, every family's knobs written and read back the same, a knob left out taking
// the family's default, the errors naming the field and the allowed range, timeline changes that
// set a family's knobs but never the policy, and a resilience4cata setup written as before.
#include "TestErrors.h"

#include <hedge/KnobDiff.h>
#include <hedge/KnobRegistry.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/PointIdentity.h>

#include <QTest>

#include <algorithm>

using namespace hedge;

namespace {

// A setup of `family` whose every knob is off its default: the row's grid end or editor end,
// each part switched on first.
Setup changedSetup(PolicyFamily family)
{
    Setup s{.name = std::string(toString(family)), .policy = family};
    ServiceConfig unused;
    const std::string group = std::string(toString(family)) + ".";
    for (const Knob* knob : KnobRegistry::group(group))
        if (knob->isOnOff())
            knob->write(s, unused, 1.0);
    for (const Knob* knob : KnobRegistry::group(group)) {
        if (knob->isOnOff())
            continue;
        double value = knob->grid ? knob->grid->to : knob->editor.max / knob->editor.scale;
        if (knob->isFlag())
            value = knob->defaultValue() == 0.0 ? 1.0 : 0.0;
        knob->write(s, unused, value);
    }
    s.families.grpc.flavour = GrpcFlavour::A6;
    s.families.polly.delayPerAttemptMs = {10.0, 20.5, -1.0};
    return s;
}

} // namespace

class TestFamilyScenario : public QObject {
    Q_OBJECT

private slots:
    void everyFamilyRoundTrips_data()
    {
        QTest::addColumn<int>("family");
        for (PolicyFamily f : allPolicyFamilies())
            QTest::newRow(toString(f)) << int(f);
    }

    // Write then read is the identity, and writing again gives the same bytes; every knob of
    // the family is in the file under its own name, off its default.
    void everyFamilyRoundTrips()
    {
        QFETCH(int, family);
        const auto policy = static_cast<PolicyFamily>(family);
        Scenario s;
        s.setups = {changedSetup(policy)};
        QVERIFY2(!firstScenarioError(s),
                 firstScenarioError(s) ? firstScenarioError(s)->what() : "");
        const std::string json = writeScenarioJson(s);
        const Scenario back = parseScenarioJson(json);
        QCOMPARE(back, s);
        QCOMPARE(writeScenarioJson(back), json);
        const ServiceConfig unused;
        for (const Knob* knob : KnobRegistry::group(std::string(toString(policy)) + ".")) {
            QVERIFY2(knob->read(back.setups[0], unused) == knob->read(s.setups[0], unused),
                     knob->field);
            if (!knob->isOnOff())
                QVERIFY2(knob->read(back.setups[0], unused) != knob->defaultValue(), knob->field);
        }
        if (policy == PolicyFamily::Resilience4cata)
            QVERIFY(json.find("\"policy\"") == std::string::npos);
        else
            QVERIFY2(json.find("\"policy\": \"" + std::string(toString(policy)) + "\"") !=
                         std::string::npos,
                     json.c_str());
    }

    // The spec's example reads as it says, and is written back in the same shape.
    void grpcExampleReadsAsWritten()
    {
        const std::string setup =
            R"({"name": "grpc, throttled", "policy": "grpc", "grpc": {"max_attempts": 3, )"
            R"("hedging_delay_ms": 20, "non_fatal_errors": true, "throttling": {"max_tokens": 10, )"
            R"("token_ratio": 0.1}, "flavour": "a6"}, "cancellation": "server", )"
            R"("adaptive_limit": null})";
        const Scenario s = parseScenarioJson(R"({"setups": [)" + setup + "]}");
        const Setup& g = s.setups.at(0);
        QCOMPARE(g.policy, PolicyFamily::Grpc);
        QCOMPARE(g.families.grpc.maxAttempts, 3);
        QCOMPARE(g.families.grpc.hedgingDelayMs, 20.0);
        QVERIFY(g.families.grpc.nonFatalErrors);
        QVERIFY(g.families.grpc.throttling);
        QCOMPARE(g.families.grpc.throttling->maxTokens, 10.0);
        QCOMPARE(g.families.grpc.throttling->tokenRatio, 0.1);
        QCOMPARE(g.families.grpc.flavour, GrpcFlavour::A6);
        QCOMPARE(g.cancellation, Cancellation::Server);
        const std::string json = writeScenarioJson(s);
        QVERIFY2(json.find(R"("policy": "grpc",
      "grpc": {
        "max_attempts": 3,
        "hedging_delay_ms": 20.0,
        "non_fatal_errors": true,
        "throttling": {
          "max_tokens": 10.0,
          "token_ratio": 0.1
        },
        "flavour": "a6"
      },
      "cancellation": "server",
      "adaptive_limit": null)") != std::string::npos,
                 json.c_str());
    }

    // A knob left out takes the family's default (PolicyFamily.h's initializers); no object at
    // all is every default; Envoy's `{}` retry budget is one with Envoy's defaults.
    void leftOutKnobsTakeTheFamilysDefaults()
    {
        const Scenario s = parseScenarioJson(
            R"({"setups": [{"name": "a", "policy": "grpc", "grpc": {"max_attempts": 4}},)"
            R"( {"name": "b", "policy": "finagle"},)"
            R"( {"name": "c", "policy": "envoy", "envoy": {"retry_budget": {}}},)"
            R"( {"name": "d", "policy": "finagle", "finagle": {"client_budget": {"ttl_s": 20}}}]})");
        GrpcSettings grpc;
        grpc.maxAttempts = 4;
        QCOMPARE(s.setups[0].families.grpc, grpc);
        QCOMPARE(s.setups[1].families.finagle, FinagleSettings{});
        QCOMPARE(s.setups[2].families.envoy.retryBudget, std::optional(EnvoyRetryBudget{}));
        QCOMPARE(s.setups[3].families.finagle.clientBudget.ttlSeconds, 20.0);
        QCOMPARE(s.setups[3].families.finagle.clientBudget.percentCanRetry,
                 FinagleRetryBudget{}.percentCanRetry);
    }

    // The default scenario and every resilience4cata setup are written without "policy": the
    // files of before (tests/golden among them) stay byte for byte the same.
    void resilience4cataSetupsAreWrittenAsBefore()
    {
        const std::string json = writeScenarioJson(Scenario{});
        QVERIFY(json.find("policy") == std::string::npos);
        QVERIFY(json.find("grpc") == std::string::npos);
        Scenario s;
        s.setups[0].families.grpc.maxAttempts = 4; // another family's knob: not written
        QCOMPARE(writeScenarioJson(s), json);
    }

    void errorsNameTheFieldAndTheRange_data()
    {
        QTest::addColumn<QString>("setups");
        QTest::addColumn<QString>("message");
        QTest::newRow("grpc max_attempts below 2")
            << R"({"name": "a"}, {"name": "b", "policy": "grpc", "grpc": {"max_attempts": 1}})"
            << "setups[1].grpc.max_attempts: 1 is out of range (allowed ≥ 2)";
        QTest::newRow("another family's knob")
            << R"({"name": "a", "policy": "grpc", "grpc": {"per_try_timeout_ms": 5}})"
            << "setups[0].grpc.per_try_timeout_ms: not a knob of policy grpc (allowed here: "
               "max_attempts, hedging_delay_ms, non_fatal_errors, throttling, hedging_policy, "
               "retry_policy, flavour)";
        QTest::newRow("misspelt policy")
            << R"({"name": "a", "policy": "grcp"})"
            << R"(setups[0].policy: "grcp" is not a policy (allowed: resilience4cata, grpc, )"
               "envoy, finagle, tower, polly, murphy)";
        QTest::newRow("another family's object")
            << R"({"name": "a", "policy": "grpc", "envoy": {"num_retries": 2}})"
            << "setups[0].envoy: not a knob of policy grpc (it is policy envoy's object)";
        QTest::newRow("a family object in a resilience4cata setup")
            << R"({"name": "a", "grpc": {}})"
            << "setups[0].grpc: not a knob of policy resilience4cata (it is policy grpc's "
               "object)";
        QTest::newRow("hedge in a family's setup")
            << R"({"name": "a", "policy": "tower", "hedge": {}})"
            << "setups[0].hedge: not a knob of policy tower (it is policy resilience4cata's "
               "object)";
        QTest::newRow("part's knob out of range")
            << R"({"name": "a", "policy": "grpc", "grpc": {"throttling": {"max_tokens": 2000}}})"
            << "setups[0].grpc.throttling.max_tokens: 2000 is out of range (allowed > 0 and ≤ "
               "1000)";
        QTest::newRow("finagle max_extra_load 1")
            << R"({"name": "a", "policy": "finagle", "finagle": {"max_extra_load": 1}})"
            << "setups[0].finagle.max_extra_load: 1 is out of range (allowed ≥ 0 and < 1)";
        QTest::newRow("polly count")
            << R"({"name": "a", "policy": "polly", "polly": {"max_hedged_attempts": 11}})"
            << "setups[0].polly.max_hedged_attempts: 11 is out of range (allowed 1 … 10)";
        QTest::newRow("flag as a number")
            << R"({"name": "a", "policy": "murphy", "murphy": {"handle_errors": 1}})"
            << "setups[0].murphy.handle_errors: expected true or false, got a number (1)";
        QTest::newRow("grpc flavour")
            << R"({"name": "a", "policy": "grpc", "grpc": {"flavour": "go"}})"
            << R"(setups[0].grpc.flavour: "go" is not allowed (allowed "java", "a6", "js"))";
        QTest::newRow("polly delays")
            << R"({"name": "a", "policy": "polly", "polly": {"delay_per_attempt_ms": 5}})"
            << "setups[0].polly.delay_per_attempt_ms: expected an array of delays (ms), got 5";
        QTest::newRow("resilience4cata retry factor 1")
            << R"({"name": "a", "hedge": {}, "resilience4cata": {"retry": )"
               R"({"randomized_wait_factor": 1}}})"
            << "setups[0].resilience4cata.retry.randomized_wait_factor: 1 is out of range "
               "(allowed ≥ 0 and < 1)";
        QTest::newRow("resilience4cata retry max_attempts 11")
            << R"({"name": "a", "resilience4cata": {"retry": {"max_attempts": 11}}})"
            << "setups[0].resilience4cata.retry.max_attempts: 11 is out of range (allowed 2 … 10)";
        QTest::newRow("resilience4cata retry in a family's setup")
            << R"({"name": "a", "policy": "murphy", "resilience4cata": {"retry": {}}})"
            << "setups[0].resilience4cata: not a knob of policy murphy (it is policy "
               "resilience4cata's object)";
        QTest::newRow("part as a number")
            << R"({"name": "a", "policy": "tower", "tower": {"budget": 1}})"
            << "setups[0].tower.budget: expected null or an object, got 1";
    }

    void errorsNameTheFieldAndTheRange()
    {
        QFETCH(QString, setups);
        QFETCH(QString, message);
        QCOMPARE(test::scenarioErrorText(R"({"setups": [)" + setups.toStdString() + "]}"), message);
    }

    // A change may set a family's knobs of a world of that family (flags as true or false),
    // never the policy, nor another family's knobs.
    void timelineChangesSetAFamilysKnobsNeverThePolicy()
    {
        const std::string head =
            R"({"setups": [{"name": "g", "policy": "grpc"}, {"name": "r", "hedge": {}}], )"
            R"("timeline": {"duration_s": 10, "changes": [{"at_s": 5, "setup": "g", "set": )";
        const Scenario s = parseScenarioJson(
            head + R"({"grpc.hedging_delay_ms": 30, "grpc.non_fatal_errors": true}}]}})");
        const std::vector<KnobSetting> set = s.timeline->changes.at(0).set;
        QCOMPARE(set.size(), std::size_t(2));
        Setup g = s.setups[0];
        ServiceConfig service;
        for (const KnobSetting& k : set)
            QVERIFY(applyKnob(g, service, k));
        QCOMPARE(g.families.grpc.hedgingDelayMs, 30.0);
        QVERIFY(g.families.grpc.nonFatalErrors);
        const std::string json = writeScenarioJson(s);
        QVERIFY2(json.find(R"("grpc.non_fatal_errors": true)") != std::string::npos, json.c_str());
        QCOMPARE(parseScenarioJson(json), s);
        QCOMPARE(test::scenarioErrorText(head + R"({"policy": "envoy"}}]}})"),
                 QString::fromUtf8("timeline.changes[0].set.policy: ") +
                     QString::fromUtf8(kPolicyIsNotAKnob));
        Scenario programmatic = s;
        programmatic.timeline->changes[0].set = {{"policy", 1.0}};
        QCOMPARE(QString::fromStdString(firstScenarioError(programmatic)->what()),
                 QString::fromUtf8("timeline.changes[0].set.policy: ") +
                     QString::fromUtf8(kPolicyIsNotAKnob));
        QCOMPARE(test::scenarioErrorText(head + R"({"envoy.num_retries": 2}}]}})"),
                 QStringLiteral(R"(timeline.changes[0].set.envoy.num_retries: not a knob of )"
                                R"(policy grpc, the policy of setup "g")"));
        QCOMPARE(test::scenarioErrorText(head + R"({"grpc.max_attempts": 1}}]}})"),
                 QStringLiteral("timeline.changes[0].set.grpc.max_attempts: 1 is out of range "
                                "(allowed ≥ 2)"));
    }

    // Points are told apart by the family and its knobs, and only by the knobs of the
    // setup's own family: another family's values (kept by the editor) do not count.
    void pointIdentityTellsFamiliesApart()
    {
        const Scenario scenario;
        const auto id = [&](const Setup& s) { return PointIdentity::of(scenario, s, 0.5, 1000); };
        Setup plain{.name = "plain"};
        Setup grpc{.name = "grpc", .policy = PolicyFamily::Grpc};
        QVERIFY(!(id(plain) == id(grpc)));
        Setup envoy = grpc;
        envoy.policy = PolicyFamily::Envoy;
        QVERIFY(!(id(grpc) == id(envoy)));
        Setup more = grpc;
        more.families.grpc.maxAttempts = 3;
        QVERIFY(!(id(grpc) == id(more)));
        QVERIFY(id(grpc).hash() != id(more).hash());
        Setup flavour = grpc;
        flavour.families.grpc.flavour = GrpcFlavour::A6;
        QVERIFY(!(id(grpc) == id(flavour)));
        Setup server = grpc;
        server.cancellation = Cancellation::Server;
        QVERIFY(!(id(grpc) == id(server)));
        Setup otherFamilysKnobs = grpc;
        otherFamilysKnobs.families.envoy.numRetries = 4;
        otherFamilysKnobs.hedge = HedgeSettings{.delayMs = 99.0};
        QVERIFY(id(grpc) == id(otherFamilysKnobs));
        QCOMPARE(id(grpc).hash(), id(otherFamilysKnobs).hash());
    }

    // An edit of a family's knobs while the Live view runs becomes a timeline change of those
    // knobs alone (KnobDiff), which the file reads back and applyKnob replays to the same setup.
    void liveEditsOfAFamilysKnobsAreChanges()
    {
        Setup from{.name = "g", .policy = PolicyFamily::Grpc};
        Setup to = from;
        to.families.grpc.hedgingDelayMs = 35.0;
        to.families.grpc.nonFatalErrors = true;
        to.families.grpc.throttling = GrpcThrottling{.maxTokens = 20.0};
        const std::vector<KnobSetting> set = setupKnobChanges(from, to);
        QCOMPARE(set, (std::vector<KnobSetting>{{"grpc.throttling", 1.0},
                                                {"grpc.hedging_delay_ms", 35.0},
                                                {"grpc.non_fatal_errors", 1.0},
                                                {"grpc.throttling.max_tokens", 20.0}}));
        Scenario s;
        s.setups = {from};
        s.timeline = Timeline{.changes = {TimelineChange{.atS = 1.0, .setup = "g", .set = set}}};
        QVERIFY(!firstScenarioError(s));
        // Read back in the file's key order: a part still comes before its knobs.
        const Scenario back = parseScenarioJson(writeScenarioJson(s));
        std::vector<KnobSetting> sorted = set;
        std::sort(sorted.begin(), sorted.end(),
                  [](const KnobSetting& a, const KnobSetting& b) { return a.field < b.field; });
        QCOMPARE(back.timeline->changes.at(0).set, sorted);
        Setup replayed = from;
        ServiceConfig service;
        for (const KnobSetting& k : back.timeline->changes.at(0).set)
            QVERIFY(applyKnob(replayed, service, k));
        QCOMPARE(replayed, to);
    }
};

QTEST_MAIN(TestFamilyScenario)
#include "tst_familyscenario.moc"
