#include "ReportWriter.h"

#include "ChartExport.h"
#include "ReportAdvice.h"
#include "ResultsTableModel.h"

#include "ScenarioDescription.h"
#include "ServiceSourceLine.h"

#include <hedge/Scenario.h>
#include <hedge/Version.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/sim/ServiceTimeQuantiles.h>

#include <QAbstractTextDocumentLayout>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QFileInfo>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>

#include <algorithm>
#include <cmath>

namespace hedge {

namespace {

constexpr QSize kReportChartSize{1000, 560};

QString esc(const QString& text)
{
    return text.toHtmlEscaped();
}

// Numbers as people write them: no exponent, thousands apart ("200 000"), at most six
// decimals.
QString peopleNumber(double d)
{
    if (std::isfinite(d) && std::abs(d) < 1e15 && d == std::round(d)) {
        QString digits = QString::number(static_cast<qint64>(std::abs(d)));
        for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
            digits.insert(i, QChar(0x202F)); // narrow no-break space, as SI writes groups
        return (d < 0 ? QStringLiteral("−") : QString()) + digits;
    }
    QString text = QString::number(d, 'f', 6);
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    return text;
}

// A latency with three significant digits, as the service editor shows it.
QString msText(double ms)
{
    return ms < 100.0 ? QString::number(ms, 'g', 3) : QString::number(ms, 'f', 0);
}

// A probability as a percentage: 0.1 → "10 %".
QString percent(double probability)
{
    return peopleNumber(probability * 100.0) + QStringLiteral(" %");
}

// The preset's explanation, paragraph by paragraph; nothing for a scenario of one's own.
QString explanationHtml(const QString& explanation)
{
    if (explanation.trimmed().isEmpty())
        return {};
    QString html = QStringLiteral("<h2>What this shows</h2>\n");
    for (const QString& paragraph : explanation.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts))
        html += QStringLiteral("<p>%1</p>\n").arg(esc(paragraph.trimmed()));
    return html;
}

// Charts are drawn in a light palette for the duration of a report.
class LightCharts {
public:
    explicit LightCharts(const QList<QChartView*>& charts)
    {
        const QPalette light(QColor(0xEF, 0xEF, 0xEF));
        for (QChartView* view : charts) {
            if (!view)
                continue;
            m_saved.append({view, view->testAttribute(Qt::WA_SetPalette), view->palette()});
            view->setPalette(light);
        }
    }
    ~LightCharts()
    {
        for (const Saved& s : m_saved)
            s.view->setPalette(s.hadOwnPalette ? s.palette : QPalette());
    }
    LightCharts(const LightCharts&) = delete;
    LightCharts& operator=(const LightCharts&) = delete;

private:
    struct Saved {
        QChartView* view;
        bool hadOwnPalette;
        QPalette palette;
    };
    QList<Saved> m_saved;
};

// `forPrint`: one line a row (a row never splits across pages), headers that may wrap at
// their underscores, no title attributes. `outcomes`: the scenario's calls have outcomes (a
// deadline or retries), and the table their columns, as the window's and the results file's.
QString resultsTableHtml(const std::vector<PointResult>& points, bool outcomes, bool forPrint)
{
    const bool exactTitles = !forPrint;
    QString html =
        forPrint ? QStringLiteral("<table class=\"results\" cellspacing=\"0\" cellpadding=\"2\" "
                                  "border=\"1\" style=\"border-collapse:collapse\" "
                                  "width=\"100%\"><thead><tr>")
                 : QStringLiteral("<table class=\"results\"><thead><tr>");
    // The table's columns: the part columns when a point fans out, the calls' outcomes with a
    // deadline or retries.
    const QList<int> columns = ResultsTableModel::columnsFor(points, outcomes);
    for (int c : columns) {
        // The window's column titles ("p50 (ms)"); the file's key ("p50_ms") in the HTML's
        // tooltip, for whoever reads the CSV or JSON beside it.
        const QString title = esc(ResultsTableModel::columnTitle(c));
        const QString attributes =
            forPrint ? QString()
                     : QStringLiteral(" title=\"%1\"").arg(esc(ResultsTableModel::columnKey(c)));
        html += QStringLiteral("<th%1>%2</th>").arg(attributes, title);
    }
    html += QStringLiteral("</tr></thead><tbody>");
    for (const PointResult& p : points) {
        html += p.collapsed ? QStringLiteral("<tr class=\"collapsed\">") : QStringLiteral("<tr>");
        for (int c : columns) {
            const bool text =
                c == ResultsTableModel::Setup || c == ResultsTableModel::CancellationColumn;
            const QString align = text ? QString() : QStringLiteral(" align=\"right\"");
            const QString titleAttr =
                exactTitles && !text
                    ? QStringLiteral(" title=\"%1\"").arg(esc(ResultsTableModel::exactText(p, c)))
                    : QString();
            const QString nowrap =
                forPrint ? QStringLiteral(" style=\"white-space:nowrap\"") : QString();
            html += QStringLiteral("<td%1%2%3>%4</td>")
                        .arg(align, titleAttr, nowrap, esc(ResultsTableModel::displayText(p, c)));
        }
        html += QStringLiteral("</tr>");
    }
    html += QStringLiteral("</tbody></table>");
    return html;
}

// "CSV of latencies, column latency_ms", as the From Measurements dialog names the fields.
QString measurementKind(const ServiceDistribution& d)
{
    switch (d.format) {
    case MeasurementFormat::Csv:
        return d.column.empty() ? QStringLiteral("CSV of latencies")
                                : QStringLiteral("CSV of latencies, column %1")
                                      .arg(QString::fromStdString(d.column));
    case MeasurementFormat::HdrHistogramLog:
        return QStringLiteral("HdrHistogram log");
    case MeasurementFormat::Prometheus:
        break;
    }
    return d.metric.empty() ? QStringLiteral("Prometheus histogram")
                            : QStringLiteral("Prometheus histogram %1")
                                  .arg(QString::fromStdString(d.metric));
}

// The service as the window describes it: a measured one by its source (the service editor's
// line: the file or the dashboard's percentiles, the samples, the calibration's verdict), the
// log-normal one by its median, sigma and hiccups, which a measured service does not read.
QList<std::pair<QString, QString>> serviceRows(const ServiceConfig& svc)
{
    const QString workers =
        QStringLiteral("%1 %2%3")
            .arg(peopleNumber(svc.workers),
                 svc.workers == 1 ? QStringLiteral("worker") : QStringLiteral("workers"),
                 svc.replicas > 1 ? QStringLiteral(" per replica") : QString());
    QList<std::pair<QString, QString>> rows;
    if (const SharedDistribution& d = svc.distribution) {
        rows.append({QStringLiteral("service"),
                     QStringLiteral("%1, service time from a table: %2")
                         .arg(workers, ServiceSourceLine::describe(*d))});
        if (d->kind == DistributionKind::Empirical)
            rows.append({QStringLiteral("measurements"),
                         QStringLiteral("%1 (%2)")
                             .arg(QString::fromStdString(d->source), measurementKind(*d))});
    } else {
        rows.append({QStringLiteral("service"),
                     QStringLiteral("%1, median %2 ms, sigma %3")
                         .arg(workers, peopleNumber(svc.medianMs), peopleNumber(svc.sigma))});
    }
    const ServiceTimeQuantiles q = serviceTimeQuantiles(svc);
    rows.append({QStringLiteral("service time"),
                 QStringLiteral("p50 %1 ms, p95 %2 ms, p99 %3 ms, mean %4 ms")
                     .arg(msText(q.p50Ms), msText(q.p95Ms), msText(q.p99Ms),
                          msText(svc.meanServiceMs()))});
    rows.append({QStringLiteral("topology"), ScenarioDescription::topology(svc)});
    if (!svc.distribution)
        rows.append({QStringLiteral("hiccups"),
                     QStringLiteral("%1 of the attempts, %2–%3 ms")
                         .arg(percent(svc.hiccupProbability), peopleNumber(svc.hiccupMinMs),
                              peopleNumber(svc.hiccupMaxMs))});
    rows.append({QStringLiteral("errors"),
                 QStringLiteral("%1 of the attempts").arg(percent(svc.errorProbability))});
    return rows;
}

QString generatedLine()
{
    return QStringLiteral("%1 %2 · generated %3")
        .arg(QString::fromLatin1(kProjectName), QString::fromLatin1(kVersion),
             QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")));
}

std::optional<QString> commitText(const QString& path, const QByteArray& bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return QStringLiteral("Cannot write %1: %2")
            .arg(QFileInfo(path).fileName(), file.errorString());
    return std::nullopt;
}

} // namespace

QString scenarioSummaryHtml(const Scenario& s)
{
    QStringList loads;
    for (double l : s.loads)
        loads << QStringLiteral("%1 %").arg(peopleNumber(l * 100.0));
    const ServiceConfig& svc = s.service;
    QList<std::pair<QString, QString>> rows{
        {QStringLiteral("seed"), QString::number(s.seed)},
        {QStringLiteral("calls per point"), peopleNumber(static_cast<double>(s.calls))},
        {QStringLiteral("warm-up"),
         QStringLiteral("%1 % of the calls").arg(peopleNumber(s.warmupFraction * 100.0))},
        {QStringLiteral("loads"), loads.join(QStringLiteral(", "))},
    };
    if (s.replicates > 1)
        rows.append({QStringLiteral("replicates"),
                     QStringLiteral("%1 runs of every point, pooled").arg(s.replicates)});
    rows.append(serviceRows(svc));
    QString html = QStringLiteral("<table class=\"summary\" cellspacing=\"0\" cellpadding=\"2\">");
    for (const auto& [key, value] : rows)
        html += QStringLiteral("<tr><th align=\"left\">%1</th><td>%2</td></tr>")
                    .arg(esc(key), esc(value));
    html += QStringLiteral("</table>");

    html += QStringLiteral("<p><b>Setups</b></p><ul>");
    for (const Setup& setup : s.setups)
        html += QStringLiteral("<li><b>%1</b> — %2</li>")
                    .arg(esc(QString::fromStdString(setup.name)),
                         esc(ScenarioDescription::setup(setup)));
    html += QStringLiteral("</ul>");
    return html;
}

std::optional<QString> writeHtmlReport(const QString& path, const Scenario& scenario,
                                       const QList<QChartView*>& charts,
                                       const std::vector<PointResult>& points, const QString& title,
                                       const QString& explanation, const ReportAdvice* advice)
{
    const QString scenarioJson = QString::fromStdString(writeScenarioJson(scenario));
    QString html;
    html += QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                           "<meta name=\"generator\" content=\"%1 %2\">\n<title>%3</title>\n")
                .arg(QString::fromLatin1(kProjectName), QString::fromLatin1(kVersion), esc(title));
    html += QStringLiteral(
        "<style>\n"
        "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;"
        "color:#1d1d1f;background:#fff;max-width:1200px;margin:2em auto;padding:0 "
        "1.5em;line-height:1.45}\n"
        "h1{font-size:1.7em;margin-bottom:.2em}h2{margin-top:1.8em;border-bottom:1px solid "
        "#ddd;padding-bottom:.2em}\n"
        ".meta{color:#666;margin-top:0}\n"
        "table.summary th{text-align:left;padding-right:1.2em;font-weight:600;vertical-align:top}\n"
        ".charts{display:flex;flex-wrap:wrap;gap:1em}.charts figure{margin:0;flex:1 1 540px}\n"
        ".charts svg{width:100%;height:auto;border:1px solid #e4e4e4}\n"
        "table.results{border-collapse:collapse;font-size:.85em;font-variant-numeric:tabular-nums}"
        "\n"
        "table.results th,table.results td{border:1px solid #ddd;padding:.25em "
        ".5em;white-space:nowrap}\n"
        "table.results th{background:#f4f4f6;position:sticky;top:0}\n"
        "table.results tr.collapsed td{background:#fdecec;color:#a00}\n"
        "pre{background:#f6f6f8;padding:1em;overflow:auto;font-size:.85em}\n"
        "</style>\n</head>\n<body>\n");
    html += QStringLiteral("<h1>%1</h1>\n<p class=\"meta\">%2</p>\n")
                .arg(esc(title), esc(generatedLine()));
    html += explanationHtml(explanation);
    html += QStringLiteral("<h2>Scenario</h2>\n") + scenarioSummaryHtml(scenario);
    html += QStringLiteral(
                "\n<details><summary>Scenario file (JSON)</summary>\n<pre>%1</pre>\n</details>\n")
                .arg(esc(scenarioJson));

