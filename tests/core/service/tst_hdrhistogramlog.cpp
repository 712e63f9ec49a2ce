// The HdrHistogram interval log reader: hdr-histogram-js's log of the fixture gives the same
// percentiles as hdr-histogram-js itself and as the CSV's samples put in their buckets; the
// V2 encoding (ZigZag LEB128 counts, runs of empty buckets, the bucket layout) is checked on
// histograms written byte by byte here; every broken line names its line.
#include "MeasurementTestFiles.h"

#include <hedge/service/MeasurementImport.h>

#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <cstring>

using namespace hedge;
using namespace measurement_test;

namespace {

MeasurementRequest hlogRequest(const std::string& path,
                               LatencyUnit unit = LatencyUnit::Microseconds)
{
    MeasurementRequest request;
    request.path = path;
    request.format = MeasurementFormat::HdrHistogramLog;
    request.unit = unit;
    return request;
}

QByteArray bigEndian(quint64 value, int bytes)
{
    QByteArray out;
    for (int i = bytes - 1; i >= 0; --i)
        out.append(char((value >> (8 * i)) & 0xff));
    return out;
}

// ZigZag, then LEB128 with 7 bits a byte for eight bytes and all 8 bits of a ninth.
QByteArray zigZagVarint(qint64 value)
{
    quint64 zz = (quint64(value) << 1) ^ quint64(value >> 63);
    QByteArray out;
    for (int i = 0; i < 8; ++i) {
        if ((zz >> 7) == 0) {
            out.append(char(zz));
            return out;
        }
        out.append(char((zz & 0x7f) | 0x80));
        zz >>= 7;
    }
    out.append(char(zz & 0xff));
    return out;
}

struct Histogram {
    int digits = 2;
    qint64 lowest = 1;
    qint64 highest = 10000;
    std::vector<qint64> words; // counts; a negative word: that many empty buckets
    quint32 cookie = 0x1c849314;
    quint32 innerCookie = 0x1c849313;
    int payloadLengthExtra = 0; // announce more payload than there is
    int payloadCut = 0;         // bytes cut off the payload's end
    int deflatedCut = 0;        // bytes cut off the zlib data (the length says so)
};

// The V2 compressed encoding, written here from its description: the reader's test does not
// share the reader's code.
QByteArray encoded(const Histogram& h)
{
    QByteArray payload;
    for (const qint64 word : h.words)
        payload += zigZagVarint(word);
    payload.chop(h.payloadCut);
    double ratio = 1.0;
    quint64 ratioBits = 0;
    std::memcpy(&ratioBits, &ratio, sizeof ratio);
    const QByteArray plain =
        bigEndian(h.innerCookie, 4) + bigEndian(quint64(payload.size() + h.payloadLengthExtra), 4) +
        bigEndian(0, 4) + bigEndian(quint64(h.digits), 4) + bigEndian(quint64(h.lowest), 8) +
        bigEndian(quint64(h.highest), 8) + bigEndian(ratioBits, 8) + payload;
    QByteArray deflated = qCompress(plain).mid(4); // qCompress: a 4-byte size, then zlib
    deflated.chop(h.deflatedCut);
    return bigEndian(h.cookie, 4) + bigEndian(quint64(deflated.size()), 4) + deflated;
}

QByteArray line(const QByteArray& bytes, const QByteArray& start = "0.000")
{
    return start + ",1.000,0.000," + bytes.toBase64() + "\n";
}

// A log: its comment and legend lines 1 and 2, the intervals from line 3.
QByteArray log(const QByteArray& intervals)
{
    return "#[StartTime: 0.000 (seconds since epoch)]\n"
           "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\","
           "\"Interval_Compressed_Histogram\"\n" +
           intervals;
}

QByteArray fixtureText(const char* name)
{
    QFile file(QString::fromStdString(fixturePath(name)));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the fixture %s", name);
    return file.readAll();
}

// HdrHistogram's top of the bucket a 3-digit histogram (lowest 1) counts `v` in: unit
// buckets below 2048, then 1024 sub-buckets an octave.
qint64 topOfBucket3Digits(qint64 v)
{
    if (v < 2048)
        return v;
    const int shift = int(std::bit_width(quint64(v))) - 11;
    return ((v >> shift) << shift) + (qint64(1) << shift) - 1;
}

} // namespace

