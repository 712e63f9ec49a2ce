// The teacher's own lessons and the clicker on the real window at 1024 × 700 (docs/lessons.md,
// "Your own lessons" and "Keys"): File → Open Lesson… opens a lesson file; a file with an error
// opens nothing, says `hedgesim lesson check`'s message and leaves the lesson and the scenario
// as they were; File → Open of a lesson opens the lesson; the user lessons folder's files join
// Help → Lessons… after the shipped ones; the last step offers the next lesson of the list (the
// button, and PageDown, a clicker's next); Help → Lessons… and choosing the lesson in progress
// return to its step; an exercise step selects its setup in the setup list.
// Nothing runs (runAtStart off): the tests follow the steps, not their figures.
#include "ExplorerTestSupport.h"

#include "LessonLibrary.h"

#include <hedge/io/Lesson.h>
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ShippedLessons.h>

#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
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

// A lesson of two steps on the tail-cutting preset at one load, with few calls.
QByteArray twoStepLesson(const char* id, const char* title)
{
    return QStringLiteral(R"({
  "schema": "hedge-explorer/lesson@1",
  "id": "%1",
  "title": "%2",
  "summary": "A teacher's own lesson.",
  "steps": [
    {
      "title": "The tail alone",
      "scenario": { "preset": "tail-cutting", "loads": [0.3], "calls": 1000 },
      "shows": ["no hedge / client"],
      "callout": { "setup": "no hedge / client", "load": 0.3, "figure": "p99_ms",
                   "text": "The p99 is {p99_ms}." }
    },
    {
      "title": "With a hedge",
      "scenario": { "preset": "tail-cutting", "loads": [0.3], "calls": 1000 },
      "callout": { "setup": "hedge, default budget / client", "load": 0.3,
                   "figure": "p99_ms", "text": "The hedge's p99 is {p99_ms}." }
    }
  ]
}
)")
        .arg(QString::fromLatin1(id), QString::fromLatin1(title))
        .toUtf8();
}

// What `hedgesim lesson check` says of the file: readLessonFile's error.
QString checkMessage(const QString& path)
{
    try {
        readLessonFile(path.toStdString());
    } catch (const ScenarioError& e) {
        return QString::fromStdString(e.what());
    }
    return QStringLiteral("(no error)");
}

QString writeOwnLesson(const QString& name, const QByteArray& bytes)
{
    QDir().mkpath(LessonLibrary::ownFolder());
    const QString path = LessonLibrary::ownFolder() + QLatin1Char('/') + name;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
    return path;
}

int shippedCount()
{
    return int(shippedLessonFiles().size());
}

} // namespace

class TestOwnLessons : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // The window at 1024 × 700, shown and active; nothing runs.
    static std::unique_ptr<MainWindow> window()
    {
        auto w = std::make_unique<MainWindow>(
            MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w->resize(1024, 700);
        w->show();
        w->activateWindow();
        if (!QTest::qWaitForWindowActive(w.get()))
            qFatal("the window is not active");
        return w;
    }
    static QDockWidget* panel(const MainWindow& w)
    {
        return w.findChild<QDockWidget*>(QStringLiteral("lessonPanel"));
    }
    static QString progress(const MainWindow& w)
    {
        return part<QLabel>(panel(w), "lessonProgress")->text();
    }
    static QString lessonTitle(const MainWindow& w)
    {
        return part<QLabel>(panel(w), "lessonTitle")->text();
    }
    // Help → Lessons…, then a click on item `row` of the list (All Lessons first when a step
    // is shown).
    static void chooseFromList(MainWindow& w, int row)
    {
        test::menuAction(w, QStringLiteral("&Help"), QStringLiteral("&Lessons…"))->trigger();
        auto* list = part<QListWidget>(panel(w), "lessonList");
        if (!list->isVisible())
            QTest::mouseClick(part<QPushButton>(panel(w), "lessonAll"), Qt::LeftButton);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(row)).center());
    }
    // File → Open Lesson…, the dialog answered with `path`.
    static void openLessonFromMenu(MainWindow& w, const QString& path)
    {
        test::answerFileDialog(path);
        test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Open &Lesson…"))->trigger();
    }
    static QMessageBox* errorBox(const MainWindow& w)
    {
        return w.findChild<QMessageBox*>(QStringLiteral("errorMessage"));
    }

