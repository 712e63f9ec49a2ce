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
    void pdfIsAPdfWithSeveralPages();
    void chartsGetTheirPaletteBack();
    void summaryDescribesSetups();
    void summaryDescribesTopologyAndPlacement();
    void summaryDescribesAFanout();
    void unwritablePathIsAnError();

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
    for (const QString& key : ResultsTableModel::columnKeys())
        QVERIFY(html.contains(QStringLiteral("<th>%1</th>").arg(key)));
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

QTEST_MAIN(TestReportWriter)
#include "tst_reportwriter.moc"
