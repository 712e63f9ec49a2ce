#include "MainWindow.h"

#include "ChartArea.h"
#include "EditorsController.h"
#include "LiveController.h"
#include "LiveView.h"
#include "PointInspector.h"
#include "ExportController.h"
#include "GridDialog.h"
#include "MainActions.h"
#include "MapController.h"
#include "MapView.h"
#include "RunStatusBar.h"
#include "ScenarioDocument.h"
#include "UserGuideWindow.h"

#include "HeatMapView.h"
#include "PresetExplanation.h"
#include "ResultsTableModel.h"
#include "ResultsTableView.h"
#include "ServiceRunEditor.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <hedge/Version.h>
#include <hedge/io/Presets.h>
#include <hedge/io/ResultsJson.h>
#include <hedge/io/ScenarioValidation.h>

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <cmath>
#include <QVBoxLayout>
#include <algorithm>

namespace hedge {

namespace {

QWidget* titled(const QString& title, QWidget* body, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* label = new QLabel(title, box);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(4);
    layout->addWidget(label);
    layout->addWidget(body, 1);
    return box;
}

QScrollArea* scrolled(QWidget* body, QWidget* parent)
{
    auto* area = new QScrollArea(parent);
    area->setWidget(body);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    return area;
}

// A style's colours and visibility by position, as the setup list matches them (by name).
QList<SeriesStyle> seriesStyles(const Scenario& scenario, const std::optional<ScenarioStyle>& style)
{
    QList<SeriesStyle> styles;
    if (!style)
        return styles;
    for (std::size_t i = 0; i < style->setups.size() && i < scenario.setups.size(); ++i)
        styles.push_back({QString::fromStdString(scenario.setups[i].name),
                          QColor(QString::fromStdString(style->setups[i].colour)),
                          style->setups[i].visible});
    return styles;
}

// The sweep of a timeline scenario: the same setups at the scenario's loads.
Scenario sweepOf(Scenario scenario)
{
    scenario.timeline.reset();
    return scenario;
}

} // namespace

MainWindow::MainWindow(const Options& options, QWidget* parent)
    : QMainWindow(parent), m_options(options)
{
    m_controller = new SweepController(this);
    m_mapController = new MapController(this);
    m_document = new ScenarioDocument(this);
    connect(m_document, &ScenarioDocument::scenarioReplaced, this, &MainWindow::showScenario);
    connect(m_document, &ScenarioDocument::titleChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ScenarioDocument::autosaveFailed, this, [this](const QString& error) {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(error), 8000);
    });
    connect(m_document, &ScenarioDocument::restoreFailed, this, [this](const QString& error) {
        statusBar()->showMessage(tr("The last session could not be restored: %1").arg(error),
                                 10000);
    });

    buildCentre();
    m_exports = new ExportController(m_chartArea, m_controller, m_document, this);
    connect(m_exports, &ExportController::failed, this, &MainWindow::showError);
    connect(m_exports, &ExportController::message, this,
            [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); });
    buildActions();
    buildStatusBar();

    connect(m_controller, &SweepController::pointsChanged, this, &MainWindow::redraw);

    resize(1400, 900);
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
    m_controller->shutdown();
    m_live->shutdown();
    m_mapController->shutdown();
}

// ---------------------------------------------------------------------------------------------
// Building

