// The Prometheus histogram reader: python3-prometheus-client's exposition of the fixture gives
// histogram_quantile's own interpolation (computed here from the file's numbers), its buckets
// hold what the CSV's samples say; the +Inf bucket, empty buckets, label sets and selectors;
// every bad file gets its exact FILE:LINE message.
#include "MeasurementTestFiles.h"

#include <hedge/service/MeasurementImport.h>

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace hedge;
using namespace measurement_test;

namespace {

const std::string kGet = "cache_request_duration_seconds{op=\"get\"}";

MeasurementRequest promRequest(const std::string& path, const std::string& metric,
                               LatencyUnit unit = LatencyUnit::Seconds)
{
    MeasurementRequest request;
    request.path = path;
    request.format = MeasurementFormat::Prometheus;
    request.metric = metric;
    request.unit = unit;
    return request;
}

QByteArray fixtureText()
{
    QFile file(QString::fromStdString(fixturePath("bimodal-cache.prom")));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the Prometheus fixture");
    return file.readAll();
}

int fixtureLine(const QByteArray& text)
{
    const QList<QByteArray> lines = fixtureText().split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i] == text)
            return i + 1;
    }
    qFatal("no line %s in the fixture", text.constData());
}

struct Bucket {
    double le;
    double count;
};

// The op="get" buckets, read with a regular expression, not with the reader.
std::vector<Bucket> fixtureBuckets()
{
    static const QRegularExpression pattern(QString::fromLatin1(
        "^cache_request_duration_seconds_bucket\\{le=\"([^\"]+)\",op=\"get\"\\} (\\S+)$"));
    std::vector<Bucket> buckets;
    for (const QByteArray& line : fixtureText().split('\n')) {
        const auto match = pattern.match(QString::fromUtf8(line));
        if (!match.hasMatch())
            continue;
        const QString le = match.captured(1);
        buckets.push_back(
            {le == QLatin1String("+Inf") ? std::numeric_limits<double>::infinity() : le.toDouble(),
             match.captured(2).toDouble()});
    }
    return buckets;
}

// histogram_quantile's interpolation, in seconds: linear within the bucket the rank falls
// in, the first bucket from 0.
double histogramQuantile(const std::vector<Bucket>& buckets, double q)
{
    const double rank = q * buckets.back().count;
    for (std::size_t i = 0; i < buckets.size(); ++i) {
        if (buckets[i].count >= rank) {
            const double lower = i == 0 ? 0.0 : buckets[i - 1].le;
            const double below = i == 0 ? 0.0 : buckets[i - 1].count;
            return lower + (buckets[i].le - lower) * (rank - below) / (buckets[i].count - below);
        }
    }
    return buckets.back().le;
}

} // namespace

class TestPrometheusHistogram : public QObject {
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void fixtureGivesHistogramQuantile()
    {
        const std::vector<Bucket> buckets = fixtureBuckets();
        QCOMPARE(buckets.size(), std::size_t(24));
        const MeasuredLatencies measured =
            readPrometheusHistogram(promRequest(fixturePath("bimodal-cache.prom"), kGet));
        QCOMPARE(measured.samples, std::int64_t(20000));
        for (const double q : {0.001, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 0.9999}) {
            const double want = histogramQuantile(buckets, q) * 1000.0;
            QVERIFY2(std::abs(measured.quantiles.at(q) - want) <= 1e-9 * want,
                     qPrintable(QStringLiteral("q %1: %2 ms, expected %3 ms")
                                    .arg(q)
                                    .arg(measured.quantiles.at(q))
                                    .arg(want)));
        }
        // The first bucket (le 0.5 ms) is empty: the distribution starts at its bound; the
        // last with samples is le 150 ms.
        QCOMPARE(measured.quantiles.at(0.0), 0.5);
        QCOMPARE(measured.quantiles.at(1.0), 150.0);
        QVERIFY2(hasNote(measured, kGet + ": 20000 samples in 24 buckets, bounds read as s"),
                 qPrintable(notesText(measured)));
        QVERIFY(hasNote(measured, "within a bucket the latencies are taken as spread evenly, "
                                  "as histogram_quantile assumes; the first bucket starts at 0"));
        QVERIFY(hasNote(measured, "the slowest knot is 150 ms, the top of the last bucket with "
                                  "samples: nothing is extrapolated past it"));
    }