class TestHdrHistogramLog : public QObject {
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void fixtureAgreesWithHdrHistogramJs()
    {
        const MeasuredLatencies measured =
            readHdrHistogramLog(hlogRequest(fixturePath("bimodal-cache.hlog")));
        QCOMPARE(measured.samples, std::int64_t(20000));
        // make-hlog.mjs wrote getValueAtPercentile: the value at rank ceil(p n), its
        // bucket's highest equivalent, which is the reader's choice too.
        const QList<QByteArray> lines =
            fixtureText("bimodal-cache.hlog-percentiles.txt").split('\n');
        int checked = 0;
        for (const QByteArray& text : lines) {
            const QList<QByteArray> fields = text.split(' ');
            if (text.startsWith('#') || fields.size() != 2)
                continue;
            const double micros = fields[1].toDouble();
            if (fields[0] == "max") {
                QVERIFY(measured.quantiles.at(1.0) >= micros * 0.001);
                QVERIFY(measured.quantiles.at(1.0) <= micros * 0.001 * (1.0 + 1.0 / 1024));
            } else if (fields[0] == "min") {
                QCOMPARE(measured.quantiles.at(0.0), micros * 0.001);
            } else {
                // As HdrHistogram rounds: up, but not for the last bit of floating error.
                const double rank = std::ceil(fields[0].toDouble() / 100.0 * 20000.0 - 1e-9);
                QCOMPARE(measured.quantiles.at((rank - 1.0) / 19999.0), micros * 0.001);
            }
            ++checked;
        }
        QCOMPARE(checked, 6);
        QVERIFY2(hasNote(measured, "20000 latencies in 4 intervals (0 s to 40 s) summed, read "
                                   "as us"),
                 qPrintable(notesText(measured)));
        QVERIFY(hasNote(measured, "each recorded value is taken as the highest value of its "
                                  "HdrHistogram bucket, as HdrHistogram's own percentiles "
                                  "report it (3 significant digits: within 0.098 %)"));
    }

    void fixtureIsTheCsvSamplesInTheirBuckets()
    {
        std::vector<double> tops;
        for (const double ms : fixtureLatenciesMs())
            tops.push_back(double(topOfBucket3Digits(std::llround(ms * 1000.0))) * 0.001);
        const MeasuredLatencies measured =
            readHdrHistogramLog(hlogRequest(fixturePath("bimodal-cache.hlog")));
        for (double q = 0.0; q <= 1.0; q += 1.0 / 64) {
            const double want = orderStatisticQuantile(tops, q);
            QVERIFY2(std::abs(measured.quantiles.at(q) - want) <= 1e-9 * want,
                     qPrintable(QStringLiteral("q %1: %2, expected %3")
                                    .arg(q)
                                    .arg(measured.quantiles.at(q))
                                    .arg(want)));
        }
    }

    void tagsAreSummed()
    {
        const MeasuredLatencies untagged =
            readHdrHistogramLog(hlogRequest(fixturePath("bimodal-cache.hlog")));
        const MeasuredLatencies tagged =
            readHdrHistogramLog(hlogRequest(fixturePath("tagged.hlog")));
        QCOMPARE(tagged.samples, untagged.samples);
        QCOMPARE(tagged.quantiles.fraction, untagged.quantiles.fraction);
        QCOMPARE(tagged.quantiles.latencyMs, untagged.quantiles.latencyMs);
        QVERIFY2(hasNote(tagged, "20000 latencies in 4 intervals (0 s to 40 s) summed, read as "
                                 "us; the tags hits, misses were summed"),
                 qPrintable(notesText(tagged)));
    }

