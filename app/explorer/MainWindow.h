// The Hedge Explorer window: setups and their editor on the left, the charts and the results table
// in the centre, the service/run editor and the preset's explanation on the right. It wires the
// parts together (ScenarioDocument, EditorsController, ChartArea, MainActions, ScenarioFiles,
// MeasuredOverlay, HelpController, PolicyExchange, MapTab, WindowPanes, RunStatusBar,
// ExportController, SweepController, WindowLook), follows the document's edits and style with the
// drawing and the runs, shows errors, and keeps the window's session (geometry, splitters).
#pragma once

#include "ChartArea.h"
#include "ExportController.h"
#include "RunStatusBar.h"
#include "WindowLook.h"

#include <hedge/Scenario.h>
#include <hedge/document/ScenarioDocument.h>
#include <hedge/run/SweepController.h>

#include "Metric.h"
#include "SeriesStyle.h"

#include <QMainWindow>

#include <optional>

class QLabel;
class QPushButton;
class QTabWidget;

namespace hedge {

class AdviceTool;
class EditorsController;
class HelpController;
class LiveController;
class LiveView;
class MainActions;
class MapTab;
class MapView;
class MeasuredOverlay;
class MetricChartView;
class PresetExplanation;
class ResultsTableModel;
class ResultsTableView;
class ScenarioFiles;
class ServiceRunEditor;
class SetupEditor;
class SetupListWidget;
class WindowPanes;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        bool restoreSession = true; // the last working scenario and geometry
        bool runAtStart = true;
    };

    explicit MainWindow(const Options& options, QWidget* parent = nullptr);
    MainWindow() : MainWindow(Options{}) {}
    ~MainWindow() override;

    // Loads a scenario file. A file that does not parse is refused with a message (shown
    // non-modally) and the working scenario is left untouched; returns the error then.
    std::optional<QString> openScenarioFile(const QString& path);
    std::optional<QString> saveScenarioFile(const QString& path);
    // File → Open Lesson… without its dialog, --lesson: the lesson at its first step; a file with
    // an error opens nothing (a message, non-modal, as `hedgesim lesson check` says it) and the
    // scenario and the lesson in progress stay; returns the error then.
    std::optional<QString> openLessonFile(const QString& path);
    // Returns false for an unknown preset name.
    bool loadPreset(const QString& name) { return m_document->loadPreset(name); }
    // Replaces the working scenario (no file, not modified) and runs it.
    void setScenario(const Scenario& scenario) { m_document->setScenario(scenario); }

    const Scenario& scenario() const { return m_document->scenario(); }
    QString filePath() const { return m_document->filePath(); }
    bool isModified() const { return m_document->isModified(); }
    QString lastError() const { return m_lastError; }

    std::optional<QString> exportChart(Metric metric, const QString& path, QSize size = {},
                                       qreal scale = 1.0)
    {
        return m_exports->exportChart(metric, path, size, scale);
    }
    std::optional<QString> exportResultsCsv(const QString& path)
    {
        return m_exports->exportResultsCsv(path);
    }
    std::optional<QString> exportResultsJson(const QString& path)
    {
        return m_exports->exportResultsJson(path);
    }
    std::optional<QString> exportReport(const QString& path) // .html or .pdf
    {
        return m_exports->exportReport(path);
    }

    // The view shown as a 1920 × 1080 slide (File → Export Slide…, WindowLook): PNG, or SVG
    // for a .svg path; its caption `callout`, or else the explanation's first sentence.
    std::optional<QString> exportSlide(const QString& path, const QString& callout = {})
    {
        return m_look->exportSlide(path, callout);
    }

    // Draws the points of a results file over the charts (File → Overlay Measured Results…).
    // A file that does not read is refused with a message and the overlay in place is kept;
    // returns the error then. Setups the file has and the scenario has not (or has with
    // another policy or service) are listed in a message and not drawn (MeasuredOverlay).
    std::optional<QString> overlayMeasuredFile(const QString& path);
    void removeMeasuredOverlay();

    // Where the working scenario is autosaved after each edit.
    static QString autosavePath() { return ScenarioDocument::autosavePath(); }

    SweepController* controller() const { return m_controller; }
    LiveController* liveController() const { return m_live; }
    // The one runner of the window's background work (BackgroundRunner.h).
    BackgroundRunner* runner() const { return m_runner; }
    // The Live view (docs/user-guide.md, "Live view") instead of the sweep; starts a session of the
    // working scenario when none runs.
    void showLiveView();
    void showSweepView();
    bool isLiveViewShown() const;
    // "Inside this point": `setup` at constant `load` in the Live view (the other setups
    // alongside, under the same calls).
    void showPointLive(const QString& setup, double load);
    // The map of a grid scenario, in a tab beside the curves (shown only for a grid).
    SweepController* mapSweep() const { return m_mapSweep; }
    // Run → Advise… (docs/user-guide.md, "Advise"): its dialog and controller.
    AdviceTool* adviceTool() const { return m_advice; }
    // As View → the chart: an edit of the document's shown charts.
    void setChartVisible(Metric metric, bool visible);
    // The palette `name` (AppPalette.h) for this run, as --palette asks: View → Dark Palette
    // shows it, the remembered choice stays.
    void usePalette(const QString& name) { m_look->usePalette(name); }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildActions();
    void buildTools();
    void connectMessages();
    void connectChartActions();
    void connectRunActions();
    void buildCentre();
    void buildViews();
    void buildStatusBar();

    void showScenario(const Scenario& scenario, const ScenarioStyle& style);
    // The document's style: the charts it shows, the setups' colours and visibility.
    void showStyle(const ScenarioStyle& style);
    // After each edit, undo and redo of the document: the drawing and the runs follow.
    void onDocumentEdited(const Scenario& next);
    // The map and a live session follow (at the end of a drag).
    void followEdit(const Scenario& next);
    void startLiveSession(const Scenario& scenario);
    // A live session of a sweep scenario starts at this load (the slider moves it), a preset's
    // at the load its text discusses (Preset::liveLoad).
    static constexpr double kLiveStartLoad = 0.5;
    // The charts and the Live view get the document's setups' styles as the look draws them
    // (WindowLook).
    void drawStyles();
    void redraw();
    void updateTitle();
    void restoreSession();
    // The size of a first start (no saved geometry): 1400 × 900 bounded by the screen's
    // available area (docs/user-guide.md, "Starting").
    QSize firstStartSize() const;
    void saveSession();
    void showError(const QString& title, const QString& message);
    void showMessage(const QString& text, int ms);

    ScenarioDocument* m_document = nullptr;
    EditorsController* m_editors = nullptr;
    ExportController* m_exports = nullptr;
    ScenarioFiles* m_files = nullptr;
    HelpController* m_help = nullptr;
    MeasuredOverlay* m_overlay = nullptr;
    MapTab* m_mapTab = nullptr;
    AdviceTool* m_advice = nullptr;
    QString m_lastError;
    Options m_options;
    bool m_awaitingFirstScenario = false;
    // The loads the charts were last given.
    std::vector<double> m_loads;

    RedrawClock* m_redrawClock = nullptr;
    BackgroundRunner* m_runner = nullptr; // the one runner: every job off the GUI thread
    SweepController* m_controller = nullptr;
    SetupListWidget* m_setupList = nullptr;
    SetupEditor* m_setupEditor = nullptr;
    ServiceRunEditor* m_serviceEditor = nullptr;
    PresetExplanation* m_explanation = nullptr;
    ChartArea* m_chartArea = nullptr;
    LiveController* m_live = nullptr;
    LiveView* m_liveView = nullptr;
    SweepController* m_mapSweep = nullptr; // the map's: SweepController::mapShape()
    MapView* m_mapView = nullptr;
    QTabWidget* m_views = nullptr;      // Sweep, Live
    QTabWidget* m_sweepViews = nullptr; // the curves, and the map for a grid
    MainActions* m_actions = nullptr;
    ResultsTableModel* m_tableModel = nullptr;
    ResultsTableView* m_tableView = nullptr;
    WindowPanes* m_panes = nullptr;
    WindowLook* m_look = nullptr;

    RunStatusBar* m_statusBar = nullptr;
};

} // namespace hedge