    void fixtureBucketsCountTheCsvSamples()
    {
        const std::vector<double> samples = fixtureLatenciesMs();
        for (const Bucket& bucket : fixtureBuckets()) {
            const auto below = std::count_if(samples.begin(), samples.end(),
                                             [&](double ms) { return ms / 1000.0 <= bucket.le; });
            QCOMPARE(double(below), bucket.count);
        }
    }

    void selectorPicksALabelSet()
    {
        const std::string path = fixturePath("bimodal-cache.prom");
        QCOMPARE(
            readPrometheusHistogram(promRequest(path, "cache_request_duration_seconds{op=\"set\"}"))
                .samples,
            std::int64_t(300));
        // The _bucket series' own name means the histogram.
        QCOMPARE(readPrometheusHistogram(
                     promRequest(path, "cache_request_duration_seconds_bucket{ op = \"get\" }"))
                     .samples,
                 std::int64_t(20000));
    }

    void onlyHistogramNeedsNoName()
    {
        const auto path = writeFile(m_dir, "one.prom",
                                    "# HELP h Latency.\n# TYPE h histogram\n"
                                    "h_bucket{le=\"0.1\"} 2\nh_bucket{le=\"0.2\"} 6\n"
                                    "h_bucket{le=\"0.4\"} 10\nh_bucket{le=\"+Inf\"} 10\n"
                                    "h_sum 2\nh_count 10\n");
        const MeasuredLatencies measured = readPrometheusHistogram(promRequest(path, {}));
        QCOMPARE(measured.quantiles.fraction, (std::vector<double>{0.0, 0.2, 0.6, 1.0}));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{0.0, 100.0, 200.0, 400.0}));
        QCOMPARE(measured.quantiles.at(0.5), 175.0);
        QVERIFY(hasNote(measured, "the file's only histogram, h"));
    }

    void infBucketSitsAtTheLargestBound()
    {
        const auto path = writeFile(m_dir, "inf.prom",
                                    "# TYPE h histogram\nh_bucket{le=\"0.1\"} 2\n"
                                    "h_bucket{le=\"0.25\"} 5\nh_bucket{le=\"+Inf\"} 10\n");
        const MeasuredLatencies measured = readPrometheusHistogram(promRequest(path, "h"));
        QCOMPARE(measured.quantiles.fraction, (std::vector<double>{0.0, 0.2, 0.5, 1.0}));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{0.0, 100.0, 250.0, 250.0}));
        QVERIFY2(hasNote(measured, "the +Inf bucket's 5 samples sit at 250 ms, the largest "
                                   "finite bound"),
                 qPrintable(notesText(measured)));
    }

    void emptyBucketsAreSteps()
    {
        // No sample below 1 ms, none between 2 and 4 ms, none above 5 ms.
        const auto path = writeFile(m_dir, "steps.prom",
                                    "# TYPE h histogram\nh_bucket{le=\"1\"} 0\n"
                                    "h_bucket{le=\"2\"} 4\nh_bucket{le=\"3\"} 4\n"
                                    "h_bucket{le=\"4\"} 4\nh_bucket{le=\"5\"} 8\n"
                                    "h_bucket{le=\"6\"} 8\nh_bucket{le=\"+Inf\"} 8\n");
        const MeasuredLatencies measured =
            readPrometheusHistogram(promRequest(path, "h", LatencyUnit::Milliseconds));
        QCOMPARE(measured.quantiles.fraction, (std::vector<double>{0.0, 0.5, 0.5, 1.0}));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{1.0, 2.0, 4.0, 5.0}));
        QCOMPARE(measured.quantiles.at(0.25), 1.5);
        QCOMPARE(measured.quantiles.at(0.75), 4.5);
    }

    void untypedUnorderedEscapedAndTimestamped()
    {
        const auto path = writeFile(m_dir, "loose.prom",
                                    "# a comment\n"
                                    "x_bucket{path=\"/a\\\"b\",le=\"+Inf\"} 3 1700000000000\n"
                                    "x_bucket{path=\"/a\\\"b\",le=\"1\"} 1 1700000000000\n"
                                    "x_bucket{path=\"/a\\\"b\",le=\"2.0e0\"} 3\n");
        const MeasuredLatencies measured =
            readPrometheusHistogram(promRequest(path, "x", LatencyUnit::Milliseconds));
        QCOMPARE(measured.quantiles.fraction, (std::vector<double>{0.0, 1.0 / 3.0, 1.0}));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{0.0, 1.0, 2.0}));
        QVERIFY2(hasNote(measured, "x{path=\"/a\\\"b\"}: 3 samples in 3 buckets, bounds read as "
                                   "ms"),
                 qPrintable(notesText(measured)));
    }

    void metricErrorsListTheHistograms();
    void bucketErrorsNameTheirLine();
    void absurdUnitSaysWhichWouldFit();

