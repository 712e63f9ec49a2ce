#include "LessonPanel.h"
#include "PaneLabel.h"

#include "ExercisePane.h"
#include "LessonStepChart.h"

#include <hedge/advise/ExerciseSolution.h>
#include <hedge/document/ScenarioDocument.h>
#include <hedge/io/LessonCheck.h>
#include <hedge/io/Presets.h>
#include <hedge/io/ShippedLessons.h>
#include <hedge/run/LiveController.h>
#include <hedge/run/SweepController.h>

#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QShortcut>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <optional>

namespace hedge {

namespace {

QPushButton* button(const QString& text, const QString& objectName, QWidget* parent)
{
    auto* b = new QPushButton(text, parent);
    b->setObjectName(objectName);
    return b;
}

// Whether `scenario` is the step's: its own, or, on an exercise step, its own but for the setup the
// student edits.
bool isStepsScenario(const LessonStep& step, const Scenario& scenario)
{
    if (scenario == step.scenario || scenario == shownScenario(step))
        return true;
    if (!step.exercise || scenario.setups.size() != step.scenario.setups.size())
        return false;
    Scenario asStarted = scenario;
    asStarted.setups[step.exercise->setupIndex] =
        step.scenario.setups[step.exercise->setupIndex];
    return asStarted == step.scenario;
}

LessonPanel::StepView viewOf(const LessonStep& step)
{
    if (step.scenario.timeline)
        return LessonPanel::StepView::Live;
    return step.anchor.gridValue ? LessonPanel::StepView::Map : LessonPanel::StepView::Curves;
}

} // namespace

LessonPanel::LessonPanel(const Parts& parts, QWidget* window)
    : QDockWidget(tr("Lessons"), window), m_document(parts.document), m_sweep(parts.sweep),
      m_mapSweep(parts.mapSweep), m_live(parts.live),
      m_mayReplace(parts.mayReplace)
{
    m_exercise = new ExercisePane({parts.document, parts.sweep, parts.runner, parts.clock}, this);
    setObjectName(QStringLiteral("lessonPanel"));
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(buildList());
    m_pages->addWidget(buildStep());
    setWidget(m_pages);

    // A presenter's clicker sends PageDown/PageUp: they turn the steps wherever the focus is
    // while a step is shown. The arrows only while the focus is in the pane: elsewhere they
    // belong to the spin box or the table being used.
    // The window's PageDown/PageUp are enabled only while a step is shown: otherwise the
    // slider, spin box or table with the focus keeps them.
    const auto keys = [this](QKeySequence key, Qt::ShortcutContext context, auto turn) {
        auto* shortcut = new QShortcut(key, context == Qt::WindowShortcut ? parentWidget() : this);
        shortcut->setContext(context);
        if (context == Qt::WindowShortcut) {
            shortcut->setEnabled(false);
            m_windowKeys.push_back(shortcut);
        }
        connect(shortcut, &QShortcut::activated, this, [this, turn] {
            if (stepShown())
                (this->*turn)();
        });
    };
    // At the last step the next button (PageDown) opens the next lesson (docs/lessons.md, "Keys").
    keys(QKeySequence(Qt::Key_PageDown), Qt::WindowShortcut, &LessonPanel::nextStep);
    keys(QKeySequence(Qt::Key_PageUp), Qt::WindowShortcut, &LessonPanel::previousStep);
    // The clicker's blank-screen button sends B or "." (docs/lessons.md, "Keys").
    keys(QKeySequence(Qt::Key_B), Qt::WindowShortcut, &LessonPanel::stepAction);
    keys(QKeySequence(Qt::Key_Period), Qt::WindowShortcut, &LessonPanel::stepAction);
    keys(QKeySequence(Qt::Key_Right), Qt::WidgetWithChildrenShortcut, &LessonPanel::nextStep);
    keys(QKeySequence(Qt::Key_Left), Qt::WidgetWithChildrenShortcut, &LessonPanel::previousStep);

    connect(m_sweep, &SweepController::pointsChanged, this, &LessonPanel::updateTexts);
    connect(m_sweep, &SweepController::runFinished, this, &LessonPanel::updateTexts);
    connect(m_mapSweep, &SweepController::pointsChanged, this, &LessonPanel::updateTexts);
    connect(m_mapSweep, &SweepController::runFinished, this, &LessonPanel::updateTexts);
    connect(m_live, &LiveController::samplesChanged, this, &LessonPanel::updateTexts);
    connect(m_live, &LiveController::pausedChanged, this, &LessonPanel::updateTexts);
    connect(m_document, &ScenarioDocument::edited, this, &LessonPanel::updateTexts);
    connect(this, &QDockWidget::visibilityChanged, this, &LessonPanel::enableWindowKeys);
    connect(this, &QDockWidget::visibilityChanged, this, &LessonPanel::updateTexts);
    connect(m_pages, &QStackedWidget::currentChanged, this, &LessonPanel::updateTexts);
    connect(m_pages, &QStackedWidget::currentChanged, this, &LessonPanel::enableWindowKeys);
}

void LessonPanel::enableWindowKeys()
{
    const bool shown = stepShown();
    for (QShortcut* key : m_windowKeys)
        key->setEnabled(shown);
}

QWidget* LessonPanel::buildList()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4); // narrow: the charts keep their width
    layout->addWidget(new QLabel(tr("Choose a lesson:"), page));
    m_list = new QListWidget(page);
    m_list->setObjectName(QStringLiteral("lessonList"));
    m_list->setWordWrap(true);
    // An item is a title and a sentence on several lines: the bands show where one ends.
    m_list->setAlternatingRowColors(true);
    m_list->setSpacing(2);
    fillList();
    layout->addWidget(m_list);
    // Where the teacher's own lessons go; a break may follow each "/" of a long path, so that
    // the pane stays narrow.
    QLabel* folder = paneLabel(QStringLiteral("lessonFolder"), page);
    folder->setText(tr("Your own lessons: the .json files in %1")
                        .arg(QDir::toNativeSeparators(LessonLibrary::ownFolder())
                                 .replace(QDir::separator(), QString(QDir::separator()) +
                                                                 QChar(0x200B))));
    layout->addWidget(folder);
    const auto choose = [this](QListWidgetItem* item) { startLesson(m_list->row(item)); };
    connect(m_list, &QListWidget::itemClicked, this, choose);
    connect(m_list, &QListWidget::itemActivated, this, choose);
    return page;
}