    if (!charts.isEmpty()) {
        html += QStringLiteral("<h2>Charts</h2>\n<div class=\"charts\">\n");
        LightCharts light(charts);
        for (QChartView* view : charts) {
            if (!view)
                continue;
            QString svg = QString::fromUtf8(renderChartSvg(view, kReportChartSize));
            // Inline SVG in HTML: drop the XML declaration, keep the <svg> element.
            const qsizetype start = svg.indexOf(QLatin1String("<svg"));
            if (start < 0)
                return QStringLiteral("Cannot render the chart \"%1\" as SVG.")
                    .arg(view->chart()->title());
            svg = svg.mid(start);
            html += QStringLiteral("<figure>\n%1\n</figure>\n").arg(svg);
        }
        html += QStringLiteral("</div>\n");
    }
    if (advice) {
        html += reportAdviceHtml(*advice, false);
        if (advice->front) {
            LightCharts light({advice->front});
            QString svg = QString::fromUtf8(renderChartSvg(advice->front, kReportChartSize));
            const qsizetype start = svg.indexOf(QLatin1String("<svg"));
            if (start < 0)
                return QStringLiteral("Cannot render the advisor's front as SVG.");
            html += QStringLiteral("<div class=\"charts\"><figure>\n%1\n</figure></div>\n")
                        .arg(svg.mid(start));
        }
    }
    html +=
        QStringLiteral("<h2>Results</h2>\n<p>%1 points. Hover a cell for its exact value.</p>\n")
            .arg(points.size());
    html += resultsTableHtml(points, scenario.hasCallOutcomes(), false);
    html += QStringLiteral("\n</body>\n</html>\n");
    return commitText(path, html.toUtf8());
}

