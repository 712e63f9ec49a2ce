// Scenario files: defaults, every range named by its field, unknown and repeated fields,
// types, syntax error positions, exact seeds and the write/parse round trip.
#include "TestErrors.h"

#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>

#include <QTest>

#include <cmath>
#include <limits>

using namespace hedge;

namespace {

// A scenario whose third setup (index 2) holds `fields`: checks that paths carry the index.
QByteArray thirdSetup(const char* fields)
{
    return QByteArray(R"({"setups": [{"name": "a"}, {"name": "b"}, {"name": "c", )") + fields +
           "}]}";
}

QByteArray service(const char* fields)
{
    return QByteArray(R"({"service": {)") + fields + "}}";
}

} // namespace

class TestScenarioJson : public QObject {
    Q_OBJECT

private slots:
    void emptyObjectIsTheDefaultScenario()
    {
        const Scenario s = parseScenarioJson("{}");
        QCOMPARE(s, Scenario{});
        QCOMPARE(s.setups.size(), std::size_t(12));
        QCOMPARE(s.setups, Scenario::referenceSetups());
        QCOMPARE(s.seed, std::uint64_t(1));
        QCOMPARE(s.calls, std::int64_t(200000));
        QCOMPARE(s.warmupFraction, 0.1);
        QCOMPARE(s.service.workers, 16);
        QCOMPARE(s.service.hiccupMaxMs, 300.0);
    }

    void emptyHedgeTakesTheScenarioDefaults()
    {
        const Scenario s = parseScenarioJson(R"({"setups": [{"name": "x", "hedge": {}}]})");
        QCOMPARE(s.setups.size(), std::size_t(1));
        const Setup& setup = s.setups[0];
        QCOMPARE(setup.cancellation, Cancellation::Client);
        QVERIFY(setup.hedge.has_value());
        QCOMPARE(setup.hedge->delayMs, 20.0); // the scenario default, not the library's 2000
        QCOMPARE(setup.hedge->maxAttempts, 2);
        QCOMPARE(setup.hedge->budgetPercent, 10.0);
        QCOMPARE(setup.hedge->budgetMinPerSecond, 1.0);
        QCOMPARE(setup.hedge->budgetWindowSeconds, 10.0);
        QVERIFY(!setup.adaptiveLimit.has_value());
    }

