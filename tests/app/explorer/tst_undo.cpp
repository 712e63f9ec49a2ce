// Undo and redo as a user meets them (docs/user-guide.md, "Undo and redo"): a setup added,
// renamed, a knob typed, a setup removed, then Ctrl+Z step by step takes the setup list and the
// working scenario back through each state (names, order, values, colours, hidden setups),
// Ctrl+Shift+Z forward again; a slider's drag is one step; undone back to the file as opened,
// the window is no longer modified; opening a file starts a new history.
#include "ExplorerTestScenarios.h"
#include "ExplorerTestSupport.h"
#include "HeldMouse.h"
#include "KnobField.h"
#include "MainWindow.h"
#include "UserInput.h"

#include "KnobSlider.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <hedge/document/ScenarioDocument.h>

#include <QAction>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace hedge;

namespace {

// What one state of the history shows: the setups' names in order, and each one's hedge delay
// (none without a hedge).
struct Shown {
    std::vector<std::string> names;
    std::vector<std::optional<double>> delays;
};

Shown documentState(const ScenarioDocument& document)
{
    Shown shown;
    for (const Setup& s : document.scenario().setups) {
        shown.names.push_back(s.name);
        shown.delays.push_back(s.hedge ? std::optional(s.hedge->delayMs) : std::nullopt);
    }
    return shown;
}

std::vector<std::string> listNames(const SetupListWidget& list)
{
    std::vector<std::string> names;
    for (int i = 0; i < list.listWidget()->count(); ++i)
        names.push_back(list.listWidget()->item(i)->text().toStdString());
    return names;
}

QToolButton* button(const SetupListWidget& list, const QString& text)
{
    for (QToolButton* b : list.findChildren<QToolButton*>())
        if (b->text() == text)
            return b;
    qFatal("no %s button", qPrintable(text));
}

void clickRow(SetupListWidget& list, int row)
{
    QListWidget* view = list.listWidget();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier,
                      view->visualItemRect(view->item(row)).center());
}

} // namespace

// verifyShown() and stop at its first failure.
#define VERIFY_SHOWN(state)                                                                     \
    do {                                                                                       \
        verifyShown(state);                                                                    \
        if (QTest::currentTestFailed())                                                        \
            return;                                                                            \
    } while (false)

