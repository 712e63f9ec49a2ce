// "What this shows" after an edit, on the real window as a user drives it (docs/user-guide.md,
// "What this shows"): a preset loaded from the Presets menu, a knob typed; the pane says what
// was edited with the old and new values, and shows the preset's text as the preset's (greyed
// under a note), not as if it held. Reset Preset brings the preset's numbers back and the line
// goes; Undo brings the edit back; undone to the preset's state, the line goes again. A report
// of the edited scenario says its text is the preset's.
#include "ExplorerTestSupport.h"

#include <hedge/io/Presets.h>

#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolButton>
#include <QtTest>

using namespace hedge;

namespace {

const QString kReference = QStringLiteral("Reference: six setups, client and server cancellation");
const std::string kNoBudget = "hedge, no budget / client";

QLabel* editsLine(const MainWindow& w)
{
    return test::presetExplanation(w)->findChild<QLabel*>(QStringLiteral("presetEdits"));
}

QPushButton* resetButton(const MainWindow& w)
{
    return test::presetExplanation(w)->findChild<QPushButton*>(QStringLiteral("resetPreset"));
}

QTextBrowser* body(const MainWindow& w)
{
    return test::presetExplanation(w)->findChild<QTextBrowser*>();
}

// The colour the explanation's first paragraph of the preset's own text is drawn in.
QColor textColour(const MainWindow& w, const QString& paragraphStart)
{
    for (QTextBlock b = body(w)->document()->begin(); b.isValid(); b = b.next())
        if (b.text().startsWith(paragraphStart)) {
            const QTextCharFormat f = b.begin().fragment().charFormat();
            return f.hasProperty(QTextFormat::ForegroundBrush) ? f.foreground().color()
                                                               : body(w)->palette().text().color();
        }
    qFatal("no paragraph starts with %s", qPrintable(paragraphStart));
}

int rowOf(const Scenario& s, const std::string& name)
{
    for (std::size_t i = 0; i < s.setups.size(); ++i)
        if (s.setups[i].name == name)
            return int(i);
    return -1;
}

void typeInto(QAbstractSpinBox* box, const QString& text)
{
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Enter);
}

} // namespace

