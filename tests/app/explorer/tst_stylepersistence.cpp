// How the scenario is drawn survives a crash and a save/reopen: each setup's colour, its
// shown/hidden state, the View menu's charts and the Live view's panels come back exactly, not
// re-dealt by position; View → Dark Palette is remembered with the user's settings.
#include "AppPalette.h"
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include "MetricChartView.h"
#include "SetupListWidget.h"

#include <hedge/io/ScenarioJson.h>

#include <QAction>
#include <QFile>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace hedge;

namespace {

Scenario threeSetups()
{
    Scenario s;
    s.seed = 3;
    s.calls = 2000;
    s.loads = {0.5, 0.8};
    Setup a, b, c;
    a.name = "no hedge";
    b.name = "hedge";
    b.hedge = HedgeSettings{};
    c.name = "hedge, server";
    c.hedge = HedgeSettings{};
    c.cancellation = Cancellation::Server;
    s.setups = {a, b, c};
    return s;
}

// The Live view's optional panel `panel` on, as its Charts menu and its chart show it.
bool livePanelOn(const MainWindow& w, Figure panel)
{
    const bool checked = test::liveView(w)->panelAction(panel)->isChecked();
    const bool drawn = test::liveView(w)->chart()->isPanelShown(panel);
    if (checked != drawn)
        qWarning("the Charts menu and the Live chart disagree");
    return checked && drawn;
}

// What the user changes: two extra charts from the View menu, a Live panel on and one off
// (its Charts menu), then a colour (the colour dialog's answer) and a setup hidden with Space
// in the list, each saved as it happens.
void restyle(MainWindow& w)
{
    QVERIFY(!livePanelOn(w, Figure::Utilisation));
    QVERIFY(livePanelOn(w, Figure::PercentileDelay)); // on in a new window
    test::liveView(w)->panelAction(Figure::Utilisation)->trigger();
    test::liveView(w)->panelAction(Figure::PercentileDelay)->trigger();
    test::menuAction(w, QStringLiteral("&View"), metricTitle(Metric::P999))->trigger();
    test::menuAction(w, QStringLiteral("&View"), metricTitle(Metric::Utilisation))->trigger();
    test::setupList(w)->setSetupColor(2, QColor(QStringLiteral("#123456")));
    QListWidget* list = test::setupList(w)->listWidget();
    list->setFocus();
    list->setCurrentRow(1);
    QTest::keyClick(list, Qt::Key_Space);
    QCOMPARE(list->item(1)->checkState(), Qt::Unchecked);
}

void checkRestyled(MainWindow& w, const QList<SeriesStyle>& expected)
{
    QCOMPARE(test::setupList(w)->styles(), expected);
    QCOMPARE(test::setupList(w)->styles().value(2).color, QColor(QStringLiteral("#123456")));
    QVERIFY(!test::setupList(w)->styles().value(1).visible);
    QCOMPARE(test::setupList(w)->listWidget()->item(1)->checkState(), Qt::Unchecked);
    QVERIFY(test::chart(w, Metric::P999)->isVisibleTo(&w));
    QVERIFY(test::chart(w, Metric::Utilisation)->isVisibleTo(&w));
    QVERIFY(!test::chart(w, Metric::P50)->isVisibleTo(&w));
    QVERIFY(test::menuAction(w, QStringLiteral("&View"), metricTitle(Metric::P999))->isChecked());
    QVERIFY(livePanelOn(w, Figure::Utilisation));
    QVERIFY(!livePanelOn(w, Figure::PercentileDelay));
    QVERIFY(livePanelOn(w, Figure::ReplicaBacklog));
}

} // namespace

