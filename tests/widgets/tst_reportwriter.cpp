#include "TestPoints.h"

#include <widgets/MetricChartView.h>
#include <widgets/ReportWriter.h>
#include <widgets/ResultsTableModel.h>

#include <hedge/io/ScenarioJson.h>

#include <QApplication>
#include <QChart>
#include <QFile>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

using namespace hedge;

namespace {

const char* const kScenarioJson = (
    R"({"schema": "hedge-explorer/scenario@1", "seed": 4242, "calls": 20000,
        "loads": [0.3, 0.5, 0.7, 0.85, 0.95],
        "service": {"workers": 12, "median_ms": 8},
        "setups": [{"name": "no hedge / client"},
                   {"name": "hedge, no budget / client", "hedge": {"delay_ms": 25, "budget_percent": 0}},
                   {"name": "hedge, default budget / server", "cancellation": "server",
                    "hedge": {"delay_ms": 20}, "adaptive_limit": true}]})");

Scenario sampleScenario()
{
    return parseScenarioJson(kScenarioJson);
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

} // namespace

class TestReportWriter : public QObject {
    Q_OBJECT

private slots:
    void init();
    void htmlHoldsScenarioChartsAndTable();
    void htmlChartsAreValidSvg();
    void tableHasTheOutcomeColumnsWithADeadline();
    void pdfIsAPdfWithSeveralPages();
    void chartsGetTheirPaletteBack();
    void summaryDescribesSetups();
    void summaryDescribesTopologyAndPlacement();
    void summaryDescribesAFanout();
    void unwritablePathIsAnError();
    void summaryDescribesAMeasuredService();
    void summaryGivesEnvoysBackoffInForce();

private:
    std::unique_ptr<MetricChartView> m_p99;
    std::unique_ptr<MetricChartView> m_requests;
    QTemporaryDir m_dir;
};

void TestReportWriter::init()
{
    QVERIFY(m_dir.isValid());
    m_p99 = std::make_unique<MetricChartView>(Metric::P99);
    m_requests = std::make_unique<MetricChartView>(Metric::RequestsPerCall);
    for (MetricChartView* view : {m_p99.get(), m_requests.get()}) {
        view->setSeriesStyles(test::sampleStyles());
        view->setPoints(test::samplePoints());
    }
}

void TestReportWriter::htmlHoldsScenarioChartsAndTable()
{
    const std::vector<PointResult> pts = test::samplePoints();
    const QString path = m_dir.filePath(QStringLiteral("report.html"));
    const std::optional<QString> error = writeHtmlReport(
        path, sampleScenario(), {m_p99.get(), m_requests.get()}, pts, QStringLiteral("My <run>"));
    QVERIFY2(!error, qPrintable(error.value_or(QString())));
    const QString html = QString::fromUtf8(readAll(path));
    QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    QVERIFY(html.contains(QStringLiteral("<title>My &lt;run&gt;</title>")));
    // The scenario: summary and the file itself (escaped).
    QVERIFY(html.contains(QStringLiteral("4242")));
    QVERIFY(html.contains(QStringLiteral("12 workers, median 8 ms")));
    QVERIFY(html.contains(QStringLiteral("&quot;seed&quot;: 4242")));
    // The charts, inline.
    QCOMPARE(html.count(QStringLiteral("<svg")), 2);
    QVERIFY(html.contains(QStringLiteral("p99 latency vs load")));
    QVERIFY(html.contains(QStringLiteral("requests per call vs load")));
    // The table: every column, every point's rounded and exact values.
    // The window's column names, the file's keys only in their tooltips.
    for (int c = 0; c < ResultsTableModel::kColumnsWithoutParts; ++c)
        QVERIFY2(html.contains(QStringLiteral("<th title=\"%1\">%2</th>")
                                   .arg(ResultsTableModel::columnKey(c),
                                        ResultsTableModel::columnTitle(c).toHtmlEscaped())),
                 qPrintable(ResultsTableModel::columnTitle(c)));
    QVERIFY(html.contains(QStringLiteral("<th title=\"p50_ms\">p50 (ms)</th>")));
    QVERIFY(!html.contains(QStringLiteral(">p50_ms<")));
    const qsizetype tableStart = html.indexOf(QStringLiteral("<table class=\"results\""));
    QVERIFY(tableStart > 0);
    const QString table = html.mid(tableStart);
    QCOMPARE(table.count(QStringLiteral("<tr")), static_cast<qsizetype>(pts.size() + 1));
    for (const PointResult& p : pts) {
        for (int c = 0; c < ResultsTableModel::kColumnsWithoutParts; ++c) {
            const QString shown = ResultsTableModel::displayText(p, c).toHtmlEscaped();
            QVERIFY2(table.contains(QStringLiteral(">%1</td>").arg(shown)), qPrintable(shown));
        }
        QVERIFY(
            table.contains(QStringLiteral("title=\"%1\"")
                               .arg(ResultsTableModel::exactText(p, ResultsTableModel::MeanMs))));
    }
    QCOMPARE(table.count(QStringLiteral("<tr class=\"collapsed\">")), 2);
}

