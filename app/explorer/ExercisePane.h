// An exercise step in the lesson pane (docs/lessons.md, "Exercises"; docs/user-guide.md,
// "Lessons"): the task, the goal's conditions, and
// * Check: the student's setting (the document's scenario as edited) run by the window's sweep
//   (its controller, on the one runner: this pane starts no thread) and, once its full pass is
//   in, each condition of the goal listed with the figure it got, held or not held;
// * Hint: the exercise's hints, one more at a time;
// * Show a Solution, once a Check has answered: the advisor's search (AdviceController, on the
//   one runner) under the goal's limits, its setting and its figures; Apply Solution puts it in
//   the edited setup's place as one undoable edit of the document.
#pragma once

#include <hedge/Scenario.h>
#include <hedge/io/Lesson.h>

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;

namespace hedge {

struct AdviceAnswer;
class AdviceController;
class BackgroundRunner;
class RedrawClock;
class ScenarioDocument;
class SweepController;

class ExercisePane : public QWidget {
    Q_OBJECT
public:
    struct Parts {
        ScenarioDocument* document;
        SweepController* sweep;
        BackgroundRunner* runner; // the window's: the advisor's search runs on it
        RedrawClock* clock;
    };
    ExercisePane(const Parts& parts, QWidget* parent);
    ~ExercisePane() override;

    // The step shown: an exercise step shows the pane with its task and goal, unchecked, no
    // hint, no solution; any other step (or none) hides it.
    void setStep(const LessonStep* step);
    bool hasExercise() const { return m_step && m_step->exercise; }

    void check();
    void nextHint();
    void showSolution();

private:
    QPushButton* addButton(const QString& text, const QString& objectName);
    // The Check asked for, once the sweep holds the full pass of the scenario as it is.
    void answerCheck();
    // The task and the hints shown, their placeholders filled from the run shown.
    void refreshTexts();
    void showAnswer(const AdviceAnswer& answer);
    void applySolution();
    void documentEdited();

    ScenarioDocument* m_document;
    SweepController* m_sweep;
    AdviceController* m_advice;
    const LessonStep* m_step = nullptr;
    bool m_checkPending = false;
    bool m_checked = false; // a Check has answered on this step
    int m_hintsShown = 0;
    std::optional<Setup> m_solution;

    QLabel* m_task = nullptr;
    QLabel* m_goal = nullptr;
    QPushButton* m_check = nullptr;
    QLabel* m_conditions = nullptr;
    QPushButton* m_hint = nullptr;
    QLabel* m_hints = nullptr;
    QPushButton* m_showSolution = nullptr;
    QLabel* m_solutionText = nullptr;
    QPushButton* m_apply = nullptr;
};

} // namespace hedge