QWidget* LessonPanel::buildStep()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4); // narrow: the charts keep their width
    m_lessonTitle = paneLabel(QStringLiteral("lessonTitle"), page);
    m_progress = paneLabel(QStringLiteral("lessonProgress"), page);
    m_stepTitle = paneLabel(QStringLiteral("lessonStepTitle"), page);
    QFont bold = m_stepTitle->font();
    bold.setBold(true);
    m_stepTitle->setFont(bold);
    m_callout = paneLabel(QStringLiteral("lessonCallout"), page);
    m_question = paneLabel(QStringLiteral("lessonQuestion"), page);
    m_reveal = button(tr("Reveal"), QStringLiteral("lessonReveal"), page);
    m_answer = paneLabel(QStringLiteral("lessonAnswer"), page);
    m_nextOffer = paneLabel(QStringLiteral("lessonNextOffer"), page);
    m_nextOffer->hide();
    for (QWidget* w : {static_cast<QWidget*>(m_lessonTitle), static_cast<QWidget*>(m_progress),
                       static_cast<QWidget*>(m_stepTitle), static_cast<QWidget*>(m_callout),
                       static_cast<QWidget*>(m_question)})
        layout->addWidget(w);
    layout->addWidget(m_reveal, 0, Qt::AlignLeft);
    layout->addWidget(m_answer);
    m_exercise->setParent(page);
    layout->addWidget(m_exercise);
    layout->addStretch(1);
    layout->addWidget(m_nextOffer);
    connect(m_reveal, &QPushButton::clicked, this, &LessonPanel::revealAnswer);

    // Two buttons a row: the pane stays narrow enough for the window at 1024 pixels wide.
    auto* buttons = new QGridLayout;
    m_back = button(tr("Back"), QStringLiteral("lessonBack"), page);
    m_next = button(tr("Next"), QStringLiteral("lessonNext"), page);
    QPushButton* tryIt = button(tr("Try It Yourself"), QStringLiteral("lessonTryIt"), page);
    QPushButton* lessons = button(tr("All Lessons"), QStringLiteral("lessonAll"), page);
    QPushButton* close = button(tr("Close"), QStringLiteral("lessonClose"), page);
    tryIt->setToolTip(tr("Close the lesson and keep this scenario to edit"));
    buttons->addWidget(m_back, 0, 0);
    buttons->addWidget(m_next, 0, 1);
    buttons->addWidget(tryIt, 1, 0, 1, 2);
    buttons->addWidget(lessons, 2, 0);
    buttons->addWidget(close, 2, 1);
    layout->addLayout(buttons);
    connect(m_back, &QPushButton::clicked, this, &LessonPanel::previousStep);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::nextStep);
    connect(lessons, &QPushButton::clicked, this, &LessonPanel::showLessonList);
    // Both leave the scenario, the shown setups and the results as they are.
    connect(tryIt, &QPushButton::clicked, this, &QWidget::hide);
    connect(close, &QPushButton::clicked, this, &QWidget::hide);
    return page;
}