    void fieldsAreRead()
    {
        const Scenario s = parseScenarioJson(R"({
            "schema": "hedge-explorer/scenario@1", "seed": 7, "calls": 5000,
            "warmup_fraction": 0.25, "loads": [0.5, 1.5],
            "service": {"workers": 4, "median_ms": 3.5, "sigma": 0, "hiccup_probability": 1,
                        "hiccup_min_ms": 0, "hiccup_max_ms": 0, "error_probability": 0.5},
            "setups": [{"name": "s", "cancellation": "server",
                        "hedge": {"delay_ms": 0, "max_attempts": 10, "budget_percent": 0,
                                  "budget_min_per_second": 0, "budget_window_s": 0.5},
                        "adaptive_limit": {"initial_limit": 5, "min_limit": 1, "max_limit": 5,
                                           "smoothing": 1, "rtt_tolerance": 1,
                                           "long_window": 1, "queue_size": 0}}]})");
        QCOMPARE(s.seed, std::uint64_t(7));
        QCOMPARE(s.calls, std::int64_t(5000));
        QCOMPARE(s.warmupFraction, 0.25);
        QCOMPARE(s.loads, (std::vector<double>{0.5, 1.5}));
        QCOMPARE(s.service, (ServiceConfig{4, 3.5, 0.0, 1.0, 0.0, 0.0, 0.5}));
        const Setup& setup = s.setups.at(0);
        QCOMPARE(setup.name, std::string("s"));
        QCOMPARE(setup.cancellation, Cancellation::Server);
        QCOMPARE(*setup.hedge, (HedgeSettings{0.0, 10, 0.0, 0.0, 0.5}));
        QCOMPARE(*setup.adaptiveLimit, (Gradient2Config{5, 1, 5, 1.0, 1.0, 1, 0}));
    }

    void adaptiveLimitForms_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<bool>("present");
        QTest::addColumn<int>("maxLimit");
        QTest::newRow("absent") << QByteArray() << false << 0;
        QTest::newRow("null") << QByteArray("null") << false << 0;
        QTest::newRow("false") << QByteArray("false") << false << 0;
        QTest::newRow("true") << QByteArray("true") << true << 200;
        QTest::newRow("{}") << QByteArray("{}") << true << 200;
        QTest::newRow("object") << QByteArray(R"({"max_limit": 50})") << true << 50;
    }

    void adaptiveLimitForms()
    {
        QFETCH(QByteArray, value);
        QFETCH(bool, present);
        QFETCH(int, maxLimit);
        QByteArray json = R"({"setups": [{"name": "x")";
        if (!value.isEmpty())
            json += R"(, "adaptive_limit": )" + value;
        json += "}]}";
        const Scenario s = parseScenarioJson(json.toStdString());
        QCOMPARE(s.setups.at(0).adaptiveLimit.has_value(), present);
        if (present) {
            Gradient2Config expected;
            expected.maxLimit = maxLimit;
            QCOMPARE(*s.setups[0].adaptiveLimit, expected);
        }
    }

    void hedgeNullOrAbsentMeansNoHedge()
    {
        const Scenario s =
            parseScenarioJson(R"({"setups": [{"name": "a", "hedge": null}, {"name": "b"}]})");
        QVERIFY(!s.setups.at(0).hedge);
        QVERIFY(!s.setups.at(1).hedge);
        QCOMPARE(s.setups.at(1).cancellation, Cancellation::Client);
    }

    void missingNameIsNumbered()
    {
        const Scenario s = parseScenarioJson(R"({"setups": [{"name": "a"}, {}]})");
        QCOMPARE(s.setups.at(1).name, std::string("setup 2"));
    }

    void integralFloatIsAnInteger()
    {
        const Scenario s = parseScenarioJson(R"({"calls": 2e5, "service": {"workers": 8.0}})");
        QCOMPARE(s.calls, std::int64_t(200000));
        QCOMPARE(s.service.workers, 8);
    }

    void rangeViolationsNameTheField_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("allowed");
        const auto row = [](const char* name, const QByteArray& json, const char* field,
                            const char* allowed) {
            QTest::newRow(name) << json << QString(field) << QString::fromUtf8(allowed);
        };
        row("seed negative", R"({"seed": -1})", "seed", "allowed 0 … 18446744073709551615");
        row("seed 2^64", R"({"seed": 18446744073709551616})", "seed", "allowed 0 …");
        row("seed fraction", R"({"seed": 1.5})", "seed", "not an integer");
        row("calls low", R"({"calls": 999})", "calls", "allowed 1000 … 100000000");
        row("calls high", R"({"calls": 100000001})", "calls", "allowed 1000 … 100000000");
        row("calls fraction", R"({"calls": 2500.5})", "calls", "not an integer");
        row("warmup negative", R"({"warmup_fraction": -0.1})", "warmup_fraction",
            "allowed 0 … 0.9");
        row("warmup high", R"({"warmup_fraction": 0.91})", "warmup_fraction", "allowed 0 … 0.9");
        row("loads empty", R"({"loads": []})", "loads", "at least one load");
        row("load zero", R"({"loads": [0]})", "loads[0]", "allowed > 0 and ≤ 1.5");
        row("load negative", R"({"loads": [0.5, -0.2]})", "loads[1]", "allowed > 0 and ≤ 1.5");
        row("load high", R"({"loads": [0.5, 0.7, 1.51]})", "loads[2]", "allowed > 0 and ≤ 1.5");
        row("workers zero", service(R"("workers": 0)"), "service.workers", "allowed 1 … 10000");
        row("workers high", service(R"("workers": 10001)"), "service.workers", "allowed 1 … 10000");
        row("workers huge", service(R"("workers": 1e12)"), "service.workers", "allowed 1 … 10000");
        row("workers fraction", service(R"("workers": 2.5)"), "service.workers",
            "2.5 is not an integer");
        row("median zero", service(R"("median_ms": 0)"), "service.median_ms", "allowed > 0");
        row("sigma negative", service(R"("sigma": -0.1)"), "service.sigma", "allowed 0 … 3");
        row("sigma high", service(R"("sigma": 3.5)"), "service.sigma", "allowed 0 … 3");
        row("hiccup probability", service(R"("hiccup_probability": 1.01)"),
            "service.hiccup_probability", "allowed 0 … 1");
        row("hiccup probability negative", service(R"("hiccup_probability": -0.5)"),
            "service.hiccup_probability", "allowed 0 … 1");
        row("hiccup min negative", service(R"("hiccup_min_ms": -1)"), "service.hiccup_min_ms",
            "allowed ≥ 0");
        row("hiccup max negative", service(R"("hiccup_min_ms": 0, "hiccup_max_ms": -1)"),
            "service.hiccup_max_ms", "allowed ≥ 0");
        row("hiccup min above max", service(R"("hiccup_min_ms": 400)"), "service.hiccup_min_ms",
            "hiccup_max_ms");
        row("error probability", service(R"("error_probability": 2)"), "service.error_probability",
            "allowed 0 … 1");
        row("delay negative", thirdSetup(R"("hedge": {"delay_ms": -1})"),
            "setups[2].hedge.delay_ms", "allowed ≥ 0");
        row("attempts zero", thirdSetup(R"("hedge": {"max_attempts": 0})"),
            "setups[2].hedge.max_attempts", "allowed 1 … 10");
        row("attempts high", thirdSetup(R"("hedge": {"max_attempts": 11})"),
            "setups[2].hedge.max_attempts", "allowed 1 … 10");
        row("budget high", thirdSetup(R"("hedge": {"budget_percent": 100.5})"),
            "setups[2].hedge.budget_percent", "allowed 0 … 100");
        row("budget negative", thirdSetup(R"("hedge": {"budget_percent": -1})"),
            "setups[2].hedge.budget_percent", "allowed 0 … 100");
        row("min per second", thirdSetup(R"("hedge": {"budget_min_per_second": -0.5})"),
            "setups[2].hedge.budget_min_per_second", "allowed ≥ 0");
        row("window zero", thirdSetup(R"("hedge": {"budget_window_s": 0})"),
            "setups[2].hedge.budget_window_s", "allowed > 0");
        row("initial limit zero",
            thirdSetup(R"("adaptive_limit": {"initial_limit": 0, "min_limit": 1})"),
            "setups[2].adaptive_limit.initial_limit", "allowed ≥ 1");
        row("min limit zero", thirdSetup(R"("adaptive_limit": {"min_limit": 0})"),
            "setups[2].adaptive_limit.min_limit", "allowed ≥ 1");
        row("max limit zero", thirdSetup(R"("adaptive_limit": {"max_limit": 0})"),
            "setups[2].adaptive_limit.max_limit", "allowed ≥ 1");
        row("min above max", thirdSetup(R"("adaptive_limit": {"min_limit": 50, "initial_limit": 50,
                                             "max_limit": 40})"),
            "setups[2].adaptive_limit.min_limit", "max_limit");
        row("initial below min", thirdSetup(R"("adaptive_limit": {"initial_limit": 10})"),
            "setups[2].adaptive_limit.initial_limit", "min_limit … max_limit = 20 … 200");
        row("initial above max", thirdSetup(R"("adaptive_limit": {"initial_limit": 201})"),
            "setups[2].adaptive_limit.initial_limit", "min_limit … max_limit = 20 … 200");
        row("smoothing zero", thirdSetup(R"("adaptive_limit": {"smoothing": 0})"),
            "setups[2].adaptive_limit.smoothing", "allowed > 0 and ≤ 1");
        row("smoothing high", thirdSetup(R"("adaptive_limit": {"smoothing": 1.5})"),
            "setups[2].adaptive_limit.smoothing", "allowed > 0 and ≤ 1");
        row("rtt tolerance", thirdSetup(R"("adaptive_limit": {"rtt_tolerance": 0.9})"),
            "setups[2].adaptive_limit.rtt_tolerance", "allowed ≥ 1");
        row("long window", thirdSetup(R"("adaptive_limit": {"long_window": 0})"),
            "setups[2].adaptive_limit.long_window", "allowed ≥ 1");
        row("queue size", thirdSetup(R"("adaptive_limit": {"queue_size": -1})"),
            "setups[2].adaptive_limit.queue_size", "allowed ≥ 0");
        row("empty name", R"({"setups": [{"name": "a"}, {"name": "b"}, {"name": ""}]})",
            "setups[2].name", "must not be empty");
        row("duplicate name", R"({"setups": [{"name": "a"}, {"name": "b"}, {"name": "a"}]})",
            "setups[2].name", "unique");
        row("no setups", R"({"setups": []})", "setups", "at least one setup");
        row("cancellation", thirdSetup(R"("cancellation": "both")"), "setups[2].cancellation",
            R"(allowed "client" or "server")");
        row("schema", R"({"schema": "hedge-explorer/scenario@2"})", "schema",
            "hedge-explorer/scenario@1");
        row("results schema", R"({"schema": "hedge-explorer/results@1"})", "schema",
            "not supported");
    }

    void rangeViolationsNameTheField()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        QFETCH(QString, allowed);
        const auto error = test::scenarioError(json.toStdString());
        QVERIFY2(error, (QByteArray("accepted: ") + json).constData());
        QCOMPARE(QString::fromStdString(error->field()), field);
        const QString what = QString::fromStdString(error->what());
        QVERIFY2(what.startsWith(field + ": "), qPrintable(what));
        QVERIFY2(what.contains(allowed), qPrintable(what));
    }

    void messageFormat()
    {
        const auto error =
            test::scenarioError(thirdSetup(R"("hedge": {"max_attempts": 11})").toStdString());
        QVERIFY(error);
        QCOMPARE(QString::fromUtf8(error->what()),
                 QString::fromUtf8("setups[2].hedge.max_attempts: 11 is out of range "
                                   "(allowed 1 … 10)"));
        QCOMPARE(error->problem(), std::string("11 is out of range (allowed 1 … 10)"));
    }

    void unknownFieldsAreErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::newRow("top") << QByteArray(R"({"seeds": 3})") << "seeds";
        QTest::newRow("service") << service(R"("worker": 3)") << "service.worker";
        QTest::newRow("setup") << thirdSetup(R"("hedges": null)") << "setups[2].hedges";
        QTest::newRow("hedge") << thirdSetup(R"("hedge": {"delay": 5})") << "setups[2].hedge.delay";
        QTest::newRow("limit") << thirdSetup(R"("adaptive_limit": {"limit": 5})")
                               << "setups[2].adaptive_limit.limit";
    }

    void unknownFieldsAreErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        const auto error = test::scenarioError(json.toStdString());
        QVERIFY(error);
        QCOMPARE(QString::fromStdString(error->field()), field);
        QVERIFY2(QString::fromStdString(error->problem()).startsWith("unknown field"),
                 error->what());
    }

    void wrongTypesAreErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::newRow("root array") << QByteArray("[]") << "";
        QTest::newRow("calls string") << QByteArray(R"({"calls": "1000"})") << "calls";
        QTest::newRow("seed bool") << QByteArray(R"({"seed": true})") << "seed";
        QTest::newRow("loads number") << QByteArray(R"({"loads": 0.5})") << "loads";
        QTest::newRow("load string") << QByteArray(R"({"loads": [0.5, "0.6"]})") << "loads[1]";
        QTest::newRow("service array") << QByteArray(R"({"service": []})") << "service";
        QTest::newRow("service null") << QByteArray(R"({"service": null})") << "service";
        QTest::newRow("setups object") << QByteArray(R"({"setups": {}})") << "setups";
        QTest::newRow("setup string") << QByteArray(R"({"setups": ["a"]})") << "setups[0]";
        QTest::newRow("name number")
            << QByteArray(R"({"setups": [{"name": "a"}, {"name": 3}]})") << "setups[1].name";
        QTest::newRow("hedge true") << thirdSetup(R"("hedge": true)") << "setups[2].hedge";
        QTest::newRow("limit number")
            << thirdSetup(R"("adaptive_limit": 1)") << "setups[2].adaptive_limit";
        QTest::newRow("cancellation null")
            << thirdSetup(R"("cancellation": null)") << "setups[2].cancellation";
        QTest::newRow("sigma string") << service(R"("sigma": "0.3")") << "service.sigma";
    }

    void wrongTypesAreErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        const auto error = test::scenarioError(json.toStdString());
        QVERIFY2(error, (QByteArray("accepted: ") + json).constData());
        QCOMPARE(QString::fromStdString(error->field()), field);
        QVERIFY2(QString::fromStdString(error->problem()).startsWith("expected"), error->what());
    }

    void repeatedFieldIsAnError()
    {
        const auto error = test::scenarioError(R"({"setups": [{"name": "a", "hedge": {"delay_ms": 5,
                                                    "delay_ms": 6}}]})");
        QVERIFY(error);
        QCOMPARE(error->field(), std::string("setups[0].hedge.delay_ms"));
        QVERIFY(QString::fromStdString(error->problem()).contains("twice"));
    }

    void repeatedFieldIsNamedByItsPath_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::newRow("top level") << QByteArray(R"({"seed": 1, "calls": 1000, "seed": 2})")
                                   << "seed";
        QTest::newRow("second setup") << QByteArray(
            R"({"loads": [0.5, 0.6], "setups": [{"name": "a", "hedge": {"delay_ms": 5}},
                {"name": "b", "adaptive_limit": {"min_limit": 5}, "hedge": {}, "hedge": {}}]})")
                                      << "setups[1].hedge";
        QTest::newRow("same key in two objects is fine, then repeated")
            << QByteArray(R"({"service": {"workers": 2}, "setups": [{"name": "a"},
                {"name": "b", "name": "c"}]})")
            << "setups[1].name";
    }

    void repeatedFieldIsNamedByItsPath()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        const auto error = test::scenarioError(json.toStdString());
        QVERIFY(error);
        QCOMPARE(QString::fromStdString(error->field()), field);
        QVERIFY(QString::fromStdString(error->problem()).contains("twice"));
    }

    void syntaxErrorHasLineAndColumn_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::newRow("trailing comma")
            << QByteArray("{\n  \"calls\": 1000,\n  \"loads\": [0.5,]\n}") << 3 << 17;
        QTest::newRow("missing brace") << QByteArray("{\n  \"calls\": 1000\n") << 3 << 1;
        QTest::newRow("bad literal") << QByteArray("{\"seed\": tru}") << 1 << 13;
        QTest::newRow("empty") << QByteArray("") << 1 << 1;
        QTest::newRow("nul byte") << QByteArray("{\"seed\": 1}\n\0\n", 14) << 2 << 1;
        // nlohmann's exception for this one carries no position: the parser's report does.
        QTest::newRow("number overflow") << QByteArray("{\n  \"seed\": 1e400\n}") << 2 << 15;
    }

    void syntaxErrorHasLineAndColumn()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, line);
        QFETCH(int, column);
        const auto error = test::scenarioError(json.toStdString());
        QVERIFY(error);
        QVERIFY(error->field().empty());
        QCOMPARE(error->line(), line);
        QCOMPARE(error->column(), column);
        const QString what = QString::fromStdString(error->what());
        QVERIFY2(what.startsWith(QString("line %1, column %2: ").arg(line).arg(column)),
                 qPrintable(what));
        QVERIFY2(!what.contains("json.exception"), qPrintable(what));
    }

    void largestSeedIsExact()
    {
        const Scenario s = parseScenarioJson(R"({"seed": 18446744073709551615})");
        QCOMPARE(s.seed, std::numeric_limits<std::uint64_t>::max());
        const std::string text = writeScenarioJson(s);
        QVERIFY(text.find("\"seed\": 18446744073709551615,") != std::string::npos);
        QCOMPARE(parseScenarioJson(text).seed, std::numeric_limits<std::uint64_t>::max());
        // A seed just below 2^64 that a double cannot hold exactly.
        QCOMPARE(parseScenarioJson(R"({"seed": 18446744073709551557})").seed,
                 std::uint64_t(18446744073709551557ULL));
    }

    void roundTrip_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("defaults") << QByteArray("{}");
        QTest::newRow("awkward numbers") << QByteArray(
            R"({
            "seed": 12345678901234567890, "calls": 1000, "warmup_fraction": 0.30000000000000004,
            "loads": [0.1, 0.7000000000000001, 1e-300, 1.4999999999999998],
            "service": {"median_ms": 3.141592653589793, "sigma": 2.9999999999999996,
                        "hiccup_probability": 5e-324, "hiccup_min_ms": 0,
                        "hiccup_max_ms": 1.7976931348623157e308},
            "setups": [{"name": )"
            "\"ünïcødé, \\\"quoted\\\"\\n\"" // moc misreads backslashes in raw strings
            R"(, "cancellation": "server",
                        "hedge": {"delay_ms": 0.1, "max_attempts": 3},
                        "adaptive_limit": true},
                       {"name": "plain"}]})");
    }

    void roundTrip()
    {
        QFETCH(QByteArray, json);
        const Scenario s = parseScenarioJson(json.toStdString());
        const std::string text = writeScenarioJson(s);
        QCOMPARE(parseScenarioJson(text), s);
        QCOMPARE(writeScenarioJson(parseScenarioJson(text)), text);
    }

    void writerFillsDefaultsInSpecOrder()
    {
        const std::string text = writeScenarioJson(
            parseScenarioJson(R"({"setups": [{"name": "h", "hedge": {}}, {"name": "n"}]})"));
        const char* keys[] = {"\"schema\": \"hedge-explorer/scenario@1\"",
                              "\"seed\": 1",
                              "\"calls\": 200000",
                              "\"warmup_fraction\": 0.1",
                              "\"loads\": [",
                              "\"service\": {",
                              "\"workers\": 16",
                              "\"median_ms\"",
                              "\"sigma\"",
                              "\"hiccup_probability\"",
                              "\"hiccup_min_ms\"",
                              "\"hiccup_max_ms\"",
                              "\"error_probability\"",
                              "\"setups\": [",
                              "\"name\": \"h\"",
                              "\"cancellation\": \"client\"",
                              "\"hedge\": {",
                              "\"delay_ms\": 20",
                              "\"max_attempts\": 2",
                              "\"budget_percent\": 10",
                              "\"budget_min_per_second\": 1",
                              "\"budget_window_s\": 10",
                              "\"adaptive_limit\": null",
                              "\"name\": \"n\"",
                              "\"hedge\": null"};
        std::size_t at = 0;
        for (const char* key : keys) {
            const std::size_t found = text.find(key, at);
            QVERIFY2(found != std::string::npos, key);
            at = found;
        }
        QVERIFY(text.starts_with("{\n  \"schema\""));
        QVERIFY(text.ends_with("}\n"));
        QVERIFY(text.find("\n    \"workers\": 16,\n") != std::string::npos);
    }

    void validateBuiltValues()
    {
        Scenario s;
        QVERIFY(!firstScenarioError(s));
        validateScenario(s); // does not throw

        s.setups[2].hedge->maxAttempts = 11;
        const auto error = firstScenarioError(s);
        QVERIFY(error);
        QCOMPARE(error->field(), std::string("setups[2].hedge.max_attempts"));
        QVERIFY_THROWS_EXCEPTION(ScenarioError, validateScenario(s));

        Scenario nan;
        nan.service.medianMs = std::nan("");
        QCOMPARE(firstScenarioError(nan)->field(), std::string("service.median_ms"));
        Scenario infinite;
        infinite.setups[1].hedge->delayMs = std::numeric_limits<double>::infinity();
        QCOMPARE(firstScenarioError(infinite)->field(), std::string("setups[1].hedge.delay_ms"));
        QVERIFY(QString::fromStdString(firstScenarioError(infinite)->problem()).contains("finite"));
        Scenario badName;
        badName.setups[3].name = "caf\xC3"; // truncated UTF-8
        QCOMPARE(firstScenarioError(badName)->field(), std::string("setups[3].name"));
        badName.setups[3].name = "\xED\xA0\x80"; // a surrogate
        QCOMPARE(firstScenarioError(badName)->field(), std::string("setups[3].name"));
        badName.setups[3].name = "caf\xC3\xA9 \xF0\x9F\x98\x80"; // café 😀
        QVERIFY(!firstScenarioError(badName));
        QCOMPARE(parseScenarioJson(writeScenarioJson(badName)), badName);
        Scenario noLoads;
        noLoads.loads.clear();
        QCOMPARE(firstScenarioError(noLoads)->field(), std::string("loads"));
    }

    void unreadableFileNamesThePath()
    {
        const std::string path = "/nonexistent-dir/scenario.json";
        try {
            readScenarioFile(path);
            QFAIL("read a file that does not exist");
        } catch (const ScenarioError& e) {
            QVERIFY(e.field().empty());
            QVERIFY2(std::string(e.what()).find(path) != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestScenarioJson)
#include "tst_scenariojson.moc"
