// Help → Lessons… (docs/user-guide.md, "Lessons"): a pane of the window listing the shipped
// lessons; a chosen lesson's steps one at a time. A step loads its scenario through the
// document as a preset load does, shows only the setups the step is about (through the setup
// list's check boxes, the window's one visibility), and fills its callout with the window's own
// results once the sweep's full pass is in. A timeline step plays the Live view to its moment
// and reads the figures from the buckets it shows. Next/Back, PageDown/PageUp anywhere in the window
// (a presenter's clicker) while a lesson is shown, →/← while the pane has the focus (so that
// the arrows stay the spin boxes' and the table's elsewhere); B or . (a clicker's blank-screen
// button) Checks an exercise or Reveals an answer. "Try it yourself" and Close hide
// the pane and leave the scenario as it is.
#pragma once

#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>

#include <QDockWidget>
#include <QStringList>

#include <functional>

#include <optional>
#include <vector>

class QLabel;
class QListWidget;
class QPushButton;
class QShortcut;
class QStackedWidget;

namespace hedge {

class BackgroundRunner;
class ExercisePane;
class LiveController;
class RedrawClock;
class ScenarioDocument;
class SweepController;

class LessonPanel : public QDockWidget {
    Q_OBJECT
public:
    struct Parts {
        ScenarioDocument* document;
        SweepController* sweep;
        SweepController* mapSweep; // a grid scenario's map
        LiveController* live;
        // Asked before a lesson replaces the working scenario: false keeps it (the window's
        // question about unsaved edits, ScenarioFiles::maybeDiscard, as the Presets menu asks).
        std::function<bool()> mayReplace;
        BackgroundRunner* runner; // the window's: an exercise's solution is searched on it
        RedrawClock* clock;
    };
    // Where a step is shown: the sweep's charts, the Live view (a timeline step) or the map (a
    // step whose callout is on a map's cell).
    enum class StepView { Curves, Live, Map };
    LessonPanel(const Parts& parts, QWidget* window);

    // Shows the list of lessons (the lesson under way stays where it is until one is chosen).
    void showLessonList();
    // Starts lesson `index` of shippedLessonFiles() at its first step.
    void startLesson(int index);
    void nextStep();
    void previousStep();
    // The clicker's blank-screen button (B or .): Check on an exercise step, else Reveal.
    void stepAction();

    // While a step is shown, what a slide of it says (File → Export Slide…): the lesson's and
    // the step's title ("Tail cutting — The tail without hedging") and the step's sentence as
    // the pane shows it (none until the run's figures are in); nothing otherwise.
    struct SlideText {
        QString title;
        QString caption;
    };
    std::optional<SlideText> slideText() const;
    // The lesson under way (an index of shippedLessonFiles()); -1 before one is chosen.
    int lessonIndex() const { return m_lesson; }

signals:
    // The step's callout, to be drawn on the chart of `figure` at `setup`'s point at `load`
    // (ChartArea::setCallout): once its text holds the full pass's figures; an empty setup
    // when there is none to draw (running, the scenario edited, the pane closed). `compact`:
    // the figure and where ("p99 55 ms at 30 % load"), drawn where the sentence would hide a
    // curve (CalloutBubble::setText).
    void calloutChanged(const QString& figure, const QString& setup, double load,
                        const QString& text, const QString& compact);
    // The same for a timeline step, on the Live view at the moment `atS` (LiveView::setCallout).
    void liveCalloutChanged(const QString& figure, const QString& setup, double atS,
                            const QString& text, const QString& compact);
    // The same for a map step, on the map's cell of `gridValue` at `load` (HeatMapView).
    void mapCalloutChanged(double gridValue, double load, const QString& text,
                           const QString& compact);
    // What a step shows.
    void viewWanted(hedge::LessonPanel::StepView view);

private:
    QWidget* buildList();
    QWidget* buildStep();
    void showStep(int step);
    // The document runs `scenario`, the step's (or, before a prediction step's Reveal, its shown
    // loads'): loaded unless it is already the working one (the results of the same scenario
    // stay, the run is not restarted).
    void loadStepScenario(const LessonStep& step, const Scenario& scenario);
    void showStepSetups(const LessonStep& step);
    // The callout as the run gives it: "running…" until the full pass is complete.
    void updateTexts();
    void revealAnswer();
    // On the sweep's charts or, for a timeline step, on the Live view; an empty setup: none.
    void showCallout(StepView view, const LessonFigureRef& anchor, const QString& text,
                     const QString& compact);
    // The step's run when it is the one shown: the full pass (into `points`), or the Live run
    // at its moment; else an empty run.
    LessonRun runShown(const LessonStep& step, std::vector<PointResult>& points) const;
    void enableWindowKeys();
    bool stepShown() const;

    ScenarioDocument* m_document;
    SweepController* m_sweep;
    SweepController* m_mapSweep;
    LiveController* m_live;
    std::function<bool()> m_mayReplace;
    std::vector<Lesson> m_lessons;
    int m_lesson = -1;
    std::vector<QShortcut*> m_windowKeys; // PageDown, PageUp, B and . on the window
    int m_step = 0;
    bool m_revealed = false;
    QStringList m_calloutShown; // what calloutChanged last said

    QStackedWidget* m_pages = nullptr;
    QListWidget* m_list = nullptr;
    QLabel* m_lessonTitle = nullptr;
    QLabel* m_stepTitle = nullptr;
    QLabel* m_progress = nullptr;
    QLabel* m_callout = nullptr;
    QLabel* m_question = nullptr;
    QPushButton* m_reveal = nullptr;
    QLabel* m_answer = nullptr;
    ExercisePane* m_exercise = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_next = nullptr;
};

} // namespace hedge
