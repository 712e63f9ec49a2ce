// Replicates in the files: the scenario's `replicates` field and its range, and the spread
// beside a results point's pooled figures in JSON and CSV — read back exactly, absent from a
// 1-replicate file, and checked by the reader.
#include "TestErrors.h"

#include <hedge/io/ResultsCsv.h>
#include <hedge/io/ResultsJson.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/LoadSweep.h>

#include <QTest>

using namespace hedge;

namespace {

Scenario smallScenario(int replicates)
{
    Scenario s;
    s.calls = 2000;
    s.replicates = replicates;
    s.loads = {0.5, 0.7};
    s.setups = {
        Setup{.name = "no hedge"},
        Setup{.name = "3 attempts", .hedge = HedgeSettings{.maxAttempts = 3, .budgetPercent = 0}}};
    return s;
}

// What a results file holds of a point: no diagnostics.
std::vector<PointResult> asInFile(std::vector<PointResult> points)
{
    for (PointResult& p : points) {
        p.stoppedBySafetyCap = false;
        p.simulatedCalls = 0;
        p.events = 0;
        p.limiterInflightAtEnd = 0;
        p.measuredWindowMs = 0.0;
        p.stoppedEarly = false;
        p.stoppedAtCall = 0;
        p.busyMs = p.wastedMs = 0.0;
        // The calls' outcomes are written only when a setup has a deadline (none here).
        p.timedOutFraction = p.goodputFraction = p.goodputPerSecond = 0.0;
        p.hedgesPerCall = p.retriesPerCall = p.wastedWorkFraction = 0.0;
    }
    return points;
}

std::optional<ScenarioError> resultsError(const std::string& json)
{
    return test::errorFrom([&] { parseResultsJson(json); });
}

void replaceOnce(std::string& text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    QVERIFY2(at != std::string::npos, from.c_str());
    text.replace(at, from.size(), to);
}

} // namespace