    void countsRunsAndBuckets()
    {
        // 2 digits: 128 sub-buckets a half; index 5 is the value 5, index 300 the values 344
        // and 345 (bucket 1, width 2). Five single empty buckets, 300 fives, a run of 294
        // empty buckets, seven 345s.
        Histogram h;
        h.words = {0, 0, 0, 0, 0, 300, -294, 7};
        const auto path = writeFile(m_dir, "runs.hlog", log(line(encoded(h))));
        const MeasuredLatencies measured =
            readHdrHistogramLog(hlogRequest(path, LatencyUnit::Milliseconds));
        QCOMPARE(measured.samples, std::int64_t(307));
        QCOMPARE(measured.quantiles.fraction,
                 (std::vector<double>{0.0, 299.0 / 306.0, 300.0 / 306.0, 1.0}));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{5.0, 5.0, 345.0, 345.0}));
    }

    void lowestDiscernibleValueSetsTheUnit()
    {
        // lowest 1000: unit magnitude 9 (512). Index 3: 1536..2047; index 200: 102400..102911.
        Histogram h;
        h.lowest = 1000;
        h.highest = 1000000000;
        h.words = {-3, 1, -196, 2};
        const auto path = writeFile(m_dir, "unit.hlog", log(line(encoded(h))));
        const MeasuredLatencies measured =
            readHdrHistogramLog(hlogRequest(path, LatencyUnit::Milliseconds));
        QCOMPARE(measured.quantiles.fraction, (std::vector<double>{0.0, 0.5, 1.0}));
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{2047.0, 102911.0, 102911.0}));
    }

    void longVarintsAndSeveralIntervals()
    {
        Histogram big;
        big.words = {0, qint64(1) << 35}; // 2^35 ones: a six-byte varint
        Histogram small;
        small.words = {-2, 1}; // one 2
        const auto path = writeFile(
            m_dir, "long.hlog", log(line(encoded(big)) + "Tag=b," + line(encoded(small), "1.000")));
        const MeasuredLatencies measured =
            readHdrHistogramLog(hlogRequest(path, LatencyUnit::Milliseconds));
        QCOMPARE(measured.samples, (std::int64_t(1) << 35) + 1);
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{1.0, 1.0, 2.0}));
        QVERIFY2(hasNote(measured, "34359738369 latencies in 2 intervals (0 s to 2 s) summed, "
                                   "read as ms; the tag b was summed with the untagged "
                                   "intervals"),
                 qPrintable(notesText(measured)));
    }

    void nineByteCounts()
    {
        // A count of 2^62 or more needs all nine bytes and the top bit of the ninth: the
        // ninth byte carries 8 bits, not 7.
        Histogram h;
        h.words = {0, 0, 0, (qint64(1) << 62) + 3};
        QCOMPARE(zigZagVarint(h.words.back()).size(), 9);
        const auto path = writeFile(m_dir, "nine.hlog", log(line(encoded(h))));
        const MeasuredLatencies measured =
            readHdrHistogramLog(hlogRequest(path, LatencyUnit::Milliseconds));
        QCOMPARE(measured.samples, (std::int64_t(1) << 62) + 3);
        QCOMPARE(measured.quantiles.latencyMs, (std::vector<double>{3.0, 3.0}));
    }

    void brokenLinesNameTheirLine();
    void brokenHistogramsNameTheirLine();
    void emptyLogs();
    void absurdUnitSaysWhichWouldFit();

private:
    QTemporaryDir m_dir;
};

void TestHdrHistogramLog::brokenLinesNameTheirLine()
{
    const QByteArray good = line(encoded(Histogram{2, 1, 10000, {-5, 1}}));
    auto path = writeFile(m_dir, "fields.hlog", log(good + "0.000,10.000\n"));
    expectError(hlogRequest(path), path + ":4: an interval line is [Tag=name,]start,length,max,"
                                          "histogram; this one has 2 fields (truncated?)");
    path = writeFile(m_dir, "start.hlog", log("abc" + good.mid(5)));
    expectError(hlogRequest(path), path + ":3: \"abc\" is not a number (the interval's start)");
    path = writeFile(m_dir, "base64.hlog", log("0.000,1.000,0.000,HISTFAAA$$$$\n"));
    expectError(hlogRequest(path), path + ":3: a corrupt histogram: its text is not base64");

    // The fixture's first interval (line 5) cut in half, at a whole base64 quantum.
    QByteArray text = fixtureText("bimodal-cache.hlog");
    QList<QByteArray> lines = text.split('\n');
    const QByteArray base64 = lines[4].mid(lines[4].lastIndexOf(',') + 1);
    const QByteArray bytes = QByteArray::fromBase64(base64);
    const qsizetype keep = (base64.size() / 2) / 4 * 4;
    lines[4] = lines[4].left(lines[4].lastIndexOf(',') + 1) + base64.left(keep);
    path = writeFile(m_dir, "cut.hlog", lines.join('\n'));
    const int announced = (uchar(bytes[4]) << 24) | (uchar(bytes[5]) << 16) |
                          (uchar(bytes[6]) << 8) | uchar(bytes[7]);
    const qsizetype present = QByteArray::fromBase64(base64.left(keep)).size() - 8;
    expectError(hlogRequest(path), path + ":5: a truncated or corrupt histogram: truncated: " +
                                       std::to_string(announced) + " compressed bytes announced, " +
                                       std::to_string(present) + " present");
}

