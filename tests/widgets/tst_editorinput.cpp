// How the editors take input from a user's keyboard and mouse: typed values apply after a short
// pause without Enter, bad values are reported next to their field while the state in force
// before the edit stays, and the mouse wheel scrolls the editor unless a field has the focus.
#include "KnobField.h"
#include "ServiceRunEditor.h"
#include "SetupEditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSpontaneKeyEvent>
#include <QToolButton>
#include <QtTest>

#include "UserInput.h"

using namespace hedge;
using namespace hedge::test;

namespace {

// Whether `label` sits right under `field` (within two field heights), i.e. next to it.
bool isRightUnder(QLabel* label, QWidget* field, QWidget* editor)
{
    const int fieldBottom = field->mapTo(editor, QPoint(0, field->height())).y();
    const int labelTop = label->mapTo(editor, QPoint(0, 0)).y();
    return labelTop >= fieldBottom && labelTop - fieldBottom < 2 * field->height();
}

// A setup with a hedge at the defaults, in a shown editor.
void showHedgedSetup(SetupEditor& editor)
{
    Setup s;
    s.name = "a";
    s.hedge = HedgeSettings{};
    editor.setSetup(s);
    editor.show();
    if (!QTest::qWaitForWindowExposed(&editor))
        qFatal("the editor was not shown");
}

Scenario sevenLoads()
{
    Scenario s;
    s.loads = {0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95};
    return s;
}

} // namespace