void MainWindow::buildCentre()
{
    m_setupList = new SetupListWidget(this);
    m_setupEditor = new SetupEditor(this);
    m_serviceEditor = new ServiceRunEditor(this);
    m_explanation = new PresetExplanation(this);

    m_chartArea = new ChartArea(this);
    connect(m_chartArea, &ChartArea::seriesVisibilityToggled, m_setupList,
            &SetupListWidget::setSetupVisible);

    m_tableModel = new ResultsTableModel(this);
    m_tableView = new ResultsTableView(this);
    m_tableView->setResultsModel(m_tableModel);
    // Setup names are the longest cells; the other columns are numbers.
    m_tableView->horizontalHeader()->resizeSection(0, 230);

    m_leftSplitter = new QSplitter(Qt::Vertical, this);
    m_leftSplitter->addWidget(titled(tr("Setups"), m_setupList, this));
    m_leftSplitter->addWidget(scrolled(m_setupEditor, this));
    m_leftSplitter->setStretchFactor(0, 1);
    m_leftSplitter->setStretchFactor(1, 1);
    m_leftSplitter->setChildrenCollapsible(false);

    m_centreSplitter = new QSplitter(Qt::Vertical, this);
    // The map's tab exists for grid scenarios only; without it the bar hides.
    m_mapView = new MapView(m_mapController, this);
    m_mapView->hide();
    connect(m_mapView, &MapView::knobValueChosen, this, &MainWindow::applyMapCell);
    connect(m_mapView, &MapView::editGridRequested, this, &MainWindow::editGrid);
    connect(m_mapView, &MapView::exportFailed, this, &MainWindow::showError);
    connect(m_mapView, &MapView::message, this,
            [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); });
    m_sweepViews = new QTabWidget(this);
    m_sweepViews->setDocumentMode(true);
    m_sweepViews->setTabBarAutoHide(true);
    m_sweepViews->addTab(m_chartArea, tr("&Curves"));
    m_centreSplitter->addWidget(m_sweepViews);
    m_centreSplitter->addWidget(m_tableView);
    // A taller window is for taller charts: the table keeps the height the user gave it.
    m_centreSplitter->setStretchFactor(0, 1);
    m_centreSplitter->setStretchFactor(1, 0);
    m_centreSplitter->setChildrenCollapsible(false);

    auto* explanationBox = titled(tr("What this shows"), m_explanation, this);
    m_rightSplitter = new QSplitter(Qt::Vertical, this);
    m_rightSplitter->addWidget(scrolled(m_serviceEditor, this));
    m_rightSplitter->addWidget(explanationBox);
    m_rightSplitter->setStretchFactor(0, 3);
    m_rightSplitter->setStretchFactor(1, 2);
    m_rightSplitter->setChildrenCollapsible(false);

    m_mainSplitter = new QSplitter(Qt::Horizontal, this);
    m_mainSplitter->addWidget(m_leftSplitter);
    m_live = new LiveController(this);
    m_liveView = new LiveView(m_live, this);
    connect(m_liveView, &LiveView::message, this,
            [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); });
    connect(m_liveView, &LiveView::failed, this, &MainWindow::showError);
    m_views = new QTabWidget(this);
    m_views->setDocumentMode(true);
    m_views->addTab(m_centreSplitter, tr("Sweep"));
    m_views->addTab(m_liveView, tr("Live"));
    connect(m_views, &QTabWidget::currentChanged, this, [this] {
        if (isLiveViewShown() && !m_live->hasSession())
            showLiveView();
    });
    m_mainSplitter->addWidget(m_views);
    QList<MetricChartView*> charts;
    for (Metric m : ChartArea::chartOrder())
        charts << m_chartArea->chart(m);
    connect(new PointInspector(charts, this), &PointInspector::insideRequested, this,
            &MainWindow::showPointLive);
    m_mainSplitter->addWidget(m_rightSplitter);
    m_mainSplitter->setStretchFactor(0, 0);
    m_mainSplitter->setStretchFactor(1, 1);
    m_mainSplitter->setStretchFactor(2, 0);
    m_mainSplitter->setSizes({300, 780, 320});
    m_centreSplitter->setSizes({600, 220});
    m_leftSplitter->setSizes({330, 420});
    m_rightSplitter->setSizes({470, 330});
    setCentralWidget(m_mainSplitter);

    m_editors = new EditorsController(m_document, m_setupList, m_setupEditor, m_serviceEditor,
                                      m_controller, this);
    connect(m_editors, &EditorsController::scenarioEdited, this, &MainWindow::onScenarioEdited);
    connect(m_editors, &EditorsController::editRefused, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_setupList, &SetupListWidget::stylesChanged, this, &MainWindow::onStylesChanged);
    // Added, removed, renamed and moved setups change the series too (after the scenario
    // above, so that the redraw has the new scenario's points).
    connect(m_setupList, &SetupListWidget::setupsChanged, this, &MainWindow::onStylesChanged);
    connect(m_setupList, &SetupListWidget::renameRefused, this,
            [this](const QString& message) { statusBar()->showMessage(message, 5000); });
}

