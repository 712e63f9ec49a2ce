// How a setup is drawn is the document's (docs/ARCHITECTURE.md, "The document"), driven as a
// user does: a colour chosen with the list's Colour… button and a setup hidden with its box are
// undo steps, and the list and the charts follow the edit, the undo and the redo; a lesson step
// hiding setups shows in the list and the charts; a saved file reopens with its colours, hidden
// setups and charts.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include "MetricChartView.h"
#include "SetupListWidget.h"

#include <hedge/io/Lesson.h>
#include <hedge/io/ShippedLessons.h>

#include <QAction>
#include <QColorDialog>
#include <QDockWidget>
#include <QListWidget>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace hedge;

namespace {

const QColor kChosen(QStringLiteral("#123456"));

// Answers the colour dialog the Colour… button is about to open as a user does: picks the
// colour, presses Enter.
void answerColourDialog(const QColor& colour)
{
    QTimer::singleShot(0, [colour] {
        auto* dialog = qobject_cast<QColorDialog*>(QApplication::activeModalWidget());
        if (!dialog) {
            answerColourDialog(colour);
            return;
        }
        dialog->setCurrentColor(colour);
        QTest::keyClick(dialog, Qt::Key_Return);
    });
}

QToolButton* listButton(const SetupListWidget& list, const QString& text)
{
    for (QToolButton* b : list.findChildren<QToolButton*>())
        if (b->text() == text)
            return b;
    qFatal("no %s button", qPrintable(text));
}

// Colour… on the list's selected row, answered with `colour`; the window active again after the
// dialog (the offscreen platform does not give the activation back itself), so that its
// shortcuts (Ctrl+Z, Ctrl+S) reach it.
void chooseColour(MainWindow& w, const QColor& colour)
{
    answerColourDialog(colour);
    QTest::mouseClick(listButton(*test::setupList(w), QStringLiteral("Colour…")), Qt::LeftButton);
    w.activateWindow();
    if (!QTest::qWaitForWindowActive(&w))
        qFatal("the window did not become active again");
}

void clickRow(SetupListWidget& list, int row)
{
    QListWidget* view = list.listWidget();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier,
                      view->visualItemRect(view->item(row)).center());
}

// Setup `name` as the p99 chart draws it.
SeriesStyle drawn(const MainWindow& w, const QString& name)
{
    for (const SeriesStyle& s : test::chart(w, Metric::P99)->seriesStyles())
        if (s.setup == name)
            return s;
    return {};
}

// The list's row `row`: its swatch's colour and its box agree with the p99 chart's series.
QString listAndChartDisagree(const MainWindow& w, int row)
{
    const SetupListWidget* list = test::setupList(w);
    const SeriesStyle shown = list->styles().value(row);
    const bool ticked = list->listWidget()->item(row)->checkState() == Qt::Checked;
    const SeriesStyle chart = drawn(w, shown.setup);
    if (ticked != shown.visible || chart.color != shown.color || chart.visible != shown.visible)
        return QStringLiteral("%1: list %2 %3 (box %4), chart %5 %6")
            .arg(shown.setup, shown.color.name())
            .arg(shown.visible)
            .arg(ticked)
            .arg(chart.color.name())
            .arg(chart.visible);
    return {};
}

#define VERIFY_AGREE(w, row)                                                                   \
    do {                                                                                       \
        const QString problem = listAndChartDisagree(w, row);                                  \
        QVERIFY2(problem.isEmpty(), qPrintable(problem));                                     \
    } while (false)

int lessonIndex(const std::string& id)
{
    for (std::size_t i = 0; i < shippedLessonFiles().size(); ++i)
        if (readLessonFile(shippedLessonFiles()[i]).id == id)
            return int(i);
    qFatal("no lesson %s", id.c_str());
}

} // namespace

