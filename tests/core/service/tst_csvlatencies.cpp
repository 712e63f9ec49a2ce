// The CSV reader: the fixture's 20 000 latencies give the order statistics' quantile
// function, units convert, the header picks the column, and every bad file gets its exact
// FILE:LINE message.
#include "MeasurementTestFiles.h"

#include <hedge/service/MeasurementImport.h>

#include <QTemporaryDir>
#include <QTest>

using namespace hedge;
using namespace measurement_test;

namespace {

MeasurementRequest csvRequest(const std::string& path, const std::string& column = {},
                              LatencyUnit unit = LatencyUnit::Milliseconds)
{
    MeasurementRequest request;
    request.path = path;
    request.format = MeasurementFormat::Csv;
    request.column = column;
    request.unit = unit;
    return request;
}

} // namespace

class TestCsvLatencies : public QObject {
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void fixtureGivesTheSamplesQuantiles()
    {
        const std::vector<double> expected = fixtureLatenciesMs();
        QCOMPARE(expected.size(), std::size_t(20000));
        const MeasuredLatencies measured =
            readCsvLatencies(csvRequest(fixturePath("bimodal-cache.csv"), "latency_ms"));
        QCOMPARE(measured.samples, std::int64_t(20000));
        QCOMPARE(measured.quantiles.fraction.front(), 0.0);
        QCOMPARE(measured.quantiles.fraction.back(), 1.0);
        QCOMPARE(measured.quantiles.latencyMs.front(), expected.front());
        QCOMPARE(measured.quantiles.latencyMs.back(), expected.back());
        for (const double q : {0.001, 0.25, 0.5, 0.8, 0.9, 0.95, 0.99, 0.999, 0.9999}) {
            const double want = orderStatisticQuantile(expected, q);
            QVERIFY2(std::abs(measured.quantiles.at(q) - want) <= 1e-9 * want,
                     qPrintable(QStringLiteral("q %1: %2, expected %3")
                                    .arg(q)
                                    .arg(measured.quantiles.at(q))
                                    .arg(want)));
        }
        QVERIFY2(hasNote(measured, "the slowest knot is the largest observed value, 120.6 ms: "
                                   "nothing is extrapolated past it"),
                 qPrintable(notesText(measured)));
        QVERIFY(hasNote(measured, "20000 latencies from the column latency_ms, read as ms"));
    }

    void productResourceHoldsTheSameSamples()
    {
        // resources/services/bimodal-cache.csv: one column, latency_ms, the preset's data.
        const MeasuredLatencies fixture =
            readCsvLatencies(csvRequest(fixturePath("bimodal-cache.csv"), "latency_ms"));
        const MeasuredLatencies resource =
            readCsvLatencies(csvRequest(sourcePath("resources/services/bimodal-cache.csv")));
        QCOMPARE(resource.samples, fixture.samples);
        QCOMPARE(resource.quantiles.fraction, fixture.quantiles.fraction);
        QCOMPARE(resource.quantiles.latencyMs, fixture.quantiles.latencyMs);
    }

