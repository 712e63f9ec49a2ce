// Help → Lessons… (docs/user-guide.md, "Lessons"): a pane of the window listing the shipped
// lessons and the teacher's own (LessonLibrary); a chosen lesson's steps one at a time, and at
// the last one the next lesson of the list offered. Help → Lessons… and choosing the lesson in
// progress again return to its step. A step loads its scenario through the
// document as a preset load does, shows only the setups the step is about (through the setup
// list's check boxes, the window's one visibility), and fills its callout with the window's own
// results once the sweep's full pass is in. A timeline step plays the Live view to its moment
// and reads the figures from the buckets it shows. Next/Back, PageDown/PageUp anywhere in the window
// (a presenter's clicker) while a lesson is shown, →/← while the pane has the focus (so that
// the arrows stay the spin boxes' and the table's elsewhere); B or . (a clicker's blank-screen
// button) Checks an exercise or Reveals an answer; at the last step Next and PageDown open the
// next lesson. "Try it yourself" and Close hide
// the pane and leave the scenario as it is.
#pragma once

#include "LessonLibrary.h"

#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>

#include <QDockWidget>
#include <QStringList>

#include <functional>
#include <memory>
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

    // Help → Lessons…: the step in progress (as it was left: an exercise's edit stays), or the
    // list when no lesson is in progress.
    void showLessons();
    // Shows the list of lessons, the user lessons folder read again (the lesson under way stays
    // where it is until one is chosen).
    void showLessonList();
    // Starts entry `index` of the list (LessonLibrary::entries()) at its first step; the lesson
    // in progress resumes its step; a file with an error opens nothing (failed()).
    void startLesson(int index);
    // File → Open Lesson…, --lesson: the file read as `hedgesim lesson check` reads it and
    // started at its first step; its error (FILE:LINE:COLUMN or FILE:LINE: FIELD: problem) when it
    // has one, and nothing opened. `askFirst`: the question about unsaved edits (the caller
    // asked it already when false).
    std::optional<QString> openLessonFile(const QString& path, bool askFirst = true);
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
    // The lesson under way as an index of shippedLessonFiles(); -1 before one is chosen and for
    // a lesson of one's own.
    int lessonIndex() const;

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
    // An exercise step's setup, the one the student edits: to be selected in the setup list.
    void exerciseSetupWanted(int row);
    // A lesson of the list that does not open: lesson check's message.
    void failed(const QString& title, const QString& message);

private:
    QWidget* buildList();
    QWidget* buildStep();
    void fillList();
    // `lesson` (read from `path`) at its first step; false when the user keeps unsaved edits.
    bool begin(std::shared_ptr<const Lesson> lesson, const QString& path, bool askFirst);
    // The step in progress again: as left when the scenario is still the step's, else loaded.
    void resume();
    // The entry of the list after the lesson in progress, or -1.
    int nextLessonIndex() const;
    const LessonStep& currentStep() const { return m_current->steps[std::size_t(m_step)]; }
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
    LessonLibrary m_library;
    std::shared_ptr<const Lesson> m_current; // the lesson in progress, none before the first
    QString m_currentPath;
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
    QLabel* m_nextOffer = nullptr; // at the last step: the next lesson
    ExercisePane* m_exercise = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_next = nullptr;
};

} // namespace hedge