void LessonPanel::fillList()
{
    m_list->clear();
    for (const LessonLibrary::Entry& entry : m_library.entries()) {
        const QString file = QFileInfo(entry.path).fileName();
        QString text;
        if (!entry.lesson) {
            text = file + QLatin1Char('\n') + tr("Cannot be opened: %1").arg(entry.error);
        } else {
            text = QString::fromStdString(entry.lesson->title + "\n" + entry.lesson->summary);
            if (entry.own)
                text += QLatin1Char('\n') + tr("Your lesson: %1").arg(file);
            if (m_current && entry.path == m_currentPath)
                text += QLatin1Char('\n') + tr("In progress: step %1 of %2")
                                                 .arg(m_step + 1)
                                                 .arg(m_current->steps.size());
        }
        m_list->addItem(text);
    }
}

void LessonPanel::showLessons()
{
    if (m_current)
        resume();
    else
        showLessonList();
}

void LessonPanel::showLessonList()
{
    m_library.rereadOwn();
    fillList();
    m_pages->setCurrentIndex(0);
    show();
    raise();
    m_list->setFocus();
}

std::optional<LessonPanel::SlideText> LessonPanel::slideText() const
{
    if (!stepShown())
        return std::nullopt;
    const Lesson& lesson = *m_current;
    const QString step = QString::fromStdString(currentStep().title);
    const QString callout = m_callout->text();
    const bool filled = !callout.isEmpty() && callout != tr("running…");
    return SlideText{tr("%1 — %2").arg(QString::fromStdString(lesson.title), step),
                     filled ? callout : QString()};
}

int LessonPanel::lessonIndex() const
{
    const std::vector<std::string>& shipped = shippedLessonFiles();
    for (std::size_t i = 0; m_current && i < shipped.size(); ++i)
        if (QString::fromStdString(shipped[i]) == m_currentPath)
            return int(i);
    return -1;
}

bool LessonPanel::stepShown() const
{
    return isVisible() && m_pages->currentIndex() == 1 && m_current;
}

void LessonPanel::startLesson(int index)
{
    if (index < 0 || index >= int(m_library.entries().size()))
        return;
    const LessonLibrary::Entry& entry = m_library.entries()[std::size_t(index)];
    if (!entry.lesson) {
        emit failed(tr("Cannot Open Lesson"), entry.error);
        return;
    }
    if (m_current && entry.path == m_currentPath)
        resume();
    else
        begin(entry.lesson, entry.path, true);
}

std::optional<QString> LessonPanel::openLessonFile(const QString& path, bool askFirst)
{
    const LessonLibrary::Entry entry = LessonLibrary::read(path);
    if (!entry.lesson)
        return entry.error;
    begin(entry.lesson, entry.path, askFirst);
    return std::nullopt;
}

bool LessonPanel::begin(std::shared_ptr<const Lesson> lesson, const QString& path, bool askFirst)
{
    // A lesson replaces the working scenario: unsaved edits are asked about first, as a preset
    // of the Presets menu does (the same question); Cancel keeps the edits and the list.
    if (askFirst && m_document->scenario() != shownScenario(lesson->steps.front()) &&
        m_mayReplace && !m_mayReplace())
        return false;
    // The exercise pane points at a step of the lesson replaced.
    m_exercise->setStep(nullptr);
    // The step first: showing the page and the pane refreshes the texts (updateTexts), which
    // must not read the old lesson's step in this one (a crash when that step is past its end).
    m_current = std::move(lesson);
    m_currentPath = path;
    m_step = 0;
    m_revealed = false;
    m_lessonTitle->setText(QString::fromStdString(m_current->title));
    m_pages->setCurrentIndex(1);
    show();
    showStep(0);
    m_next->setFocus();
    return true;
}

