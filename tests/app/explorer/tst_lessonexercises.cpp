// An exercise step on the real window at 1024 × 700 (docs/lessons.md, "Exercises"): the student
// types a delay into the setup editor and presses Check (the button, then the clicker's B):
// each condition of the goal is listed with the figure the window's own run got, held or not
// held; Hint shows the hints one at a time; Show a Solution is disabled until a Check has
// answered, then the advisor's setting comes with its figures; Apply Solution is one edit, and
// Edit → Undo gives the student's setting back. A step without an exercise shows no exercise.
// Prediction steps (docs/lessons.md, "Prediction steps"): the chart and the table have only the
// loads the step shows until Reveal, which draws the rest; a Live step stays paused at its moment
// until Reveal plays on.
#include "ExplorerTestSupport.h"
#include "KnobField.h"
#include "UserInput.h"

#include <hedge/advise/ExerciseSolution.h>
#include <hedge/io/LessonCheck.h>
#include <hedge/io/LessonFigure.h>
#include <hedge/io/ShippedLessons.h>

#include "ChartArea.h"
#include "MetricChartView.h"
#include "SetupEditor.h"

#include <hedge/run/LiveController.h>

#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QtTest>

using namespace hedge;

namespace {

template <class T> T* part(QWidget* panel, const char* name)
{
    T* found = panel->findChild<T*>(QString::fromLatin1(name));
    if (!found)
        qFatal("the lesson panel has no %s", name);
    return found;
}

int lessonIndex(const std::string& id)
{
    for (std::size_t i = 0; i < shippedLessonFiles().size(); ++i)
        if (readLessonFile(shippedLessonFiles()[i]).id == id)
            return int(i);
    qFatal("no lesson %s", id.c_str());
}

int exercisesLesson()
{
    return lessonIndex("exercises");
}

// The window at 1024 × 700, Help → Lessons…, lesson `index` chosen; its pane.
QDockWidget* openLesson(MainWindow& w, int index)
{
    w.resize(1024, 700);
    w.show();
    w.activateWindow();
    if (!QTest::qWaitForWindowActive(&w))
        return nullptr;
    test::menuAction(w, QStringLiteral("&Help"), QStringLiteral("&Lessons…"))->trigger();
    auto* panel = w.findChild<QDockWidget*>(QStringLiteral("lessonPanel"));
    auto* list = part<QListWidget>(panel, "lessonList");
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                      list->visualItemRect(list->item(index)).center());
    return panel;
}

// The loads the p99 chart draws for `setup`.
QList<double> drawnLoads(const MainWindow& w, const std::string& setup)
{
    QList<double> loads;
    for (const QPointF& p : test::chart(w, Metric::P99)->seriesPoints(QString::fromStdString(setup)))
        loads << p.x();
    return loads;
}

// The figure the window's run shows for `setup` at `load`, as a callout prints it; read from
// the sweep's points directly, not through the exercise's code.
QString figureShown(const MainWindow& w, const std::string& setup, double load, const char* figure)
{
    for (const PointResult& p : w.controller()->displayedPoints())
        if (p.setup == setup && !p.knobValue && std::fabs(p.load - load) < 1e-9)
            return QString::fromStdString(formatLessonFigure(figure, lessonFigureValue(p, figure)));
    return QStringLiteral("(no point)");
}

} // namespace

