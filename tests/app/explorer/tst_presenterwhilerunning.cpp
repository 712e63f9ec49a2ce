// View → Presenter Mode (F11) pressed while a lesson is still getting to its step (issue 37,
// a crash reported in Qt Charts painting a setup's spread band): the budget lesson's sweep still
// running, the collapse that stays still playing to its Live moment, and F11 twice in a row
// (there and back) while the sweep runs. The window keeps drawing while the run goes on and,
// once it is done, each chart draws what presenter mode draws (the shown setups alone, each
// line with its band) or, back from it, every setup again.
#include "ExplorerTestSupport.h"

#include <hedge/io/Lesson.h>
#include <hedge/io/ShippedLessons.h>
#include <hedge/run/LiveController.h>

#include "LiveTimeSeriesView.h"
#include "LiveView.h"

#include <QAreaSeries>
#include <QChart>
#include <QDockWidget>
#include <QLineSeries>
#include <QListWidget>
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

// The window at 1024 × 700, Help → Lessons…, and a click on lesson `id` of the list.
bool openLesson(MainWindow& w, const std::string& id)
{
    w.resize(1024, 700);
    w.show();
    w.activateWindow();
    if (!QTest::qWaitForWindowActive(&w))
        return false;
    test::menuAction(w, QStringLiteral("&Help"), QStringLiteral("&Lessons…"))->trigger();
    auto* panel = w.findChild<QDockWidget*>(QStringLiteral("lessonPanel"));
    auto* list = panel->findChild<QListWidget*>(QStringLiteral("lessonList"));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                      list->visualItemRect(list->item(lessonIndex(id))).center());
    return true;
}

bool pressF11(MainWindow& w)
{
    w.activateWindow();
    if (!QTest::qWaitForWindowActive(&w))
        return false;
    QTest::keyClick(&w, Qt::Key_F11);
    return true;
}

QStringList setups(const MainWindow& w, bool shownOnly)
{
    QStringList names;
    for (const SeriesStyle& s : test::setupList(w)->styles())
        if (s.visible || !shownOnly)
            names << s.setup;
    return names;
}

// The setups each chart draws a line of, and those it draws a band of (named "… (spread)"),
// in drawing order; every chart alike, else the charts that differ.
QPair<QStringList, QStringList> drawn(const MainWindow& w)
{
    QPair<QStringList, QStringList> first;
    bool any = false;
    for (Metric m : ChartArea::chartOrder()) {
        QPair<QStringList, QStringList> these;
        for (QAbstractSeries* s : test::chart(w, m)->chart()->series()) {
            if (s->type() == QAbstractSeries::SeriesTypeLine)
                these.first << s->name();
            else if (auto* band = qobject_cast<QAreaSeries*>(s)) {
                // A band is drawn between its two edges: both there for as long as it is.
                if (!band->upperSeries() || !band->lowerSeries())
                    return {{QStringLiteral("a band without its edges")}, {s->name()}};
                these.second << s->name().chopped(int(QStringLiteral(" (spread)").size()));
            }
        }
        if (any && these != first)
            return {{QStringLiteral("charts differ")}, {metricResultsKey(m)}};
        first = these;
        any = true;
    }
    return first;
}

} // namespace

class TestPresenterWhileRunning : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_presenterwhilerunning")); }

    // The budget lesson's first step, F11 at once while its sweep runs.
    void duringALessonsSweep()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QVERIFY(openLesson(w, "budget"));
        QVERIFY(!w.controller()->isComplete());
        QVERIFY(pressF11(w));
        QTRY_VERIFY(w.isFullScreen());
        QVERIFY(!w.controller()->isComplete());
        w.grab(); // the window drawn while the sweep runs
        const QStringList shown = setups(w, true);
        QVERIFY(shown.size() < setups(w, false).size()); // the lesson hides some
        QTRY_VERIFY_WITH_TIMEOUT(w.controller()->isComplete(), 120000);
        w.grab();
        QCOMPARE(drawn(w), qMakePair(shown, shown));
        QVERIFY(pressF11(w));
        QTRY_VERIFY(!w.isFullScreen());
        w.grab();
        QCOMPARE(drawn(w), qMakePair(setups(w, false), setups(w, false)));
    }

    // The collapse that stays, F11 while its first step still plays to its moment.
    void onALiveStep()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QVERIFY(openLesson(w, "collapse-that-stays"));
        LiveController* live = w.liveController();
        LiveView* view = test::liveView(w);
        QVERIFY(view->isVisible());
        QVERIFY(!live->isPaused());
        QVERIFY(pressF11(w));
        QTRY_VERIFY(w.isFullScreen());
        w.grab(); // drawn while the Live run plays
        const Lesson lesson =
            readLessonFile(shippedLessonFiles()[std::size_t(lessonIndex("collapse-that-stays"))]);
        QTRY_VERIFY_WITH_TIMEOUT(live->isPaused() && live->nowS() == lesson.steps[0].playToS,
                                 120000);
        w.grab();
        QVERIFY(view->isVisible());
        QTRY_VERIFY(view->chart()->calloutNow().has_value());
        QVERIFY(pressF11(w));
        QTRY_VERIFY(!w.isFullScreen());
        w.grab();
        QVERIFY(view->chart()->calloutNow().has_value());
    }

    // F11 twice in a row while the budget lesson's sweep runs: back as it was, every setup drawn.
    void twiceWhileTheSweepRuns()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QVERIFY(openLesson(w, "budget"));
        QVERIFY(!w.controller()->isComplete());
        QVERIFY(pressF11(w));
        QVERIFY(pressF11(w));
        w.grab();
        QVERIFY(!w.controller()->isComplete());
        QTRY_VERIFY(!w.isFullScreen());
        QTRY_VERIFY_WITH_TIMEOUT(w.controller()->isComplete(), 120000);
        w.grab();
        QCOMPARE(drawn(w), qMakePair(setups(w, false), setups(w, false)));
    }
};

QTEST_MAIN(TestPresenterWhileRunning)
#include "tst_presenterwhilerunning.moc"
