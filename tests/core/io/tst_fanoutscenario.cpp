// The "fanout" object of a scenario file (docs/scenario.md, "Fan-out"): read, written back after
// "service", the replicas derived from parts × copies (and left out of the file when they are),
// every rule with its exact message, a file without the object written as before, and grid
// cells whose replicas follow the gridded fan-out knob.
#include "TestErrors.h"

#include <hedge/Knob.h>
#include <hedge/KnobRegistry.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/SweepPoints.h>

#include <QTest>

#include <string>

using namespace hedge;

namespace {

const char* kFanout = R"({
  "calls": 2000, "loads": [0.5],
  "service": {"workers": 4},
  "fanout": {"parts": 10, "wait_for": 9, "copies": 2},
  "setups": [{"name": "h", "hedge": {}}]
})";

bool has(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

// A scenario of one hedging setup with a grid of `knob` over `values`.
Scenario gridded(const ServiceConfig& service, const char* knob, std::vector<double> values)
{
    Scenario s;
    s.service = service;
    s.setups = {Setup{.name = "h", .hedge = HedgeSettings{}}};
    s.grid = Grid{.setup = "h", .knob = knob, .values = std::move(values)};
    return s;
}

ServiceConfig fanningOut(int parts, int copies)
{
    ServiceConfig s;
    s.fanoutParts = parts;
    s.fanoutCopies = copies;
    s.replicas = parts * copies;
    return s;
}

} // namespace

class TestFanoutScenario : public QObject {
    Q_OBJECT

private slots:
    void readsTheFanoutAndDerivesTheReplicas()
    {
        const Scenario s = parseScenarioJson(kFanout);
        QCOMPARE(s.service.fanoutParts, 10);
        QCOMPARE(s.service.fanoutWaitFor, 9);
        QCOMPARE(s.service.fanoutCopies, 2);
        QCOMPARE(s.service.replicas, 20);
        QCOMPARE(s.service.workers, 4);
        // The same file with the replicas spelled out reads the same.
        std::string spelled = kFanout;
        spelled.replace(spelled.find("\"workers\": 4"), 12, "\"workers\": 4, \"replicas\": 20");
        QCOMPARE(parseScenarioJson(spelled), s);
        // Copies alone (one part) are a fan-out object too: 5 copies of the one partition.
        QCOMPARE(parseScenarioJson(R"({"fanout": {"copies": 5}})").service.replicas, 5);
        // An empty object, or one of defaults, is no fan-out: the replicas stay the file's.
        QCOMPARE(
            parseScenarioJson(R"({"service": {"replicas": 4}, "fanout": {}})").service.replicas, 4);
        QCOMPARE(parseScenarioJson(R"({"service": {"replicas": 4}, "fanout": {"parts": 1}})")
                     .service.replicas,
                 4);
    }

    void writesTheFanoutAfterTheServiceWithoutTheDerivedReplicas()
    {
        const Scenario s = parseScenarioJson(kFanout);
        const std::string text = writeScenarioJson(s);
        const std::size_t service = text.find("\"service\": {");
        const std::size_t fanout = text.find("\"fanout\": {");
        const std::size_t setups = text.find("\"setups\": [");
        QVERIFY2(service < fanout && fanout < setups, text.c_str());
        QVERIFY2(has(text, "\"parts\": 10") && has(text, "\"wait_for\": 9") &&
                     has(text, "\"copies\": 2"),
                 text.c_str());
        // Derived, so left out; the rest of the topology is written as for any replicas.
        QVERIFY2(!has(text, "\"replicas\""), text.c_str());
        QVERIFY2(has(text, "\"balancer\": \"round_robin\""), text.c_str());
        QCOMPARE(parseScenarioJson(text), s);
        // Defaults inside the object are left out too.
        const std::string parts =
            writeScenarioJson(parseScenarioJson(R"({"fanout": {"parts": 10}})"));
        QVERIFY2(has(parts, "\"fanout\": {\n    \"parts\": 10\n  }"), parts.c_str());
        // The service alone (hedgesim service --json) has no fanout beside it: it keeps them.
        QVERIFY(has(writeServiceJson(s.service), "\"replicas\": 20"));
    }

