// A one-file report of a run: title, scenario summary (and the scenario file), every chart
// and the results table. HTML (charts as inline SVG, no external files) or PDF (vector).
#pragma once

#include <hedge/Scenario.h>
#include <hedge/sim/PointResult.h>

#include <QList>
#include <QString>

#include <optional>
#include <vector>

class QChartView;

namespace hedge {

struct ReportAdvice;

// Both return an error message, or nullopt on success; files are written atomically.
// Charts are drawn with a light palette whatever the desktop's (reports are read on white
// paper) and put back as they were. `explanation` (a preset's, plain text, paragraphs apart by
// a blank line) follows the title when it is not empty. The HTML report also holds
// `scenario` as its scenario file. `advice`, when given, adds the "Why this setting" section
// (ReportAdvice.h) after the charts, its front drawn as they are.
std::optional<QString> writeHtmlReport(const QString& path, const Scenario& scenario,
                                       const QList<QChartView*>& charts,
                                       const std::vector<PointResult>& points, const QString& title,
                                       const QString& explanation = {},
                                       const ReportAdvice* advice = nullptr);
std::optional<QString> writePdfReport(const QString& path, const Scenario& scenario,
                                      const QList<QChartView*>& charts,
                                      const std::vector<PointResult>& points, const QString& title,
                                      const QString& explanation = {},
                                      const ReportAdvice* advice = nullptr);

// The scenario summary both reports show (the PDF draws this text), as an HTML fragment: a
// table of the run and service settings, the topology among them, and the setups, each
// described by ScenarioDescription::setup.
QString scenarioSummaryHtml(const Scenario& scenario);

} // namespace hedge