namespace {

// The charts, one a row as wide as the page, from height `y` on.
void drawReportCharts(QPainter& painter, QPdfWriter& writer, const QList<QChartView*>& charts,
                      const QRectF& page, double y)
{
    // One chart a row, as wide as the page: legible without zooming.
    LightCharts light(charts);
    const double chartWidth = page.width();
    const double chartHeight = std::min(
        page.height() * 0.92, chartWidth * kReportChartSize.height() / kReportChartSize.width());
    for (QChartView* view : charts) {
        if (!view)
            continue;
        // A chart may be a little flatter to share the first page with the summary.
        double height = chartHeight;
        if (y + height > page.height()) {
            if (page.height() - y >= 0.6 * chartHeight) {
                height = page.height() - y;
            } else {
                writer.newPage();
                y = 0.0;
            }
        }
        const QSizeF layoutSize(kReportChartSize.width(),
                                kReportChartSize.width() * height / chartWidth);
        renderChartInto(view, &painter, QRectF(0, y, chartWidth, height), layoutSize);
        y += height + 16.0;
    }
}

// "Why this setting" on a page of its own: its text, then its front below.
void drawReportAdvice(QPainter& painter, QPdfWriter& writer, const ReportAdvice& advice,
                      const QRectF& page, const QFont& base)
{
    writer.newPage();
    QTextDocument text;
    text.documentLayout()->setPaintDevice(&writer);
    text.setDefaultFont(base);
    text.setHtml(reportAdviceHtml(advice, true));
    text.setTextWidth(page.width());
    text.drawContents(&painter, page);
    if (!advice.front)
        return;
    double y = text.size().height() + 12.0;
    if (page.height() - y < 0.4 * page.height()) {
        writer.newPage();
        y = 0.0;
    }
    LightCharts light({advice.front});
    const double height = std::min(page.height() - y, page.width() * kReportChartSize.height() /
                                                          kReportChartSize.width());
    renderChartInto(advice.front, &painter, QRectF(0, y, page.width(), height),
                    QSizeF(kReportChartSize.width(),
                           kReportChartSize.width() * height / page.width()));
}

void drawReportTable(QPainter& painter, QPdfWriter& writer, const std::vector<PointResult>& points,
                     bool outcomes, const QRectF& page, const QFont& base)
{
    // The table on its own pages; QTextDocument paginates it and repeats the header row.
    writer.newPage();
    QTextDocument table;
    table.documentLayout()->setPaintDevice(&writer);
    QFont small = base;
    small.setPointSizeF(7.0);
    table.setDefaultFont(small);
    table.setDefaultStyleSheet(
        QStringLiteral("th{background-color:#eeeeee} td,th{border-color:#bbbbbb} "
                       "tr.collapsed td{color:#aa0000}"));
    table.setHtml(QStringLiteral("<p><b>Results</b> — %1 points</p>").arg(points.size()) +
                  resultsTableHtml(points, outcomes, true));
    table.setPageSize(page.size());
    const int pages = table.pageCount();
    for (int i = 0; i < pages; ++i) {
        if (i > 0)
            writer.newPage();
        painter.save();
        const QRectF clip(0, i * page.height(), page.width(), page.height());
        painter.translate(0, -clip.top());
        table.drawContents(&painter, clip);
        painter.restore();
    }
}

} // namespace