    void aScenarioWithoutFanoutIsWrittenAsBefore()
    {
        QVERIFY(!has(writeScenarioJson(Scenario{}), "fanout"));
        Scenario replicas;
        replicas.service.replicas = 4;
        const std::string text = writeScenarioJson(replicas);
        QVERIFY(!has(text, "fanout"));
        QVERIFY(has(text, "\"replicas\": 4"));
        QCOMPARE(parseScenarioJson(text), replicas);
    }

    void rejectsWhatTheFanoutCannotRun_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("error");
        const auto row = [](const char* name, const char* json, const char* error) {
            QTest::newRow(name) << QString::fromUtf8(json) << QString::fromUtf8(error);
        };
        row("parts 0", R"({"fanout": {"parts": 0}})",
            "fanout.parts: 0 is out of range (allowed 1 … 200)");
        row("parts 201", R"({"fanout": {"parts": 201}})",
            "fanout.parts: 201 is out of range (allowed 1 … 200)");
        row("wait_for -1", R"({"fanout": {"parts": 10, "wait_for": -1}})",
            "fanout.wait_for: -1 is out of range (allowed 0 … 200)");
        row("wait_for above parts", R"({"fanout": {"parts": 10, "wait_for": 11}})",
            "fanout.wait_for: must be between 1 and parts (10); 0 or left out waits for all parts");
        row("wait_for without parts", R"({"fanout": {"wait_for": 2}})",
            "fanout.wait_for: must be between 1 and parts (1); 0 or left out waits for all parts");
        row("copies 0", R"({"fanout": {"copies": 0}})",
            "fanout.copies: 0 is out of range (allowed 1 … 64)");
        row("copies 65", R"({"fanout": {"copies": 65}})",
            "fanout.copies: 65 is out of range (allowed 1 … 64)");
        row("parts 2.5", R"({"fanout": {"parts": 2.5}})",
            "fanout.parts: 2.5 is not an integer (allowed 1 … 200)");
        row("replicas in all",
            R"({"service": {"workers": 1}, "fanout": {"parts": 100, "copies": 3}})",
            "fanout.copies: parts × copies = 100 × 3 = 300 replicas in all, more than allowed "
            "(parts × copies ≤ 255)");
        row("replicas given, other", R"({"service": {"replicas": 4}, "fanout": {"parts": 10}})",
            "service.replicas: must be fanout.parts × fanout.copies = 10 with a fan-out (or left "
            "out)");
        row("replicas given, above 255",
            R"({"service": {"replicas": 256}, "fanout": {"parts": 10}})",
            "service.replicas: 256 is out of range (allowed 1 … 255)");
        row("replicas without fanout", R"({"service": {"replicas": 65}})",
            "service.replicas: 65 is out of range (allowed 1 … 64)");
        row("workers in all",
            R"({"service": {"workers": 64}, "fanout": {"parts": 100, "copies": 2}})",
            "service.replicas: 200 replicas (fanout.parts 100 × fanout.copies 2) × 64 workers = "
            "12800 workers in all, more than allowed (replicas × workers ≤ 10000)");
        row("calls × parts",
            R"({"calls": 100000000, "service": {"workers": 1}, "fanout": {"parts": 100}})",
            "fanout.parts: calls × parts must be below 4 294 967 295 (calls 100 000 000 × parts "
            "100)");
        row("unknown key", R"({"fanout": {"part": 10}})",
            "fanout.part: unknown field (allowed here: parts, wait_for, copies)");
        row("not an object", R"({"fanout": 10})", "fanout: expected an object, got a number (10)");
        row("a change sets parts",
            R"({"fanout": {"parts": 10}, "timeline": {"duration_s": 10, "changes": )"
            R"([{"at_s": 5, "set": {"fanout.parts": 20}}]}})",
            "timeline.changes[0].set: \"fanout.parts\" is not a knob a change can set");
    }

    void rejectsWhatTheFanoutCannotRun()
    {
        QFETCH(QString, json);
        QFETCH(QString, error);
        const QString got = test::scenarioErrorText(json.toStdString());
        // A change's message goes on with the knobs it can set: only its start is compared.
        if (error.startsWith(QLatin1String("timeline.")))
            QVERIFY2(got.startsWith(error), qPrintable(got));
        else
            QCOMPARE(got, error);
    }

    // Just under the bound is allowed: the rule is "below", not "at most".
    void callsTimesPartsJustBelowTheBoundRun()
    {
        Scenario s;
        s.service = fanningOut(2, 1);
        s.calls = 100'000'000;
        QVERIFY(!firstScenarioError(s));
        s.service = fanningOut(43, 1); // 4.3e9 > 2^32 − 1
        QVERIFY(firstScenarioError(s));
    }

    void writingAFanoutKnobMakesTheReplicasFollow()
    {
        const Knob& parts = *KnobRegistry::find("fanout.parts");
        const Knob& copies = *KnobRegistry::find("fanout.copies");
        Setup setup;
        ServiceConfig service;
        service.replicas = 4;
        parts.write(setup, service, 10);
        QCOMPARE(service.replicas, 10);
        copies.write(setup, service, 3);
        QCOMPARE(service.replicas, 30);
        // Back to one part of one copy: one replica, not the 4 of before the fan-out.
        copies.write(setup, service, 1);
        parts.write(setup, service, 1);
        QCOMPARE(service.replicas, 1);
        // A plain service left plain keeps its replicas.
        ServiceConfig plain;
        plain.replicas = 4;
        parts.write(setup, plain, 1);
        QCOMPARE(plain.replicas, 4);
    }

    void gridCellsKeepTheReplicasAtPartsTimesCopies()
    {
        const Scenario s = gridded(fanningOut(10, 2), "fanout.parts", {1, 10, 100});
        QVERIFY(!firstScenarioError(s));
        QCOMPARE(gridCell(s, 1, 0).service.replicas, 2);
        QCOMPARE(gridCell(s, 100, 0).service.replicas, 200);
        QCOMPARE(gridCell(s, 100, 0).service.fanoutParts, 100);
        QCOMPARE(withGridKnob(s, 100)->service.replicas, 200);
        const Scenario c = gridded(fanningOut(10, 2), "fanout.copies", {1, 3});
        QCOMPARE(gridCell(c, 3, 0).service.replicas, 30);
        // A plain service of 4 replicas: a cell that fans out has parts × copies; one that
        // does not keeps the 4.
        ServiceConfig four;
        four.replicas = 4;
        const Scenario p = gridded(four, "fanout.parts", {1, 10});
        QCOMPARE(gridCell(p, 10, 0).service.replicas, 10);
        QCOMPARE(gridCell(p, 1, 0).service.replicas, 4);
        // Read from a file, the cells follow too.
        const Scenario read = parseScenarioJson(writeScenarioJson(s));
        QCOMPARE(gridCell(read, 100, 0).service.replicas, 200);
    }

    void gridsKeepTheFanoutRules()
    {
        const auto problem = [](const Scenario& s) {
            const std::optional<ScenarioError> e = firstScenarioError(s);
            return e ? QString::fromUtf8(e->what()) : QString();
        };
        QCOMPARE(problem(gridded(fanningOut(10, 2), "fanout.parts", {1, 200})),
                 QStringLiteral("grid.values[1]: parts × copies = 200 × 2 = 400 replicas in all, "
                                "more than allowed (parts × copies ≤ 255) for fanout.parts"));
        Scenario many = gridded(fanningOut(10, 1), "fanout.parts", {10, 100});
        many.calls = 100'000'000;
        many.service.workers = 1;
        QCOMPARE(problem(many),
                 QStringLiteral("grid.values[1]: calls × parts must be below 4 294 967 295 "
                                "(calls 100 000 000 × parts 100) for fanout.parts"));
        QCOMPARE(problem(gridded(fanningOut(10, 1), "service.replicas", {10, 20})),
                 QStringLiteral("grid.knob: service.replicas follows fanout.parts × "
                                "fanout.copies on a service that fans out; map fanout.parts or "
                                "fanout.copies instead"));
    }

    // A scenario built in memory (the explorer's) is held to the same rule as a file.
    void replicasOtherThanPartsTimesCopiesAreRefused()
    {
        Scenario s;
        s.service = fanningOut(10, 2);
        QVERIFY(!firstScenarioError(s));
        s.service.replicas = 10;
        QCOMPARE(QString::fromUtf8(firstScenarioError(s)->what()),
                 QStringLiteral("service.replicas: must be fanout.parts × fanout.copies = 20 "
                                "with a fan-out (or left out)"));
    }
};

QTEST_APPLESS_MAIN(TestFanoutScenario)
#include "tst_fanoutscenario.moc"