// Issue 40: with a deadline (the calls' outcomes), the report's table has the outcome columns and
// the points' figures, as the window's table and the results file; without, none of them.
void TestReportWriter::tableHasTheOutcomeColumnsWithADeadline()
{
    std::vector<PointResult> pts = test::samplePoints();
    for (std::size_t i = 0; i < pts.size(); ++i) {
        pts[i].goodputFraction = 0.25 + 0.125 * double(i);
        pts[i].timedOutFraction = 0.0625 * double(i);
        pts[i].retriesPerCall = 0.5;
        pts[i].wastedWorkFraction = 0.375;
    }
    Scenario withDeadline = sampleScenario();
    withDeadline.setups.front().deadlineMs = 250.0;
    const QString path = m_dir.filePath(QStringLiteral("outcomes.html"));
    QVERIFY(!writeHtmlReport(path, withDeadline, {m_p99.get()}, pts, QStringLiteral("r")));
    const QString html = QString::fromUtf8(readAll(path));
    for (int c = ResultsTableModel::kFirstOutcomeColumn; c < ResultsTableModel::ColumnCount; ++c) {
        QVERIFY2(html.contains(QStringLiteral("<th title=\"%1\">%2</th>")
                                   .arg(ResultsTableModel::columnKey(c),
                                        ResultsTableModel::columnTitle(c).toHtmlEscaped())),
                 qPrintable(ResultsTableModel::columnTitle(c)));
        for (const PointResult& p : pts)
            QVERIFY2(html.contains(QStringLiteral("title=\"%1\"")
                                       .arg(ResultsTableModel::exactText(p, c))),
                     qPrintable(ResultsTableModel::columnKey(c)));
    }
    QVERIFY(html.contains(QStringLiteral(">37.50 %</td>"))); // wasted work, rounded to read
    // Without a deadline or retries: the table of before.
    QVERIFY(!writeHtmlReport(path, sampleScenario(), {m_p99.get()}, pts, QStringLiteral("r")));
    QVERIFY(!QString::fromUtf8(readAll(path)).contains(QStringLiteral("goodput_fraction")));
}

void TestReportWriter::htmlChartsAreValidSvg()
{
    const QString path = m_dir.filePath(QStringLiteral("report.html"));
    QVERIFY(!writeHtmlReport(path, sampleScenario(), {m_p99.get()}, test::samplePoints(),
                             QStringLiteral("r")));
    const QString html = QString::fromUtf8(readAll(path));
    const qsizetype start = html.indexOf(QStringLiteral("<svg"));
    const qsizetype end = html.indexOf(QStringLiteral("</svg>"), start);
    QVERIFY(start > 0 && end > start);
    QSvgRenderer renderer(html.mid(start, end - start + 6).toUtf8());
    QVERIFY(renderer.isValid());
}