void LessonPanel::resume()
{
    const LessonStep& step = currentStep();
    // The scenario is still the step's (an exercise's edit, a prediction's Reveal): the step
    // as it was left. Otherwise it is loaded again, after the question about unsaved edits.
    const bool asLeft = isStepsScenario(step, m_document->scenario());
    if (!asLeft && m_mayReplace && !m_mayReplace()) {
        showLessonList();
        return;
    }
    m_pages->setCurrentIndex(1);
    show();
    raise();
    if (asLeft) {
        showStepSetups(step);
        emit viewWanted(viewOf(step));
        updateTexts();
    } else {
        showStep(m_step);
    }
    m_next->setFocus();
}

int LessonPanel::nextLessonIndex() const
{
    return m_library.nextAfter(m_library.indexOf(m_currentPath));
}

void LessonPanel::nextStep()
{
    if (!m_current)
        return;
    if (m_step + 1 < int(m_current->steps.size()))
        showStep(m_step + 1);
    else if (const int next = nextLessonIndex(); next >= 0)
        startLesson(next);
}

void LessonPanel::previousStep()
{
    if (m_current && m_step > 0)
        showStep(m_step - 1);
}

void LessonPanel::stepAction()
{
    if (m_exercise->hasExercise())
        m_exercise->check();
    else if (m_reveal->isVisible())
        revealAnswer();
}

void LessonPanel::showStep(int step)
{
    const Lesson& lesson = *m_current;
    m_step = step;
    m_revealed = false;
    const LessonStep& s = lesson.steps[std::size_t(step)];
    m_progress->setText(tr("Step %1 of %2").arg(step + 1).arg(lesson.steps.size()));
    m_stepTitle->setText(QString::fromStdString(s.title));
    m_back->setEnabled(step > 0);
    // The last step offers the next lesson of the list, on the same button and key.
    const bool last = step + 1 == int(lesson.steps.size());
    const int next = last ? nextLessonIndex() : -1;
    m_next->setText(next >= 0 ? tr("Next Lesson") : tr("Next"));
    m_next->setEnabled(!last || next >= 0);
    m_nextOffer->setVisible(next >= 0);
    if (next >= 0) {
        const Lesson& nextLesson = *m_library.entries()[std::size_t(next)].lesson;
        m_nextOffer->setText(tr("The end of this lesson. Next: “%1” (Next Lesson, PageDown)")
                                 .arg(QString::fromStdString(nextLesson.title)));
    }
    // The step's setups shown are the lesson's, not the learner's edit (unless the learner
    // edited the scenario before: then the question about it stays).
    const bool loads = m_document->scenario() != shownScenario(s);
    const bool wasModified = m_document->isModified();
    loadStepScenario(s, shownScenario(s));
    showStepSetups(s);
    if (loads || !wasModified)
        m_document->adoptShownStyle();
    m_exercise->setStep(&s);
    // The student edits the exercise's setup: the setup editor shows it.
    if (s.exercise)
        emit exerciseSetupWanted(int(s.exercise->setupIndex));
    emit viewWanted(viewOf(s));
    if (s.scenario.timeline && m_live->scenario() == s.scenario)
        m_live->playTo(s.playToS);
    updateTexts();
}

void LessonPanel::loadStepScenario(const LessonStep& step, const Scenario& scenario)
{
    if (m_document->scenario() == scenario)
        return;
    // A step that is its preset as shipped loads it by name: the explanation is the preset's.
    const Preset* preset = findPreset(step.preset);
    if (preset && preset->scenario == scenario)
        m_document->loadPreset(QString::fromStdString(step.preset));
    else
        m_document->setScenario(scenario, QString::fromStdString(step.preset));
}

void LessonPanel::showStepSetups(const LessonStep& step)
{
    // What the step shows is the document's: the list and the charts follow it.
    m_document->showSetups(step.shows);
}