class TestUndo : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    ScenarioDocument* m_document = nullptr;
    SetupListWidget* m_list = nullptr;
    SetupEditor* m_editor = nullptr;

    void open(const QString& name)
    {
        m_window = test::openWindow(m_dir, test::twoSetups({0.5, 0.8}), name);
        m_window->resize(1024, 700);
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        m_document = m_window->findChild<ScenarioDocument*>();
        m_list = m_window->findChild<SetupListWidget*>();
        m_editor = m_window->findChild<SetupEditor*>();
        QVERIFY(m_document && m_list && m_editor);
    }

    // The list and the document show `expected`, and the editor the selected setup's delay.
    void verifyShown(const Shown& expected)
    {
        const Shown document = documentState(*m_document);
        QCOMPARE(document.names, expected.names);
        QCOMPARE(document.delays, expected.delays);
        QCOMPARE(listNames(*m_list), expected.names);
        const int row = m_list->currentRow();
        QVERIFY(row >= 0);
        if (const auto delay = expected.delays[std::size_t(row)])
            QCOMPARE(test::knobField<QDoubleSpinBox>(m_editor, "hedge.delay_ms")->value(), *delay);
    }

    void pressKeys(QKeyCombination keys)
    {
        // The shortcut is the window's: it acts wherever the focus is outside a text field.
        m_list->listWidget()->setFocus();
        QTest::keyClick(m_list->listWidget(), keys.key(), keys.keyboardModifiers());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::startPrivateSession(QStringLiteral("tst_undo"));
    }

    void init() { test::clearSession(); }
    void cleanup() { m_window.reset(); }

    void undoAndRedoStepThroughEveryEdit()
    {
        open(QStringLiteral("two.json"));
        QAction* undo = test::menuAction(*m_window, QStringLiteral("&Edit"), QStringLiteral("&Undo"));
        QAction* redo = test::menuAction(*m_window, QStringLiteral("&Edit"), QStringLiteral("&Redo"));
        QVERIFY(undo && redo);
        QVERIFY(!undo->isEnabled()); // an opened file has no history
        const double defaultDelay = HedgeSettings{}.delayMs;
        std::vector<Shown> states;
        states.push_back({{"no hedge", "hedge, no budget"}, {std::nullopt, 20.0}});
        VERIFY_SHOWN(states.back());
        const QColor plainColour = m_list->styles()[0].color;

        // Add, after the selected setup.
        clickRow(*m_list, 1);
        QTest::mouseClick(button(*m_list, QStringLiteral("Add")), Qt::LeftButton);
        states.push_back({{"no hedge", "hedge, no budget", "new setup"},
                          {std::nullopt, 20.0, defaultDelay}});
        VERIFY_SHOWN(states.back());

        // Rename: F2, a name, Enter.
        QListWidget* view = m_list->listWidget();
        view->setFocus();
        QTest::keyClick(view, Qt::Key_F2);
        auto* nameEdit = view->findChild<QLineEdit*>();
        QVERIFY(nameEdit);
        nameEdit->selectAll();
        QTest::keyClicks(nameEdit, QStringLiteral("mine"));
        QTest::keyClick(nameEdit, Qt::Key_Enter);
        QTRY_COMPARE(m_document->scenario().setups[2].name, std::string("mine"));
        states.push_back({{"no hedge", "hedge, no budget", "mine"},
                          {std::nullopt, 20.0, defaultDelay}});
        VERIFY_SHOWN(states.back());

        // A knob typed (it applies after the typing pause).
        QDoubleSpinBox* delay = test::knobField<QDoubleSpinBox>(m_editor, "hedge.delay_ms");
        test::typeInto(delay, QStringLiteral("45"));
        QTRY_COMPARE(m_document->scenario().setups[2].hedge->delayMs, 45.0);
        states.push_back({{"no hedge", "hedge, no budget", "mine"}, {std::nullopt, 20.0, 45.0}});
        VERIFY_SHOWN(states.back());

        // Remove the first setup.
        clickRow(*m_list, 0);
        QTest::mouseClick(button(*m_list, QStringLiteral("Remove")), Qt::LeftButton);
        states.push_back({{"hedge, no budget", "mine"}, {20.0, 45.0}});
        VERIFY_SHOWN(states.back());
        QCOMPARE(m_document->undoStack()->count(), 4);

        // Space hides "mine": an edit of how the scenario is drawn, an undo step of its own,
        // undone first.
        clickRow(*m_list, 1);
        QTest::keyClick(view, Qt::Key_Space);
        QVERIFY(!m_list->styles()[1].visible);
        QVERIFY(!m_document->style().setups[1].visible);
        QCOMPARE(m_document->undoStack()->count(), 5);
        QVERIFY2(undo->text().contains(QStringLiteral("Hide “mine”")), qPrintable(undo->text()));
        pressKeys(Qt::CTRL | Qt::Key_Z);
        VERIFY_SHOWN(states.back());
        QVERIFY(m_list->styles()[1].visible);
        QCOMPARE(view->item(1)->checkState(), Qt::Checked);

        // Back, one step at a time.
        for (int i = int(states.size()) - 2; i >= 0; --i) {
            QVERIFY(undo->isEnabled());
            pressKeys(Qt::CTRL | Qt::Key_Z);
            VERIFY_SHOWN(states[std::size_t(i)]);
        }
        QVERIFY(!undo->isEnabled());
        // The removed setup came back in its own colour.
        QCOMPARE(m_list->styles()[0].color, plainColour);

        // And forward again.
        for (std::size_t i = 1; i < states.size(); ++i) {
            QVERIFY(redo->isEnabled());
            pressKeys(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
            VERIFY_SHOWN(states[i]);
        }
        pressKeys(Qt::CTRL | Qt::SHIFT | Qt::Key_Z); // "mine" hidden again
        QVERIFY(!m_list->styles()[1].visible);
        QCOMPARE(view->item(1)->checkState(), Qt::Unchecked);
        QVERIFY(!redo->isEnabled());
        QVERIFY(m_window->isWindowModified());
    }

    // Issue 37, item 14: Ctrl+Z pressed in the number box right after typing (before the
    // typing pause) takes the typed edit back; the box's own text undo ate it. The step is
    // named by its knob, setup and values.
    void ctrlZRightAfterTypingUndoesTheTypedEditAndNamesIt()
    {
        open(QStringLiteral("typed.json"));
        QAction* undo = test::menuAction(*m_window, QStringLiteral("&Edit"), QStringLiteral("&Undo"));
        QAction* redo = test::menuAction(*m_window, QStringLiteral("&Edit"), QStringLiteral("&Redo"));
        QVERIFY(undo && redo);
        clickRow(*m_list, 1);
        QDoubleSpinBox* delay = test::knobField<QDoubleSpinBox>(m_editor, "hedge.delay_ms");
        QCOMPARE(delay->value(), 20.0);
        test::typeInto(delay, QStringLiteral("30"));
        QTest::keyClick(delay, Qt::Key_Z, Qt::ControlModifier); // at once, in the box
        // The typed edit was made and taken back: the document at 20 ms, the edit on Redo.
        QCOMPARE(m_document->scenario().setups[1].hedge->delayMs, 20.0);
        QCOMPARE(m_document->undoStack()->count(), 1);
        QCOMPARE(m_document->undoStack()->index(), 0);
        QVERIFY(redo->isEnabled());
        QCOMPARE(delay->value(), 20.0);
        const QString named = QStringLiteral("delay of “hedge, no budget” 20 → 30 ms");
        QVERIFY2(redo->text().contains(named), qPrintable(redo->text()));
        // Ctrl+Shift+Z in the box brings it again.
        delay->setFocus();
        QTest::keyClick(delay, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(m_document->scenario().setups[1].hedge->delayMs, 30.0);
        QCOMPARE(delay->value(), 30.0);
        QVERIFY2(undo->text().contains(named), qPrintable(undo->text()));
        QVERIFY(!undo->text().contains(QStringLiteral("Edit Setup")));
    }

    void aDragIsOneStepAndOpeningAFileClearsTheHistory()
    {
        open(QStringLiteral("drag.json"));
        clickRow(*m_list, 1);
        KnobSlider* slider = test::knobField<KnobSlider>(m_editor, "hedge.delay_ms");
        const QPoint start = slider->handleRect().center();
        QTest::mousePress(slider, Qt::LeftButton, Qt::NoModifier, start);
        for (int step = 1; step <= 5; ++step)
            test::moveHeldMouse(slider, start + QPoint(step * slider->width() / 12, 0));
        QTest::mouseRelease(slider, Qt::LeftButton, Qt::NoModifier,
                            start + QPoint(5 * slider->width() / 12, 0));
        const double dragged = m_document->scenario().setups[1].hedge->delayMs;
        QVERIFY(dragged > 20.0);
        QCOMPARE(m_document->undoStack()->count(), 1);
        QVERIFY(m_window->isWindowModified());

        // Undone back to the file as it was opened: no longer modified (no "*" in the title).
        pressKeys(Qt::CTRL | Qt::Key_Z);
        QCOMPARE(m_document->scenario().setups[1].hedge->delayMs, 20.0);
        QCOMPARE(test::knobField<QDoubleSpinBox>(m_editor, "hedge.delay_ms")->value(), 20.0);
        QVERIFY(!m_window->isWindowModified());
        pressKeys(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
        QCOMPARE(m_document->scenario().setups[1].hedge->delayMs, dragged);
        QVERIFY(m_window->isWindowModified());

        QVERIFY(!m_window->openScenarioFile(test::writeScenario(
            m_dir, test::twoSetups({0.5}), QStringLiteral("other.json"))));
        QCOMPARE(m_document->undoStack()->count(), 0);
        QAction* undo = test::menuAction(*m_window, QStringLiteral("&Edit"), QStringLiteral("&Undo"));
        QVERIFY(!undo->isEnabled());
    }
};

QTEST_MAIN(TestUndo)
#include "tst_undo.moc"
