#include "MainWindow.h"

#include "AdviceTool.h"
#include "ReportAdvice.h"

#include "ChartArea.h"
#include "EditorsController.h"
#include "ExplanationController.h"
#include "ExportController.h"
#include "LessonExport.h"
#include "HelpController.h"
#include "LiveView.h"
#include "MainActions.h"
#include "MapTab.h"
#include "MapView.h"
#include "MeasuredOverlay.h"
#include "PointInspector.h"
#include "PolicyExchange.h"
#include "RunStatusBar.h"
#include "ScenarioFiles.h"
#include "ServiceImport.h"
#include "WindowLook.h"
#include "WindowPanes.h"

#include "HeatMapView.h"
#include "PresetExplanation.h"
#include "ResultsTableModel.h"
#include "ResultsTableView.h"
#include "ServiceRunEditor.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/Presets.h>
#include <hedge/run/LiveController.h>

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <algorithm>
#include <cmath>

namespace hedge {

MainWindow::MainWindow(const Options& options, QWidget* parent)
    : QMainWindow(parent), m_options(options)
{
    // One redraw clock for the charts, the map and the Live view; one runner for every job off
    // the GUI thread (BackgroundRunner.h: its lanes, its slot, its thread budget).
    m_redrawClock = new RedrawClock(this);
    m_runner = new BackgroundRunner(this);
    m_controller = new SweepController(m_redrawClock, this, {}, m_runner);
    // Before the views: they say which one is shown.
    m_statusBar = new RunStatusBar(m_controller, this);
    m_mapSweep = new SweepController(m_redrawClock, this, SweepController::mapShape(), m_runner);
    m_document = new ScenarioDocument(this);
    connect(m_document, &ScenarioDocument::scenarioReplaced, this, &MainWindow::showScenario);
    connect(m_document, &ScenarioDocument::titleChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ScenarioDocument::autosaveFailed, this, [this](const QString& error) {
        showMessage(tr("Autosave failed: %1").arg(error), 8000);
    });
    connect(m_document, &ScenarioDocument::restoreFailed, this, [this](const QString& error) {
        showMessage(tr("The last session could not be restored: %1").arg(error), 10000);
    });

    buildCentre();
    m_exports = new ExportController(m_chartArea, m_controller, m_document, this);
    connect(m_exports, &ExportController::failed, this, &MainWindow::showError);
    connect(m_exports, &ExportController::message, this, &MainWindow::showMessage);
    buildActions();
    buildStatusBar();

    connect(m_controller, &SweepController::pointsChanged, this, &MainWindow::redraw);

    resize(firstStartSize());
    if (options.restoreSession)
        restoreSession();
    else {
        m_awaitingFirstScenario = true;
        m_document->setDefaultScenario(Scenario{});
        m_awaitingFirstScenario = false;
    }
    updateTitle();
}

MainWindow::~MainWindow()
{
    // The workers must be gone before the widgets they feed.
    m_advice->shutdown();
    m_controller->shutdown();
    m_live->shutdown();
    m_mapSweep->shutdown();
    m_runner->shutdown(); // the exports and the fits too
}

// ---------------------------------------------------------------------------------------------
// Building

void MainWindow::buildCentre()
{
    m_setupList = new SetupListWidget(m_document, this);
    m_setupEditor = new SetupEditor(this);
    m_serviceEditor = new ServiceRunEditor(this);
    m_explanation = new PresetExplanation(this);

    m_chartArea = new ChartArea(this);
    // A click on a chart legend's entry is an edit of the document, as a tick in the list is.
    connect(m_chartArea, &ChartArea::seriesVisibilityToggled, this,
            [this](const QString& setup, bool visible) {
                const auto& setups = m_document->scenario().setups;
                for (std::size_t i = 0; i < setups.size(); ++i)
                    if (QString::fromStdString(setups[i].name) == setup)
                        m_document->setSetupVisible(int(i), visible);
            });

    m_tableModel = new ResultsTableModel(this);
    m_tableView = new ResultsTableView(this);
    m_tableView->setResultsModel(m_tableModel);
    // Setup names are the longest cells; the other columns are numbers.
    m_tableView->horizontalHeader()->resizeSection(0, 230);

    buildViews();

    // First the editors follow an edit, then the drawing and the runs.
    m_editors = new EditorsController(m_document, m_setupList, m_setupEditor, m_serviceEditor,
                                      m_controller, this);
    connect(m_document, &ScenarioDocument::edited, this, &MainWindow::onDocumentEdited);
    connect(m_document, &ScenarioDocument::dragFinished, this, &MainWindow::followEdit);
    connect(m_document, &ScenarioDocument::styleChanged, this, &MainWindow::showStyle);
    connect(m_editors, &EditorsController::editRefused, this,
            [this](const QString& message) { showMessage(message, 8000); });
    // The editors show the knobs a played timeline's changes set (not edits of the document).
    m_editors->setPlayedChanges([this](int row, Setup& setup, ServiceConfig& service) {
        if (m_live->hasSession())
            m_live->applyPlayed(std::size_t(row), setup, service);
    });
    connect(m_live, &LiveController::changesPlayed, m_editors, &EditorsController::showRunning);
    connect(m_live, &LiveController::sessionStarted, m_editors, &EditorsController::showRunning);
    connect(m_setupList, &SetupListWidget::renameRefused, this,
            [this](const QString& message) { showMessage(message, 5000); });
}

void MainWindow::buildViews()
{
    m_panes = new WindowPanes({.setupList = m_setupList,
                               .setupEditor = m_setupEditor,
                               .curves = m_chartArea,
                               .table = m_tableView,
                               .serviceEditor = m_serviceEditor,
                               .explanation = m_explanation},
                              this);
    m_sweepViews = m_panes->sweepViews();
    // The map's tab exists for grid scenarios only; without it the bar hides.
    m_mapView = new MapView(m_mapSweep, this);
    m_mapView->hide();
    connect(m_mapView, &MapView::exportFailed, this, &MainWindow::showError);
    connect(m_mapView, &MapView::message, this, &MainWindow::showMessage);

    m_live = new LiveController(m_redrawClock, this, m_runner);
    m_liveView = new LiveView(m_live, this);
    connect(m_liveView, &LiveView::message, this, [this](const QString& text, int ms) {
        m_statusBar->showViewMessage(RunStatusBar::View::Live, text, ms);
    });
    connect(m_liveView, &LiveView::failed, this, &MainWindow::showError);
    // Charts → a Live panel: the document's, as a metric chart is (showStyle shows it back).
    connect(m_liveView, &LiveView::panelChosen, m_document, [this](Figure panel, bool on) {
        m_document->setPanelShown(figureRow(panel).panelKey, on);
    });
    m_panes->addLiveView(m_liveView);
    m_views = m_panes->views();
    connect(m_views, &QTabWidget::currentChanged, this, [this] {
        m_statusBar->setShownView(isLiveViewShown() ? RunStatusBar::View::Live
                                                    : RunStatusBar::View::Sweep);
        if (isLiveViewShown() && !m_live->hasSession())
            showLiveView();
    });
    setCentralWidget(m_panes->mainWidget());

    QList<MetricChartView*> charts;
    for (Metric m : ChartArea::chartOrder())
        charts << m_chartArea->chart(m);
    connect(new PointInspector(charts, this), &PointInspector::insideRequested, this,
            &MainWindow::showPointLive);
}

// The menus' actions and the controllers behind them.
void MainWindow::buildActions()
{
    m_actions = new MainActions(this, m_document->undoStack());
    m_files = new ScenarioFiles(m_document, m_actions, this);
    m_overlay = new MeasuredOverlay(m_chartArea, m_actions, m_document, this);
    buildTools();
    connectMessages();
    connectChartActions();
    connectRunActions();
}

// The controllers of Help (lessons, the guide), the explanation, policy import and export,
// Advise, a service from measurements, the map's tab and the window's look.
void MainWindow::buildTools()
{
    const auto showLessonView = [this](LessonPanel::StepView view) {
        if (view == LessonPanel::StepView::Live)
            return showLiveView();
        showSweepView(); // the map's tab, when the step is on the map and the scenario has one
        m_sweepViews->setCurrentWidget(view == LessonPanel::StepView::Map
                                           ? static_cast<QWidget*>(m_mapView)
                                           : static_cast<QWidget*>(m_chartArea));
    };
    m_help = new HelpController(m_actions,
                                {m_document, m_controller, m_mapSweep, m_live, m_chartArea,
                                 m_liveView, m_mapView, showLessonView,
                                 [this] { return m_files->maybeDiscard(); }, m_runner,
                                 m_redrawClock, m_setupList},
                                this);
    // File → Open of a lesson file opens the lesson (the Open dialog asked about edits).
    m_files->setLessonOpener(
        [this](const QString& path) { return m_help->openLessonFile(path, false); });
    new ExplanationController(m_document, m_explanation, this);
    new PolicyExchange(m_document, m_setupList, m_actions, this);
    m_advice = new AdviceTool({m_document, m_setupList, m_actions, m_redrawClock, m_runner}, this);
    m_exports->setAdviceSource([this] { return m_advice->reportSection(); });
    new ServiceImport(m_document, m_serviceEditor, m_actions, m_runner, this);
    auto* lessonExport = new LessonExport(m_actions, m_runner, this);
    connect(lessonExport, &LessonExport::failed, this, &MainWindow::showError);
    connect(lessonExport, &LessonExport::message, this, &MainWindow::showMessage);
    m_mapTab =
        new MapTab(m_document, m_mapView, m_sweepViews, m_chartArea, m_setupList, m_actions, this);
    connect(m_mapTab, &MapTab::mapShown, this, &MainWindow::showSweepView);
    m_look = new WindowLook({this, m_actions, m_panes, m_views, m_chartArea, m_liveView, m_mapTab,
                             m_mapView, m_explanation, m_document},
                            this);
    connect(m_look, &WindowLook::lookChanged, this, &MainWindow::drawStyles);
}

// What the tools report: errors in a dialog, messages in the status bar.
void MainWindow::connectMessages()
{
    connect(m_look, &WindowLook::failed, this, &MainWindow::showError);
    connect(m_look, &WindowLook::message, this, &MainWindow::showMessage);
    connect(m_mapTab, &MapTab::message, this, &MainWindow::showMessage);
    connect(m_files, &ScenarioFiles::failed, this, &MainWindow::showError);
    connect(m_help, &HelpController::failed, this, &MainWindow::showError);
    connect(m_files, &ScenarioFiles::message, this, &MainWindow::showMessage);
    connect(m_overlay, &MeasuredOverlay::failed, this, &MainWindow::showError);
    connect(m_overlay, &MeasuredOverlay::message, this, &MainWindow::showMessage);
}

// Export Chart…, Copy Chart, the results and the report, and View → a chart.
void MainWindow::connectChartActions()
{
    // Export Chart… and Copy Chart act on the view the user is looking at.
    connect(m_actions, &MainActions::exportChartRequested, this, [this] {
        if (isLiveViewShown())
            m_liveView->exportDialog();
        else if (m_mapTab->isMapCurrent())
            m_mapView->exportDialog();
        else
            m_exports->exportChartDialog();
    });
    connect(m_actions, &MainActions::copyChartRequested, this, [this] {
        QWidget* shown = nullptr;
        if (isLiveViewShown())
            shown = m_liveView->chart();
        else if (m_mapTab->isMapCurrent()) {
            // As the map's exports draw it: no keyboard focus box.
            QApplication::clipboard()->setImage(m_mapView->picture());
            statusBar()->showMessage(tr("Chart copied to the clipboard"), 3000);
            return;
        }
        if (!shown) {
            m_exports->copyChart();
            return;
        }
        QApplication::clipboard()->setImage(shown->grab().toImage());
        statusBar()->showMessage(tr("Chart copied to the clipboard"), 3000);
    });
    connect(m_actions, &MainActions::exportResultsRequested, m_exports,
            &ExportController::exportResultsDialog);
    connect(m_actions, &MainActions::exportReportRequested, m_exports,
            &ExportController::exportReportDialog);
    // View → a chart: the document's (ScenarioDocument::setChartShown); the charts and the
    // menu show what it holds (showStyle).
    connect(m_actions, &MainActions::chartToggled, this,
            [this](Metric metric, bool on) { setChartVisible(metric, on); });
    connect(m_chartArea, &ChartArea::chartVisibilityChanged, m_actions,
            &MainActions::setChartChecked);
    connect(m_chartArea, &ChartArea::chartVisibilityChanged, this,
            [this] { m_panes->makeRoomForCharts(m_chartArea->readableHeight()); });
}

// Run, Cancel, Quit and the choice of the sweep's or the Live view.
void MainWindow::connectRunActions()
{
    connect(m_actions, &MainActions::quitRequested, this, &MainWindow::close);
    connect(m_actions, &MainActions::runRequested, this, [this] {
        if (m_controller->isComplete() && !m_controller->isPendingOrRunning()) {
            statusBar()->showMessage(tr("Up to date: nothing to run"), 4000);
            return;
        }
        m_controller->runNow();
        m_mapSweep->runNow();
    });
    connect(m_actions, &MainActions::cancelRequested, m_controller, &SweepController::cancel);
    connect(m_actions, &MainActions::cancelRequested, m_mapSweep, &SweepController::cancel);
    connect(m_actions, &MainActions::sweepViewRequested, this, &MainWindow::showSweepView);
    connect(m_actions, &MainActions::liveViewRequested, this, &MainWindow::showLiveView);
}

void MainWindow::buildStatusBar()
{
    connect(m_statusBar, &RunStatusBar::runningChanged, m_actions, &MainActions::setCancelEnabled);
    setStatusBar(m_statusBar);
}

// ---------------------------------------------------------------------------------------------
// The working scenario

void MainWindow::setChartVisible(Metric metric, bool visible)
{
    m_document->setChartShown(metricResultsKey(metric).toStdString(), visible);
}

void MainWindow::showScenario(const Scenario& scenario, const ScenarioStyle& style)
{
    showStyle(style);
    m_editors->showScenario(scenario);
    m_loads = scenario.loads;
    m_chartArea->setLoadRange(scenario.loads);
    // While the window is being built without a session, this default scenario only stands
    // in for the file or preset main() loads next: do not start a sweep for it.
    m_controller->setScenario(scenario, m_options.runAtStart && !m_awaitingFirstScenario);
    // After the sweep has it: the status bar says at once what the new scenario has.
    m_statusBar->setSweepSize(scenario);
    m_mapSweep->setScenario(scenario, m_options.runAtStart && !m_awaitingFirstScenario);
    m_mapTab->show(scenario.grid.has_value());
    m_mapView->refresh(); // at once, as the curves below: the new scenario's map, runs or not
    // A timeline plays in the Live view; a new scenario ends the session of the old one.
    if (scenario.timeline && !m_awaitingFirstScenario) {
        m_live->shutdown();
        showLiveView();
    } else if (isLiveViewShown() && !m_awaitingFirstScenario)
        startLiveSession(scenario);
    else
        m_live->shutdown();
    redraw();
}

void MainWindow::onDocumentEdited(const Scenario& next)
{
    if (next.loads != m_loads) {
        m_loads = next.loads;
        m_chartArea->setLoadRange(next.loads);
    }
    m_controller->setScenario(next);
    m_statusBar->setSweepSize(next);
    // Added, removed, renamed and moved setups change the series: the document says so with
    // styleChanged() (showStyle), not at every step of a drag.
    // An undone or redone grid brings or takes the map's tab.
    m_mapTab->follow(next);
    // The map and a live session follow a drag when it ends.
    if (!m_document->isDragging())
        followEdit(next);
}

void MainWindow::followEdit(const Scenario& next)
{
    m_mapSweep->setScenario(next);
    if (m_live->hasSession())
        if (auto note = m_live->applyEdit(next))
            statusBar()->showMessage(*note, 8000);
}

void MainWindow::startLiveSession(const Scenario& scenario)
{
    const Preset* preset = m_document->preset();
    if (auto error = m_live->start(scenario, preset ? preset->liveLoad : kLiveStartLoad,
                                   m_options.runAtStart))
        showError(tr("Cannot Run Live"), *error);
    drawStyles();
}

void MainWindow::showLiveView()
{
    m_views->setCurrentWidget(m_liveView);
    if (!m_live->hasSession())
        startLiveSession(m_document->scenario());
}

void MainWindow::showPointLive(const QString& setup, double load)
{
    Scenario s = m_document->scenario();
    s.timeline.reset();
    if (auto error = m_live->start(s, load, m_options.runAtStart)) {
        showError(tr("Cannot Run Live"), *error);
        return;
    }
    drawStyles();
    m_views->setCurrentWidget(m_liveView);
    for (int row = 0; row < int(s.setups.size()); ++row)
        if (QString::fromStdString(s.setups[std::size_t(row)].name) == setup)
            m_setupList->setCurrentRow(row);
    statusBar()->showMessage(
        tr("Inside the point: %1 at a constant %2 %").arg(setup).arg(std::lround(load * 100.0)),
        6000);
}

void MainWindow::showSweepView()
{
    m_views->setCurrentWidget(m_panes->sweepPage());
}

bool MainWindow::isLiveViewShown() const
{
    return m_views->currentWidget() == m_liveView;
}

void MainWindow::showStyle(const ScenarioStyle& style)
{
    for (Metric m : ChartArea::chartOrder())
        m_chartArea->setChartVisible(m, std::find(style.charts.begin(), style.charts.end(),
                                                  metricResultsKey(m).toStdString()) !=
                                            style.charts.end());
    QList<Figure> panels;
    for (const std::string& key : style.panels.value_or(defaultPanels()))
        if (const std::optional<Figure> panel = panelFromKey(key))
            panels << *panel;
    m_liveView->showPanels(panels);
    drawStyles();
}

void MainWindow::drawStyles()
{
    const QList<SeriesStyle> styles =
        EditorsController::seriesStyles(m_document->scenario(), m_document->style());
    m_chartArea->setSeriesStyles(m_look->chartStyles(styles));
    m_liveView->setSeriesStyles(m_look->liveStyles(styles));
    redraw();
}

void MainWindow::redraw()
{
    const std::vector<PointResult> points = m_controller->displayedPoints();
    m_chartArea->setPoints(points, m_controller->passLabel());
    // The outcome columns with a deadline or retries, as the results file has them.
    m_tableModel->setPoints(points, m_document->scenario().hasCallOutcomes());
}

void MainWindow::updateTitle()
{
    setWindowModified(m_document->isModified());
    setWindowTitle(m_document->title());
}

// ---------------------------------------------------------------------------------------------
// Files

QSize MainWindow::firstStartSize() const
{
    // 1400 × 900 where it fits; on a smaller screen (1280 × 800) the screen's free area less
    // the frame the window manager adds, so that the status bar is not off the screen.
    const QSize wanted(1400, 900);
    const QScreen* shown = screen() ? screen() : QGuiApplication::primaryScreen();
    if (!shown)
        return wanted;
    const QSize frame(16, 48); // a title bar and borders: frameGeometry() is not known yet
    return wanted.boundedTo(shown->availableGeometry().size() - frame);
}

void MainWindow::restoreSession()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("session/geometry")).toByteArray());
    m_panes->restoreState(settings);
    // The colours, hidden setups and charts come back with the autosave's style block.
    if (!m_document->restoreAutosave())
        // First start: the reference preset, running at once.
        m_document->loadPreset(QStringLiteral("reference"));
    m_look->restoreState(settings);
}

