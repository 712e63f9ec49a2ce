// Help → User Guide (F1) opens the guide compiled into the program, with its sections.
#include "ExplorerTestSupport.h"
#include "MainWindow.h"
#include "UserGuideWindow.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QtTest>

using namespace hedge;

namespace {

UserGuideWindow* guideOf(MainWindow& w)
{
    return w.findChild<UserGuideWindow*>();
}

void checkSections(UserGuideWindow* guide)
{
    QVERIFY(guide);
    QTRY_VERIFY_WITH_TIMEOUT(guide->isVisible(), 60000);
    const QString text = guide->browser()->toPlainText();
    for (const char* section :
         {"The knobs", "The charts", "The lessons", "Reading a collapse", "Keyboard shortcuts"})
        QVERIFY2(text.contains(QLatin1String(section)), section);
    // Words of each lesson and knob, so that an empty or truncated page fails.
    for (const char* word : {"Delay (ms)", "Budget (%)", "Adaptive limit", "Cancellation",
                             "Requests per call", "collapses at high load", "F5", "Esc",
                             "Try It Yourself", "Reveal", "PageDown"})
        QVERIFY2(text.contains(QLatin1String(word)), word);
}

} // namespace

class TestUserGuide : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_userguide")); }

    void opensFromTheHelpMenu()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        QAction* guide =
            test::menuAction(w, QStringLiteral("&Help"), QStringLiteral("&User Guide"));
        QVERIFY(guide);
        QCOMPARE(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
        QVERIFY(!guideOf(w));
        guide->trigger();
        checkSections(guideOf(w));
        QCOMPARE(guideOf(w)->browser()->source(), QUrl(UserGuideWindow::sourceUrl()));
    }

    void opensWithF1()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::keyClick(&w, Qt::Key_F1);
        checkSections(guideOf(w));
        // Closed and asked for again: the same window comes back.
        UserGuideWindow* first = guideOf(w);
        first->close();
        QTest::keyClick(&w, Qt::Key_F1);
        QTRY_VERIFY_WITH_TIMEOUT(first->isVisible(), 60000);
        QCOMPARE(w.findChildren<UserGuideWindow*>().size(), 1);
    }
};

QTEST_MAIN(TestUserGuide)
#include "tst_userguide.moc"