void LessonPanel::updateTexts()
{
    if (!m_current)
        return;
    const LessonStep& step = currentStep();
    const bool ownScenario = isStepsScenario(step, m_document->scenario());
    std::vector<PointResult> points; // a sweep step's, once its full pass is in
    const LessonRun run = runShown(step, points);
    const auto filled = [&run, this](const LessonText& text) {
        const std::optional<std::string> t = fillLessonText(text, run);
        return t ? QString::fromStdString(*t) : tr("running…");
    };
    const std::optional<std::string> callout = fillLessonText(step.callout, run);
    // The chart names the edited setup as the edit renamed it.
    LessonFigureRef anchor = step.anchor;
    if (step.exercise && anchor.setup == step.exercise->setup && ownScenario)
        anchor.setup = m_document->scenario().setups[step.exercise->setupIndex].name;
    if (callout && stepShown())
        showCallout(viewOf(step), anchor, QString::fromStdString(*callout),
                    lessonCompactCallout(step.anchor, run).value_or(QString()));
    else
        showCallout(StepView::Curves, {}, {}, {});
    if (ownScenario)
        m_callout->setText(filled(step.callout));
    else
        m_callout->setText(tr("The scenario was edited: this step is about its own. Next or "
                              "Back loads a step's scenario again."));
    const bool hasQuestion = !step.question.empty();
    m_question->setVisible(hasQuestion);
    m_reveal->setVisible(hasQuestion && !m_revealed);
    m_answer->setVisible(hasQuestion && m_revealed);
    if (hasQuestion) {
        m_question->setText(filled(step.question));
        m_answer->setText(filled(step.answer));
    }
}

LessonRun LessonPanel::runShown(const LessonStep& step, std::vector<PointResult>& points) const
{
    if (!isStepsScenario(step, m_document->scenario()))
        return LessonRun(points);
    if (step.exercise) { // the student's setting, named as the step names it
        if (m_sweep->isComplete())
            points = exerciseRunPoints(step, m_document->scenario(), m_sweep->displayedPoints());
        return LessonRun(points);
    }
    // A text's figures are the full pass's: a coarse first pass's would change under the
    // reader. A timeline's are the Live run's, once it has played to the step's moment.
    if (step.anchor.gridValue) { // the curves and the map, each once complete
        if (m_sweep->isComplete() && m_mapSweep->isComplete()) {
            points = m_sweep->displayedPoints();
            const std::vector<PointResult> cells = m_mapSweep->displayedPoints();
            points.insert(points.end(), cells.begin(), cells.end());
        }
        return LessonRun(points);
    }
    if (!step.scenario.timeline) {
        if (m_sweep->isComplete())
            points = m_sweep->displayedPoints();
        return LessonRun(points);
    }
    if (m_live->scenario() != step.scenario || m_live->nowS() < step.playToS - 1e-9)
        return LessonRun(points);
    const LiveController* live = m_live;
    return LessonRun(
        [live](const std::string& setup, double atS) { return live->bucketAt(setup, atS); });
}

void LessonPanel::showCallout(StepView view, const LessonFigureRef& anchor, const QString& text,
                              const QString& compact)
{
    const bool live = view == StepView::Live, map = view == StepView::Map;
    const QString figure = QString::fromStdString(anchor.figure);
    const QString setup = QString::fromStdString(anchor.setup);
    const double place = anchor.atS.value_or(anchor.load);
    const QStringList shown{QString::number(int(view)),
                            figure,
                            setup,
                            QString::number(place, 'g', 17),
                            QString::number(anchor.gridValue.value_or(0.0), 'g', 17),
                            text,
                            compact};
    if (shown == m_calloutShown)
        return; // pointsChanged comes 25 times a second while a pass runs
    m_calloutShown = shown;
    const bool curves = !live && !map;
    emit calloutChanged(curves ? figure : QString(), curves ? setup : QString(), place,
                        curves ? text : QString(), curves ? compact : QString());
    emit mapCalloutChanged(anchor.gridValue.value_or(0.0), place, map ? text : QString(),
                           map ? compact : QString());
    emit liveCalloutChanged(live ? figure : QString(), live ? setup : QString(), place,
                            live ? text : QString(), live ? compact : QString());
}

void LessonPanel::revealAnswer()
{
    m_revealed = true;
    const LessonStep& step = currentStep();
    // A prediction step: the loads it hid are run and drawn, or the Live run plays on.
    if (step.prediction && !step.scenario.timeline &&
        m_document->scenario() == shownScenario(step)) {
        loadStepScenario(step, step.scenario);
        showStepSetups(step);
        m_document->adoptShownStyle();
    } else if (step.prediction && step.scenario.timeline && m_live->scenario() == step.scenario) {
        m_live->playTo(step.prediction->revealToS);
    }
    updateTexts();
}

} // namespace hedge
