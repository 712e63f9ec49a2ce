// Help → User Guide (one window, kept open beside the main window), Help → Lessons… (a pane
// docked on the window's right) and About Hedge Explorer.
#pragma once

#include <QObject>

class QMainWindow;
class QWidget;

namespace hedge {

class LessonPanel;
class MainActions;
class ChartArea;
class ScenarioDocument;
class SetupListWidget;
class SweepController;
class UserGuideWindow;

class HelpController : public QObject {
    Q_OBJECT
public:
    // What the lesson panel works on: the window's document, sweep, setup list and charts.
    struct LessonParts {
        ScenarioDocument* document;
        SweepController* sweep;
        SetupListWidget* setupList;
        ChartArea* charts; // where the step's callout is drawn
    };
    // The lesson panel is docked on `window`, hidden until Help → Lessons….
    HelpController(MainActions* actions, const LessonParts& lessons, QMainWindow* window);

    void showUserGuide();
    void about();

private:
    void offerLessonsOnFirstStart(LessonPanel* lessons, QMainWindow* window);

    QWidget* m_window;
    UserGuideWindow* m_userGuide = nullptr;
};

} // namespace hedge
