// A fan-out point's parts in the results files (docs/scenario.md, "Results"): the JSON's
// "parts" object read back exactly, the CSV's part columns only when a point has parts, the
// reader's checks, and a sharded run's parts merged as a single run writes them.
#include <hedge/io/ResultsCsv.h>
#include <hedge/io/ResultsJson.h>
#include <hedge/io/ShardMerge.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/SweepPoints.h>

#include <QTest>

#include <algorithm>
#include <charconv>

using namespace hedge;

namespace {

// Ten partitions of one copy each: ten replicas, as ServiceConfig keeps them.
Scenario fanOutScenario()
{
    Scenario s;
    s.calls = 2000;
    s.loads = {0.3, 0.7};
    s.setups = {s.setups[0], s.setups[4]};
    s.service.fanoutParts = 10;
    s.service.replicas = 10;
    return s;
}

PointResult pointWithParts(const Setup& setup, double load, double base)
{
    PointResult p;
    p.setup = setup.name;
    p.cancellation = setup.cancellation;
    p.load = load;
    p.measuredCalls = 1800;
    p.p50Ms = base * 3.0;
    p.p99Ms = base * 30.0;
    p.p999Ms = base * 60.0;
    p.meanMs = base * 4.0;
    p.maxMs = base * 90.0;
    p.requestsPerCall = 10.0 + base / 100.0;
    p.hedgedFraction = 0.1 / 3.0;
    p.utilisation = load;
    p.replicaUtilisationMax = load * 1.1;
    // Figures no decimal text of few digits writes: a round trip must keep every bit.
    p.parts = PartFigures{.answered = 17999,
                          .p50Ms = base,
                          .p99Ms = base * 10.0 / 3.0,
                          .p999Ms = base * 20.0 / 7.0,
                          .hedgedFraction = 1.0 / 7.0,
                          .slowestHedgedFraction = 2.0 / 3.0,
                          .slowerThanPartP99Fraction = 5.0 / 9.0};
    return p;
}

std::vector<PointResult> pointsFor(const Scenario& s)
{
    std::vector<PointResult> points;
    double base = 10.1;
    for (const SweepPoint& sp : sweepPoints(s))
        points.push_back(pointWithParts(sp.setup, s.loads[sp.load], base *= 1.37));
    return points;
}

std::string shortest(double v)
{
    char buffer[64];
    return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t from = 0;
    for (std::size_t at; (at = text.find('\n', from)) != std::string::npos; from = at + 1)
        out.push_back(text.substr(from, at - from));
    return out;
}

// A CSV line's cells; a quoted cell ("hedge, default budget / client") keeps its commas.
std::vector<std::string> cells(const std::string& line)
{
    std::vector<std::string> out(1);
    bool quoted = false;
    for (const char c : line)
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted)
            out.emplace_back();
        else
            out.back() += c;
    return out;
}

// The members of the n-th point's "parts" object as written, one "key": value a line.
std::vector<std::string> partsKeys(const std::string& text, int n)
{
    std::size_t at = 0;
    for (int i = 0; i <= n; ++i)
        at = text.find("\"parts\": {", at + 1);
    if (at == std::string::npos)
        return {};
    const std::size_t end = text.find('}', at);
    std::vector<std::string> keys;
    for (std::string line : lines(text.substr(at, end - at))) {
        line.erase(0, line.find_first_not_of(' '));
        if (!line.empty() && line.back() == ',')
            line.pop_back();
        if (!line.empty() && line.find('{') == std::string::npos)
            keys.push_back(line);
    }
    return keys;
}

} // namespace

class TestResultsParts : public QObject {
    Q_OBJECT

private slots:
    void jsonPartsRoundTripExactly()
    {
        const Scenario s = fanOutScenario();
        std::vector<PointResult> points = pointsFor(s);
        // No part answered: null latencies.
        points[1].parts->answered = 0;
        points[1].parts->p50Ms.reset();
        points[1].parts->p99Ms.reset();
        points[1].parts->p999Ms.reset();
        const std::string text = writeResultsJson(s, points);
        const std::vector<std::string> first = partsKeys(text, 0);
        const PartFigures& parts = *points[0].parts;
        QCOMPARE(first, (std::vector<std::string>{
                            "\"answered\": 17999", "\"p50_ms\": " + shortest(*parts.p50Ms),
                            "\"p99_ms\": " + shortest(*parts.p99Ms),
                            "\"p999_ms\": " + shortest(*parts.p999Ms),
                            "\"hedged_fraction\": 0.14285714285714285",
                            "\"slowest_hedged_fraction\": 0.6666666666666666",
                            "\"slower_than_part_p99_fraction\": 0.5555555555555556"}));
        const std::vector<std::string> second = partsKeys(text, 1);
        QCOMPARE(std::vector<std::string>(second.begin(), second.begin() + 4),
                 (std::vector<std::string>{"\"answered\": 0", "\"p50_ms\": null",
                                           "\"p99_ms\": null", "\"p999_ms\": null"}));
        const RunResults back = parseResultsJson(text);
        QCOMPARE(back.points.size(), points.size());
        for (std::size_t i = 0; i < points.size(); ++i)
            QCOMPARE(back.points[i].parts, points[i].parts);
        QCOMPARE(back.points, points);
        // Written again from what was read: the same file.
        QCOMPARE(writeResultsJson(back.scenario, back.points), writeResultsJson(back.scenario, points));
    }

