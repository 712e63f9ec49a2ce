// The scenario file's optional `style` block: read back exactly, validated like every other
// field (named path, allowed values), left out of results files, ignored by the plain parser.
#include "TestErrors.h"

#include <hedge/io/ResultsJson.h>
#include <hedge/io/ScenarioJson.h>

#include <QTest>

using namespace hedge;

namespace {

std::optional<ScenarioError> styleErrorOf(const QByteArray& style)
{
    const QByteArray json =
        QByteArray(R"({"setups": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "style": )") +
        style + "}";
    return test::errorFrom([&] { parseStyledScenarioJson(json.toStdString()); });
}

ScenarioStyle sampleStyle()
{
    ScenarioStyle style;
    style.setups = {{"#0072b2", true}, {"#d55e00", false}, {"#123abc", true}};
    style.charts = {"p99_ms", "requests_per_call", "p999_ms", "utilisation"};
    style.panels = std::vector<std::string>{"replica_backlog_ms", "limit"};
    return style;
}

Scenario threeSetups()
{
    // Designated initialisers: assigning the names one by one trips g++ 12's false
    // -Wrestrict at -O3 (GCC bug 105329).
    Scenario s;
    s.setups = {Setup{.name = "a"}, Setup{.name = "b"}, Setup{.name = "c"}};
    return s;
}

} // namespace

class TestScenarioStyle : public QObject {
    Q_OBJECT
private slots:
    void roundTripKeepsEveryColourAndChoice()
    {
        const Scenario s = threeSetups();
        const std::string text = writeScenarioJson(s, sampleStyle());
        QVERIFY(text.find("\"style\"") != std::string::npos);
        const StyledScenario back = parseStyledScenarioJson(text);
        QCOMPARE(back.scenario, s);
        QVERIFY(back.style.has_value());
        QCOMPARE(*back.style, sampleStyle());
    }

    // The Live panels are optional in the block: a file written before they were kept says
    // nothing of them (and the window keeps those on); the keys are the catalogue's optional
    // panels, in its order.
    void panelsAreOptional()
    {
        const StyledScenario older = parseStyledScenarioJson(
            "{\"setups\": [{\"name\": \"a\"}], \"style\": {\"setups\": "
            "[{\"colour\": \"#123456\"}]}}");
        QVERIFY(older.style.has_value());
        QVERIFY(!older.style->panels.has_value());
        ScenarioStyle without = sampleStyle();
        without.panels.reset();
        const std::string text = writeScenarioJson(threeSetups(), without);
        QVERIFY(text.find("\"panels\"") == std::string::npos);
        QCOMPARE(*parseStyledScenarioJson(text).style, without);
        QCOMPARE(panelKeys(),
                 (std::vector<std::string>{"replica_backlog_ms", "utilisation", "limit",
                                           "budget_balance", "rejected_fraction",
                                           "hedges_refused_fraction", "throttle_tokens",
                                           "retry_slots", "percentile_delay_ms",
                                           "goodput_fraction", "goodput_per_s",
                                           "timed_out_fraction", "hedges_per_call",
                                           "retries_per_call", "wasted_work_fraction"}));
        QCOMPARE(shownPanels({"limit", "p99_ms", "limit", "utilisation"}),
                 (std::vector<std::string>{"utilisation", "limit"}));
        QCOMPARE(chartOrder().front(), std::string("p99_ms"));
        QVERIFY(isAlwaysShownChart("requests_per_call") && !isAlwaysShownChart("p999_ms"));
    }

    void absentStyleStaysAbsent()
    {
        const std::string text = writeScenarioJson(threeSetups(), std::nullopt);
        QVERIFY(text.find("\"style\"") == std::string::npos);
        QVERIFY(!parseStyledScenarioJson(text).style.has_value());
        QCOMPARE(text, writeScenarioJson(threeSetups()));
    }

    void plainParserAcceptsAndIgnoresStyle()
    {
        // hedgesim and the results reader use the plain parser: a styled file runs as is.
        const Scenario s = threeSetups();
        QCOMPARE(parseScenarioJson(writeScenarioJson(s, sampleStyle())), s);
    }

