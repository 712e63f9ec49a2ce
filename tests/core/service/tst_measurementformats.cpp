// The three formats of one sample set (tests/fixtures/service) give one distribution: the
// tables of the CSV, of hdr-histogram-js's log and of python3-prometheus-client's histogram
// agree at p50, p90, p99 and p99.9 within each format's resolution. Also the formats' and
// units' names, and what importMeasurements keeps of the request.
#include "MeasurementTestFiles.h"

#include <hedge/service/MeasurementImport.h>

#include <QTest>

using namespace hedge;
using namespace measurement_test;

namespace {

MeasurementRequest fixtureRequest(MeasurementFormat format)
{
    MeasurementRequest request;
    request.format = format;
    switch (format) {
    case MeasurementFormat::Csv:
        request.path = fixturePath("bimodal-cache.csv");
        request.column = "latency_ms";
        request.unit = LatencyUnit::Milliseconds;
        break;
    case MeasurementFormat::HdrHistogramLog:
        request.path = fixturePath("bimodal-cache.hlog");
        request.unit = LatencyUnit::Microseconds;
        break;
    case MeasurementFormat::Prometheus:
        request.path = fixturePath("bimodal-cache.prom");
        request.metric = "cache_request_duration_seconds{op=\"get\"}";
        request.unit = LatencyUnit::Seconds;
        break;
    }
    return request;
}

// The fixture histogram's bounds (ms), as tests/fixtures/service/make-prometheus.py sets them.
const std::vector<double> kBucketBoundsMs{0.5, 1,  1.5, 2,  2.5, 3,  4,  5,  7.5, 10,  15, 20,
                                          25,  30, 35,  40, 45,  50, 60, 75, 100, 150, 250};

// The bucket (lower, upper] that holds `ms`.
std::pair<double, double> bucketOf(double ms)
{
    double lower = 0.0;
    for (const double upper : kBucketBoundsMs) {
        if (ms <= upper)
            return {lower, upper};
        lower = upper;
    }
    return {lower, lower};
}

} // namespace

class TestMeasurementFormats : public QObject {
    Q_OBJECT

private slots:
    void formatNames()
    {
        QCOMPARE(formatFromPath("data/latencies.csv"), MeasurementFormat::Csv);
        QCOMPARE(formatFromPath("LAT.CSV"), MeasurementFormat::Csv);
        QCOMPARE(formatFromPath("/tmp/run.hlog"), MeasurementFormat::HdrHistogramLog);
        QCOMPARE(formatFromPath("metrics.prom"), MeasurementFormat::Prometheus);
        QCOMPARE(formatFromPath("scrape.txt"), MeasurementFormat::Prometheus);
        QCOMPARE(formatFromPath("node.metrics"), MeasurementFormat::Prometheus);
        QCOMPARE(formatFromPath("latencies"), std::nullopt);
        QCOMPARE(formatFromPath("data.csv/latencies"), std::nullopt);
        QCOMPARE(formatFromPath(".csv"), std::nullopt);
        QCOMPARE(formatFromPath("a.json"), std::nullopt);
    }

    void namesRoundTrip()
    {
        // The names a scenario file and hedgesim use are toString's (ServiceDistribution.h).
        for (const auto format : {MeasurementFormat::Csv, MeasurementFormat::HdrHistogramLog,
                                  MeasurementFormat::Prometheus})
            QCOMPARE(formatFromString(toString(format)), format);
        for (const auto unit :
             {LatencyUnit::Milliseconds, LatencyUnit::Seconds, LatencyUnit::Microseconds})
            QCOMPARE(unitFromString(toString(unit)), unit);
        QCOMPARE(formatFromString("json"), std::nullopt);
        QCOMPARE(unitFromString("ns"), std::nullopt);
    }

    void importKeepsWhereTheTableCameFrom()
    {
        const MeasurementRequest request = fixtureRequest(MeasurementFormat::Prometheus);
        std::vector<std::string> notes;
        const ServiceDistribution distribution = importMeasurements(request, &notes);
        QCOMPARE(distribution.kind, DistributionKind::Empirical);
        QCOMPARE(distribution.source, request.path);
        QCOMPARE(distribution.format, MeasurementFormat::Prometheus);
        QCOMPARE(distribution.metric, request.metric);
        QCOMPARE(distribution.column, std::string());
        QCOMPARE(distribution.unit, LatencyUnit::Seconds);
        QCOMPARE(distribution.samples, std::int64_t(20000));
        QVERIFY(distribution.table ==
                ServiceTimeTable::fromQuantiles(readMeasurements(request).quantiles));
        QCOMPARE(notes, readMeasurements(request).notes);
        // Without a place for them, the notes are dropped, nothing else changes.
        QVERIFY(importMeasurements(request) == distribution);
    }

    void importDispatchesByFormat()
    {
        MeasurementRequest request = fixtureRequest(MeasurementFormat::HdrHistogramLog);
        request.format = MeasurementFormat::Csv; // an .hlog read as CSV: its own error
        const auto error = test::errorFrom<MeasurementError>([&] { importMeasurements(request); });
        QVERIFY2(error, "an HdrHistogram log read as CSV");
        QCOMPARE(error->file(), request.path);
        QCOMPARE(error->line(), 4);
    }

    void threeFormatsAgree()
    {
        const ServiceTimeTable csv =
            importMeasurements(fixtureRequest(MeasurementFormat::Csv)).table;
        const ServiceTimeTable hlog =
            importMeasurements(fixtureRequest(MeasurementFormat::HdrHistogramLog)).table;
        const ServiceTimeTable prom =
            importMeasurements(fixtureRequest(MeasurementFormat::Prometheus)).table;
        for (const double p : {0.5, 0.9, 0.99, 0.999}) {
            const double c = csv.quantile(p);
            const double h = hlog.quantile(p);
            const double m = prom.quantile(p);
            qInfo("p%g: csv %.4f ms, hlog %.4f ms (%+.3f %%), prometheus %.4f ms (%+.1f %%)",
                  p * 100, c, h, 100 * (h - c) / c, m, 100 * (m - c) / c);
            // HdrHistogram, 3 significant digits: every value is taken as the top of its
            // bucket, at most 1/1024 above it (the samples are whole microseconds, so the
            // bucket holds them exactly); 1e-6 for the tables' 7 significant digits.
            QVERIFY2(h >= c * (1 - 1e-6) && h <= c * (1 + 1.0 / 1024 + 1e-6),
                     qPrintable(QStringLiteral("p%1: hlog %2, csv %3").arg(p).arg(h).arg(c)));
            // Prometheus: linear within a bucket, so only the bucket is known: the
            // percentile lies in the bucket that holds the CSV's (p50 (2, 2.5] ms, p90
            // (40, 45], p99 (60, 75], p99.9 (75, 100]).
            const auto [lower, upper] = bucketOf(c);
            QVERIFY2(m >= lower * (1 - 1e-6) && m <= upper * (1 + 1e-6),
                     qPrintable(QStringLiteral("p%1: prometheus %2, csv %3 in (%4, %5]")
                                    .arg(p)
                                    .arg(m)
                                    .arg(c)
                                    .arg(lower)
                                    .arg(upper)));
        }
    }
};

QTEST_GUILESS_MAIN(TestMeasurementFormats)
#include "tst_measurementformats.moc"