void MainWindow::saveSession()
{
    QSettings settings;
    // Presenting is kept, with the geometry and panes the window has when not presenting.
    m_look->saveState(settings);
    m_look->setOn(false);
    settings.setValue(QStringLiteral("session/geometry"), saveGeometry());
    m_panes->saveState(settings);
    m_document->autosave();
}

std::optional<QString> MainWindow::openScenarioFile(const QString& path)
{
    return m_files->openFile(path);
}

std::optional<QString> MainWindow::openLessonFile(const QString& path)
{
    return m_help->openLessonFile(path);
}

std::optional<QString> MainWindow::saveScenarioFile(const QString& path)
{
    return m_files->saveFile(path);
}

std::optional<QString> MainWindow::overlayMeasuredFile(const QString& path)
{
    return m_overlay->overlayFile(path);
}

void MainWindow::removeMeasuredOverlay()
{
    m_overlay->remove();
}

void MainWindow::showMessage(const QString& text, int ms)
{
    statusBar()->showMessage(text, ms);
}

void MainWindow::showError(const QString& title, const QString& message)
{
    m_lastError = message;
    // Window-modal but not blocking: tests and scripted runs keep their event loop.
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("errorMessage"));
    box->open();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // Stop the workers first (they stop within milliseconds), then keep the session.
    m_advice->shutdown();
    m_controller->shutdown();
    m_live->shutdown();
    m_mapSweep->shutdown();
    saveSession();
    event->accept();
}

} // namespace hedge
