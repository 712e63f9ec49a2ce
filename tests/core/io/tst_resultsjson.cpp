// Results files: layout of docs/scenario.md, nulls for absent latencies, exact doubles, the
// reader's checks, and a real sweep's results read back unchanged.
#include "TestErrors.h"

#include <hedge/io/ResultsJson.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/sim/LoadSweep.h>

#include <QTest>

#include <bit>
#include <cmath>
#include <random>

using namespace hedge;

namespace {

Scenario smallScenario()
{
    Scenario s;
    s.calls = 2000;
    s.loads = {0.3, 0.7};
    s.setups = {s.setups[0], s.setups[4]};
    return s;
}

PointResult point(const Setup& setup, double load, double base)
{
    PointResult p;
    p.setup = setup.name;
    p.cancellation = setup.cancellation;
    p.load = load;
    p.measuredCalls = 1800;
    p.p50Ms = base;
    p.p99Ms = base * 10.0;
    p.p999Ms = base * 20.0;
    p.meanMs = base * 1.5;
    p.maxMs = base * 30.0;
    p.requestsPerCall = 1.0 + base / 1000.0;
    p.hedgedFraction = 0.1 / 3.0;
    p.rejectedFraction = 0.0;
    p.failedFraction = 1.0 / 7.0;
    p.utilisation = load * 0.999;
    p.collapsed = base > 20.0;
    return p;
}

std::vector<PointResult> pointsFor(const Scenario& s)
{
    std::vector<PointResult> points;
    double base = 10.1;
    for (const Setup& setup : s.setups)
        for (double load : s.loads)
            points.push_back(point(setup, load, base *= 1.37));
    return points;
}

std::optional<ScenarioError> readError(const std::string& json)
{
    return test::errorFrom([&] { parseResultsJson(json); });
}

void replace(std::string& text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    QVERIFY2(at != std::string::npos, from.c_str());
    text.replace(at, from.size(), to);
}

} // namespace

class TestResultsJson : public QObject {
    Q_OBJECT

private slots:
    void layout()
    {
        const Scenario s = smallScenario();
        std::vector<PointResult> points = pointsFor(s);
        points[1].p50Ms.reset();
        points[1].p99Ms.reset();
        points[1].p999Ms.reset();
        points[1].meanMs.reset();
        points[1].maxMs.reset();
        const std::string text = writeResultsJson(s, points);
        QVERIFY(
            text.starts_with("{\n  \"schema\": \"hedge-explorer/results@1\",\n"
                             "  \"scenario\": {\n    \"schema\": \"hedge-explorer/scenario@1\","));
        QVERIFY(text.find("\n  \"points\": [\n    {\"setup\": \"no hedge / client\", "
                          "\"cancellation\": \"client\", \"load\": 0.3, "
                          "\"measured_calls\": 1800, \"p50_ms\": ") != std::string::npos);
        QVERIFY(text.find("\"p50_ms\": null, \"p99_ms\": null, \"p999_ms\": null, "
                          "\"mean_ms\": null, \"max_ms\": null, \"requests_per_call\": ") !=
                std::string::npos);
        // The embedded scenario is the writer's own, every default filled in.
        // The embedded scenario is the scenario file's text, one level deeper.
        std::string embedded = writeScenarioJson(s);
        embedded.pop_back();
        for (std::size_t at = 0; (at = embedded.find('\n', at)) != std::string::npos; at += 3)
            embedded.replace(at, 1, "\n  ");
        QVERIFY(text.find("\"scenario\": " + embedded + ",\n") != std::string::npos);
        const RunResults back = parseResultsJson(text);
        QCOMPARE(back.scenario, s);
        QCOMPARE(back.points, points);
        QVERIFY(text.ends_with("]\n}\n"));
    }

    // With a deadline the calls' outcomes follow the failed share, each under its documented
    // name, in this order, and read back into the same figures.
    void outcomeLayout()
    {
        Scenario s = smallScenario();
        s.setups[1].deadlineMs = 250.0;
        std::vector<PointResult> points = pointsFor(s);
        for (PointResult& p : points) {
            p.timedOutFraction = 0.01;
            p.goodputFraction = 0.96;
            p.goodputPerSecond = 480.5;
            p.hedgesPerCall = 0.125;
            p.retriesPerCall = 0.25;
            p.wastedWorkFraction = 0.0625;
        }
        const std::string text = writeResultsJson(s, points);
        QVERIFY2(text.find("\"timed_out_fraction\": 0.01, \"goodput_fraction\": 0.96, "
                           "\"goodput_per_s\": 480.5, \"hedges_per_call\": 0.125, "
                           "\"retries_per_call\": 0.25, \"wasted_work_fraction\": 0.0625, "
                           "\"utilisation\": ") != std::string::npos,
                 text.c_str());
        QCOMPARE(parseResultsJson(text).points, points);
    }

