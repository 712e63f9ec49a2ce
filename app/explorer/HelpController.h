// Help → User Guide (one window, kept open beside the main window), Help → Lessons… (a pane
// docked on the window's right), File → Open Lesson… and About Hedge Explorer.
#pragma once

#include "LessonPanel.h"

#include <QObject>

#include <functional>
#include <optional>

class QMainWindow;
class QWidget;

namespace hedge {

class MainActions;
class BackgroundRunner;
class ChartArea;
class RedrawClock;
class LiveController;
class LiveView;
class MapView;
class ScenarioDocument;
class SetupListWidget;
class SweepController;
class UserGuideWindow;

class HelpController : public QObject {
    Q_OBJECT
public:
    // What the lesson panel works on: the window's document, sweep and charts.
    struct LessonParts {
        ScenarioDocument* document;
        SweepController* sweep;
        SweepController* mapSweep;
        LiveController* live;
        ChartArea* charts;  // where a sweep step's callout is drawn
        LiveView* liveView; // where a timeline step's is
        MapView* mapView;   // where a map step's is
        // The sweep's charts, the Live view or the map (the window's tabs): what a step shows.
        std::function<void(LessonPanel::StepView view)> showView;
        // False when the user keeps unsaved edits (LessonPanel::Parts::mayReplace).
        std::function<bool()> mayReplace;
        BackgroundRunner* runner; // the window's one runner (an exercise's solution)
        RedrawClock* clock;
        SetupListWidget* setupList; // an exercise step selects its setup in it
    };
    // The lesson panel is docked on `window`, hidden until Help → Lessons….
    HelpController(MainActions* actions, const LessonParts& lessons, QMainWindow* window);

    void showUserGuide();
    void about();
    // File → Open Lesson…: a file dialog (in the user lessons folder when there is one), then
    // openLessonFile.
    void openLessonDialog();
    // A lesson file opened at its first step (LessonPanel::openLessonFile); a file with an
    // error opens nothing, failed() shows its message, and it is returned.
    std::optional<QString> openLessonFile(const QString& path, bool askFirst = true);

signals:
    void failed(const QString& title, const QString& message);

private:
    void offerLessonsOnFirstStart(LessonPanel* lessons, QMainWindow* window);

    QWidget* m_window;
    LessonPanel* m_lessons;
    UserGuideWindow* m_userGuide = nullptr;
};

} // namespace hedge
