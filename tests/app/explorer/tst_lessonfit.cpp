// Issue 37, item 15: a lesson open at 1024 × 700 keeps the window 1024 wide (1036 px before,
// 1029 px on a Live step), the service pane's fields in sight (no sideways scroll), and the
// lesson's texts wrapped inside its pane: a sweep step, each step of the timeline lesson on
// the Live view, and the delay lesson's map step.
#include "ExplorerTestSupport.h"

#include <hedge/io/LessonCheck.h>
#include <hedge/io/ShippedLessons.h>
#include <hedge/run/LiveController.h>

#include "LiveView.h"
#include "MapView.h"
#include "ServiceRunEditor.h"

#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QtTest>

using namespace hedge;

namespace {

int lessonIndex(const std::string& id)
{
    for (std::size_t i = 0; i < shippedLessonFiles().size(); ++i)
        if (readLessonFile(shippedLessonFiles()[i]).id == id)
            return int(i);
    qFatal("no lesson %s", id.c_str());
}

} // namespace

class TestLessonFit : public QObject {
    Q_OBJECT

    // Each of the pane's texts inside the pane and tall enough for its wrapped lines.
    static void verifyTextsWrapInside(QDockWidget* panel)
    {
        const QRect inside(panel->mapToGlobal(QPoint(0, 0)), panel->size());
        for (QLabel* label : panel->findChildren<QLabel*>()) {
            if (!label->isVisible() || label->text().isEmpty())
                continue;
            const QRect rect(label->mapToGlobal(QPoint(0, 0)), label->size());
            QVERIFY2(inside.contains(rect), qPrintable(label->text()));
            QVERIFY2(label->wordWrap(), qPrintable(label->text()));
            QVERIFY2(label->heightForWidth(label->width()) <= label->height(),
                     qPrintable(label->text()));
        }
    }
    // The window 1024 wide; the service pane shows its fields without scrolling sideways.
    static void verifyWindowFits(const MainWindow& w)
    {
        QCOMPARE(w.width(), 1024);
        ServiceRunEditor* editor = test::serviceRunEditor(w);
        auto* pane = qobject_cast<QScrollArea*>(editor->parentWidget()->parentWidget());
        QVERIFY(pane);
        QVERIFY2(pane->horizontalScrollBar()->maximum() == 0,
                 qPrintable(QStringLiteral("service editor %1 px in a %2 px pane")
                                .arg(editor->width())
                                .arg(pane->viewport()->width())));
        // The setup editor in the left pane too (it scrolled sideways beside a lesson).
        SetupEditor* setupEditor = test::setupEditor(w);
        auto* left = qobject_cast<QScrollArea*>(setupEditor->parentWidget()->parentWidget());
        QVERIFY(left);
        QVERIFY2(left->horizontalScrollBar()->maximum() == 0,
                 qPrintable(QStringLiteral("setup editor %1 px (needs %2) in a %3 px pane")
                                .arg(setupEditor->width())
                                .arg(setupEditor->minimumSizeHint().width())
                                .arg(left->viewport()->width())));
    }

    // A step's view in front, its run done and its callout filled, the layout done: the window
    // and the pane fit.
    static void verifyStepFits(MainWindow& w, QDockWidget* panel, int step, int steps)
    {
        auto* progress = panel->findChild<QLabel*>(QStringLiteral("lessonProgress"));
        QCOMPARE(progress->text(), QStringLiteral("Step %1 of %2").arg(step + 1).arg(steps));
        if (w.scenario().timeline) {
            QTRY_VERIFY(test::liveView(w)->isVisible());
            QTRY_VERIFY_WITH_TIMEOUT(w.liveController()->isPaused() &&
                                         w.liveController()->nowS() > 0.0,
                                     120000);
        } else {
            QTRY_VERIFY_WITH_TIMEOUT(w.controller()->isComplete(), 120000);
        }
        auto* callout = panel->findChild<QLabel*>(QStringLiteral("lessonCallout"));
        QTRY_VERIFY_WITH_TIMEOUT(!callout->text().isEmpty() &&
                                     callout->text() != QStringLiteral("running…"),
                                 120000);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
        verifyWindowFits(w);
        verifyTextsWrapInside(panel);
    }

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_lessonfit")); }
    void init() { test::clearSession(); }

    // The steps checked: `from` (from 0; -1, the last) and every step after it up to `to`,
    // walked with Page Down in one window as a learner walks them (the timeline lesson's Live
    // run then plays once to its last step, not once to each).
    void stepsFitTheWindow_data()
    {
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        QTest::newRow("tail-cutting 1") << QStringLiteral("tail-cutting") << 0 << 0;
        QTest::newRow("collapse-that-stays 1-5") << QStringLiteral("collapse-that-stays") << 0 << 4;
        QTest::newRow("delay, the map") << QStringLiteral("delay") << -1 << -1;
    }

    void stepsFitTheWindow()
    {
        QFETCH(QString, lesson);
        QFETCH(int, from);
        QFETCH(int, to);
        const int index = lessonIndex(lesson.toStdString());
        const Lesson shown = readLessonFile(shippedLessonFiles()[std::size_t(index)]);
        const int steps = int(shown.steps.size());
        if (from < 0)
            from = steps - 1;
        if (to < 0)
            to = steps - 1;
        QVERIFY(to < steps);
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        test::menuAction(w, QStringLiteral("&Help"), QStringLiteral("&Lessons…"))->trigger();
        auto* panel = w.findChild<QDockWidget*>(QStringLiteral("lessonPanel"));
        QVERIFY(panel && panel->isVisible());
        auto* list = panel->findChild<QListWidget*>(QStringLiteral("lessonList"));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(index)).center());
        for (int i = 0; i < from; ++i)
            QTest::keyClick(&w, Qt::Key_PageDown);
        for (int step = from; step <= to; ++step) {
            if (step > from)
                QTest::keyClick(&w, Qt::Key_PageDown);
            verifyStepFits(w, panel, step, steps);
            if (QTest::currentTestFailed()) {
                qWarning("%s, step %d", qPrintable(lesson), step + 1);
                return;
            }
        }
    }
};

QTEST_MAIN(TestLessonFit)
#include "tst_lessonfit.moc"