void TestHdrHistogramLog::brokenHistogramsNameTheirLine()
{
    const std::string corrupt = ":3: a truncated or corrupt histogram: ";
    QByteArray bytes = encoded(Histogram{2, 1, 10000, {-5, 1}});
    bytes[8] = 0; // the zlib header's first byte
    auto path = writeFile(m_dir, "zlib.hlog", log(line(bytes)));
    expectError(hlogRequest(path), path + corrupt +
                                       "the zlib data is corrupt (incorrect header "
                                       "check)");
    Histogram h{2, 1, 10000, {-5, 1}};
    h.deflatedCut = 4;
    path = writeFile(m_dir, "short.hlog", log(line(encoded(h))));
    expectError(hlogRequest(path), path + corrupt + "the zlib data is cut short");

    h = Histogram{2, 1, 10000, {300}};
    h.payloadCut = 1; // 300 is two bytes; the second is gone
    path = writeFile(m_dir, "varint.hlog", log(line(encoded(h))));
    expectError(hlogRequest(path), path + corrupt + "truncated in a count (payload byte 1)");
    h = Histogram{2, 1, 10000, {-5, 1}};
    h.payloadLengthExtra = 98;
    path = writeFile(m_dir, "payload.hlog", log(line(encoded(h))));
    expectError(hlogRequest(path),
                path + corrupt + "truncated: a payload of 100 bytes announced, 2 present");

    // Index 1000 of a 2-digit histogram is 14848..14911, past a highest trackable 1000.
    path = writeFile(m_dir, "past.hlog", log(line(encoded(Histogram{2, 1, 1000, {-1000, 1}}))));
    expectError(hlogRequest(path),
                path + corrupt + "a count at 14848, past the highest trackable value 1000");
    path = writeFile(m_dir, "digits.hlog", log(line(encoded(Histogram{7, 1, 1000, {1}}))));
    expectError(hlogRequest(path),
                path + corrupt + "7 significant digits (HdrHistogram keeps 0 to 5)");

    h = Histogram{2, 1, 10000, {1}};
    h.cookie = 0x0c72124f;
    path = writeFile(m_dir, "double.hlog", log(line(encoded(h))));
    expectError(hlogRequest(path),
                path + corrupt + "a DoubleHistogram: only integer HdrHistograms are read");
    h.cookie = 0x1c849312;
    path = writeFile(m_dir, "v1.hlog", log(line(encoded(h))));
    expectError(hlogRequest(path), path + corrupt +
                                       "an encoding older than V2 (cookie "
                                       "0x1c849312): log it again with a current "
                                       "HdrHistogram");
    h.cookie = 0x1c849314;
    h.innerCookie = 0x12345678;
    path = writeFile(m_dir, "inner.hlog", log(line(encoded(h))));
    expectError(hlogRequest(path),
                path + corrupt + "not an HdrHistogram inside (cookie 0x12345678)");
}

void TestHdrHistogramLog::emptyLogs()
{
    auto path = writeFile(m_dir, "empty.hlog", "");
    expectError(hlogRequest(path), path + ": no latencies: the file is empty");
    path = writeFile(m_dir, "legend.hlog", log(""));
    expectError(hlogRequest(path), path + ": no latencies: no interval lines "
                                          "([Tag=name,]start,length,max,histogram)");
    path = writeFile(m_dir, "zeros.hlog",
                     log(line(encoded(Histogram{2, 1, 10000, {}})) +
                         line(encoded(Histogram{2, 1, 10000, {-40}}))));
    expectError(hlogRequest(path), path + ": no latencies: every interval is empty");
}

void TestHdrHistogramLog::absurdUnitSaysWhichWouldFit()
{
    // Index 2073 of a 2-digit histogram: bucket 15, 5013504..5046271; read as ms, 1.4 h.
    const auto path = writeFile(m_dir, "hours.hlog",
                                log(line(encoded(Histogram{2, 1, 1000000000000, {-2073, 1}}))));
    expectError(hlogRequest(path, LatencyUnit::Milliseconds),
                path + ": every latency is above 1 h read as ms (the smallest is 1.402 h); read "
                       "as us the smallest would be 5.046 s: is the unit us?");
    QCOMPARE(readHdrHistogramLog(hlogRequest(path)).quantiles.latencyMs.front(), 5046.271);
}

QTEST_GUILESS_MAIN(TestHdrHistogramLog)
#include "tst_hdrhistogramlog.moc"
