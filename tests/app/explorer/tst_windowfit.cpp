// Issue 37, item 15: the status bar and the window's layout as a user meets them. The sweep's
// counts never exceed their totals when a second scenario is opened over the first's results
// (a pass's batches are rectangles of setups × loads), the text names the scenario shown at
// once, a message is cut before the progress text instead of running into it, and the first start
// fits the screen.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "MainWindow.h"

#include "RunStatusBar.h"
#include "ServiceRunEditor.h"

#include <hedge/run/SweepController.h>

#include <QLabel>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QLineEdit>
#include <QtTest>

using namespace hedge;

namespace {

Scenario threeByThree()
{
    Scenario s = test::twoSetups({0.3, 0.5, 0.7}, 2000);
    Setup budget = s.setups[1];
    budget.name = "hedge, budget";
    budget.hedge->budgetPercent = 10.0;
    s.setups.push_back(budget);
    return s;
}

} // namespace

class TestWindowFit : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_windowfit")); }
    void init() { test::clearSession(); }

    void countsNeverExceedTotalsAcrossASecondScenario()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = true});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QLabel* status = test::statusLabel(w);
        QStringList seen;
        connect(w.controller(), &SweepController::progressChanged, this,
                [&] { seen << status->text(); });
        w.setScenario(test::twoSetups({0.3, 0.5}, 2000));
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 300000);
        QVERIFY2(status->text().startsWith(QStringLiteral("4 points")), qPrintable(status->text()));
        // The second: a setup and a load more. Its missing points (5) are not a rectangle.
        w.setScenario(threeByThree());
        QTRY_VERIFY_WITH_TIMEOUT(test::idle(w), 300000);
        QVERIFY2(status->text().startsWith(QStringLiteral("9 points")), qPrintable(status->text()));
        static const QRegularExpression count(QStringLiteral("(\\d+) / (\\d+) points"));
        int counted = 0;
        for (const QString& text : seen) {
            const QRegularExpressionMatch m = count.match(text);
            if (!m.hasMatch())
                continue;
            ++counted;
            QVERIFY2(m.captured(1).toInt() <= m.captured(2).toInt(), qPrintable(text));
        }
        QVERIFY(counted > 0);
        // Back to the first, all of its points at hand: never the other's size.
        w.setScenario(test::twoSetups({0.3, 0.5}, 2000));
        QVERIFY2(!status->text().startsWith(QStringLiteral("9 points")), qPrintable(status->text()));
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("4 points")), 300000);
    }

    void aMessageIsCutBeforeTheProgressText()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setScenario(test::twoSetups({0.3, 0.5}, 2000));
        auto* bar = w.findChild<RunStatusBar*>();
        QVERIFY(bar);
        const QString message = QStringLiteral("The service is calibrated at 60.0 %: ") +
                                QStringLiteral("a long message that goes on and on ").repeated(6);
        bar->showMessage(message, 60000);
        QVERIFY(bar->shownMessage().endsWith(QStringLiteral("…")));
        const int drawnWidth = bar->fontMetrics().horizontalAdvance(bar->shownMessage());
        QVERIFY2(bar->contentsRect().left() + drawnWidth < test::statusLabel(w)->geometry().left(),
                 qPrintable(bar->shownMessage()));
    }

    // At 1024 x 700 the service pane fits its width: no sideways scroll bar, every label and
    // line of it whole ("ledian", "igma" and a cut "Service time: p50 … p99" line before), and
    // the window kept 1024 wide rather than grown to the fields' width.
    void servicePaneFitsAt1024x700()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        QVERIFY(w.loadPreset(QStringLiteral("collapse")));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_COMPARE(w.width(), 1024);
        ServiceRunEditor* editor = test::serviceRunEditor(w);
        auto* pane = qobject_cast<QScrollArea*>(editor->parentWidget()->parentWidget());
        QVERIFY(pane);
        QTRY_VERIFY(editor->width() <= pane->viewport()->width());
        QVERIFY2(!pane->horizontalScrollBar()->isVisible(),
                 qPrintable(QStringLiteral("editor %1 px wide (needs %2) in a %3 px pane")
                                .arg(editor->width())
                                .arg(editor->minimumSizeHint().width())
                                .arg(pane->viewport()->width())));
        QCOMPARE(pane->horizontalScrollBar()->maximum(), 0);
        const QRect paneRect(pane->viewport()->mapToGlobal(QPoint(0, 0)), pane->viewport()->size());
        for (QLabel* label : editor->findChildren<QLabel*>()) {
            if (!label->isVisibleTo(editor) || label->text().isEmpty())
                continue;
            const QRect rect(label->mapToGlobal(QPoint(0, 0)), label->size());
            QVERIFY2(rect.left() >= paneRect.left() && rect.right() <= paneRect.right(),
                     qPrintable(label->text()));
            if (label->wordWrap())
                QVERIFY2(label->heightForWidth(label->width()) <= label->height() ||
                             label->height() >= label->sizeHint().height(),
                         qPrintable(label->text()));
            else
                QVERIFY2(label->width() >= label->sizeHint().width(), qPrintable(label->text()));
        }
        // Every field shows its whole text ("100.0 m" of the hiccup range before).
        for (QAbstractSpinBox* box : editor->findChildren<QAbstractSpinBox*>()) {
            if (!box->isVisibleTo(editor))
                continue;
            // The text's room: the box's line edit, less its margins (QLineEdit keeps 2 px
            // each side).
            const auto* line = box->findChild<QLineEdit*>();
            QVERIFY(line);
            const QMargins margins = line->textMargins() + line->contentsMargins();
            const int room = line->width() - margins.left() - margins.right() - 4;
            const int textWidth = box->fontMetrics().horizontalAdvance(box->text());
            QVERIFY2(textWidth <= room, qPrintable(QStringLiteral("%1: \"%2\" needs %3 px of %4")
                                                             .arg(box->accessibleName(), box->text())
                                                             .arg(textWidth)
                                                             .arg(room)));
        }
        QCOMPARE(w.width(), 1024);
    }

    void firstStartFitsTheScreen()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        const QSize available = w.screen()->availableGeometry().size();
        QVERIFY2(w.width() <= available.width() && w.height() <= available.height(),
                 qPrintable(QStringLiteral("%1 x %2 on %3 x %4")
                                .arg(w.width())
                                .arg(w.height())
                                .arg(available.width())
                                .arg(available.height())));
    }
};

QTEST_MAIN(TestWindowFit)
#include "tst_windowfit.moc"
