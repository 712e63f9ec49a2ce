// Help → Lessons… (docs/user-guide.md, "Lessons"): a pane of the window listing the shipped
// lessons; a chosen lesson's steps one at a time. A step loads its scenario through the
// document as a preset load does, shows only the setups the step is about (through the setup
// list's check boxes, the window's one visibility), and fills its callout with the window's own
// results once the sweep's full pass is in. Next/Back, PageDown/PageUp anywhere in the window
// (a presenter's clicker) while a lesson is shown, →/← while the pane has the focus (so that
// the arrows stay the spin boxes' and the table's elsewhere). "Try it yourself" and Close hide
// the pane and leave the scenario as it is.
#pragma once

#include <hedge/io/Lesson.h>

#include <QDockWidget>

#include <vector>

class QLabel;
class QListWidget;
class QPushButton;
class QShortcut;
class QStackedWidget;

namespace hedge {

class ScenarioDocument;
class SetupListWidget;
class SweepController;

class LessonPanel : public QDockWidget {
    Q_OBJECT
public:
    LessonPanel(ScenarioDocument* document, SweepController* sweep, SetupListWidget* setupList,
                QWidget* window);

    // Shows the list of lessons (the lesson under way stays where it is until one is chosen).
    void showLessonList();
    // Starts lesson `index` of shippedLessonFiles() at its first step.
    void startLesson(int index);
    void nextStep();
    void previousStep();

private:
    QWidget* buildList();
    QWidget* buildStep();
    void showStep(int step);
    // The document runs the step's scenario: loaded unless it is already the working one (the
    // results of the same scenario stay, the run is not restarted).
    void loadStepScenario(const LessonStep& step);
    void showStepSetups(const LessonStep& step);
    // The callout as the run gives it: "running…" until the full pass is complete.
    void updateTexts();
    void revealAnswer();
    void enableWindowKeys();
    bool stepShown() const;

    ScenarioDocument* m_document;
    SweepController* m_sweep;
    SetupListWidget* m_setupList;
    std::vector<Lesson> m_lessons;
    int m_lesson = -1;
    std::vector<QShortcut*> m_windowKeys; // PageDown, PageUp on the window
    int m_step = 0;
    bool m_revealed = false;

    QStackedWidget* m_pages = nullptr;
    QListWidget* m_list = nullptr;
    QLabel* m_lessonTitle = nullptr;
    QLabel* m_stepTitle = nullptr;
    QLabel* m_progress = nullptr;
    QLabel* m_callout = nullptr;
    QLabel* m_question = nullptr;
    QPushButton* m_reveal = nullptr;
    QLabel* m_answer = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_next = nullptr;
};

} // namespace hedge