class TestLessonExercises : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_lessonexercises")); }

    void checkHintAndSolution()
    {
        const Lesson lesson = readLessonFile(shippedLessonFiles()[std::size_t(exercisesLesson())]);
        const LessonStep& step = lesson.steps.front();
        QVERIFY(step.exercise);
        const std::size_t row = step.exercise->setupIndex;

        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QDockWidget* panel = openLesson(w, exercisesLesson());
        QVERIFY(panel);
        QCOMPARE(w.size(), QSize(1024, 700));

        auto* pane = part<QWidget>(panel, "exercisePane");
        auto* check = part<QPushButton>(panel, "exerciseCheck");
        auto* conditions = part<QLabel>(panel, "exerciseConditions");
        auto* hint = part<QPushButton>(panel, "exerciseHint");
        auto* hints = part<QLabel>(panel, "exerciseHints");
        auto* showSolution = part<QPushButton>(panel, "exerciseShowSolution");
        auto* solution = part<QLabel>(panel, "exerciseSolution");
        auto* apply = part<QPushButton>(panel, "exerciseApply");
        QVERIFY(pane->isVisible());
        QVERIFY(part<QLabel>(panel, "exerciseGoal")->text().contains(
            QStringLiteral("\n• p99 at 30 % below 100 ms\n• not collapsed at 70 %")));
        QVERIFY(!showSolution->isEnabled()); // not before a first Check
        QVERIFY(!apply->isVisible());

        // A student's first try: a longer delay, typed into the setup editor.
        test::setupList(w)->setCurrentRow(int(row));
        auto* delay = test::knobField<QDoubleSpinBox>(test::setupEditor(w), "hedge.delay_ms");
        test::typeInto(delay, QStringLiteral("12"), Qt::Key_Tab);
        QTRY_COMPARE_WITH_TIMEOUT(w.scenario().setups[row].hedge->delayMs, 12.0, 60000);
        QTest::mouseClick(check, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(conditions->text().startsWith(QStringLiteral("Not yet")) ||
                                     conditions->text().startsWith(QStringLiteral("Goal met")),
                                 120000);
        QVERIFY(w.controller()->isComplete());
        const std::string& setup = step.exercise->setup;
        const QStringList lines = conditions->text().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines[1].endsWith(QStringLiteral("below 100 ms — got ") +
                                   figureShown(w, setup, 0.3, "p99_ms")),
                 qPrintable(lines[1]));
        QVERIFY2(lines[2].endsWith(QStringLiteral("not collapsed at 70 % — got ") +
                                   figureShown(w, setup, 0.7, "collapsed")),
                 qPrintable(lines[2]));
        const bool collapsed = figureShown(w, setup, 0.7, "collapsed") == QStringLiteral("collapsed");
        QVERIFY2(lines[2].startsWith(collapsed ? QStringLiteral("not held: ")
                                               : QStringLiteral("held: ")),
                 qPrintable(lines[2]));
        QVERIFY(!conditions->text().contains(QStringLiteral("delay"))); // no setting revealed
        QVERIFY(showSolution->isEnabled());

        // Hints, one at a time.
        QVERIFY(hints->text().isEmpty());
        QTest::mouseClick(hint, Qt::LeftButton);
        QVERIFY(hints->text().startsWith(QStringLiteral("Hint 1: ")));
        QVERIFY(!hints->text().contains(QStringLiteral("Hint 2")));
        QTest::mouseClick(hint, Qt::LeftButton);
        QVERIFY(hints->text().contains(QStringLiteral("\nHint 2: ")));
        QVERIFY(!hint->isEnabled()); // no more hints

        // The solution: the advisor's setting and its figures; applying it is one edit.
        QTest::mouseClick(showSolution, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(solution->text().startsWith(QStringLiteral("A solution: delay ")),
                                 120000);
        QVERIFY2(solution->text().contains(QStringLiteral("\nat 30 %: p99 ")),
                 qPrintable(solution->text()));
        QVERIFY(solution->text().contains(QStringLiteral("\nat 70 %: p99 ")));
        QVERIFY(apply->isVisible());
        QTest::mouseClick(apply, Qt::LeftButton);
        const double advised = w.scenario().setups[row].hedge->delayMs;
        QVERIFY(advised != 12.0);
        QVERIFY(solution->text().contains(QStringLiteral("delay ")));
        QTest::mouseClick(check, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(conditions->text().startsWith(QStringLiteral("Goal met")), 120000);

        // Edit → Undo: the student's own setting again; the clicker's B checks it.
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.scenario().setups[row].hedge->delayMs, 12.0);
        QTest::keyClick(&w, Qt::Key_B);
        QTRY_VERIFY_WITH_TIMEOUT(conditions->text().startsWith(QStringLiteral("Not yet")) ||
                                     conditions->text().startsWith(QStringLiteral("Goal met")),
                                 120000);
        QCOMPARE(conditions->text(), QStringLiteral("%1\n%2\n%3").arg(
                                         lines[0], lines[1], lines[2]));

        // The next step is another exercise, unchecked: no solution before its Check.
        QTest::keyClick(&w, Qt::Key_PageDown);
        QVERIFY(pane->isVisible());
        QVERIFY(conditions->text().isEmpty());
        QVERIFY(!showSolution->isEnabled());
        QVERIFY(hint->isEnabled());
    }

    // A step without an exercise shows none, and its B reveals the answer.
    void aStepWithoutAnExercise()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QDockWidget* panel = openLesson(w, 0);
        QVERIFY(panel);
        QVERIFY(!part<QWidget>(panel, "exercisePane")->isVisible());
        const Lesson lesson = readLessonFile(shippedLessonFiles().front());
        int withQuestion = 0;
        while (lesson.steps[std::size_t(withQuestion)].question.empty())
            ++withQuestion;
        for (int i = 0; i < withQuestion; ++i)
            QTest::keyClick(&w, Qt::Key_PageDown);
        auto* answer = part<QLabel>(panel, "lessonAnswer");
        QVERIFY(!answer->isVisible());
        QTest::keyClick(&w, Qt::Key_Period);
        QVERIFY(answer->isVisible());
    }

    void aPredictionStepHidesLoadsUntilReveal()
    {
        const int index = lessonIndex("collapse-without-budget");
        const Lesson lesson = readLessonFile(shippedLessonFiles()[std::size_t(index)]);
        std::size_t at = 0;
        while (!lesson.steps[at].prediction || lesson.steps[at].scenario.timeline)
            ++at;
        const LessonStep& step = lesson.steps[at];
        const QList<double> shown(step.prediction->shownLoads.begin(),
                                  step.prediction->shownLoads.end());
        const QList<double> all(step.scenario.loads.begin(), step.scenario.loads.end());
        QVERIFY(shown.size() < all.size());

        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QDockWidget* panel = openLesson(w, index);
        QVERIFY(panel);
        for (std::size_t i = 0; i < at; ++i)
            QTest::keyClick(&w, Qt::Key_PageDown);
        QTRY_VERIFY_WITH_TIMEOUT(w.controller()->isComplete() &&
                                     !w.controller()->isPendingOrRunning(),
                                 120000);
        const std::string& setup = step.anchor.setup;
        QCOMPARE(drawnLoads(w, setup), shown);
        for (const PointResult& p : w.controller()->displayedPoints()) // nor in the table
            QVERIFY(shown.contains(p.load));
        auto* answer = part<QLabel>(panel, "lessonAnswer");
        QVERIFY(!answer->isVisible());
        QVERIFY(part<QLabel>(panel, "lessonQuestion")->isVisible());

        // Reveal (the clicker's "."): the hidden loads are run and drawn.
        QTest::keyClick(&w, Qt::Key_Period);
        QVERIFY(answer->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(w.controller()->isComplete() &&
                                     !w.controller()->isPendingOrRunning(),
                                 120000);
        QTRY_COMPARE(drawnLoads(w, setup), all);
        QTRY_VERIFY(!answer->text().contains(QStringLiteral("running")));
        QVERIFY(answer->text().startsWith(QStringLiteral("It collapses")));
    }

    void aLivePredictionStepPlaysOnAtReveal()
    {
        const int index = lessonIndex("collapse-that-stays");
        const Lesson lesson = readLessonFile(shippedLessonFiles()[std::size_t(index)]);
        const LessonStep& step = lesson.steps.front();
        QVERIFY(step.prediction && step.prediction->revealToS > step.playToS);
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QDockWidget* panel = openLesson(w, index);
        QVERIFY(panel);
        LiveController* live = w.liveController();
        QTRY_VERIFY_WITH_TIMEOUT(live->isPaused() && live->nowS() == step.playToS, 120000);
        QTest::qWait(50); // paused: the future stays unplayed
        QCOMPARE(live->nowS(), step.playToS);
        QVERIFY(!live->bucketAt(step.anchor.setup, step.prediction->revealToS));
        QTest::mouseClick(part<QPushButton>(panel, "lessonReveal"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(live->isPaused() && live->nowS() == step.prediction->revealToS,
                                 120000);
        auto* answer = part<QLabel>(panel, "lessonAnswer");
        QTRY_VERIFY(answer->isVisible() && !answer->text().contains(QStringLiteral("running")));
    }
};

QTEST_MAIN(TestLessonExercises)
#include "tst_lessonexercises.moc"
