// Setup names as a user meets them: generated names follow the policy edited in the setup
// editor until the user renames the setup, and every change of the list's names or order
// is proposed with the setups it gives and shown back with the styles following the names.
#include "DocumentSetupList.h"
#include "KnobField.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"
#include "SetupNames.h"
#include "UserInput.h"

#include <QCheckBox>
#include <QRadioButton>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

using namespace hedge;

namespace {

// The list and the editor in one window, wired to a scenario document as the main window's
// EditorsController wires them.
struct SetupPanel {
    QWidget window;
    test::DocumentSetupList shown;
    SetupListWidget& list = shown.list;
    SetupEditor& editor = *new SetupEditor(&window);

    explicit SetupPanel(const std::vector<Setup>& setups) : shown(setups, &window)
    {
        auto* layout = new QHBoxLayout(&window);
        layout->addWidget(&list);
        layout->addWidget(&editor);
        QObject::connect(&list, &SetupListWidget::currentSetupChanged, &editor,
                         [this](int row) { editor.setSetup(list.setups()[row]); });
        QObject::connect(&editor, &SetupEditor::edited, &list, [this] { applyEdit(); });
        shown.showWhatIsProposed();
        editor.setSetup(list.setups()[0]);
        window.show();
        window.activateWindow();
        if (!QTest::qWaitForWindowActive(&window))
            qFatal("the test window did not become active");
    }
    // The list goes before the document it shows.
    ~SetupPanel() { delete &list; }

    void select(const std::string& name)
    {
        for (int i = 0; i < static_cast<int>(list.setups().size()); ++i)
            if (list.setups()[i].name == name)
                list.setCurrentRow(i);
        QCOMPARE(list.setups()[list.currentRow()].name, name);
    }
    std::string currentName() const { return list.setups()[list.currentRow()].name; }

    void applyEdit()
    {
        const int row = list.currentRow();
        Scenario next = shown.document.scenario();
        next.setups[std::size_t(row)] = withEditedKnobs(next.setups, row, editor.setup());
        shown.document.applyEdit(next);
        editor.setName(next.setups[std::size_t(row)].name);
    }
};

std::vector<Setup> referenceSetups(std::initializer_list<const char*> names)
{
    std::vector<Setup> chosen;
    for (const Setup& s : Scenario::referenceSetups())
        for (const char* name : names)
            if (s.name == name)
                chosen.push_back(s);
    return chosen;
}

// The user clicks the other cancellation mode.
void toggleCancellation(SetupEditor& editor)
{
    const bool server = editor.setup().cancellation == Cancellation::Server;
    QTest::mouseClick(editor.cancellationButton(server ? Cancellation::Client : Cancellation::Server),
                      Qt::LeftButton);
}

bool stylesMatchSetups(const SetupListWidget& list)
{
    if (static_cast<std::size_t>(list.styles().size()) != list.setups().size())
        return false;
    for (std::size_t i = 0; i < list.setups().size(); ++i)
        if (list.styles()[static_cast<qsizetype>(i)].setup !=
            QString::fromStdString(list.setups()[i].name))
            return false;
    return true;
}

bool editorTitleShows(const SetupEditor& editor, const std::string& name)
{
    for (QLabel* label : editor.findChildren<QLabel*>())
        if (label->text() == QString::fromStdString(name))
            return true;
    return false;
}

} // namespace