void TestReportWriter::pdfIsAPdfWithSeveralPages()
{
    const QString path = m_dir.filePath(QStringLiteral("report.pdf"));
    const std::optional<QString> error =
        writePdfReport(path, sampleScenario(), {m_p99.get(), m_requests.get()},
                       test::samplePoints(), QStringLiteral("Report"));
    QVERIFY2(!error, qPrintable(error.value_or(QString())));
    const QByteArray bytes = readAll(path);
    QVERIFY(bytes.startsWith("%PDF-"));
    QVERIFY(bytes.trimmed().endsWith("%%EOF"));
    // Title page with the first chart, a page for the second, the table.
    const qsizetype pages =
        QString::fromLatin1(bytes).count(QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]")));
    QVERIFY2(pages >= 3, qPrintable(QString::number(pages)));
}

void TestReportWriter::chartsGetTheirPaletteBack()
{
    const QPalette original = QApplication::palette();
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x24));
    dark.setColor(QPalette::Base, QColor(0x18, 0x18, 0x1c));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    QApplication::setPalette(dark); // delivered as posted events
    QTRY_VERIFY_WITH_TIMEOUT(m_p99->isDarkTheme(), 60000);
    const QString path = m_dir.filePath(QStringLiteral("report.html"));
    QVERIFY(!writeHtmlReport(path, sampleScenario(), {m_p99.get()}, test::samplePoints(),
                             QStringLiteral("r")));
    // Reports draw light charts...
    QVERIFY(QString::fromUtf8(readAll(path)).contains(QStringLiteral("fill=\"#ffffff\"")));
    // ...and the on-screen chart follows the desktop again afterwards.
    QVERIFY(m_p99->isDarkTheme());
    QVERIFY(!m_p99->testAttribute(Qt::WA_SetPalette));
    QApplication::setPalette(original);
    QTRY_VERIFY_WITH_TIMEOUT(!m_p99->isDarkTheme(), 60000);
}

void TestReportWriter::summaryDescribesSetups()
{
    const QString summary = scenarioSummaryHtml(sampleScenario());
    QVERIFY(summary.contains(
        QStringLiteral("<b>no hedge / client</b> — no hedge, client-only cancellation")));
    QVERIFY2(summary.contains(QStringLiteral("hedge after 25 ms, up to 2 attempts, no budget")),
             qPrintable(summary));
    QVERIFY(summary.contains(QStringLiteral("hedge after 20 ms, up to 2 attempts, budget 10 %, "
                                            "adaptive limit, cancellation reaches the server")));
    QVERIFY(summary.contains(QStringLiteral("30 %, 50 %, 70 %, 85 %, 95 %")));
    QVERIFY2(summary.contains(QStringLiteral("one replica, one queue, no slow periods")),
             qPrintable(summary));
    // The default scenario: the twelve reference setups.
    QCOMPARE(scenarioSummaryHtml(Scenario{}).count(QStringLiteral("<li>")), 12);
}

// The topology and a hedge's placement are described: two setups that differ only in where
// their hedges go read differently, and the advanced knobs that are not at their default
// are named.
void TestReportWriter::summaryDescribesTopologyAndPlacement()
{
    Scenario s = sampleScenario();
    s.service.replicas = 4;
    s.service.workers = 4;
    s.service.balancer = BalancerKind::Random;
    s.service.hiccupCorrelation = 0.5;
    s.service.slowdowns = Slowdowns{.perMinute = 3.0, .durationMs = 1000.0, .factor = 10.0};
    Setup elsewhere = s.setups[1];
    elsewhere.name = "elsewhere";
    elsewhere.hedge->placement = HedgePlacement::OtherReplica;
    s.setups.push_back(elsewhere);
    s.setups[2].hedge->budgetWindowSeconds = 20.0;
    const QString summary = scenarioSummaryHtml(s);
    QVERIFY2(summary.contains(QStringLiteral("4 workers per replica")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("4 replicas of 4 workers, each with its own queue, "
                                             "random balancer, hiccup correlation 0.5, slow "
                                             "periods 3 a minute per replica, 1000 ms long, at "
                                             "10 × the service time")),
             qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("<b>elsewhere</b> — hedge after 25 ms, up to 2 "
                                             "attempts, no budget, hedges to another replica, "
                                             "client-only cancellation")),
             qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("budget 10 %, budget window 20 s, adaptive limit")),
             qPrintable(summary));
}