void MainWindow::buildActions()
{
    m_actions = new MainActions(this);
    connect(m_actions, &MainActions::newRequested, this, [this] {
        if (maybeDiscard())
            m_document->newScenario();
    });
    connect(m_actions, &MainActions::openRequested, this, &MainWindow::openDialog);
    connect(m_actions, &MainActions::saveRequested, this, &MainWindow::save);
    connect(m_actions, &MainActions::saveAsRequested, this, &MainWindow::saveAsDialog);
    // Export Chart… and Copy Chart act on the view the user is looking at.
    connect(m_actions, &MainActions::exportChartRequested, this, [this] {
        if (isLiveViewShown())
            m_liveView->exportDialog();
        else if (m_sweepViews->currentWidget() == m_mapView)
            m_mapView->exportDialog();
        else
            m_exports->exportChartDialog();
    });
    connect(m_actions, &MainActions::copyChartRequested, this, [this] {
        QWidget* shown = nullptr;
        if (isLiveViewShown())
            shown = m_liveView->chart();
        else if (m_sweepViews->currentWidget() == m_mapView)
            shown = m_mapView->heatMap();
        if (!shown) {
            m_exports->copyChart();
            return;
        }
        QApplication::clipboard()->setImage(shown->grab().toImage());
        statusBar()->showMessage(tr("Chart copied to the clipboard"), 3000);
    });
    connect(m_actions, &MainActions::overlayMeasuredRequested, this,
            &MainWindow::overlayMeasuredDialog);
    connect(m_actions, &MainActions::removeMeasuredRequested, this,
            &MainWindow::removeMeasuredOverlay);
    connect(m_actions, &MainActions::exportResultsRequested, m_exports,
            &ExportController::exportResultsDialog);
    connect(m_actions, &MainActions::exportReportRequested, m_exports,
            &ExportController::exportReportDialog);
    connect(m_actions, &MainActions::quitRequested, this, &MainWindow::close);
    connect(m_actions, &MainActions::runRequested, this, [this] {
        if (m_controller->isComplete() && !m_controller->isPendingOrRunning()) {
            statusBar()->showMessage(tr("Up to date: nothing to run"), 4000);
            return;
        }
        m_controller->runNow();
        m_mapController->runNow();
    });
    connect(m_actions, &MainActions::cancelRequested, m_controller, &SweepController::cancel);
    connect(m_actions, &MainActions::cancelRequested, m_mapController, &MapController::cancel);
    connect(m_actions, &MainActions::aboutRequested, this, &MainWindow::about);
    connect(m_actions, &MainActions::userGuideRequested, this, &MainWindow::showUserGuide);
    connect(m_actions, &MainActions::sweepViewRequested, this, &MainWindow::showSweepView);
    connect(m_actions, &MainActions::liveViewRequested, this, &MainWindow::showLiveView);
    connect(m_actions, &MainActions::mapKnobRequested, this, &MainWindow::editGrid);
    connect(m_actions, &MainActions::removeMapRequested, this, [this] {
        Scenario next = m_document->scenario();
        next.grid.reset();
        applyGridEdit(next);
    });
    connect(m_actions, &MainActions::presetRequested, this, [this](const QString& name) {
        if (maybeDiscard())
            loadPreset(name);
    });
    connect(m_actions, &MainActions::recentFileRequested, this, [this](const QString& path) {
        if (maybeDiscard())
            openScenarioFile(path);
    });
    connect(m_actions, &MainActions::chartToggled, m_chartArea, &ChartArea::setChartVisible);
    connect(m_chartArea, &ChartArea::chartVisibilityChanged, m_actions,
            &MainActions::setChartChecked);
    connect(m_chartArea, &ChartArea::chartVisibilityChanged, this, [this] {
        makeRoomForCharts();
        if (!m_showingScenario)
            m_document->applyStyleEdit(currentStyle());
    });
}

void MainWindow::makeRoomForCharts()
{
    // The table keeps its height while the window grows, but gives way when more charts need
    // more room than the charts have: a chart below its minimum reads nothing.
    QList<int> sizes = m_centreSplitter->sizes();
    const int need = m_chartArea->readableHeight();
    if (sizes.size() != 2 || sizes[0] >= need)
        return;
    const int spare = sizes[1] - m_tableView->minimumSizeHint().height();
    const int give = std::min(need - sizes[0], spare);
    if (give <= 0)
        return;
    sizes[0] += give;
    sizes[1] -= give;
    m_centreSplitter->setSizes(sizes);
}

void MainWindow::buildStatusBar()
{
    m_statusBar = new RunStatusBar(m_controller, this);
    connect(m_statusBar, &RunStatusBar::runningChanged, m_actions, &MainActions::setCancelEnabled);
    setStatusBar(m_statusBar);
}