private:
    QTemporaryDir m_dir;
};

void TestPrometheusHistogram::metricErrorsListTheHistograms()
{
    const std::string path = fixturePath("bimodal-cache.prom");
    const std::string histograms = "the histograms are cache_request_duration_seconds";
    expectError(promRequest(path, "cache_request_duration_seconds"),
                path +
                    ": cache_request_duration_seconds has 2 label sets: {op=\"get\"}, "
                    "{op=\"set\"}; choose one, e.g. " +
                    kGet);
    expectError(promRequest(path, {}),
                path +
                    ": cache_request_duration_seconds has 2 label sets: {op=\"get\"}, "
                    "{op=\"set\"}; choose one, e.g. " +
                    kGet);
    expectError(promRequest(path, "cache_request_duration_seconds{op=\"del\"}"),
                path + ": no cache_request_duration_seconds series has {op=\"del\"}; its label "
                       "sets are {op=\"get\"}, {op=\"set\"}");
    // A histogram whose buckets have no label but le: words, not an empty list.
    {
        const std::string plain = m_dir.filePath("plain.prom").toStdString();
        QFile file(QString::fromStdString(plain));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("# TYPE rpc_seconds histogram\nrpc_seconds_bucket{le=\"0.01\"} 5\n"
                   "rpc_seconds_bucket{le=\"+Inf\"} 9\n");
        file.close();
        expectError(promRequest(plain, "rpc_seconds{handler=\"/api\"}"),
                    plain + ": no rpc_seconds series has {handler=\"/api\"}; its buckets have no "
                            "label but le: choose rpc_seconds without labels");
        QCOMPARE(prometheusSeries(plain), std::vector<std::string>{"rpc_seconds"});
    }
    QCOMPARE(prometheusSeries(path),
             (std::vector<std::string>{"cache_request_duration_seconds{op=\"get\"}",
                                       "cache_request_duration_seconds{op=\"set\"}"}));
    expectError(promRequest(path, "cache_request_size_bytes"),
                path + ":" +
                    std::to_string(fixtureLine("# TYPE cache_request_size_bytes summary")) +
                    ": cache_request_size_bytes is a summary, not a histogram; " + histograms);
    expectError(promRequest(path, "cache_entries"),
                path + ":" + std::to_string(fixtureLine("# TYPE cache_entries gauge")) +
                    ": cache_entries is a gauge, not a histogram; " + histograms);
    expectError(promRequest(path, "http_request_duration_seconds"),
                path + ": no metric http_request_duration_seconds; " + histograms);
    expectError(promRequest(path, "h{le="),
                path + ": the metric \"h{le=\" is neither a name nor name{label=\"value\",...}");

    const auto none = writeFile(m_dir, "none.prom", "# TYPE g gauge\ng 1\n");
    expectError(promRequest(none, {}),
                none + ": the file has no histogram (# TYPE name histogram)");
    expectError(promRequest(none, "h"),
                none + ": no metric h; the file has no histogram (# TYPE name histogram)");
    const auto two = writeFile(m_dir, "two.prom", "# TYPE a histogram\n# TYPE b histogram\n");
    expectError(promRequest(two, {}), two + ": 2 histograms (a, b): name the metric");
    expectError(promRequest(two, "a"), two + ":1: a has no a_bucket samples");
}

