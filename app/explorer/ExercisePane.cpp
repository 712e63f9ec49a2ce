#include "ExercisePane.h"
#include "PaneLabel.h"

#include <hedge/advise/AdviceAnswer.h>
#include <hedge/advise/ExerciseSolution.h>
#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/LessonCheck.h>
#include <hedge/io/LessonFigure.h>
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/run/AdviceController.h>
#include <hedge/run/SweepController.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace hedge {

namespace {

QString filledOrWaiting(const LessonText& text, const LessonRun& run)
{
    const std::optional<std::string> filled = fillLessonText(text, run);
    return filled ? QString::fromStdString(*filled) : ExercisePane::tr("(running…)");
}

// "at 70 %: p99 41 ms, 1.03 requests per call, collapsed in 0 of 3 runs", a line a held load.
QString advisedFigures(const AdviceQuestion& question, const AdviceCandidate& advised)
{
    QStringList lines;
    for (std::size_t i = 0; i < advised.figures.size() && i < question.heldLoads.size(); ++i) {
        const PointResult& p = advised.figures[i];
        const auto figure = [&p](const char* key) {
            return QString::fromStdString(formatLessonFigure(key, lessonFigureValue(p, key)));
        };
        lines << ExercisePane::tr("at %1: p99 %2, %3 requests per call, collapsed in %4 of %5 runs")
                     .arg(QString::fromStdString(formatLessonFigure("load", question.heldLoads[i])),
                          figure("p99_ms"), figure("requests_per_call"), figure("collapsed_runs"),
                          figure("replicates"));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

ExercisePane::ExercisePane(const Parts& parts, QWidget* parent)
    : QWidget(parent), m_document(parts.document), m_sweep(parts.sweep),
      m_advice(new AdviceController(parts.clock, this, parts.runner))
{
    setObjectName(QStringLiteral("exercisePane"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_task = paneLabel(QStringLiteral("exerciseTask"), this);
    m_goal = paneLabel(QStringLiteral("exerciseGoal"), this);
    layout->addWidget(m_task);
    layout->addWidget(m_goal);
    auto* buttons = new QHBoxLayout;
    m_check = addButton(tr("Check"), QStringLiteral("exerciseCheck"));
    m_check->setToolTip(tr("Run your setting and list each condition of the goal (B or .)"));
    m_hint = addButton(tr("Hint"), QStringLiteral("exerciseHint"));
    buttons->addWidget(m_check);
    buttons->addWidget(m_hint);
    layout->addLayout(buttons);
    m_conditions = paneLabel(QStringLiteral("exerciseConditions"), this);
    m_hints = paneLabel(QStringLiteral("exerciseHints"), this);
    layout->addWidget(m_conditions);
    layout->addWidget(m_hints);
    m_showSolution = addButton(tr("Show a Solution"), QStringLiteral("exerciseShowSolution"));
    m_showSolution->setToolTip(tr("After a first Check: a setting the advisor finds for the goal"));
    layout->addWidget(m_showSolution, 0, Qt::AlignLeft);
    m_solutionText = paneLabel(QStringLiteral("exerciseSolution"), this);
    layout->addWidget(m_solutionText);
    m_apply = addButton(tr("Apply Solution"), QStringLiteral("exerciseApply"));
    layout->addWidget(m_apply, 0, Qt::AlignLeft);

    connect(m_check, &QPushButton::clicked, this, &ExercisePane::check);
    connect(m_hint, &QPushButton::clicked, this, &ExercisePane::nextHint);
    connect(m_showSolution, &QPushButton::clicked, this, &ExercisePane::showSolution);
    connect(m_apply, &QPushButton::clicked, this, &ExercisePane::applySolution);
    connect(m_sweep, &SweepController::runFinished, this, &ExercisePane::answerCheck);
    connect(m_sweep, &SweepController::runFinished, this, &ExercisePane::refreshTexts);
    connect(m_document, &ScenarioDocument::edited, this, &ExercisePane::documentEdited);
    connect(m_advice, &AdviceController::finished, this, &ExercisePane::showAnswer);
    connect(m_advice, &AdviceController::failed, this, [this](const QString& message) {
        m_solutionText->setText(message);
        m_showSolution->setEnabled(m_checked);
    });
    setStep(nullptr);
}

ExercisePane::~ExercisePane()
{
    m_advice->shutdown();
}

QPushButton* ExercisePane::addButton(const QString& text, const QString& objectName)
{
    auto* b = new QPushButton(text, this);
    b->setObjectName(objectName);
    return b;
}

void ExercisePane::setStep(const LessonStep* step)
{
    m_advice->cancel();
    m_step = step;
    m_checkPending = false;
    m_checked = false;
    m_hintsShown = 0;
    m_solution.reset();
    setVisible(hasExercise());
    m_conditions->clear();
    m_hints->clear();
    m_solutionText->clear();
    m_apply->hide();
    m_showSolution->setEnabled(false);
    if (!hasExercise())
        return;
    const LessonExercise& exercise = *step->exercise;
    refreshTexts();
    QStringList goal{tr("Goal: on your setting “%1”,").arg(QString::fromStdString(exercise.setup))};
    for (const LessonCondition& c : exercise.goal)
        goal << QStringLiteral("• ") + QString::fromStdString(exerciseConditionText(exercise, c));
    m_goal->setText(goal.join(QLatin1Char('\n')));
    m_hint->setEnabled(!exercise.hints.empty());
}

void ExercisePane::check()
{
    if (!hasExercise())
        return;
    m_checkPending = true;
    m_conditions->setText(tr("Checking: running your setting…"));
    // The sweep runs an edit after its pause; Check need not wait for it.
    if (!m_sweep->isComplete() && !m_sweep->isRunning())
        m_sweep->runNow();
    answerCheck();
}

void ExercisePane::answerCheck()
{
    if (!m_checkPending || !hasExercise() || m_sweep->isPendingOrRunning() ||
        !m_sweep->isComplete() || m_sweep->scenario() != m_document->scenario())
        return;
    m_checkPending = false;
    const std::vector<PointResult> points =
        exerciseRunPoints(*m_step, m_document->scenario(), m_sweep->displayedPoints());
    const LessonRun run(points);
    const std::vector<LessonConditionOutcome> outcomes =
        evaluateExerciseGoal(*m_step->exercise, run);
    QStringList lines;
    int held = 0;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        held += outcomes[i].holds ? 1 : 0;
        lines << (outcomes[i].holds ? tr("held: ") : tr("not held: ")) +
                     QString::fromStdString(
                         exerciseConditionText(*m_step->exercise, m_step->exercise->goal[i])) +
                     tr(" — got %1").arg(QString::fromStdString(outcomes[i].figure));
    }
    lines.prepend(held == int(outcomes.size())
                      ? tr("Goal met: every condition holds.")
                      : tr("Not yet: %1 of %2 conditions held.").arg(held).arg(outcomes.size()));
    m_conditions->setText(lines.join(QLatin1Char('\n')));
    m_checked = true;
    m_showSolution->setEnabled(!m_advice->isRunning());
}

void ExercisePane::refreshTexts()
{
    if (!hasExercise())
        return;
    // The task's and the hints' placeholders read the run shown, the student's setting.
    const bool shown = m_sweep->isComplete() && m_sweep->scenario() == m_document->scenario();
    const std::vector<PointResult> points =
        shown
            ? exerciseRunPoints(*m_step, m_document->scenario(), m_sweep->displayedPoints())
            : std::vector<PointResult>{};
    const LessonRun run(points);
    m_task->setText(filledOrWaiting(m_step->exercise->task, run));
    QStringList hints;
    for (int i = 0; i < m_hintsShown; ++i)
        hints << tr("Hint %1: %2")
                     .arg(i + 1)
                     .arg(filledOrWaiting(m_step->exercise->hints[std::size_t(i)], run));
    m_hints->setText(hints.join(QLatin1Char('\n')));
}

void ExercisePane::nextHint()
{
    if (!hasExercise() || m_hintsShown >= int(m_step->exercise->hints.size()))
        return;
    ++m_hintsShown;
    refreshTexts();
    m_hint->setEnabled(m_hintsShown < int(m_step->exercise->hints.size()));
}

void ExercisePane::showSolution()
{
    if (!hasExercise() || !m_checked)
        return;
    m_showSolution->setEnabled(false);
    m_apply->hide();
    m_solution.reset();
    m_solutionText->setText(tr("The advisor is searching for a setting that meets the goal…"));
    m_advice->start(exerciseQuestion(*m_step));
}

void ExercisePane::showAnswer(const AdviceAnswer& answer)
{
    if (!hasExercise())
        return;
    m_showSolution->setEnabled(m_checked);
    const AdviceCandidate* advised = answer.advisedCandidate();
    if (!advised || !answer.finished) {
        m_solutionText->setText(
            answer.finished ? tr("The advisor found no setting that keeps the goal's limits.")
                            : tr("The search stopped before it had an answer."));
        return;
    }
    m_solution = exerciseSolutionSetup(*m_step, advised->setup);
    m_solutionText->setText(tr("A solution: %1\n%2")
                                .arg(QString::fromStdString(advised->label),
                                     advisedFigures(m_advice->question(), *advised)));
    m_apply->show();
}

void ExercisePane::applySolution()
{
    if (!hasExercise() || !m_solution)
        return;
    Scenario next = m_document->scenario();
    const std::size_t index = m_step->exercise->setupIndex;
    if (index >= next.setups.size())
        return;
    Setup setup = *m_solution;
    const Setup& current = next.setups[index];
    setup.name = current.nameFollowsPolicy() ? setup.generatedName() : current.name;
    next.setups[index] = setup;
    try {
        validateScenario(next);
    } catch (const ScenarioError& e) {
        m_solutionText->setText(QString::fromUtf8(e.what()));
        return;
    }
    // One undo step: Edit → Undo puts the student's own setting back.
    m_document->applyEdit(next, tr("Apply the solution"));
    m_apply->hide();
}

void ExercisePane::documentEdited()
{
    if (hasExercise() && m_checked && !m_checkPending && !m_conditions->text().isEmpty())
        m_conditions->setText(tr("Edited since the last Check: press Check again."));
}

} // namespace hedge
