// File → Export Lesson… on the real window at 1024 × 700, driven as a user does (docs/lessons.md,
// "Handouts"): the File menu's entry clicked, a lesson file of one's own opened in the dialog,
// the student's version chosen, the file's name typed, Export clicked; the steps run on the
// window's runner and the handout is written. The HTML is read back: the sentences are those of
// the same lesson run headless (LessonRuns, as `hedgesim lesson check` runs it), each step has its
// chart, no answer is in the student's file and the teacher's has them.
#include "ExplorerTestSupport.h"
#include "TestScenarios.h"

#include "LessonExportDialog.h"

#include <hedge/io/Lesson.h>
#include <hedge/io/LessonCheck.h>
#include <hedge/io/LessonRuns.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QRegularExpression>

using namespace hedge;

namespace {

// Two small steps of tail-cutting (few calls: the window test runs under ASan in CI).
const char* const kLesson = R"({"schema": "hedge-explorer/lesson@1", "id": "small",
  "title": "Small handout", "summary": "Two steps.",
  "steps": [
    {"title": "A hedge after the delay",
     "scenario": {"preset": "tail-cutting", "loads": [0.3, 0.6], "calls": 2000},
     "callout": {"setup": "hedge, default budget / client", "load": 0.3, "figure": "p99_ms",
                 "text": "At {load} load the p99 falls from {p99_ms@no hedge / client} to {p99_ms}."},
     "question": "Why does the median call not get faster?",
     "answer": "Only a call slower than the delay sends a hedge: {requests_per_call} requests per call."},
    {"title": "What it costs",
     "scenario": {"preset": "tail-cutting", "loads": [0.3, 0.6], "calls": 2000},
     "callout": {"setup": "hedge, default budget / client", "load": 0.6, "figure": "requests_per_call",
                 "text": "At {load} a call sends {requests_per_call} requests."}}
  ]})";

QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The sentences of the handout (its elements of class "sentence"), in step order.
QStringList sentences(const QString& html)
{
    static const QRegularExpression sentence(QStringLiteral("<p class=\"sentence\">([^<]*)</p>"));
    QStringList found;
    for (auto it = sentence.globalMatch(html); it.hasNext();)
        found << it.next().captured(1).replace(QLatin1String("&quot;"), QLatin1String("\""));
    return found;
}

// File → Export Lesson…: the File menu opened and its entry clicked.
void clickExportLesson(MainWindow& w)
{
    QAction* entry =
        test::menuAction(w, QStringLiteral("&File"), QStringLiteral("Export &Lesson…"));
    QVERIFY(entry);
    QMenu* file = nullptr;
    for (QAction* menu : w.menuBar()->actions())
        if (menu->text() == QLatin1String("&File"))
            file = menu->menu();
    QVERIFY(file);
    file->popup(w.mapToGlobal(QPoint(0, 0)));
    QTRY_VERIFY(file->isVisible());
    const QRect place = file->actionGeometry(entry);
    QVERIFY(!place.isEmpty());
    QTest::mouseClick(file, Qt::LeftButton, {}, place.center());
}

// Exports the lesson file `lesson` as `version` (the combo's row) to `out` through the dialog.
void exportThroughDialog(MainWindow& w, const QString& lesson, int version, const QString& out)
{
    clickExportLesson(w);
    if (QTest::currentTestFailed())
        return;
    LessonExportDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = w.findChild<LessonExportDialog*>()) && dialog->isVisible());
    auto* lessons = dialog->findChild<QComboBox*>(QStringLiteral("lessonExportLesson"));
    if (lessons->currentText() != QLatin1String("Small handout")) {
        test::answerFileDialog(lesson);
        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("lessonExportOpenFile")),
                          Qt::LeftButton);
        QTRY_COMPARE(lessons->currentText(), QStringLiteral("Small handout"));
    }
    auto* versions = dialog->findChild<QComboBox*>(QStringLiteral("lessonExportVersion"));
    versions->setFocus();
    QTest::keyClick(versions, version == 0 ? Qt::Key_Up : Qt::Key_Down);
    QCOMPARE(versions->currentIndex(), version);
    auto* path = dialog->findChild<QLineEdit*>(QStringLiteral("lessonExportPath"));
    path->selectAll();
    QTest::keyClicks(path, out);
    QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("lessonExportButton")),
                      Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(out), 300000);
    QTRY_VERIFY(!w.findChild<LessonExportDialog*>()); // closed when written
}

} // namespace

class TestLessonExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::startPrivateSession(QStringLiteral("tst_lessonexport"));
    }

    void exportLessonWritesTheHandoutsOfTheRun()
    {
        const QString lesson = test::writeFile(m_dir, QStringLiteral("small.json"), kLesson);
        // A small scenario of its own: the window's sweep takes turns with the lesson's runs.
        const std::unique_ptr<MainWindow> window =
            test::openWindow(m_dir, test::twoSetups({0.3}, 1000), QStringLiteral("small-run.json"));
        MainWindow& w = *window;
        w.resize(1024, 700);
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        const QString student = m_dir.filePath(QStringLiteral("student.html"));
        exportThroughDialog(w, lesson, 1, student);
        if (QTest::currentTestFailed())
            return;
        const QString html = readText(student);
        QVERIFY(!html.contains(QLatin1String("http://")) &&
                !html.contains(QLatin1String("https://")));
        QVERIFY(!html.contains(QLatin1String("src=")) && !html.contains(QLatin1String("href=")));
        QCOMPARE(html.count(QLatin1String("<svg")), 2);
        QVERIFY(!html.contains(QLatin1String("class=\"answer\"")));
        QVERIFY(!html.contains(QLatin1String("Only a call slower")));
        QCOMPARE(html.count(QLatin1String("class=\"space\"")), 1);

        // The figures: the same lesson run headless, as `hedgesim lesson check` runs it.
        const Lesson read = readLessonFile(lesson.toStdString());
        LessonRuns runs;
        QStringList expected;
        for (const LessonStep& step : read.steps)
            expected << QString::fromStdString(
                fillLessonText(step.callout, runs.of(step.scenario, 1)).value());
        QCOMPARE(sentences(html), expected);

        // The teacher's version of the same lesson: the answers, with the run's figures.
        const QString teacher = m_dir.filePath(QStringLiteral("teacher.html"));
        exportThroughDialog(w, lesson, 0, teacher);
        if (QTest::currentTestFailed())
            return;
        const QString answers = readText(teacher);
        QCOMPARE(sentences(answers), expected);
        const QString answer = QString::fromStdString(
            fillLessonText(read.steps[0].answer, runs.of(read.steps[0].scenario, 1)).value());
        QVERIFY2(answers.contains(QStringLiteral("<b>Answer.</b> ") + answer.toHtmlEscaped()),
                 qPrintable(answer));
        QVERIFY(!answers.contains(QLatin1String("class=\"space\"")));
    }

    // A lesson file with an error is not added: the dialog says the error, naming the file and
    // the field, and keeps its list and the lesson chosen.
    void aBadLessonFileIsRefusedWithItsError()
    {
        const QString bad =
            test::writeFile(m_dir, QStringLiteral("bad.json"),
                            QByteArray(kLesson).replace("\"p99_ms\"", "\"p98_ms\""));
        const std::unique_ptr<MainWindow> window =
            test::openWindow(m_dir, test::twoSetups({0.3}, 1000), QStringLiteral("bad-run.json"));
        MainWindow& w = *window;
        w.resize(1024, 700);
        clickExportLesson(w);
        if (QTest::currentTestFailed())
            return;
        LessonExportDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = w.findChild<LessonExportDialog*>()) && dialog->isVisible());
        auto* lessons = dialog->findChild<QComboBox*>(QStringLiteral("lessonExportLesson"));
        const int count = lessons->count();
        const QString chosen = lessons->currentText();
        test::answerFileDialog(bad);
        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("lessonExportOpenFile")),
                          Qt::LeftButton);
        auto* status = dialog->findChild<QLabel*>(QStringLiteral("lessonExportStatus"));
        QTRY_VERIFY(status->text().contains(QLatin1String("bad.json")));
        QVERIFY2(status->text().contains(QLatin1String("callout.figure")),
                 qPrintable(status->text()));
        QCOMPARE(lessons->count(), count);
        QCOMPARE(lessons->currentText(), chosen);
        QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Cancel),
                          Qt::LeftButton);
        QTRY_VERIFY(!w.findChild<LessonExportDialog*>());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestLessonExport)
#include "tst_lessonexport.moc"