// ---------------------------------------------------------------------------------------------
// The working scenario

void MainWindow::showScenario(const Scenario& scenario, const std::optional<ScenarioStyle>& style)
{
    m_showingScenario = true;
    const Preset* preset = m_document->preset();
    // The charts the file saved; for a preset (or New) without one, the metrics its text talks
    // about; a file without a style keeps the charts the user chose.
    const std::vector<std::string>* charts = nullptr;
    if (style)
        charts = &style->charts;
    else if (preset && m_document->filePath().isEmpty())
        charts = &preset->shownMetrics;
    if (charts)
        for (Metric m : ChartArea::chartOrder())
            m_chartArea->setChartVisible(
                m, std::find(charts->begin(), charts->end(), metricResultsKey(m).toStdString()) !=
                       charts->end());
    if (preset)
        m_explanation->setExplanation(QString::fromStdString(preset->title),
                                      QString::fromStdString(preset->explanation));
    else
        m_explanation->clear();
    m_editors->showScenario(scenario, seriesStyles(scenario, style));
    m_statusBar->setSweepSize(scenario);
    onStylesChanged();
    m_showingScenario = false;
    // A file without a style block is saved with the colours it was drawn with.
    m_document->adoptStyle(currentStyle());
    m_chartArea->setLoadRange(scenario.loads);
    // While the window is being built without a session, this default scenario only stands
    // in for the file or preset main() loads next: do not start a sweep for it.
    m_controller->setScenario(sweepOf(scenario), m_options.runAtStart && !m_awaitingFirstScenario);
    m_mapController->setScenario(scenario, m_options.runAtStart && !m_awaitingFirstScenario);
    showMapTab(scenario.grid.has_value());
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

void MainWindow::showMapTab(bool grid)
{
    if (m_actions)
        m_actions->setMapShown(grid);
    const int at = m_sweepViews->indexOf(m_mapView);
    if (grid && at < 0)
        m_sweepViews->addTab(m_mapView, tr("&Map"));
    else if (!grid && at >= 0)
        m_sweepViews->removeTab(at);
    // A grid file or preset opens on its map; the curves are a click away.
    m_sweepViews->setCurrentWidget(grid ? static_cast<QWidget*>(m_mapView) : m_chartArea);
    if (grid)
        showSweepView();
}

void MainWindow::applyMapCell(double knobValue)
{
    const std::optional<Scenario> next = MapController::withKnob(m_document->scenario(), knobValue);
    if (!next)
        return;
    try {
        validateScenario(*next);
    } catch (const ScenarioError& e) {
        statusBar()->showMessage(tr("Not run: %1").arg(QString::fromUtf8(e.what())), 8000);
        return;
    }
    const int row = MapController::griddedSetupRow(*next);
    m_editors->showScenario(*next, m_setupList->styles());
    m_setupList->setCurrentRow(row);
    onScenarioEdited(*next);
    m_sweepViews->setCurrentWidget(m_chartArea);
}

void MainWindow::editGrid()
{
    // Not exec(): the window's runs and redraws go on while the dialog is open.
    auto* dialog = new GridDialog(m_document->scenario(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { applyGridEdit(dialog->result()); });
    dialog->open();
}

void MainWindow::applyGridEdit(const Scenario& next)
{
    const int row = m_setupList->currentRow();
    m_editors->showScenario(next, m_setupList->styles());
    m_setupList->setCurrentRow(row);
    onScenarioEdited(next);
    showMapTab(next.grid.has_value());
}

void MainWindow::onScenarioEdited(const Scenario& next)
{
    const bool loadsChanged = next.loads != m_document->scenario().loads;
    // Added, removed or renamed setups change the style's list too.
    m_document->adoptStyle(currentStyle());
    m_document->applyEdit(next);
    m_statusBar->setSweepSize(next);
    if (loadsChanged)
        m_chartArea->setLoadRange(next.loads);
    m_controller->setScenario(sweepOf(next));
    m_mapController->setScenario(next);
    if (m_live->hasSession())
        if (auto note = m_live->applyEdit(next))
            statusBar()->showMessage(*note, 8000);
}

void MainWindow::startLiveSession(const Scenario& scenario)
{
    if (auto error = m_live->start(scenario, kLiveStartLoad, m_options.runAtStart))
        showError(tr("Cannot Run Live"), *error);
    m_liveView->setSeriesStyles(m_setupList->styles());
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
    m_liveView->setSeriesStyles(m_setupList->styles());
    m_views->setCurrentWidget(m_liveView);
    for (int row = 0; row < int(s.setups.size()); ++row)
        if (QString::fromStdString(s.setups[std::size_t(row)].name) == setup)
            m_setupList->setCurrentRow(row);
    statusBar()->showMessage(tr("Inside the point: %1 at a constant %2 %")
                                 .arg(setup)
                                 .arg(std::lround(load * 100.0)),
                             6000);
}

void MainWindow::showSweepView()
{
    m_views->setCurrentWidget(m_centreSplitter);
}

bool MainWindow::isLiveViewShown() const
{
    return m_views->currentWidget() == m_liveView;
}

void MainWindow::onStylesChanged()
{
    m_chartArea->setSeriesStyles(m_setupList->styles());
    m_liveView->setSeriesStyles(m_setupList->styles());
    redraw();
    if (!m_showingScenario)
        m_document->applyStyleEdit(currentStyle());
}

ScenarioStyle MainWindow::currentStyle() const
{
    ScenarioStyle style;
    for (const SeriesStyle& s : m_setupList->styles())
        style.setups.push_back({s.color.name().toStdString(), s.visible});
    for (Metric m : ChartArea::chartOrder())
        if (ChartArea::isAlwaysShown(m) || m_chartArea->extraCharts().contains(m))
            style.charts.push_back(metricResultsKey(m).toStdString());
    return style;
}

void MainWindow::redraw()
{
    const std::vector<PointResult> points = m_controller->displayedPoints();
    m_chartArea->setPoints(points, m_controller->passLabel());
    m_tableModel->setPoints(points);
}

void MainWindow::updateTitle()
{
    setWindowModified(m_document->isModified());
    setWindowTitle(m_document->title());
}

// ---------------------------------------------------------------------------------------------
// Files

void MainWindow::restoreSession()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("session/geometry")).toByteArray());
    m_mainSplitter->restoreState(
        settings.value(QStringLiteral("session/mainSplitter")).toByteArray());
    m_centreSplitter->restoreState(
        settings.value(QStringLiteral("session/centreSplitter")).toByteArray());
    m_leftSplitter->restoreState(
        settings.value(QStringLiteral("session/leftSplitter")).toByteArray());
    m_rightSplitter->restoreState(
        settings.value(QStringLiteral("session/rightSplitter")).toByteArray());
    // The colours, hidden setups and charts come back with the autosave's style block.
    if (!m_document->restoreAutosave())
        // First start: the reference preset, running at once.
        m_document->loadPreset(QStringLiteral("reference"));
}