class TestHonestExplanation : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { test::startPrivateSession(QStringLiteral("tst_honestexplanation")); }

    void anEditIsSaidAndResetPresetUndoes()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        test::menuAction(w, QStringLiteral("&Presets"), kReference)->trigger();
        const Preset* reference = findPreset("reference");
        QCOMPARE(w.scenario(), reference->scenario);
        const QString firstWords = QString::fromStdString(reference->explanation).left(30);
        const QColor holding = textColour(w, firstWords);
        QVERIFY(!editsLine(w)->isVisibleTo(&w));
        QVERIFY(!resetButton(w)->isVisibleTo(&w));

        // The budget of "hedge, no budget / client" typed: 0 → 7 % (the setup renames itself).
        const int row = rowOf(w.scenario(), kNoBudget);
        QVERIFY(row >= 0);
        test::setupList(w)->setCurrentRow(row);
        typeInto(test::setupEditor(w)->budgetSpin(), QStringLiteral("7"));
        QCOMPARE(w.scenario().setups[std::size_t(row)].hedge->budgetPercent, 7.0);
        QVERIFY(editsLine(w)->isVisibleTo(&w));
        QCOMPARE(editsLine(w)->text(),
                 QStringLiteral("Edited: budget of “hedge, no budget / client” 0 → 7 %"));
        QVERIFY(resetButton(w)->isVisibleTo(&w));
        // The text is the preset's, said so and greyed: not presented as holding.
        QVERIFY(body(w)->toPlainText().startsWith(
            QStringLiteral("This describes the preset as loaded; your edits changed it.")));
        const QColor greyed = textColour(w, firstWords);
        QVERIFY(greyed != holding);
        // Greyed: nearer the page's colour than the text that holds.
        const QColor page = body(w)->palette().color(QPalette::Window);
        const auto distance = [](const QColor& a, const QColor& b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
                   std::abs(a.blue() - b.blue());
        };
        QVERIFY2(distance(greyed, page) < distance(holding, page) / 2 + 10,
                 qPrintable(greyed.name() + QLatin1Char(' ') + holding.name()));
        // So does a report of the edited scenario.
        const QString report = m_dir.filePath(QStringLiteral("edited.html"));
        QCOMPARE(w.exportReport(report), std::nullopt);
        QFile file(report);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QVERIFY(html.contains(QStringLiteral("the scenario of this report was edited from it. "
                                             "Edited: budget of “hedge, no budget / client” 0 "
                                             "→ 7 %.")));

        // Reset Preset: the preset's numbers, in the document and the editor; the line goes.
        QTest::mouseClick(resetButton(w), Qt::LeftButton);
        QCOMPARE(w.scenario(), reference->scenario);
        test::setupList(w)->setCurrentRow(row);
        QCOMPARE(test::setupEditor(w)->budgetSpin()->value(), 0.0);
        QVERIFY(!editsLine(w)->isVisibleTo(&w));
        QVERIFY(!resetButton(w)->isVisibleTo(&w));
        QCOMPARE(textColour(w, firstWords), holding);
        QVERIFY(!body(w)->toPlainText().contains(QStringLiteral("your edits changed it")));

        // Undo takes the reset back: the edit and its line return.
        QTest::keySequence(&w, QKeySequence::Undo);
        QCOMPARE(w.scenario().setups[std::size_t(row)].hedge->budgetPercent, 7.0);
        QCOMPARE(editsLine(w)->text(),
                 QStringLiteral("Edited: budget of “hedge, no budget / client” 0 → 7 %"));
        QCOMPARE(textColour(w, firstWords), greyed);
        // Undone back to the preset's state: nothing is edited, the line goes.
        QTest::keySequence(&w, QKeySequence::Undo);
        QCOMPARE(w.scenario(), reference->scenario);
        QVERIFY(!editsLine(w)->isVisibleTo(&w));
        QCOMPARE(textColour(w, firstWords), holding);
    }

    // Several edits (a service knob typed, a setup added, a delay typed, a setup removed):
    // each is listed, the first three in the line, "and 1 more" after them, all in its tooltip.
    void severalEditsAreListed()
    {
        MainWindow w(MainWindow::Options{.restoreSession = false, .runAtStart = false});
        w.resize(1024, 700);
        w.show();
        test::menuAction(w, QStringLiteral("&Presets"), kReference)->trigger();
        typeInto(test::serviceRunEditor(w)->workersSpin(), QStringLiteral("24"));
        QCOMPARE(editsLine(w)->text(), QStringLiteral("Edited: service workers 16 → 24"));
        QToolButton* add = nullptr;
        for (QToolButton* b : test::setupList(w)->findChildren<QToolButton*>())
            if (b->text() == QStringLiteral("Add"))
                add = b;
        QVERIFY(add);
        QTest::mouseClick(add, Qt::LeftButton);
        QCOMPARE(editsLine(w)->text(),
                 QStringLiteral("Edited: setup “new setup” added; service workers 16 → 24"));
        const int row = rowOf(w.scenario(), kNoBudget);
        test::setupList(w)->setCurrentRow(row);
        typeInto(test::setupEditor(w)->delaySpin(), QStringLiteral("35"));
        test::setupList(w)->setCurrentRow(0);
        const std::string first = w.scenario().setups[0].name;
        test::setupList(w)->removeSetup();
        const QString removed =
            QStringLiteral("setup “%1” removed").arg(QString::fromStdString(first));
        QCOMPARE(editsLine(w)->text(),
                 QStringLiteral("Edited: %1; delay of “hedge, no budget / client” 20 → 35 ms; "
                                "setup “new setup” added and 1 more")
                     .arg(removed));
        QCOMPARE(editsLine(w)->toolTip().split(QLatin1Char('\n')).size(), 4);
        QVERIFY(editsLine(w)->toolTip().endsWith(QStringLiteral("service workers 16 → 24")));
    }
};

QTEST_MAIN(TestHonestExplanation)

#include "tst_honestexplanation.moc"