class TestEditorInput : public QObject {
    Q_OBJECT
private slots:
    // Defect 7: a typed number applied only on Enter or Tab.
    void typedNumberAppliesAfterAPauseWithoutEnter()
    {
        SetupEditor editor;
        showHedgedSetup(editor);
        QSignalSpy edited(&editor, &SetupEditor::edited);

        typeInto(test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms"), QStringLiteral("35"));
        // Not per keystroke: nothing applies before the pause.
        QCOMPARE(edited.count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(edited.count(), 1, 60000);
        QCOMPARE(editor.setup().hedge->delayMs, 35.0);
        QVERIFY(test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms")
                    ->hasFocus()); // still typing: no Enter, no Tab

        // Enter after the pause applies nothing twice.
        QTest::keyClick(test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms"), Qt::Key_Enter);
        QCOMPARE(edited.count(), 1);
    }

    void typedServiceAndRunFieldsApplyAfterAPause()
    {
        ServiceRunEditor editor;
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QSignalSpy edited(&editor, &ServiceRunEditor::edited);

        typeInto(editor.workersSpin(), QStringLiteral("24"));
        QCOMPARE(edited.count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(edited.count(), 1, 60000);
        QCOMPARE(editor.service().workers, 24);

        typeInto(editor.seedEdit(), QStringLiteral("77"));
        QCOMPARE(edited.count(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(edited.count(), 2, 60000);
        Scenario out;
        editor.applyTo(out);
        QCOMPARE(out.seed, std::uint64_t{77});

        QTest::keyClick(editor.seedEdit(), Qt::Key_Enter); // ends this edit
        QCOMPARE(edited.count(), 2);

        // A seed beyond 64 bits is reported, and the seed of before the edit stays.
        QTest::keyClicks(editor.seedEdit(), QStringLiteral("123456789012345678"));
        QLabel* message = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (message = visibleLabelWith(&editor, QStringLiteral("largest seed"))) != nullptr,
            60000);
        QVERIFY2(message->text().contains(QStringLiteral("18446744073709551615")),
                 qPrintable(message->text()));
        editor.applyTo(out);
        QCOMPARE(out.seed, std::uint64_t{77});
        // Leaving an emptied seed is reported too, and puts back the seed in force.
        editor.seedEdit()->clear();
        QTest::keyClick(editor.seedEdit(), Qt::Key_Tab);
        QCOMPARE(editor.seedEdit()->text(), QStringLiteral("77"));
        QVERIFY(message->isVisible());
        QVERIFY2(message->text().contains(QStringLiteral("whole number")),
                 qPrintable(message->text()));
        editor.applyTo(out);
        QCOMPARE(out.seed, std::uint64_t{77});
    }

    // The load list followed the same rule as the other fields: not on every keystroke.
    void loadListAppliesAfterAPause()
    {
        ServiceRunEditor editor;
        editor.setScenario(sevenLoads());
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QCOMPARE(editor.loadModeCombo()->currentIndex(), 1);
        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        typeInto(editor.loadListEdit(), QStringLiteral("0.3, 0.45"));
        QCOMPARE(edited.count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(edited.count(), 1, 60000);
        QCOMPARE(editor.loads(), (std::vector<double>{0.3, 0.45}));
    }

    // Defect 4: the "last good" loads were a half-typed prefix of the bad text.
    void badLoadListKeepsTheListInForceBeforeTheEdit()
    {
        const Scenario s = sevenLoads();
        ServiceRunEditor editor;
        editor.setScenario(s);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        QLineEdit* list = editor.loadListEdit();

        // The user pauses after "0.5,": that prefix is a valid list and applies...
        typeInto(list, QStringLiteral("0.5,"));
        QTRY_COMPARE_WITH_TIMEOUT(editor.loads(), (std::vector<double>{0.5}), 60000);
        // ... then goes on typing something that is not a load.
        QTest::keyClicks(list, QStringLiteral(" abc"));
        QTRY_VERIFY_WITH_TIMEOUT(editor.loadErrorLabel()->isVisible(), 60000);
        QCOMPARE(editor.loads(), s.loads);
        QCOMPARE(edited.count(), 2); // the prefix, then back to the seven loads
        const QString error = editor.loadError();
        QVERIFY2(error.contains(QStringLiteral("Loads")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("abc")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("(0, 1.5]")), qPrintable(error));
        QVERIFY2(error.contains(ServiceRunEditor::formatLoadList(s.loads)), qPrintable(error));
        QVERIFY(isRightUnder(editor.loadErrorLabel(), list, &editor));

        // Leaving the field loses nothing: the text stays to be corrected, the loads stay.
        QTest::keyClick(list, Qt::Key_Tab);
        QCOMPARE(list->text(), QStringLiteral("0.5, abc"));
        QCOMPARE(editor.loads(), s.loads);
        QVERIFY(editor.loadErrorLabel()->isVisible());

        // A list committed with Enter is the new last good one.
        typeInto(list, QStringLiteral("0.4, 0.6"));
        QTest::keyClick(list, Qt::Key_Enter);
        QCOMPARE(editor.loads(), (std::vector<double>{0.4, 0.6}));
        QVERIFY(!editor.loadErrorLabel()->isVisible());
        QTest::keyClicks(list, QStringLiteral(", 2"));
        QTRY_VERIFY_WITH_TIMEOUT(editor.loadErrorLabel()->isVisible(), 60000);
        QCOMPARE(editor.loads(), (std::vector<double>{0.4, 0.6}));
        QVERIFY(editor.loadError().contains(QStringLiteral("0.4, 0.6")));
    }

    // Defect 5: 400 typed into "from" (with "to" at 300) became 40 without a word.
    void outOfRangeNumberIsReportedNotChanged()
    {
        ServiceRunEditor editor;
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QCOMPARE(editor.service().hiccupMinMs, 100.0);
        QCOMPARE(editor.service().hiccupMaxMs, 300.0);
        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        QDoubleSpinBox* from = editor.hiccupMinSpin();

        typeInto(from, QStringLiteral("400"));
        QVERIFY2(from->text().contains(QStringLiteral("400")), qPrintable(from->text()));
        QLabel* message = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (message = visibleLabelWith(&editor, QStringLiteral("400"))) != nullptr, 60000);
        QVERIFY2(message->text().contains(QStringLiteral("Hiccup")), qPrintable(message->text()));
        QVERIFY2(message->text().contains(QStringLiteral("300")), qPrintable(message->text()));
        QVERIFY2(message->text().contains(QStringLiteral("100")), qPrintable(message->text()));
        QTRY_VERIFY_WITH_TIMEOUT(isRightUnder(message, from, &editor), 60000);
        QCOMPARE(editor.service().hiccupMinMs, 100.0);
        QCOMPARE(edited.count(), 0);

        // Tab: the field shows the value in force again; the message stays until fixed.
        QTest::keyClick(from, Qt::Key_Tab);
        QCOMPARE(editor.service().hiccupMinMs, 100.0);
        QCOMPARE(from->value(), 100.0);
        QCOMPARE(edited.count(), 0);
        QVERIFY(message->isVisible());

        // Half applied: "4" pauses and applies, "400" then goes back to the 100 of before.
        typeInto(from, QStringLiteral("4"));
        QTRY_VERIFY_WITH_TIMEOUT(!message->isVisible(), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(editor.service().hiccupMinMs, 4.0, 60000);
        QTest::keyClicks(from, QStringLiteral("00"));
        QTRY_COMPARE_WITH_TIMEOUT(editor.service().hiccupMinMs, 100.0, 60000);
        QVERIFY(message->isVisible());
        QCOMPARE(edited.count(), 2);
    }

    void outOfRangeSetupKnobIsReported()
    {
        SetupEditor editor;
        showHedgedSetup(editor);
        QSignalSpy edited(&editor, &SetupEditor::edited);
        typeInto(test::knobField<QDoubleSpinBox>(&editor, "hedge.budget_percent"),
                 QStringLiteral("150"));
        QLabel* message = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (message = visibleLabelWith(&editor, QStringLiteral("150"))) != nullptr, 60000);
        QVERIFY2(message->text().contains(QStringLiteral("Budget")), qPrintable(message->text()));
        QVERIFY2(message->text().contains(QStringLiteral("100")), qPrintable(message->text()));
        QTRY_VERIFY_WITH_TIMEOUT(
            isRightUnder(message, test::knobField<QDoubleSpinBox>(&editor, "hedge.budget_percent"),
                         &editor),
            60000);
        QTest::keyClick(test::knobField<QDoubleSpinBox>(&editor, "hedge.budget_percent"),
                        Qt::Key_Enter);
        QCOMPARE(editor.setup().hedge->budgetPercent, 10.0);
        QCOMPARE(edited.count(), 0);
    }

    // Defect 6: scrolling the editor with the wheel changed the field under the pointer.
    void wheelScrollsTheEditorUnlessAFieldHasFocus()
    {
        QScrollArea area;
        area.setWidgetResizable(true);
        auto* editor = new SetupEditor;
        Setup s;
        s.name = "a";
        s.hedge = HedgeSettings{};
        s.adaptiveLimit = Gradient2Config{};
        editor->setSetup(s);
        area.setWidget(editor);
        area.resize(320, 160);
        area.show();
        area.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&area));
        // Open the limit's fold so the editor is taller than the area.
        for (QToolButton* fold : editor->findChildren<QToolButton*>())
            if (fold->text().contains(QStringLiteral("limit")))
                fold->click();
        QSpinBox* minLimit = test::knobField<QSpinBox>(editor, "adaptive_limit.min_limit");
        QTRY_VERIFY_WITH_TIMEOUT(minLimit->isVisible(), 60000);
        QScrollBar* bar = area.verticalScrollBar();
        // The min limit at the top of the view, with more of the editor below it.
        QTRY_VERIFY_WITH_TIMEOUT(bar->maximum() > minLimit->mapTo(editor, QPoint()).y(), 60000);
        bar->setValue(minLimit->mapTo(editor, QPoint()).y() - 4);
        QVERIFY(bar->maximum() > 0);
        QSignalSpy edited(editor, &SetupEditor::edited);
        test::knobField<QCheckBox>(editor, "hedge")->setFocus();
        const int minBefore = minLimit->value();

        // Down: the way that would lower the limit (20 is also its maximum, the initial limit).
        QVERIFY(bar->value() < bar->maximum());
        const int scrollBefore = bar->value();
        wheel(minLimit, -120);
        QCOMPARE(minLimit->value(), minBefore);
        QVERIFY(!minLimit->hasFocus());
        QVERIFY2(bar->value() != scrollBefore, "the wheel should scroll the editor");

        QCOMPARE(edited.count(), 0);

        // A focused field takes the wheel, as a desktop user expects.
        bar->setValue(minLimit->mapTo(editor, QPoint()).y() - 4);
        minLimit->setFocus();
        QVERIFY(minLimit->hasFocus());
        wheel(minLimit, -120);
        QCOMPARE(minLimit->value(), minBefore - 1);
        QCOMPARE(edited.count(), 1);
    }

    void wheelOverServiceFieldsScrollsToo()
    {
        QScrollArea area;
        area.setWidgetResizable(true);
        auto* editor = new ServiceRunEditor;
        area.setWidget(editor);
        area.resize(320, 200);
        area.show();
        area.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&area));
        QScrollBar* bar = area.verticalScrollBar();
        QVERIFY(bar->maximum() > 0);
        QSignalSpy edited(editor, &ServiceRunEditor::edited);
        editor->seedEdit()->setFocus(); // not the first field, which the window gave the focus
        const QList<QWidget*> fields{editor->workersSpin(), editor->medianSpin(),
                                     editor->loadModeCombo(), editor->loadFromSpin(),
                                     editor->callsSpin()};
        int scrolled = 0;
        for (QWidget* field : fields) {
            area.ensureWidgetVisible(field);
            const int before = bar->value();
            wheel(field, -120); // down: each of these fields could go down (or to the list)
            scrolled += bar->value() != before ? 1 : 0;
        }
        QVERIFY(scrolled > 0);
        QCOMPARE(edited.count(), 0);
        Scenario out;
        editor->applyTo(out);
        QCOMPARE(out, Scenario{});
    }
};

QTEST_MAIN(TestEditorInput)
#include "tst_editorinput.moc"