private slots:
    void initTestCase()
    {
        test::startPrivateSession(QStringLiteral("tst_ownlessons"));
        QDir(LessonLibrary::ownFolder()).removeRecursively();
    }
    void cleanup() { QDir(LessonLibrary::ownFolder()).removeRecursively(); }

    void fileOpenLessonOpensItAtItsFirstStep()
    {
        const QString path = test::writeFile(m_dir, QStringLiteral("mine.json"),
                                             twoStepLesson("mine", "My lesson"));
        auto w = window();
        openLessonFromMenu(*w, path);
        QTRY_VERIFY(panel(*w)->isVisible());
        QCOMPARE(lessonTitle(*w), QStringLiteral("My lesson"));
        QCOMPARE(progress(*w), QStringLiteral("Step 1 of 2"));
        const Lesson lesson = readLessonFile(path.toStdString());
        QCOMPARE(w->scenario(), shownScenario(lesson.steps.front()));
        QCOMPARE(w->size(), QSize(1024, 700));
    }

    // A file with an error: lesson check's message (FILE:LINE:COLUMN for a syntax error, FILE:
    // FIELD: problem otherwise) in the window's message, the lesson and scenario shown kept.
    void aBadLessonOpensNothingAndSaysWhere()
    {
        const QString good = test::writeFile(m_dir, QStringLiteral("good.json"),
                                             twoStepLesson("good", "Good lesson"));
        QByteArray syntax = twoStepLesson("bad", "Bad lesson");
        syntax.replace("\"title\": \"With a hedge\",", "\"title\": \"With a hedge\"");
        const QString badSyntax = test::writeFile(m_dir, QStringLiteral("bad-syntax.json"), syntax);
        QByteArray field = twoStepLesson("bad", "Bad lesson");
        field.replace("\"figure\": \"p99_ms\",\n                   \"text\"",
                      "\"figure\": \"p98_ms\",\n                   \"text\"");
        const QString badField = test::writeFile(m_dir, QStringLiteral("bad-field.json"), field);
        // Where the parser stops: the end of the line missing its comma.
        QVERIFY2(checkMessage(badSyntax).startsWith(
                     QStringLiteral("bad-syntax.json:16:16: syntax error while parsing object")),
                 qPrintable(checkMessage(badSyntax)));
        QVERIFY2(checkMessage(badField).startsWith(
                     QStringLiteral("bad-field.json:11: steps[0].callout.figure: ")),
                 qPrintable(checkMessage(badField)));

        auto w = window();
        QVERIFY(!w->openLessonFile(good));
        QTest::mouseClick(part<QPushButton>(panel(*w), "lessonNext"), Qt::LeftButton);
        QCOMPARE(progress(*w), QStringLiteral("Step 2 of 2"));
        const Scenario before = w->scenario();
        for (const QString& bad : {badSyntax, badField}) {
            openLessonFromMenu(*w, bad);
            QTRY_VERIFY(errorBox(*w));
            QCOMPARE(errorBox(*w)->text(), checkMessage(bad));
            QCOMPARE(w->lastError(), checkMessage(bad));
            errorBox(*w)->accept();
            QTRY_VERIFY(!errorBox(*w));
            QCOMPARE(w->scenario(), before);
            QCOMPARE(lessonTitle(*w), QStringLiteral("Good lesson"));
            QCOMPARE(progress(*w), QStringLiteral("Step 2 of 2"));
            QVERIFY(part<QLabel>(panel(*w), "lessonProgress")->isVisible());
        }
        // --lesson's path (MainWindow::openLessonFile) says the same.
        QCOMPARE(w->openLessonFile(badField), std::optional<QString>(checkMessage(badField)));
        QTRY_VERIFY(errorBox(*w));
        errorBox(*w)->accept();
        QCOMPARE(w->scenario(), before);
    }

    // File → Open of a lesson file opens the lesson, not a scenario error ("id: unknown field").
    void fileOpenOfALessonOpensTheLesson()
    {
        const QString path = test::writeFile(m_dir, QStringLiteral("opened.json"),
                                             twoStepLesson("opened", "Opened with Open"));
        auto w = window();
        test::answerFileDialog(path);
        test::menuAction(*w, QStringLiteral("&File"), QStringLiteral("&Open…"))->trigger();
        QTRY_VERIFY(panel(*w)->isVisible());
        QVERIFY(!errorBox(*w));
        QCOMPARE(lessonTitle(*w), QStringLiteral("Opened with Open"));
        QCOMPARE(progress(*w), QStringLiteral("Step 1 of 2"));
    }

    // The folder's lessons after the shipped ones, by file name; a bad one is listed with its
    // message and opens nothing.
    void theFoldersLessonsJoinHelpLessons()
    {
        writeOwnLesson(QStringLiteral("b-second.json"), twoStepLesson("b", "Second of mine"));
        writeOwnLesson(QStringLiteral("a-first.json"), twoStepLesson("a", "First of mine"));
        const QString broken = writeOwnLesson(QStringLiteral("c-broken.json"), "{ \"schema\": ");
        auto w = window();
        test::menuAction(*w, QStringLiteral("&Help"), QStringLiteral("&Lessons…"))->trigger();
        auto* list = part<QListWidget>(panel(*w), "lessonList");
        QCOMPARE(list->count(), shippedCount() + 3);
        QVERIFY(list->item(shippedCount())->text().startsWith(
            QStringLiteral("First of mine\nA teacher's own lesson.\nYour lesson: a-first.json")));
        QVERIFY(list->item(shippedCount() + 1)->text().startsWith(QStringLiteral("Second of mine")));
        QCOMPARE(list->item(shippedCount() + 2)->text(),
                 QStringLiteral("c-broken.json\nCannot be opened: ") + checkMessage(broken));
        const Scenario before = w->scenario();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(shippedCount() + 2)).center());
        QTRY_VERIFY(errorBox(*w));
        QCOMPARE(errorBox(*w)->text(), checkMessage(broken));
        errorBox(*w)->accept();
        QCOMPARE(w->scenario(), before);
        QVERIFY(list->isVisible());

        // A file added while the window is open is listed when the list is shown again.
        writeOwnLesson(QStringLiteral("d-later.json"), twoStepLesson("d", "Added later"));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(shippedCount())).center());
        QCOMPARE(lessonTitle(*w), QStringLiteral("First of mine"));
        QTest::mouseClick(part<QPushButton>(panel(*w), "lessonAll"), Qt::LeftButton);
        QCOMPARE(list->count(), shippedCount() + 4);
        QVERIFY(list->item(shippedCount() + 3)->text().startsWith(QStringLiteral("Added later")));
        QCOMPARE(w->size(), QSize(1024, 700));
    }

    // At the last step the next lesson of the list is offered: a line naming it and the Next
    // button as Next Lesson; a click opens it at its first step. The last lesson offers none.
    void theLastStepOffersTheNextLesson()
    {
        writeOwnLesson(QStringLiteral("a-first.json"), twoStepLesson("a", "First of mine"));
        writeOwnLesson(QStringLiteral("b-second.json"), twoStepLesson("b", "Second of mine"));
        auto w = window();
        chooseFromList(*w, shippedCount());
        auto* next = part<QPushButton>(panel(*w), "lessonNext");
        auto* offer = part<QLabel>(panel(*w), "lessonNextOffer");
        QCOMPARE(next->text(), QStringLiteral("Next"));
        QVERIFY(!offer->isVisible());
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(progress(*w), QStringLiteral("Step 2 of 2"));
        QVERIFY(offer->isVisible());
        QVERIFY2(offer->text().contains(QStringLiteral("“Second of mine”")), qPrintable(offer->text()));
        QCOMPARE(next->text(), QStringLiteral("Next Lesson"));
        QVERIFY(next->isEnabled());
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(lessonTitle(*w), QStringLiteral("Second of mine"));
        QCOMPARE(progress(*w), QStringLiteral("Step 1 of 2"));
        const Lesson second = readLessonFile(
            (LessonLibrary::ownFolder() + QStringLiteral("/b-second.json")).toStdString());
        QCOMPARE(w->scenario(), shownScenario(second.steps.front()));
        QTest::mouseClick(next, Qt::LeftButton);
        QVERIFY(!offer->isVisible()); // the list's last lesson
        QVERIFY(!next->isEnabled());
    }

    // The clicker's next (PageDown), wherever the focus is, turns the last step into the next
    // lesson.
    void theClickersNextOpensTheNextLesson()
    {
        writeOwnLesson(QStringLiteral("a-first.json"), twoStepLesson("a", "First of mine"));
        writeOwnLesson(QStringLiteral("b-second.json"), twoStepLesson("b", "Second of mine"));
        auto w = window();
        chooseFromList(*w, shippedCount());
        test::setupList(*w)->listWidget()->setFocus(); // away from the pane
        QTRY_COMPARE(QApplication::focusWidget(), test::setupList(*w)->listWidget());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageDown);
        QCOMPARE(progress(*w), QStringLiteral("Step 2 of 2"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageDown);
        QCOMPARE(lessonTitle(*w), QStringLiteral("Second of mine"));
        QCOMPARE(progress(*w), QStringLiteral("Step 1 of 2"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageUp); // no lesson back
        QCOMPARE(lessonTitle(*w), QStringLiteral("Second of mine"));
        QCOMPARE(progress(*w), QStringLiteral("Step 1 of 2"));
    }

    // Help → Lessons… returns to the step in progress after Close; the list marks it and
    // choosing it resumes its step; another lesson starts at its first.
    void helpLessonsReturnsToTheStepInProgress()
    {
        writeOwnLesson(QStringLiteral("a-first.json"), twoStepLesson("a", "First of mine"));
        writeOwnLesson(QStringLiteral("b-second.json"), twoStepLesson("b", "Second of mine"));
        auto w = window();
        chooseFromList(*w, shippedCount());
        QTest::mouseClick(part<QPushButton>(panel(*w), "lessonNext"), Qt::LeftButton);
        QCOMPARE(progress(*w), QStringLiteral("Step 2 of 2"));
        QTest::mouseClick(part<QPushButton>(panel(*w), "lessonClose"), Qt::LeftButton);
        QVERIFY(!panel(*w)->isVisible());

        test::menuAction(*w, QStringLiteral("&Help"), QStringLiteral("&Lessons…"))->trigger();
        QVERIFY(panel(*w)->isVisible());
        QVERIFY(part<QLabel>(panel(*w), "lessonProgress")->isVisible()); // the step, not the list
        QCOMPARE(lessonTitle(*w), QStringLiteral("First of mine"));
        QCOMPARE(progress(*w), QStringLiteral("Step 2 of 2"));

        QTest::mouseClick(part<QPushButton>(panel(*w), "lessonAll"), Qt::LeftButton);
        auto* list = part<QListWidget>(panel(*w), "lessonList");
        QVERIFY2(list->item(shippedCount())->text().endsWith(QStringLiteral("In progress: step 2 of 2")),
                 qPrintable(list->item(shippedCount())->text()));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(shippedCount())).center());
        QCOMPARE(progress(*w), QStringLiteral("Step 2 of 2"));

        chooseFromList(*w, shippedCount() + 1);
        QCOMPARE(lessonTitle(*w), QStringLiteral("Second of mine"));
        QCOMPARE(progress(*w), QStringLiteral("Step 1 of 2"));
    }

    // An exercise step selects the setup the student edits in the setup list (the editor
    // shows it), whatever was selected before.
    void anExerciseStepSelectsItsSetup()
    {
        int exercises = -1;
        for (int i = 0; i < shippedCount(); ++i)
            if (readLessonFile(shippedLessonFiles()[std::size_t(i)]).id == "exercises")
                exercises = i;
        QVERIFY(exercises >= 0);
        const Lesson lesson = readLessonFile(shippedLessonFiles()[std::size_t(exercises)]);
        auto w = window();
        chooseFromList(*w, exercises);
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            const LessonStep& step = lesson.steps[i];
            QVERIFY(step.exercise);
            QCOMPARE(w->scenario(), shownScenario(step));
            QCOMPARE(test::setupList(*w)->currentRow(), int(step.exercise->setupIndex));
            QCOMPARE(QString::fromStdString(w->scenario().setups[step.exercise->setupIndex].name),
                     QString::fromStdString(step.exercise->setup));
            if (i + 1 == lesson.steps.size())
                break;
            test::setupList(*w)->setCurrentRow(step.exercise->setupIndex == 0 ? 1 : 0);
            QTest::mouseClick(part<QPushButton>(panel(*w), "lessonNext"), Qt::LeftButton);
        }
    }
};

QTEST_MAIN(TestOwnLessons)
#include "tst_ownlessons.moc"