class TestSetupStyle : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    static std::unique_ptr<MainWindow> window()
    {
        auto w = std::make_unique<MainWindow>(
            MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w->resize(1024, 700);
        w->show();
        w->activateWindow();
        if (!QTest::qWaitForWindowActive(w.get()))
            qFatal("the window did not become active");
        return w;
    }

    static void pressKeys(MainWindow& w, QKeyCombination keys)
    {
        QTest::keyClick(&w, keys.key(), keys.keyboardModifiers());
    }

private slots:
    void initTestCase()
    {
        test::startPrivateSession(QStringLiteral("tst_setupstyle"));
        QVERIFY(m_dir.isValid());
    }

    void init() { test::clearSession(); }

    void colourAndVisibilityInTheListAreUndoable()
    {
        auto w = window();
        QCOMPARE(w->openScenarioFile(test::writeScenario(m_dir, test::twoSetups({0.5, 0.8}),
                                                         QStringLiteral("two.json"))),
                 std::nullopt);
        auto* document = w->findChild<ScenarioDocument*>();
        SetupListWidget* list = test::setupList(*w);
        QAction* undo = test::menuAction(*w, QStringLiteral("&Edit"), QStringLiteral("&Undo"));
        QVERIFY(undo && !undo->isEnabled());
        const QColor first = list->styles().value(1).color;
        QVERIFY(first.isValid() && first != kChosen);
        VERIFY_AGREE(*w, 0);
        VERIFY_AGREE(*w, 1);

        // Colour…: the dialog's answer recolours "hedge, no budget" in the list and the charts.
        clickRow(*list, 1);
        chooseColour(*w, kChosen);
        QCOMPARE(list->styles().value(1).color, kChosen);
        QCOMPARE(document->style().setups[1].colour, std::string("#123456"));
        VERIFY_AGREE(*w, 1);
        QVERIFY(w->isWindowModified());
        QVERIFY2(undo->text().contains(QStringLiteral("Colour of “hedge, no budget”")),
                 qPrintable(undo->text()));

        // Space on "no hedge" unticks it: hidden in the list and the charts.
        clickRow(*list, 0);
        QTest::keyClick(list->listWidget(), Qt::Key_Space);
        QCOMPARE(list->listWidget()->item(0)->checkState(), Qt::Unchecked);
        QVERIFY(!document->style().setups[0].visible);
        QVERIFY(!drawn(*w, QStringLiteral("no hedge")).visible);
        VERIFY_AGREE(*w, 0);
        QCOMPARE(document->undoStack()->count(), 2);

        // Ctrl+Z shows it again, then gives the colour back; the list and charts follow.
        pressKeys(*w, Qt::CTRL | Qt::Key_Z);
        QCOMPARE(list->listWidget()->item(0)->checkState(), Qt::Checked);
        QVERIFY(drawn(*w, QStringLiteral("no hedge")).visible);
        VERIFY_AGREE(*w, 0);
        QCOMPARE(list->styles().value(1).color, kChosen);
        pressKeys(*w, Qt::CTRL | Qt::Key_Z);
        QCOMPARE(list->styles().value(1).color, first);
        QCOMPARE(drawn(*w, QStringLiteral("hedge, no budget")).color, first);
        VERIFY_AGREE(*w, 1);
        QVERIFY(!undo->isEnabled());
        QVERIFY(!w->isWindowModified()); // back to the file as opened

        // Ctrl+Shift+Z: the colour, then the hidden setup, again.
        pressKeys(*w, Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
        QCOMPARE(drawn(*w, QStringLiteral("hedge, no budget")).color, kChosen);
        VERIFY_AGREE(*w, 1);
        pressKeys(*w, Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
        QVERIFY(!drawn(*w, QStringLiteral("no hedge")).visible);
        QCOMPARE(list->listWidget()->item(0)->checkState(), Qt::Unchecked);
        VERIFY_AGREE(*w, 0);
    }

    // A step's "shows": the other setups are unticked in the list and gone from the charts,
    // and the step is not an undo step of the user's.
    void aLessonStepHidingSetupsShowsInTheListAndTheCharts()
    {
        auto w = window();
        test::menuAction(*w, QStringLiteral("&Help"), QStringLiteral("&Lessons…"))->trigger();
        auto* panel = w->findChild<QDockWidget*>(QStringLiteral("lessonPanel"));
        auto* lessons = panel->findChild<QListWidget*>(QStringLiteral("lessonList"));
        const int index = lessonIndex("adaptive-limit");
        QTest::mouseClick(lessons->viewport(), Qt::LeftButton, {},
                          lessons->visualItemRect(lessons->item(index)).center());
        const Lesson lesson = readLessonFile(shippedLessonFiles()[std::size_t(index)]);
        SetupListWidget* list = test::setupList(*w);
        for (std::size_t step = 0; step < 2; ++step) {
            const std::vector<std::string>& shows = lesson.steps[step].shows;
            QVERIFY(list->listWidget()->count() > int(shows.size()));
            for (int row = 0; row < list->listWidget()->count(); ++row) {
                const QString name = list->styles().value(row).setup;
                const bool wanted =
                    std::find(shows.begin(), shows.end(), name.toStdString()) != shows.end();
                QCOMPARE(list->listWidget()->item(row)->checkState(),
                         wanted ? Qt::Checked : Qt::Unchecked);
                QCOMPARE(drawn(*w, name).visible, wanted);
                VERIFY_AGREE(*w, row);
            }
            QCOMPARE(w->findChild<ScenarioDocument*>()->undoStack()->count(), 0);
            QVERIFY(!w->isWindowModified());
            QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("lessonNext")),
                              Qt::LeftButton);
        }
    }

    // Ctrl+S writes the colours, the hidden setups and the charts; the file opened in a new
    // window shows them, with no undo history.
    void savingAndReopeningKeepsWhatTheFileKeeps()
    {
        const QString path = test::writeScenario(m_dir, test::twoSetups({0.5, 0.8}),
                                                 QStringLiteral("saved.json"));
        QList<SeriesStyle> styled;
        {
            auto w = window();
            QCOMPARE(w->openScenarioFile(path), std::nullopt);
            SetupListWidget* list = test::setupList(*w);
            clickRow(*list, 0);
            chooseColour(*w, kChosen);
            QCOMPARE(list->styles().value(0).color, kChosen);
            clickRow(*list, 1);
            QTest::keyClick(list->listWidget(), Qt::Key_Space);
            test::menuAction(*w, QStringLiteral("&View"), metricTitle(Metric::P999))->trigger();
            QVERIFY(test::chart(*w, Metric::P999)->isVisibleTo(w.get()));
            styled = list->styles();
            QTest::keySequence(w.get(), QKeySequence::Save);
            QVERIFY(!w->isWindowModified());
        }
        auto again = window();
        QCOMPARE(again->openScenarioFile(path), std::nullopt);
        QCOMPARE(test::setupList(*again)->styles(), styled);
        QCOMPARE(test::setupList(*again)->styles().value(0).color, kChosen);
        QVERIFY(!test::setupList(*again)->styles().value(1).visible);
        VERIFY_AGREE(*again, 0);
        VERIFY_AGREE(*again, 1);
        QVERIFY(test::chart(*again, Metric::P999)->isVisibleTo(again.get()));
        QVERIFY(!test::chart(*again, Metric::P50)->isVisibleTo(again.get()));
        QVERIFY(test::menuAction(*again, QStringLiteral("&View"), metricTitle(Metric::P999))
                    ->isChecked());
        QCOMPARE(again->findChild<ScenarioDocument*>()->undoStack()->count(), 0);
        QVERIFY(!again->isWindowModified());
    }
};

QTEST_MAIN(TestSetupStyle)
#include "tst_setupstyle.moc"