    void doublesRoundTripExactly()
    {
        Scenario s = smallScenario();
        s.setups.resize(1);
        s.loads = {0.1, 0.2, 0.30000000000000004};
        std::mt19937_64 bits(42);
        std::vector<PointResult> points;
        for (int round = 0; round < 300; ++round) {
            PointResult p = point(s.setups[0], s.loads[round % 3], 1.0);
            // Arbitrary finite doubles over the whole exponent range.
            const auto any = [&bits] {
                for (;;) {
                    const double d = std::bit_cast<double>(bits());
                    if (std::isfinite(d))
                        return std::fabs(d);
                }
            };
            p.p50Ms = any();
            p.p99Ms = any();
            p.p999Ms = any();
            p.meanMs = -any();
            p.maxMs = any();
            p.requestsPerCall = any();
            p.hedgedFraction = std::ldexp(static_cast<double>(bits() >> 11), -53);
            p.failedFraction = std::ldexp(static_cast<double>(bits() >> 11), -53);
            p.utilisation = any();
            points.push_back(p);
        }
        const RunResults back = parseResultsJson(writeResultsJson(s, points));
        QCOMPARE(back.points.size(), points.size());
        for (std::size_t i = 0; i < points.size(); ++i) {
            QCOMPARE(std::bit_cast<std::uint64_t>(*back.points[i].p99Ms),
                     std::bit_cast<std::uint64_t>(*points[i].p99Ms));
            QCOMPARE(back.points[i], points[i]);
        }
    }

    void diagnosticsAreNotWritten()
    {
        const Scenario s = smallScenario();
        std::vector<PointResult> points = pointsFor(s);
        points[0].events = 123456;
        points[0].simulatedCalls = 2000;
        points[0].stoppedBySafetyCap = true;
        const std::string text = writeResultsJson(s, points);
        QVERIFY(text.find("123456") == std::string::npos);
        const RunResults back = parseResultsJson(text);
        QCOMPARE(back.points[0].events, std::int64_t(0));
        QVERIFY(!back.points[0].stoppedBySafetyCap);
    }

    void readerRejectsBadFiles_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("field");
        QTest::newRow("schema") << "results@1"
                                << "results@2"
                                << "schema";
        QTest::newRow("scenario value") << "\"calls\": 2000"
                                        << "\"calls\": 20"
                                        << "scenario.calls";
        QTest::newRow("scenario unknown") << "\"calls\": 2000"
                                          << "\"call\": 2000"
                                          << "scenario.call";
        QTest::newRow("missing field") << "\"p99_ms\": "
                                       << "\"p98_ms\": "
                                       << "points[0].p98_ms";
        QTest::newRow("unknown setup") << "{\"setup\": \"no hedge / client\""
                                       << "{\"setup\": \"nobody\""
                                       << "points[0].setup";
        QTest::newRow("cancellation") << "\"cancellation\": \"client\", \"load\""
                                      << "\"cancellation\": \"server\", \"load\""
                                      << "points[0].cancellation";
        QTest::newRow("load") << "\"load\": 0.3,"
                              << "\"load\": 0.35,"
                              << "points[0].load";
        QTest::newRow("fraction") << "\"rejected_fraction\": 0.0"
                                  << "\"rejected_fraction\": 1.5"
                                  << "points[0].rejected_fraction";
        QTest::newRow("collapsed") << "\"collapsed\": false"
                                   << "\"collapsed\": 0"
                                   << "points[0].collapsed";
        QTest::newRow("calls") << "\"measured_calls\": 1800"
                               << "\"measured_calls\": -1"
                               << "points[0].measured_calls";
        QTest::newRow("latency type") << "\"p50_ms\": 12.5,"
                                      << "\"p50_ms\": \"x\","
                                      << "points[0].p50_ms";
    }

    void readerRejectsBadFiles()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, field);
        const Scenario s = smallScenario();
        std::vector<PointResult> points = pointsFor(s);
        points[0].p50Ms = 12.5;
        std::string text = writeResultsJson(s, points);
        QVERIFY(parseResultsJson(text).points.size() == 4);
        replace(text, from.toStdString(), to.toStdString());
        const auto error = readError(text);
        QVERIFY2(error, text.c_str());
        QCOMPARE(QString::fromStdString(error->field()), field);
    }

    void sweepResultsReadBack()
    {
        const Scenario s = smallScenario();
        const LoadSweep::Outcome outcome = LoadSweep(s, 1).run();
        QVERIFY(!outcome.cancelled);
        QCOMPARE(outcome.points.size(), std::size_t(4));
        const std::string text = writeResultsJson(s, outcome.points);
        const RunResults back = parseResultsJson(text);
        QCOMPARE(back.scenario, s);
        QCOMPARE(back.points.size(), outcome.points.size());
        for (std::size_t i = 0; i < back.points.size(); ++i) {
            PointResult expected = outcome.points[i];
            expected.stoppedBySafetyCap = false; // diagnostics are not part of the file
            expected.simulatedCalls = 0;
            expected.events = 0;
            expected.measuredWindowMs = 0.0;
            expected.busyMs = expected.wastedMs = 0.0;
            // The calls' outcomes are written only when a setup has a deadline (none here).
            expected.timedOutFraction = expected.goodputFraction = expected.goodputPerSecond = 0.0;
            expected.hedgesPerCall = expected.retriesPerCall = expected.wastedWorkFraction = 0.0;
            QCOMPARE(back.points[i], expected);
        }
        QCOMPARE(writeResultsJson(back.scenario, back.points), text);
    }
};

QTEST_GUILESS_MAIN(TestResultsJson)
#include "tst_resultsjson.moc"