void TestPrometheusHistogram::bucketErrorsNameTheirLine()
{
    const QByteArray type = "# TYPE h histogram\n";
    auto path = writeFile(m_dir, "falls.prom",
                          type + "h_bucket{le=\"0.1\"} 10\nh_bucket{le=\"0.2\"} 8\n"
                                 "h_bucket{le=\"+Inf\"} 12\n");
    expectError(promRequest(path, "h"),
                path + ":3: the cumulative count falls from 10 (le=\"0.1\") to 8 (le=\"0.2\"): a "
                       "histogram's buckets count every sample at or below their bound");
    path = writeFile(m_dir, "noinf.prom", type + "h_bucket{le=\"0.1\"} 1\n");
    expectError(promRequest(path, "h"),
                path + ": h has no le=\"+Inf\" bucket: its total is unknown");
    path = writeFile(m_dir, "onlyinf.prom", type + "h_bucket{le=\"+Inf\"} 4\n");
    expectError(promRequest(path, "h"),
                path + ":2: h has only its +Inf bucket: no bound to place the latencies at");
    path = writeFile(m_dir, "twice.prom",
                     type + "h_bucket{le=\"0.1\"} 1\nh_bucket{le=\"0.1\"} 1\n"
                            "h_bucket{le=\"+Inf\"} 1\n");
    expectError(promRequest(path, "h"), path + ":3: a second le=\"0.1\" bucket for h");
    path = writeFile(m_dir, "le.prom", type + "h_bucket{le=\"fast\"} 1\n");
    expectError(promRequest(path, "h"), path + ":2: le=\"fast\" is not a bound");
    path = writeFile(m_dir, "count.prom", type + "h_bucket{le=\"1\"} many\n");
    expectError(promRequest(path, "h"), path + ":2: \"many\" is not a count");
    path = writeFile(m_dir, "nole.prom", type + "h_bucket{op=\"x\"} 3\n");
    expectError(promRequest(path, "h"), path + ":2: a bucket without an le label");
    path = writeFile(m_dir, "quote.prom", type + "h_bucket{le=\"0.1} 3\n");
    expectError(promRequest(path, "h"), path + ":2: a label value has no closing quote");
    path = writeFile(m_dir, "negative.prom",
                     type + "h_bucket{le=\"-1\"} 2\nh_bucket{le=\"+Inf\"} 2\n");
    expectError(promRequest(path, "h"),
                path + ":2: a negative latency: 2 samples at or below le=\"-1\"");
    path = writeFile(m_dir, "zero.prom", type + "h_bucket{le=\"1\"} 0\nh_bucket{le=\"+Inf\"} 0\n");
    expectError(promRequest(path, "h"), path + ": no latencies: h counted none");
}

void TestPrometheusHistogram::absurdUnitSaysWhichWouldFit()
{
    // Milliseconds exposed as if seconds: every sample is above 7200 "s".
    const auto path = writeFile(m_dir, "hours.prom",
                                "# TYPE h histogram\nh_bucket{le=\"7200\"} 0\n"
                                "h_bucket{le=\"10000\"} 5\nh_bucket{le=\"+Inf\"} 5\n");
    expectError(promRequest(path, "h"),
                path + ": every latency is above 1 h read as s (the smallest is 2 h); read as ms "
                       "the smallest would be 7.2 s: is the unit ms?");
    QCOMPARE(readPrometheusHistogram(promRequest(path, "h", LatencyUnit::Milliseconds)).samples,
             std::int64_t(5));
}

QTEST_GUILESS_MAIN(TestPrometheusHistogram)
#include "tst_prometheushistogram.moc"