class TestStylePersistence : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        test::startPrivateSession(QStringLiteral("tst_stylepersistence"));
        QVERIFY(m_dir.isValid());
    }

    void init() { test::clearSession(); }

    void aCrashKeepsColoursHiddenSetupsAndCharts()
    {
        QList<SeriesStyle> styled;
        {
            auto w = std::make_unique<MainWindow>(
                MainWindow::Options{.restoreSession = false, .runAtStart = false});
            w->show();
            QCOMPARE(w->openScenarioFile(
                         test::writeScenario(m_dir, threeSetups(), QStringLiteral("crash.json"))),
                     std::nullopt);
            restyle(*w);
            styled = test::setupList(*w)->styles();
            // Killed: no close event, so nothing but what was written at each change survives.
        }
        MainWindow again(MainWindow::Options{.restoreSession = true, .runAtStart = false});
        again.show();
        QCOMPARE(again.scenario(), threeSetups());
        checkRestyled(again, styled);
    }

    void aSavedFileReopensWithItsStyle()
    {
        const QString path =
            test::writeScenario(m_dir, threeSetups(), QStringLiteral("saved.json"));
        QList<SeriesStyle> styled;
        {
            MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
            w.show();
            QVERIFY(QTest::qWaitForWindowActive(&w));
            QCOMPARE(w.openScenarioFile(path), std::nullopt);
            restyle(w);
            styled = test::setupList(w)->styles();
            QVERIFY(w.isModified());
            QTest::keySequence(&w, QKeySequence::Save);
            QVERIFY(!w.isModified());
        }
        QVERIFY(parseStyledScenarioJson([&] {
                    QFile f(path);
                    f.open(QIODevice::ReadOnly);
                    return f.readAll().toStdString();
                }())
                    .style.has_value());
        QSettings().clear();
        QFile::remove(MainWindow::autosavePath());
        // A fresh window with the default charts, and a different file open first, so that
        // nothing but the file can bring the style back.
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        QCOMPARE(w.openScenarioFile(
                     test::writeScenario(m_dir, threeSetups(), QStringLiteral("plain.json"))),
                 std::nullopt);
        QVERIFY(!test::chart(w, Metric::P999)->isVisibleTo(&w));
        QCOMPARE(w.openScenarioFile(path), std::nullopt);
        checkRestyled(w, styled);
        QVERIFY(!w.isModified());
    }

    void aFileWithoutStyleLeavesTheChartsAsTheyAre()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        test::menuAction(w, QStringLiteral("&View"), metricTitle(Metric::P50))->trigger();
        QCOMPARE(w.openScenarioFile(
                     test::writeScenario(m_dir, threeSetups(), QStringLiteral("nostyle.json"))),
                 std::nullopt);
        QVERIFY(test::chart(w, Metric::P50)->isVisibleTo(&w));
        QVERIFY(!w.isModified());
    }

    // A Live panel is a choice of what to look at, as a chart is (docs/ARCHITECTURE.md, "The
    // document"): it marks the scenario modified and is saved, but is no undo step, and Ctrl+Z
    // leaves it as it is. A file written before the panels were kept (a style block without
    // `panels`) opens and leaves them as they are.
    void aLivePanelIsSavedButNotUndone()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QCOMPARE(w.openScenarioFile(
                     test::writeScenario(m_dir, threeSetups(), QStringLiteral("panels.json"))),
                 std::nullopt);
        auto* undo = w.findChild<QUndoStack*>();
        test::setupList(w)->setSetupColor(0, QColor(QStringLiteral("#654321"))); // an undo step
        QCOMPARE(undo->count(), 1);
        test::liveView(w)->panelAction(Figure::Limit)->trigger();
        QVERIFY(livePanelOn(w, Figure::Limit));
        QCOMPARE(undo->count(), 1);
        QVERIFY(w.isModified());
        QTest::keySequence(&w, QKeySequence::Undo); // the colour, not the panel
        QCOMPARE(test::setupList(w)->styles().value(0).color, QColor(QStringLiteral("#0072b2")));
        QVERIFY(livePanelOn(w, Figure::Limit));
        QTest::keySequence(&w, QKeySequence::Redo);
        QVERIFY(livePanelOn(w, Figure::Limit));

        // An older file: its style block names setups and charts, no panels.
        const QString older = m_dir.filePath(QStringLiteral("older.json"));
        {
            QFile f(older);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"setups\": [{\"name\": \"a\"}, {\"name\": \"b\"}], \"style\": "
                    "{\"setups\": [{\"colour\": \"#112233\"}], \"charts\": [\"p50_ms\"]}}");
        }
        QCOMPARE(w.openScenarioFile(older), std::nullopt);
        QCOMPARE(test::setupList(w)->styles().value(0).color, QColor(QStringLiteral("#112233")));
        QVERIFY(test::chart(w, Metric::P50)->isVisibleTo(&w));
        QVERIFY(livePanelOn(w, Figure::Limit));
        QVERIFY(!livePanelOn(w, Figure::Utilisation));
        QVERIFY(!w.isModified());
    }

    // View → Dark Palette: the window and its charts turn dark at once; the choice is the
    // user's (not the scenario's: no undo step, the document unmodified) and comes back with
    // the next window; unticked, the desktop's colours return.
    void theDarkPaletteIsInTheViewMenuAndRemembered()
    {
        const QColor desktopWindow = QApplication::palette().color(QPalette::Window);
        {
            MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
            w.show();
            QAction* dark =
                test::menuAction(w, QStringLiteral("&View"), QStringLiteral("&Dark Palette"));
            QVERIFY(dark);
            QVERIFY(dark->isCheckable());
            QVERIFY(!dark->isChecked());
            const int undoSteps = w.findChild<QUndoStack*>()->count();
            dark->trigger();
            QCoreApplication::processEvents(); // the widgets take the palette from posted events
            QVERIFY(dark->isChecked());
            QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
            // The charts draw on the dark base.
            const QImage chart = test::chart(w, Metric::P99)->grab().toImage();
            QVERIFY(QColor(chart.pixel(chart.width() / 2, 4)).lightness() < 80);
            QCOMPARE(w.findChild<QUndoStack*>()->count(), undoSteps);
        }
        // The next run of the program starts with the desktop's colours.
        applyPalette(QStringLiteral("desktop"));
        QCOMPARE(QApplication::palette().color(QPalette::Window), desktopWindow);
        {
            MainWindow again(MainWindow::Options{.restoreSession = false, .runAtStart = false});
            QAction* dark =
                test::menuAction(again, QStringLiteral("&View"), QStringLiteral("&Dark Palette"));
            QVERIFY(dark->isChecked());
            QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
            dark->trigger();
            QVERIFY(!dark->isChecked());
            QCOMPARE(QApplication::palette().color(QPalette::Window), desktopWindow);
        }
        MainWindow third(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QVERIFY(!test::menuAction(third, QStringLiteral("&View"), QStringLiteral("&Dark Palette"))
                     ->isChecked());
        QCOMPARE(QApplication::palette().color(QPalette::Window), desktopWindow);
    }
};

QTEST_MAIN(TestStylePersistence)
#include "tst_stylepersistence.moc"