    void unitsConvertToMilliseconds()
    {
        const auto seconds = writeFile(m_dir, "s.csv", "latency_s\n0.004\n0.002\n0.003\n");
        MeasuredLatencies measured =
            readCsvLatencies(csvRequest(seconds, "latency_s", LatencyUnit::Seconds));
        QCOMPARE(measured.quantiles.fraction, (std::vector<double>{0.0, 0.5, 1.0}));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{2.0, 3.0, 4.0}));
        const auto micros = writeFile(m_dir, "us.csv", "t_us\n1500\n250\n");
        measured = readCsvLatencies(csvRequest(micros, {}, LatencyUnit::Microseconds));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{0.25, 1.5}));
        QVERIFY(hasNote(measured, "2 latencies from the column t_us, read as us"));
    }

    void oneSampleIsTheWholeDistribution()
    {
        const auto path = writeFile(m_dir, "one.csv", "ms\n7.5\n");
        const MeasuredLatencies measured = readCsvLatencies(csvRequest(path));
        QCOMPARE(measured.samples, std::int64_t(1));
        QCOMPARE(measured.quantiles.fraction, (std::vector<double>{0.0, 1.0}));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{7.5, 7.5}));
        QVERIFY(hasNote(measured, "1 latency from the column ms, read as ms"));
    }

    void repeatedLatenciesKeepTheirRanks()
    {
        // 1, 2, 2, 2, 5: the run of 2s spans ranks 1 to 3 of 0..4.
        const auto path = writeFile(m_dir, "runs.csv", "ms\n2\n5\n2\n1\n2\n");
        const MeasuredLatencies measured = readCsvLatencies(csvRequest(path));
        QCOMPARE(measured.quantiles.fraction, (std::vector<double>{0.0, 0.25, 0.75, 1.0}));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{1.0, 2.0, 2.0, 5.0}));
        QCOMPARE(measured.quantiles.at(0.875), 3.5);
    }

    void commentsBlankLinesQuotesAndLineEnds()
    {
        const auto path = writeFile(m_dir, "mixed.csv",
                                    "\xEF\xBB\xBF# exported 2026-01-01\r\n\r\n"
                                    "\"host\", \"latency, ms\"\r\n"
                                    "a,3\r\n  # a comment between rows\r\n\r\n\"b, c\",1\r\n");
        const MeasuredLatencies measured = readCsvLatencies(csvRequest(path, "latency, ms"));
        QCOMPARE(measured.samples, std::int64_t(2));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{1.0, 3.0}));
    }

    void oneColumnWithoutHeader()
    {
        const auto path = writeFile(m_dir, "bare.csv", "# latencies, ms\n3\n1\n2\n");
        const MeasuredLatencies measured = readCsvLatencies(csvRequest(path));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{1.0, 2.0, 3.0}));
        QVERIFY(hasNote(measured, "3 latencies from the one column (no header row), read as ms"));
    }

    void zeroLatenciesAreNoted()
    {
        const auto path = writeFile(m_dir, "zero.csv", "ms\n0\n0\n4\n");
        const MeasuredLatencies measured = readCsvLatencies(csvRequest(path));
        QCOMPARE(measured.quantiles.latencyMs.front(), 0.0);
        QVERIFY2(hasNote(measured, "2 latencies are 0: the table takes them as 1e-06 ms (its "
                                   "times are positive)"),
                 qPrintable(notesText(measured)));
    }

    void emptyFiles()
    {
        auto path = writeFile(m_dir, "empty.csv", "");
        expectError(csvRequest(path), path + ": no latencies: the file is empty");
        path = writeFile(m_dir, "comments.csv", "# nothing\n\n   \n");
        expectError(csvRequest(path), path + ": no latencies: no line holds data");
        path = writeFile(m_dir, "header.csv", "latency_ms\n# none yet\n");
        expectError(csvRequest(path), path + ": no latencies: the header has no rows below it");
        const std::string missing = m_dir.filePath("missing.csv").toStdString();
        expectError(csvRequest(missing), missing + ": cannot be read: No such file or directory");
        const std::string folder = m_dir.path().toStdString();
        expectError(csvRequest(folder), folder + ": a folder, not a file");
    }

    void columnErrorsListTheColumns()
    {
        const std::string fixture = fixturePath("bimodal-cache.csv");
        expectError(csvRequest(fixture, "latency"),
                    fixture + ":2: no column \"latency\"; the columns are request, outcome, "
                              "latency_ms");
        expectError(csvRequest(fixture),
                    fixture + ":2: 3 columns (request, outcome, latency_ms): say which holds "
                              "the latencies");
        const auto twice = writeFile(m_dir, "twice.csv", "ms,host,ms\n1,a,2\n");
        expectError(csvRequest(twice, "ms"),
                    twice + ":1: the column \"ms\" is there 2 times (the 1st and the 3rd "
                            "columns)");
        const auto bare = writeFile(m_dir, "bare2.csv", "1,2\n3,4\n");
        expectError(csvRequest(bare),
                    bare + ":1: 2 columns and no header row: name them in a first row and "
                           "choose the latencies' column");
        expectError(csvRequest(bare, "ms"),
                    bare + ":1: no header row names the columns, so there is no column \"ms\"");
    }

    void badLatenciesNameTheirLine()
    {
        const auto text = writeFile(m_dir, "text.csv", "host,ms\na,1\n\nb,fast\n");
        expectError(csvRequest(text, "ms"), text + ":4: \"fast\" is not a number (ms)");
        const auto negative = writeFile(m_dir, "negative.csv", "host,ms\na,1\nb,-2.5\n");
        expectError(csvRequest(negative, "ms"),
                    negative + ":3: a negative latency, -2.5 (ms): latencies are 0 or more");
        const auto infinite = writeFile(m_dir, "inf.csv", "ms\n1\ninf\n");
        expectError(csvRequest(infinite), infinite + ":3: \"inf\" is not a number (ms)");
        const auto empty = writeFile(m_dir, "emptycell.csv", "host,ms\na,\n");
        expectError(csvRequest(empty, "ms"), empty + ":2: an empty ms value");
        const auto shortRow = writeFile(m_dir, "short.csv", "host,region,ms\na,eu,1\nb\n");
        expectError(csvRequest(shortRow, "ms"),
                    shortRow + ":3: no ms value: the row has 1 field, the latencies are the 3rd");
    }

    void absurdUnitSaysWhichWouldFit()
    {
        // Microseconds read as milliseconds: 5 000 000 ms is 1.39 h.
        const auto micros = writeFile(m_dir, "micros.csv", "latency\n5000000\n9000000\n");
        expectError(csvRequest(micros),
                    micros + ": every latency is above 1 h read as ms (the smallest is 1.389 h); "
                             "read as us the smallest would be 5 s: is the unit us?");
        // Milliseconds read as seconds.
        const auto millis = writeFile(m_dir, "millis.csv", "latency\n4000\n8000\n");
        expectError(csvRequest(millis, {}, LatencyUnit::Seconds),
                    millis + ": every latency is above 1 h read as s (the smallest is 1.111 h); "
                             "read as ms the smallest would be 4 s: is the unit ms?");
        // One latency under an hour: the unit stands.
        const auto mixed = writeFile(m_dir, "mixed.csv", "latency\n5000000\n3\n");
        QCOMPARE(readCsvLatencies(csvRequest(mixed)).samples, std::int64_t(2));
        const auto nanos = writeFile(m_dir, "nanos.csv", "latency\n4e12\n");
        expectError(csvRequest(nanos, {}, LatencyUnit::Microseconds),
                    nanos + ": every latency is above 1 h read as us (the smallest is 1111 h), "
                            "even read as us: nanoseconds? Convert the latencies to us, ms or s");
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCsvLatencies)
#include "tst_csvlatencies.moc"
