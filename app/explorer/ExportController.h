// Exports of what the window shows: one chart (PNG, SVG, PDF or the clipboard), the results
// (CSV, JSON) and the report (HTML, PDF), with their file dialogs. Errors and confirmations go
// out as signals for the window to show.
#pragma once

#include "Metric.h"

#include <QObject>
#include <QSize>
#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace hedge {

class ChartArea;
class ScenarioDocument;
class SweepController;
struct ReportAdvice;

class ExportController : public QObject {
    Q_OBJECT
public:
    ExportController(ChartArea* charts, SweepController* controller,
                     const ScenarioDocument* document, QWidget* dialogParent);

    // The format follows the suffix (.svg, .pdf, else PNG); an empty size is the chart's own.
    std::optional<QString> exportChart(Metric metric, const QString& path, QSize size = {},
                                       qreal scale = 1.0);
    std::optional<QString> exportResultsCsv(const QString& path);
    std::optional<QString> exportResultsJson(const QString& path);
    std::optional<QString> exportReport(const QString& path); // .html or .pdf

    void exportChartDialog();
    void copyChart();
    void exportResultsDialog(bool json);
    void exportReportDialog(bool pdf);

    // Where the report's "Why this setting" section comes from (AdviceTool): none, no section.
    using AdviceSource = std::function<std::optional<ReportAdvice>()>;
    void setAdviceSource(AdviceSource source) { m_adviceSource = std::move(source); }

signals:
    void failed(const QString& title, const QString& error);
    void message(const QString& text, int timeoutMs);

private:
    ChartArea* m_chartArea;
    SweepController* m_controller;
    const ScenarioDocument* m_document;
    QWidget* m_dialogParent;
    AdviceSource m_adviceSource;
};

} // namespace hedge
