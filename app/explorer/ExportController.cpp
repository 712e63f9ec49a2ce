#include "ExportController.h"

#include <hedge/document/PresetEdits.h>
#include <hedge/document/ScenarioDocument.h>
#include <hedge/run/SweepController.h>

#include "ChartArea.h"
#include "ExportChartDialog.h"

#include "ChartExport.h"
#include "MetricChartView.h"
#include "ReportAdvice.h"
#include "ReportWriter.h"

#include <hedge/qt/AtomicFile.h>
#include <hedge/io/Presets.h>
#include <hedge/io/ResultsCsv.h>
#include <hedge/io/ResultsJson.h>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

namespace hedge {

ExportController::ExportController(ChartArea* charts, SweepController* controller,
                                   const ScenarioDocument* document, QWidget* dialogParent)
    : QObject(dialogParent), m_chartArea(charts), m_controller(controller), m_document(document),
      m_dialogParent(dialogParent)
{}

std::optional<QString> ExportController::exportChart(Metric metric, const QString& path, QSize size,
                                                     qreal scale)
{
    MetricChartView* chart = m_chartArea->upToDateChart(metric);
    if (!chart)
        return tr("No such chart");
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (size.isEmpty())
        size = defaultExportSize(chart);
    if (suffix == QLatin1String("svg"))
        return exportChartSvg(chart, path, size);
    if (suffix == QLatin1String("pdf"))
        return exportChartPdf(chart, path);
    return exportChartPng(chart, path, size, scale);
}

std::optional<QString> ExportController::exportResultsCsv(const QString& path)
{
    const std::string csv = writeResultsCsv(m_document->scenario(), m_controller->displayedPoints());
    if (auto error = writeFileAtomically(path.toStdString(), csv))
        return QString::fromStdString(*error);
    return std::nullopt;
}

std::optional<QString> ExportController::exportResultsJson(const QString& path)
{
    const std::string json =
        writeResultsJson(m_document->scenario(), m_controller->displayedPoints());
    if (auto error = writeFileAtomically(path.toStdString(), json))
        return QString::fromStdString(*error);
    return std::nullopt;
}

std::optional<QString> ExportController::exportReport(const QString& path)
{
    QList<QChartView*> charts;
    for (MetricChartView* chart : m_chartArea->shownCharts())
        charts.push_back(chart);
    QString title = tr("Hedge Explorer report");
    if (const Preset* p = findPreset(m_document->presetName().toStdString()))
        title += QStringLiteral(" — ") + QString::fromStdString(p->title);
    else if (!m_document->filePath().isEmpty())
        title += QStringLiteral(" — ") + QFileInfo(m_document->filePath()).fileName();
    const Preset* preset = m_document->preset();
    QString explanation = preset ? QString::fromStdString(preset->explanation) : QString();
    // An edited preset's text is the preset's, as the window says (docs/user-guide.md, "What
    // this shows"): the report does not present its numbers as those of the scenario run.
    if (const QStringList edits =
            preset ? PresetEdits::between(preset->scenario, m_document->scenario()) : QStringList();
        !edits.isEmpty())
        explanation = tr("This describes the preset as loaded; the scenario of this report was "
                         "edited from it. %1.\n\n%2")
                          .arg(PresetEdits::summary(edits, int(edits.size())), explanation);
    const std::vector<PointResult> points = m_controller->displayedPoints();
    // "Why this setting": the advisor's answer, when it is about this scenario's world.
    const std::optional<ReportAdvice> advice =
        m_adviceSource ? m_adviceSource() : std::optional<ReportAdvice>();
    const ReportAdvice* section = advice ? &*advice : nullptr;
    if (QFileInfo(path).suffix().toLower() == QLatin1String("pdf"))
        return writePdfReport(path, m_document->scenario(), charts, points, title, explanation,
                              section);
    return writeHtmlReport(path, m_document->scenario(), charts, points, title, explanation,
                           section);
}

void ExportController::exportChartDialog()
{
    QStringList titles;
    QList<Metric> metrics;
    int current = 0;
    MetricChartView* active = m_chartArea->currentChart();
    for (Metric m : ChartArea::chartOrder()) {
        if (!m_chartArea->chart(m)->isVisible())
            continue;
        if (m_chartArea->chart(m) == active)
            current = static_cast<int>(metrics.size());
        metrics << m;
        titles << metricTitle(m);
    }
    ExportChartDialog dialog(titles, current, defaultExportSize(active), m_dialogParent);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const Metric metric = metrics.value(dialog.chartIndex(), Metric::P99);
    const auto format = dialog.format();
    const QString file = m_document->filePath();
    const QString base = (file.isEmpty() ? QDir::homePath() : QFileInfo(file).absolutePath()) +
                         QLatin1Char('/') + metricKey(metric) + QLatin1Char('.') +
                         ExportChartDialog::suffix(format);
    QString path = QFileDialog::getSaveFileName(m_dialogParent, tr("Export Chart"), base,
                                                ExportChartDialog::filter(format));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + ExportChartDialog::suffix(format);
    std::optional<QString> error;
    MetricChartView* chart = m_chartArea->upToDateChart(metric);
    switch (format) {
    case ExportChartDialog::Format::Png:
        error = exportChartPng(chart, path, dialog.size(), dialog.scale());
        break;
    case ExportChartDialog::Format::Svg:
        error = exportChartSvg(chart, path, dialog.size());
        break;
    case ExportChartDialog::Format::Pdf:
        error = exportChartPdf(chart, path);
        break;
    }
    if (error)
        emit failed(tr("Export Failed"), *error);
    else
        emit message(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 4000);
}

void ExportController::copyChart()
{
    copyChartToClipboard(m_chartArea->currentChart());
    emit message(tr("Chart copied to the clipboard"), 3000);
}

void ExportController::exportResultsDialog(bool json)
{
    const QString ext = json ? QStringLiteral("json") : QStringLiteral("csv");
    const QString file = m_document->filePath();
    const QString base =
        (file.isEmpty() ? QDir::homePath() + QStringLiteral("/results")
                        : file.section(QLatin1Char('.'), 0, -2) + QStringLiteral("-results")) +
        QLatin1Char('.') + ext;
    QString path = QFileDialog::getSaveFileName(
        m_dialogParent, json ? tr("Export Results as JSON") : tr("Export Results as CSV"), base,
        json ? tr("Results files (*.json)") : tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + ext;
    if (!m_controller->isComplete())
        emit message(tr("The run is not complete: only the computed points are exported"), 6000);
    const auto error = json ? exportResultsJson(path) : exportResultsCsv(path);
    if (error)
        emit failed(tr("Export Failed"), *error);
}

void ExportController::exportReportDialog(bool pdf)
{
    const QString ext = pdf ? QStringLiteral("pdf") : QStringLiteral("html");
    QString path = QFileDialog::getSaveFileName(
        m_dialogParent, pdf ? tr("Export Report as PDF") : tr("Export Report as HTML"),
        QDir::homePath() + QStringLiteral("/hedge-report.") + ext,
        pdf ? tr("PDF documents (*.pdf)") : tr("HTML pages (*.html)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + ext;
    if (const auto error = exportReport(path))
        emit failed(tr("Export Failed"), *error);
    else
        emit message(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 4000);
}

} // namespace hedge