// docs/fanout.md: the partitions, what a call waits for and the copies, not "100 replicas".
void TestReportWriter::summaryDescribesAFanout()
{
    Scenario s = sampleScenario();
    s.service.fanoutParts = 10;
    s.service.fanoutCopies = 2;
    s.service.replicas = 20;
    QString summary = scenarioSummaryHtml(s);
    QVERIFY2(summary.contains(QStringLiteral("every call fans out to 10 partitions and waits for "
                                             "all of them, 2 copies of %1 workers each, round-robin")
                                  .arg(s.service.workers)),
             qPrintable(summary));
    QVERIFY(!summary.contains(QStringLiteral("20 replicas")));
    s.service.fanoutWaitFor = 7;
    summary = scenarioSummaryHtml(s);
    QVERIFY2(summary.contains(QStringLiteral("waits for 7 of them")), qPrintable(summary));
}

void TestReportWriter::unwritablePathIsAnError()
{
    const QString path = m_dir.filePath(QStringLiteral("missing/dir/report.html"));
    QVERIFY(writeHtmlReport(path, sampleScenario(), {}, test::samplePoints(), QStringLiteral("r")));
    QVERIFY(writePdfReport(m_dir.filePath(QStringLiteral("missing/r.pdf")), sampleScenario(), {},
                           test::samplePoints(), QStringLiteral("r")));
    QVERIFY(!QFile::exists(path));
}

// A service from a CSV is described by its file, samples and calibration, as the service
// editor does, and not by the log-normal knobs it does not read.
void TestReportWriter::summaryDescribesAMeasuredService()
{
    Scenario s = sampleScenario();
    ServiceDistribution d;
    d.kind = DistributionKind::Empirical;
    d.source = "/data/bimodal-cache.csv";
    d.column = "latency_ms";
    d.samples = 20000;
    d.table = percentileTable({{0.5, 5.0}, {0.99, 60.0}}, std::nullopt, std::nullopt);
    d.calibration = Calibration{.utilisation = 0.6,
                                .rounds = 3,
                                .measured = {{0.5, 10.0}, {0.9, 20.0}},
                                .simulated = {{0.5, 10.1}, {0.9, 21.06}}};
    s.service.distribution = d;
    QString summary = scenarioSummaryHtml(s);
    QVERIFY2(summary.contains(QStringLiteral("12 workers, service time from a table: From "
                                             "bimodal-cache.csv: 20 000 samples, not calibrated "
                                             "at 60 % load: p90 is 5.3 % off, above the 2 % "
                                             "tolerance")),
             qPrintable(summary));
    QVERIFY2(summary.contains(
                 QStringLiteral("/data/bimodal-cache.csv (CSV of latencies, column latency_ms)")),
             qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("p50 5 ms")), qPrintable(summary));
    for (const char* unread : {"median", "sigma", "hiccups"})
        QVERIFY2(!summary.contains(QString::fromLatin1(unread)), unread);

    d.calibration->simulated[1].ms = 20.2;
    s.service.distribution = d;
    summary = scenarioSummaryHtml(s);
    QVERIFY2(summary.contains(QStringLiteral("20 000 samples, calibrated at 60 % load</td>")),
             qPrintable(summary));
}

// Envoy's max_interval 0 is its default, 10 × the base: the report gives the 250 ms in force.
void TestReportWriter::summaryGivesEnvoysBackoffInForce()
{
    Scenario s = sampleScenario();
    s.setups[1].policy = PolicyFamily::Envoy;
    s.setups[1].families.envoy.backoffBaseMs = 25.0;
    QString summary = scenarioSummaryHtml(s);
    QVERIFY2(summary.contains(QStringLiteral("backoff max 250 ms (10 × base)")),
             qPrintable(summary));
    QVERIFY2(!summary.contains(QStringLiteral("backoff max 0")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("per-try timeout none")), qPrintable(summary));
    s.setups[1].families.envoy.backoffMaxMs = 80.0;
    summary = scenarioSummaryHtml(s);
    QVERIFY2(summary.contains(QStringLiteral("backoff max 80 ms")), qPrintable(summary));
}

QTEST_MAIN(TestReportWriter)
#include "tst_reportwriter.moc"