    void jsonPointWithoutPartsHasNoPartsKey()
    {
        Scenario s = fanOutScenario();
        s.service = ServiceConfig{};
        std::vector<PointResult> points = pointsFor(s);
        for (PointResult& p : points) {
            p.parts.reset();
            p.replicaUtilisationMax = 0.0; // one replica
        }
        const std::string text = writeResultsJson(s, points);
        QVERIFY(text.find("\"parts\"") == std::string::npos);
        QCOMPARE(parseResultsJson(text).points, points);
    }

    void jsonBadPartsAreRefused_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("field");
        QTest::newRow("fraction") << "\"slowest_hedged_fraction\": 0.6666666666666666"
                                  << "\"slowest_hedged_fraction\": 1.5"
                                  << "points[0].parts.slowest_hedged_fraction";
        QTest::newRow("answered") << "\"answered\": 17999"
                                  << "\"answered\": -1"
                                  << "points[0].parts.answered";
        QTest::newRow("missing") << "\"answered\": 17999,"
                                 << ""
                                 << "points[0].parts.answered";
        QTest::newRow("unknown") << "\"answered\": 17999"
                                 << "\"answerd\": 17999"
                                 << "points[0].parts.answerd";
        QTest::newRow("not an object") << "\"parts\": {"
                                       << "\"parts\": 3, \"x\": {"
                                       << "points[0].parts";
    }

    void jsonBadPartsAreRefused()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, field);
        const Scenario s = fanOutScenario();
        std::string text = writeResultsJson(s, pointsFor(s));
        const auto at = text.find(from.toStdString());
        QVERIFY(at != std::string::npos);
        text.replace(at, std::size_t(from.size()), to.toStdString());
        try {
            parseResultsJson(text);
            QFAIL("read without an error");
        } catch (const ScenarioError& e) {
            QCOMPARE(QString::fromStdString(e.field()), field);
        }
    }

    void csvPartColumnsOnlyWithParts()
    {
        const Scenario s = fanOutScenario();
        std::vector<PointResult> points = pointsFor(s);
        points[2].parts->p99Ms.reset();
        const std::vector<std::string> rows = lines(writeResultsCsv(s, points));
        const std::vector<std::string> header = cells(rows[0]);
        QCOMPARE(std::vector<std::string>(header.end() - 5, header.end()),
                 resultsCsvPartColumns());
        QCOMPARE(resultsCsvPartColumns(),
                 (std::vector<std::string>{"part_p50_ms", "part_p99_ms", "part_p999_ms",
                                           "slowest_part_hedged_fraction",
                                           "slower_than_part_p99_fraction"}));
        for (std::size_t i = 0; i < points.size(); ++i) {
            const std::vector<std::string> row = cells(rows[i + 1]);
            QCOMPARE(row.size(), header.size());
            const PartFigures& parts = *points[i].parts;
            QCOMPARE(std::stod(row[header.size() - 5]), *parts.p50Ms);
            if (parts.p99Ms)
                QCOMPARE(std::stod(row[header.size() - 4]), *parts.p99Ms);
            else
                QCOMPARE(row[header.size() - 4], std::string()); // no part answered
            QCOMPARE(std::stod(row[header.size() - 3]), *parts.p999Ms);
            QCOMPARE(std::stod(row[header.size() - 2]), parts.slowestHedgedFraction);
            QCOMPARE(std::stod(row[header.size() - 1]), parts.slowerThanPartP99Fraction);
        }
        // Without parts: the columns are not there, and the file is the one of before.
        for (PointResult& p : points)
            p.parts.reset();
        const std::string plain = writeResultsCsv(s, points);
        QVERIFY(plain.find("part_") == std::string::npos);
        QCOMPARE(cells(lines(plain)[0]).size(), header.size() - 5);
    }

    void mergedShardsKeepTheParts()
    {
        const Scenario s = fanOutScenario();
        const std::vector<PointResult> all = pointsFor(s);
        const std::string single = writeResultsJson(s, all);
        // Each shard's file as `hedgesim run --shard K/3` writes it, read back.
        std::vector<ResultsPart> parts;
        for (int k = 1; k <= 3; ++k) {
            const Shard shard{.index = k, .count = 3};
            std::vector<std::size_t> indices = LoadSweep::pointsOfShard(s, shard);
            std::sort(indices.begin(), indices.end());
            std::vector<PointResult> points;
            for (std::size_t i : indices)
                points.push_back(all[i]);
            parts.push_back({"part" + std::to_string(k),
                             parseResultsJson(writeResultsJson(s, points, shard))});
        }
        const RunResults merged = mergeResultsParts(parts);
        QCOMPARE(merged.points, parseResultsJson(single).points);
        for (std::size_t i = 0; i < all.size(); ++i)
            QCOMPARE(merged.points[i].parts, all[i].parts);
        QCOMPARE(writeResultsJson(merged.scenario, merged.points),
                 writeResultsJson(parseResultsJson(single).scenario, all));
    }
};

QTEST_MAIN(TestResultsParts)
#include "tst_resultsparts.moc"