class TestResultsSpread : public QObject {
    Q_OBJECT

private slots:
    void replicatesRange_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("0") << "0"
                           << "replicates: 0 is out of range (allowed 1 … 100)";
        QTest::newRow("101") << "101"
                             << "replicates: 101 is out of range (allowed 1 … 100)";
        QTest::newRow("2.5") << "2.5"
                             << "replicates: 2.5 is not an integer (allowed 1 … 100)";
        QTest::newRow("-3") << "-3"
                            << "replicates: -3 is out of range (allowed 1 … 100)";
        QTest::newRow("string") << "\"10\""
                                << "replicates: expected an integer, got a string (\"10\")";
    }

    void replicatesRange()
    {
        QFETCH(QString, value);
        QFETCH(QString, message);
        const auto error = test::scenarioError("{\"replicates\": " + value.toStdString() + "}");
        QVERIFY(error);
        QCOMPARE(QString::fromStdString(error->field()), QString("replicates"));
        QCOMPARE(QString::fromUtf8(error->what()), message);
    }

    // The GUI builds scenarios itself: the same check, the same message.
    void replicatesValidated()
    {
        for (int bad : {0, 101}) {
            Scenario s;
            s.replicates = bad;
            const auto error = firstScenarioError(s);
            QVERIFY(error);
            QCOMPARE(QString::fromUtf8(error->what()),
                     QString("replicates: %1 is out of range (allowed 1 … 100)").arg(bad));
        }
        Scenario s;
        s.replicates = 100;
        QVERIFY(!firstScenarioError(s));
    }

    void replicatesReadAndWritten()
    {
        QCOMPARE(parseScenarioJson("{}").replicates, 1);
        QCOMPARE(parseScenarioJson("{\"replicates\": 1e2}").replicates, 100);
        const Scenario s = smallScenario(7);
        const std::string text = writeScenarioJson(s);
        QVERIFY(text.find("\"replicates\": 7") != std::string::npos);
        QVERIFY(parseScenarioJson(text) == s);
        // One replicate writes the file older programs wrote (and read).
        QVERIFY(writeScenarioJson(smallScenario(1)).find("replicates") == std::string::npos);
    }

    void oneReplicateFileHasNoSpread()
    {
        const Scenario s = smallScenario(1);
        const auto points = LoadSweep(s, 2).run().points;
        const std::string json = writeResultsJson(s, points);
        for (const char* field : {"replicates", "collapsed_runs", "_ms_min", "utilisation_p95"})
            QVERIFY2(json.find(field) == std::string::npos, field);
        const std::string csv = writeResultsCsv(s, points);
        QCOMPARE(csv.substr(0, csv.find('\n')),
                 std::string("setup,cancellation,load,measured_calls,p50_ms,p99_ms,p999_ms,"
                             "mean_ms,max_ms,requests_per_call,hedged_fraction,rejected_fraction,"
                             "failed_fraction,utilisation,collapsed"));
        // And such a file takes no spread field.
        std::string withSpread = json;
        replaceOnce(withSpread, "\"collapsed\": false}",
                    "\"collapsed\": false, \"replicates\": 1}");
        const auto error = resultsError(withSpread);
        QVERIFY(error);
        QCOMPARE(QString::fromStdString(error->field()), QString("points[0].replicates"));
    }

    // With 10 replicates every spread field is present (the 90 % interval too), and the file
    // reads back to the same points, bit for bit.
    void spreadReadBackExactly_data()
    {
        QTest::addColumn<int>("replicates");
        QTest::newRow("3: range only") << 3;
        QTest::newRow("10: with 90 % interval") << 10;
    }

    void spreadReadBackExactly()
    {
        QFETCH(int, replicates);
        const Scenario s = smallScenario(replicates);
        const auto points = asInFile(LoadSweep(s, 2).run().points);
        QVERIFY(points[0].spread);
        QCOMPARE(points[0].spread->p99Ms->p5.has_value(), replicates >= 10);
        const std::string json = writeResultsJson(s, points);
        QVERIFY(json.find("\"p99_ms_min\": ") != std::string::npos);
        QCOMPARE(json.find("\"p99_ms_p5\": null") != std::string::npos, replicates < 10);
        const RunResults back = parseResultsJson(json);
        QVERIFY(back.scenario == s);
        QVERIFY(back.points == points);
    }

    void latencySpreadNullWhenNoReplicateHadALatency()
    {
        Scenario s = smallScenario(2);
        s.setups.resize(1);
        s.loads = {0.5};
        PointResult p = asInFile(LoadSweep(s, 1).run().points)[0];
        p.p50Ms = p.p99Ms = p.p999Ms = p.meanMs = p.maxMs = std::nullopt;
        p.spread->p50Ms = p.spread->p99Ms = p.spread->p999Ms = p.spread->meanMs = p.spread->maxMs =
            std::nullopt;
        const std::string json = writeResultsJson(s, {p});
        QVERIFY(json.find("\"p99_ms_min\": null") != std::string::npos);
        QVERIFY(parseResultsJson(json).points[0] == p);
    }

    void readerChecksTheSpread()
    {
        const Scenario s = smallScenario(3);
        const std::string json = writeResultsJson(s, asInFile(LoadSweep(s, 2).run().points));
        const auto check = [&](const std::string& from, const std::string& to, const char* field) {
            std::string bad = json;
            replaceOnce(bad, from, to);
            const auto error = resultsError(bad);
            QVERIFY2(error, field);
            QCOMPARE(QString::fromStdString(error->field()), QString(field));
        };
        check("\"replicates\": 3, ", "", "points[0].replicates");
        check("\"replicates\": 3, ", "\"replicates\": 4, ", "points[0].replicates");
        check("\"collapsed_runs\": 0", "\"collapsed_runs\": 5", "points[0].collapsed_runs");
        check("\"utilisation_min\": ", "\"utilisation_min\": null, \"x\": ",
              "points[0].utilisation_min");
        check(", \"p99_ms_p95\": ", ", \"p99_ms_p96\": ", "points[0].p99_ms_p95");
    }

    void csvCarriesTheSpread()
    {
        const Scenario s = smallScenario(10);
        const auto points = LoadSweep(s, 2).run().points;
        const std::string csv = writeResultsCsv(s, points);
        std::vector<std::string> lines;
        for (std::size_t from = 0; from < csv.size();) {
            const std::size_t end = csv.find('\n', from);
            lines.push_back(csv.substr(from, end - from));
            from = end + 1;
        }
        QCOMPARE(lines.size(), points.size() + 1);
        const std::size_t columns = resultsCsvColumns().size() + resultsCsvSpreadColumns().size();
        for (const std::string& line : lines)
            QCOMPARE(std::size_t(std::count(line.begin(), line.end(), ',')) + 1, columns);
        QVERIFY(lines[0].find(",collapsed,replicates,collapsed_runs,p50_ms_min,p50_ms_max,"
                              "p50_ms_p5,p50_ms_p95,p99_ms_min,") != std::string::npos);
        // The 3 attempts' row at 0.7 ends with the utilisation's spread.
        const PointResult& p = points[3];
        // Appended, not "literal" + string: g++ 12 -O3 -Wrestrict (GCC bug 105651).
        std::string needle = ",10,";
        needle += std::to_string(p.collapsedRuns());
        needle += ',';
        QVERIFY(lines[4].find(needle) != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestResultsSpread)
#include "tst_resultsspread.moc"
