// The CSV export: header, one row a point, values that read back as the results' own,
// RFC 4180 quoting, empty cells for absent latencies.
#include <hedge/io/ResultsCsv.h>

#include <QTest>

#include <charconv>
#include <cmath>
#include <limits>

using namespace hedge;

namespace {

// A strict RFC 4180 reader (LF or CRLF line ends) for checking the writer.
std::vector<std::vector<std::string>> parseCsv(const std::string& text)
{
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string cell;
    bool quoted = false;
    bool wasQuoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            if (!cell.empty() || wasQuoted)
                throw std::runtime_error("quote inside an unquoted cell");
            quoted = wasQuoted = true;
        } else if (c == ',') {
            row.push_back(cell);
            cell.clear();
            wasQuoted = false;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))
                throw std::runtime_error("bare CR");
            if (c == '\r')
                ++i;
            row.push_back(cell);
            rows.push_back(row);
            row.clear();
            cell.clear();
            wasQuoted = false;
        } else {
            cell += c;
        }
    }
    if (quoted || !cell.empty() || !row.empty())
        throw std::runtime_error("last row not terminated");
    return rows;
}

double toDouble(const std::string& cell)
{
    double value = 0.0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
    if (ec != std::errc() || end != cell.data() + cell.size())
        throw std::runtime_error("not a number: " + cell);
    return value;
}

std::optional<double> toOptional(const std::string& cell)
{
    return cell.empty() ? std::nullopt : std::optional<double>(toDouble(cell));
}

} // namespace

class TestResultsCsv : public QObject {
    Q_OBJECT

private slots:
    void valuesEqualTheResults()
    {
        std::vector<PointResult> points;
        const char* names[] = {"no hedge / client", "comma, in name", "quote \"q\" in name",
                               "line\nbreak", "ünïcødé 5 %"};
        double x = 0.1;
        for (const char* name : names) {
            PointResult p;
            p.setup = name;
            p.cancellation = points.size() % 2 ? Cancellation::Server : Cancellation::Client;
            p.load = 0.85;
            p.measuredCalls = 180000 + static_cast<std::int64_t>(points.size());
            p.p50Ms = x * 3.0;
            p.p99Ms = 201.29999999999998 + x;
            p.p999Ms = std::numeric_limits<double>::max() / 3.0;
            p.meanMs = std::numeric_limits<double>::denorm_min() * 7;
            p.maxMs = 1e300 * x;
            p.requestsPerCall = 1.0 + x / 7.0;
            p.hedgedFraction = x / 3.0;
            p.rejectedFraction = 0.0;
            p.failedFraction = 1.0 / 3.0;
            p.utilisation = 0.7 + x;
            p.collapsed = points.size() == 2;
            points.push_back(p);
            x *= 1.7;
        }
        points[3].p50Ms.reset();
        points[3].p99Ms.reset();
        points[3].p999Ms.reset();
        points[3].meanMs.reset();
        points[3].maxMs.reset();

        const std::string text = writeResultsCsv(Scenario{}, points);
        const auto rows = parseCsv(text);
        QCOMPARE(rows.size(), points.size() + 1);
        QCOMPARE(rows[0], resultsCsvColumns());
        QCOMPARE(rows[0].size(), std::size_t(15));
        for (std::size_t i = 0; i < points.size(); ++i) {
            const auto& r = rows[i + 1];
            const PointResult& p = points[i];
            QCOMPARE(r.size(), std::size_t(15));
            QCOMPARE(r[0], p.setup);
            QCOMPARE(r[1], std::string(toString(p.cancellation)));
            QCOMPARE(toDouble(r[2]), p.load);
            QCOMPARE(r[3], std::to_string(p.measuredCalls));
            QCOMPARE(toOptional(r[4]), p.p50Ms);
            QCOMPARE(toOptional(r[5]), p.p99Ms);
            QCOMPARE(toOptional(r[6]), p.p999Ms);
            QCOMPARE(toOptional(r[7]), p.meanMs);
            QCOMPARE(toOptional(r[8]), p.maxMs);
            QCOMPARE(toDouble(r[9]), p.requestsPerCall);
            QCOMPARE(toDouble(r[10]), p.hedgedFraction);
            QCOMPARE(toDouble(r[11]), p.rejectedFraction);
            QCOMPARE(toDouble(r[12]), p.failedFraction);
            QCOMPARE(toDouble(r[13]), p.utilisation);
            QCOMPARE(r[14], std::string(p.collapsed ? "true" : "false"));
        }
        QCOMPARE(rows[4][4], std::string()); // absent latency: an empty cell
    }

    void quotingOnlyWhenNeeded()
    {
        PointResult plain;
        plain.setup = "hedge, default budget / client";
        PointResult simple;
        simple.setup = "simple";
        const std::string text = writeResultsCsv(Scenario{}, {plain, simple});
        QVERIFY(text.find("\n\"hedge, default budget / client\",client,0,") != std::string::npos);
        QVERIFY(text.find("\nsimple,client,0,0,,,,,,0,0,0,0,0,false\n") != std::string::npos);
    }

    void shortestNumbers()
    {
        PointResult p;
        p.setup = "s";
        p.load = 0.3;
        p.p99Ms = 201.3;
        p.utilisation = 0.1 + 0.2;
        const std::string text = writeResultsCsv(Scenario{}, {p});
        QVERIFY(text.find(",0.3,") != std::string::npos);
        QVERIFY(text.find(",201.3,") != std::string::npos);
        QVERIFY(text.find(",0.30000000000000004,") != std::string::npos);
    }

    void emptyRunIsJustTheHeader()
    {
        QCOMPARE(writeResultsCsv(Scenario{}, {}),
                 std::string("setup,cancellation,load,measured_calls,p50_ms,p99_ms,p999_ms,"
                             "mean_ms,max_ms,requests_per_call,hedged_fraction,"
                             "rejected_fraction,failed_fraction,utilisation,collapsed\n"));
    }
};

QTEST_GUILESS_MAIN(TestResultsCsv)
#include "tst_resultscsv.moc"