class TestSetupNames : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void referenceNamesAreTheGeneratedOnes()
    {
        for (const Setup& s : Scenario::referenceSetups()) {
            QCOMPARE(s.generatedName(), s.name);
            QVERIFY(s.nameFollowsPolicy());
        }
        Setup s;
        s.hedge = HedgeSettings{.maxAttempts = 4, .budgetPercent = 2.5};
        s.adaptiveLimit = Gradient2Config{};
        s.cancellation = Cancellation::Server;
        QCOMPARE(s.generatedName(), std::string("4 attempts, budget 2.5 %, adaptive limit / server"));
        s.name = s.generatedName() + " 2";
        QVERIFY(s.nameFollowsPolicy());
        s.name = s.generatedName() + " 2b";
        QVERIFY(!s.nameFollowsPolicy());
        s.name = "my hedge";
        QVERIFY(!s.nameFollowsPolicy());
    }

    // "Names go stale": a preset setup switched to server cancellation still read "/ client".
    void generatedNameFollowsThePolicyEditedInTheEditor()
    {
        SetupPanel panel(referenceSetups({"no hedge / client", "hedge, default budget / client"}));
        panel.select("hedge, default budget / client");
        const QColor colour = panel.list.styles()[1].color;

        toggleCancellation(panel.editor);
        QCOMPARE(panel.currentName(), std::string("hedge, default budget / server"));
        QVERIFY(stylesMatchSetups(panel.list));
        QCOMPARE(panel.list.styles()[1].color, colour); // renamed, not recoloured
        QVERIFY(editorTitleShows(panel.editor, "hedge, default budget / server"));
        QCOMPARE(panel.list.listWidget()->currentItem()->text(),
                 QStringLiteral("hedge, default budget / server"));

        // A typed budget renames it too (after the typing pause).
        QDoubleSpinBox* budget =
            test::knobField<QDoubleSpinBox>(&panel.editor, "hedge.budget_percent");
        test::typeInto(budget, QStringLiteral("5"));
        QTRY_COMPARE_WITH_TIMEOUT(panel.currentName(), std::string("hedge, budget 5 % / server"),
                                  60000);
        QVERIFY(editorTitleShows(panel.editor, "hedge, budget 5 % / server"));

        // Switching the hedge off.
        test::knobField<QCheckBox>(&panel.editor, "hedge")->click();
        QCOMPARE(panel.currentName(), std::string("no hedge / server"));
        QVERIFY(stylesMatchSetups(panel.list));
    }

    void generatedNameStaysUniqueInTheList()
    {
        SetupPanel panel(
            referenceSetups({"hedge, no budget / client", "hedge, no budget / server"}));
        panel.select("hedge, no budget / client");
        toggleCancellation(panel.editor);
        QCOMPARE(panel.currentName(), std::string("hedge, no budget / server 2"));
        // It still follows its policy.
        toggleCancellation(panel.editor);
        QCOMPARE(panel.currentName(), std::string("hedge, no budget / client"));
        QVERIFY(stylesMatchSetups(panel.list));
    }

    void nameTheUserGaveIsKept()
    {
        SetupPanel panel(referenceSetups({"no hedge / client", "hedge, default budget / client"}));
        panel.select("hedge, default budget / client");
        // F2, a new name, Enter.
        QListWidget* list = panel.list.listWidget();
        list->setFocus();
        QTest::keyClick(list, Qt::Key_F2);
        auto* editLine = list->findChild<QLineEdit*>();
        QVERIFY(editLine);
        editLine->selectAll();
        QTest::keyClicks(editLine, QStringLiteral("my hedge"));
        QTest::keyClick(editLine, Qt::Key_Enter); // the view commits it from the event loop
        QTRY_COMPARE_WITH_TIMEOUT(panel.currentName(), std::string("my hedge"), 60000);

        toggleCancellation(panel.editor);
        QCOMPARE(panel.currentName(), std::string("my hedge"));
        QCOMPARE(panel.list.setups()[panel.list.currentRow()].cancellation, Cancellation::Server);
        QVERIFY(editorTitleShows(panel.editor, "my hedge"));
    }

    // Defect 1 (the list's part): a new, duplicated, renamed or moved setup must reach the
    // document, whose styles then follow the names (the drawing follows the document).
    void everyNameOrOrderChangeReachesTheDrawing()
    {
        test::DocumentSetupList shown(
            referenceSetups({"no hedge / client", "hedge, default budget / client"}));
        SetupListWidget& list = shown.list;
        shown.showWhatIsProposed();
        list.show();
        list.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&list));
        QListWidget* view = list.listWidget();
        view->setFocus();
        list.setCurrentRow(1);
        QSignalSpy setups(&list, &SetupListWidget::setupsChanged);

        QTest::keyClick(view, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier); // add
        QCOMPARE(list.setups().size(), std::size_t{3});
        QCOMPARE(setups.count(), 1);
        QVERIFY(stylesMatchSetups(list));

        QTest::keyClick(view, Qt::Key_D, Qt::ControlModifier); // duplicate
        QCOMPARE(list.setups().size(), std::size_t{4});
        QCOMPARE(setups.count(), 2);
        QVERIFY(stylesMatchSetups(list));

        QTest::keyClick(view, Qt::Key_F2); // rename
        auto* editLine = view->findChild<QLineEdit*>();
        QVERIFY(editLine);
        editLine->selectAll();
        QTest::keyClicks(editLine, QStringLiteral("renamed"));
        QTest::keyClick(editLine, Qt::Key_Enter);
        QTRY_COMPARE_WITH_TIMEOUT(list.setups()[3].name, std::string("renamed"), 60000);
        QCOMPARE(setups.count(), 3);
        QVERIFY(stylesMatchSetups(list));

        view->setFocus();
        QTest::keyClick(view, Qt::Key_Up, Qt::AltModifier); // reorder
        QCOMPARE(list.setups()[2].name, std::string("renamed"));
        QCOMPARE(setups.count(), 4);
        QVERIFY(stylesMatchSetups(list));

        QTest::keyClick(view, Qt::Key_Delete); // remove
        QCOMPARE(list.setups().size(), std::size_t{3});
        QCOMPARE(setups.count(), 5);
        QVERIFY(stylesMatchSetups(list));
        // Each was a change of the scenario too.
        QCOMPARE(setups.count(), 5);
    }

    // A copy of a setup named by its policy is named by its policy too, so it follows edits.
    void duplicateOfAGeneratedNameFollowsItsPolicy()
    {
        SetupPanel panel(referenceSetups({"hedge, no budget / client"}));
        panel.list.duplicateSetup();
        QCOMPARE(panel.currentName(), std::string("hedge, no budget / client 2"));
        toggleCancellation(panel.editor);
        QCOMPARE(panel.currentName(), std::string("hedge, no budget / server"));
    }
};

QTEST_MAIN(TestSetupNames)
#include "tst_setupnames.moc"
