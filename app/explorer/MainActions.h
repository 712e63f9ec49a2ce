// The window's actions and menus (File, Edit, Setup, Service, Presets, Run, View, Help) and the
// recent-files list.
// The actions only say what the user asked for; the window decides what happens.
#pragma once

#include "Metric.h"

#include <QMap>
#include <QObject>

#include <functional>

class QAction;
class QKeySequence;
class QMainWindow;
class QMenu;
class QUndoStack;

namespace hedge {

class MainActions : public QObject {
    Q_OBJECT
public:
    // Adds the actions (with their shortcuts) and the menus to the window; Edit → Undo and
    // Redo act on `undoStack` (the working scenario's).
    MainActions(QMainWindow* window, QUndoStack* undoStack);

    void addRecentFile(const QString& path);
    void setCancelEnabled(bool enabled);
    void setMeasuredShown(bool shown);
    QAction* overlayMeasuredAction() const { return m_overlayMeasuredAction; }
    QAction* removeMeasuredAction() const { return m_removeMeasuredAction; }
    void setChartChecked(Metric metric, bool checked);
    void setMapShown(bool shown);
    QAction* mapKnobAction() const { return m_mapKnobAction; }
    QAction* removeMapAction() const { return m_removeMapAction; }
    QAction* adviseAction() const { return m_adviseAction; }
    QAction* undoAction() const { return m_undoAction; }
    QAction* redoAction() const { return m_redoAction; }
    // View → Dark Palette (checkable; the window applies and remembers it).
    QAction* darkPaletteAction() const { return m_darkPaletteAction; }
    // View → Presenter Mode (F11, checkable) and File → Export Slide… (enabled while presenting).
    QAction* presenterAction() const { return m_presenterAction; }
    // Checks the mode, gives Escape to leaving it and greys out what presenting keeps fixed.
    void setPresenting(bool on);
    // Service → Use the Log-Normal Model: enabled while the service has a distribution.
    QAction* logNormalServiceAction() const { return m_logNormalServiceAction; }

signals:
    void newRequested();
    void openRequested();
    // File → Open Lesson… (docs/lessons.md, "Your own lessons").
    void openLessonRequested();
    void saveRequested();
    void saveAsRequested();
    void exportChartRequested();
    void copyChartRequested();
    void exportResultsRequested(bool json);
    void exportReportRequested(bool pdf);
    void overlayMeasuredRequested();
    void removeMeasuredRequested();
    void quitRequested();
    void runRequested();
    void cancelRequested();
    void aboutRequested();
    void userGuideRequested();
    void lessonsRequested();
    void presetRequested(const QString& name);
    void recentFileRequested(const QString& path);
    void chartToggled(Metric metric, bool shown);
    // View → Sweep / Live (docs/user-guide.md, "Live view").
    void sweepViewRequested();
    void liveViewRequested();
    // View → Presenter Mode, File → Export Slide… (docs/user-guide.md, "Presenter mode").
    void presenterModeToggled(bool on);
    void exportSlideRequested();
    // File → Export Lesson… (docs/lessons.md, "Handouts").
    void exportLessonRequested();
    // Run → Map a Knob… / Remove Map (docs/maps.md).
    void mapKnobRequested();
    void removeMapRequested();
    // Run → Advise… (docs/advisor.md; docs/user-guide.md, "Advise").
    void adviseRequested();
    // Setup → Export Policy As… / Import Policy… (docs/policies.md, "Export and import").
    void exportPolicyRequested();
    void importPolicyRequested();
    // Service → From Measurements… / Use the Log-Normal Model (docs/user-guide.md, "Your own
    // service").
    void serviceMeasurementsRequested();
    void logNormalServiceRequested();

private:
    void buildActions();
    void buildFileActions();
    void buildRunAndViewActions();
    // A window action with its shortcut (none when `keys` is empty), triggering `slot`.
    QAction* make(const QString& text, const QKeySequence& keys, const std::function<void()>& slot);
    void buildUndoActions(QUndoStack* undoStack);
    void buildMenus();
    void rebuildRecentMenu();

    QMainWindow* m_window = nullptr;
    QMap<Metric, QAction*> m_chartActions;
    QMenu* m_recentMenu = nullptr;

    QAction* m_newAction = nullptr;
    QAction* m_mapKnobAction = nullptr;
    QAction* m_removeMapAction = nullptr;
    QAction* m_adviseAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_openLessonAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_exportChartAction = nullptr;
    QAction* m_copyChartAction = nullptr;
    QAction* m_exportCsvAction = nullptr;
    QAction* m_exportJsonAction = nullptr;
    QAction* m_exportHtmlAction = nullptr;
    QAction* m_exportPdfAction = nullptr;
    QAction* m_overlayMeasuredAction = nullptr;
    QAction* m_removeMeasuredAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_runAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_userGuideAction = nullptr;
    QAction* m_lessonsAction = nullptr;
    QAction* m_sweepViewAction = nullptr;
    QAction* m_liveViewAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    QAction* m_darkPaletteAction = nullptr;
    QAction* m_presenterAction = nullptr;
    QAction* m_exportSlideAction = nullptr;
    QAction* m_exportLessonAction = nullptr;
    QAction* m_exportPolicyAction = nullptr;
    QAction* m_importPolicyAction = nullptr;
    QAction* m_serviceMeasurementsAction = nullptr;
    QAction* m_logNormalServiceAction = nullptr;
};

} // namespace hedge