void MainWindow::saveSession()
{
    QSettings settings;
    settings.setValue(QStringLiteral("session/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("session/mainSplitter"), m_mainSplitter->saveState());
    settings.setValue(QStringLiteral("session/centreSplitter"), m_centreSplitter->saveState());
    settings.setValue(QStringLiteral("session/leftSplitter"), m_leftSplitter->saveState());
    settings.setValue(QStringLiteral("session/rightSplitter"), m_rightSplitter->saveState());
    m_document->autosave();
}

std::optional<QString> MainWindow::openScenarioFile(const QString& path)
{
    if (auto error = m_document->open(path)) {
        showError(tr("Cannot Open Scenario"), *error);
        return error;
    }
    m_actions->addRecentFile(m_document->filePath());
    return std::nullopt;
}

std::optional<QString> MainWindow::saveScenarioFile(const QString& path)
{
    if (auto error = m_document->save(path)) {
        showError(tr("Cannot Save Scenario"), *error);
        return error;
    }
    m_actions->addRecentFile(m_document->filePath());
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(m_document->filePath())),
                             4000);
    return std::nullopt;
}

void MainWindow::overlayMeasuredDialog()
{
    const QString file = m_document->filePath();
    const QString dir = file.isEmpty() ? QDir::homePath() : QFileInfo(file).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Overlay Measured Results"), dir, tr("Results files (*.json);;All files (*)"));
    if (!path.isEmpty())
        overlayMeasuredFile(path);
}