std::optional<QString> writePdfReport(const QString& path, const Scenario& scenario,
                                      const QList<QChartView*>& charts,
                                      const std::vector<PointResult>& points, const QString& title,
                                      const QString& explanation, const ReportAdvice* advice)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("Cannot write %1: %2")
            .arg(QFileInfo(path).fileName(), file.errorString());
    {
        // 96 dpi: charts and text documents lay out fonts at screen DPI; PDF stays vector.
        constexpr int kDpi = 96;
        QPdfWriter writer(&file);
        writer.setResolution(kDpi);
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                         QMarginsF(14, 14, 14, 14), QPageLayout::Millimeter));
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("%1 %2").arg(QString::fromLatin1(kProjectName),
                                                      QString::fromLatin1(kVersion)));
        const QRectF page(QPointF(0, 0), QSizeF(writer.width(), writer.height()));

        QPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            return QStringLiteral("Cannot start the PDF for %1.").arg(QFileInfo(path).fileName());
        }
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);

        // Title, date and scenario summary through one text document.
        QTextDocument head;
        head.documentLayout()->setPaintDevice(&writer);
        QFont base(QStringLiteral("DejaVu Sans"));
        base.setPointSizeF(9.0);
        head.setDefaultFont(base);
        head.setDefaultStyleSheet(
            QStringLiteral("h1{font-size:17pt} .meta{color:#666666} th{padding-right:12px}"));
        head.setHtml(QStringLiteral("<h1>%1</h1><p class=\"meta\">%2</p>%3%4")
                         .arg(esc(title), esc(generatedLine()), explanationHtml(explanation),
                              scenarioSummaryHtml(scenario)));
        head.setTextWidth(page.width());
        head.drawContents(&painter, page);
        drawReportCharts(painter, writer, charts, page, head.size().height() + 12.0);
        if (advice)
            drawReportAdvice(painter, writer, *advice, page, base);

        drawReportTable(painter, writer, points, scenario.hasCallOutcomes(), page, base);
        painter.end();
    }
    if (!file.commit())
        return QStringLiteral("Cannot write %1: %2")
            .arg(QFileInfo(path).fileName(), file.errorString());
    return std::nullopt;
}

} // namespace hedge