    void badStyleNamesTheField_data()
    {
        QTest::addColumn<QByteArray>("style");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("problem");
        QTest::newRow("colour") << QByteArray("{\"setups\": [{\"colour\": \"#000000\"}, "
                                              "{\"colour\": \"#ffffff\"}, {\"colour\": \"red\"}]}")
                                << QStringLiteral("style.setups[2].colour")
                                << QStringLiteral("#rrggbb");
        QTest::newRow("short colour")
            << QByteArray("{\"setups\": [{\"colour\": \"#fff\"}]}")
            << QStringLiteral("style.setups[0].colour") << QStringLiteral("#rrggbb");
        QTest::newRow("colour missing")
            << QByteArray("{\"setups\": [{\"visible\": true}]}")
            << QStringLiteral("style.setups[0].colour") << QStringLiteral("#rrggbb");
        QTest::newRow("visible type")
            << QByteArray("{\"setups\": [{\"colour\": \"#000000\", \"visible\": 1}]}")
            << QStringLiteral("style.setups[0].visible") << QStringLiteral("true or false");
        QTest::newRow("unknown in setup")
            << QByteArray("{\"setups\": [{\"colour\": \"#000000\", \"color\": \"#000000\"}]}")
            << QStringLiteral("style.setups[0].color") << QStringLiteral("");
        QTest::newRow("unknown in style") << QByteArray("{\"theme\": \"dark\"}")
                                          << QStringLiteral("style.theme") << QStringLiteral("");
        QTest::newRow("too many setups")
            << QByteArray("{\"setups\": [{\"colour\": \"#000000\"}, {\"colour\": \"#000000\"}, "
                          "{\"colour\": \"#000000\"}, {\"colour\": \"#000000\"}]}")
            << QStringLiteral("style.setups") << QStringLiteral("4 entries for 3 setups");
        QTest::newRow("unknown chart")
            << QByteArray("{\"charts\": [\"p99_ms\", \"p95_ms\"]}")
            << QStringLiteral("style.charts[1]") << QStringLiteral("\"p999_ms\"");
        QTest::newRow("chart type")
            << QByteArray("{\"charts\": [3]}") << QStringLiteral("style.charts[0]")
            << QStringLiteral("allowed");
        QTest::newRow("unknown panel")
            << QByteArray("{\"panels\": [\"limit\", \"tokens\"]}")
            << QStringLiteral("style.panels[1]") << QStringLiteral("\"throttle_tokens\"");
        QTest::newRow("a panel always shown")
            << QByteArray("{\"panels\": [\"p99_ms\"]}") << QStringLiteral("style.panels[0]")
            << QStringLiteral("not an optional Live panel");
        QTest::newRow("panels type")
            << QByteArray("{\"panels\": \"limit\"}") << QStringLiteral("style.panels")
            << QStringLiteral("array of panel keys");
        QTest::newRow("style type")
            << QByteArray("[]") << QStringLiteral("style") << QStringLiteral("object");
    }

    void badStyleNamesTheField()
    {
        QFETCH(QByteArray, style);
        QFETCH(QString, field);
        QFETCH(QString, problem);
        const std::optional<ScenarioError> error = styleErrorOf(style);
        QVERIFY2(error.has_value(), style.constData());
        QCOMPARE(QString::fromStdString(error->field()), field);
        QVERIFY2(QString::fromStdString(error->problem()).contains(problem), error->what());
        // The plain parser refuses the same file: a bad style is a bad file for hedgesim too.
        const QByteArray json =
            QByteArray(R"({"setups": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "style": )") +
            style + "}";
        QVERIFY_THROWS_EXCEPTION(ScenarioError, parseScenarioJson(json.toStdString()));
    }

    void resultsFilesLeaveTheStyleOut()
    {
        const std::string results = writeResultsJson(threeSetups(), {});
        QVERIFY(results.find("\"style\"") == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestScenarioStyle)
#include "tst_scenariostyle.moc"