std::optional<QString> MainWindow::overlayMeasuredFile(const QString& path)
{
    RunResults results;
    try {
        results = readResultsFile(path.toStdString());
    } catch (const std::exception& e) {
        const QString error = tr("%1 is not a results file: %2")
                                  .arg(QDir::toNativeSeparators(path), QString::fromUtf8(e.what()));
        showError(tr("Cannot Overlay Measured Results"), error);
        return error;
    }
    if (results.points.empty()) {
        const QString error =
            tr("%1 holds no points to overlay.").arg(QDir::toNativeSeparators(path));
        showError(tr("Cannot Overlay Measured Results"), error);
        return error;
    }
    const QStringList unmatched =
        m_chartArea->setMeasuredPoints(results.points, QFileInfo(path).fileName());
    m_actions->setMeasuredShown(true);
    if (!unmatched.isEmpty()) {
        auto* box = new QMessageBox(
            QMessageBox::Information, tr("Measured Results"),
            tr("These setups of the file are not in the scenario and are not drawn (a measured "
               "point is matched by its setup's name):\n%1")
                .arg(unmatched.join(QLatin1Char('\n'))),
            QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setObjectName(QStringLiteral("unmatchedSetupsMessage"));
        box->open();
    }
    statusBar()->showMessage(
        tr("Overlaid %n measured point(s) from %1", nullptr, int(results.points.size()))
            .arg(QDir::toNativeSeparators(path)),
        4000);
    return std::nullopt;
}

void MainWindow::removeMeasuredOverlay()
{
    m_chartArea->setMeasuredPoints({}, QString());
    m_actions->setMeasuredShown(false);
}

void MainWindow::openDialog()
{
    if (!maybeDiscard())
        return;
    const QString file = m_document->filePath();
    const QString dir = file.isEmpty() ? QDir::homePath() : QFileInfo(file).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), dir,
                                                      tr("Scenario files (*.json);;All files (*)"));
    if (!path.isEmpty())
        openScenarioFile(path);
}

bool MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        return saveAsDialog();
    return !saveScenarioFile(m_document->filePath()).has_value();
}

bool MainWindow::saveAsDialog()
{
    QString suggestion = m_document->filePath();
    const QString preset = m_document->presetName();
    if (suggestion.isEmpty())
        suggestion = QDir::homePath() + QLatin1Char('/') +
                     (preset.isEmpty() ? QStringLiteral("scenario") : preset) +
                     QStringLiteral(".json");
    QString path = QFileDialog::getSaveFileName(this, tr("Save Scenario"), suggestion,
                                                tr("Scenario files (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    return !saveScenarioFile(path).has_value();
}

bool MainWindow::maybeDiscard()
{
    if (!isWindowModified())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved Changes"),
        tr("The working scenario has changes that are not saved in a file. Save them first?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return save();
    return true;
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

void MainWindow::showUserGuide()
{
    if (!m_userGuide)
        m_userGuide = new UserGuideWindow(this);
    m_userGuide->show();
    m_userGuide->raise();
    m_userGuide->activateWindow();
}

void MainWindow::about()
{
    QMessageBox::about(
        this, tr("About Hedge Explorer"),
        tr("<h3>Hedge Explorer %1</h3>"
           "<p>See when request hedging helps a service and when it hurts it.</p>"
           "<p>The model: open-loop Poisson callers, a hedge policy with a Finagle-style "
           "retry budget and a Netflix Gradient2 adaptive limit, in front of a service of "
           "<i>workers</i> servers behind one shared FIFO queue, with log-normal service times "
           "and uniform hiccups; cancellation either stays in the client (HTTP) or reaches "
           "the server (gRPC). The same scenario gives the same numbers here and in "
           "<tt>hedgesim</tt>.</p>"
           "<p>Scenario and results files (schemas <tt>hedge-explorer/scenario@1</tt> and "
           "<tt>hedge-explorer/results@1</tt>) are described in <tt>scenario.md</tt> "
           "(<tt>/usr/share/doc/hedge-explorer/</tt>, or <tt>docs/</tt> in the source tree) "
           "and in <tt>man hedgesim</tt>; <tt>hedgesim validate FILE</tt> checks one.</p>"
           "<p>Built with Qt %2 (LGPL-3.0) and QCoro (MIT).</p>")
            .arg(QString::fromLatin1(kVersion), QString::fromLatin1(qVersion())));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // Stop the workers first (they stop within milliseconds), then keep the session.
    m_controller->shutdown();
    m_live->shutdown();
    m_mapController->shutdown();
    saveSession();
    event->accept();
}

} // namespace hedge
