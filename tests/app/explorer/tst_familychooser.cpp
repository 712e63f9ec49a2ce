// The setup editor's family chooser in the real window (docs/user-guide.md, "Editor"): a user
// picks gRPC for a setup, sees gRPC's knobs in the side panel at 1024 × 700 without a
// horizontal scroll bar, types a value that reaches the scenario and its generated name, and
// Undo takes the edits back one by one to the explorer's own policy.
#include "ExplorerTestSupport.h"
#include "KnobField.h"
#include "MainWindow.h"
#include "UserInput.h"

#include "FamilyKnobFields.h"
#include "SetupEditor.h"
#include "SetupListWidget.h"

#include <QComboBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace hedge;

namespace {

Scenario small()
{
    Scenario s;
    s.seed = 3;
    s.calls = 2000;
    s.loads = {0.5, 0.8};
    s.setups = {Scenario::referenceSetups()[0], Scenario::referenceSetups()[1]};
    return s;
}

QScrollArea* scrollAreaOf(QWidget* widget)
{
    for (QWidget* w = widget; w; w = w->parentWidget())
        if (auto* area = qobject_cast<QScrollArea*>(w))
            return area;
    return nullptr;
}

} // namespace

class TestFamilyChooser : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::startPrivateSession(QStringLiteral("tst_familychooser"));
    }

    void pickingGrpcShowsItsKnobsInThePanelAndUndoTakesItBack()
    {
        auto w = test::openWindow(m_dir, small(), QStringLiteral("small.json"));
        w->resize(1024, 700);
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        // The action is named "Undo" before there is an edit to name.
        QAction* undo = test::menuAction(*w, QStringLiteral("&Edit"), QStringLiteral("&Undo"));
        QVERIFY(undo);
        test::setupList(*w)->setCurrentRow(1);
        SetupEditor* editor = test::setupEditor(*w);
        QComboBox* policy = editor->policyCombo();
        policy->setFocus();
        QTest::keyClick(policy, Qt::Key_Down);
        QCOMPARE(w->scenario().setups[1].policy, PolicyFamily::Grpc);
        QCOMPARE(w->scenario().setups[1].name, std::string("grpc / client"));

        // The panel shows gRPC's knobs within its width: nothing to scroll sideways to.
        FamilyKnobFields* grpc = editor->familyFields(PolicyFamily::Grpc);
        QVERIFY(grpc->isVisible());
        QScrollArea* area = scrollAreaOf(editor);
        QVERIFY(area);
        QVERIFY(!area->horizontalScrollBar()->isVisible());
        auto* attempts = qobject_cast<QSpinBox*>(editor->knobField("grpc.max_attempts"));
        const int right = attempts->mapTo(area->viewport(), QPoint(attempts->width(), 0)).x();
        QVERIFY2(right <= area->viewport()->width(),
                 qPrintable(QStringLiteral("%1 > %2").arg(right).arg(area->viewport()->width())));

        test::typeInto(attempts, QStringLiteral("3"), Qt::Key_Return);
        QCOMPARE(w->scenario().setups[1].families.grpc.maxAttempts, 3);

        QVERIFY(undo->isEnabled());
        undo->trigger();
        QCOMPARE(w->scenario().setups[1].policy, PolicyFamily::Grpc);
        QCOMPARE(w->scenario().setups[1].families.grpc.maxAttempts, 2);
        QCOMPARE(attempts->value(), 2);
        undo->trigger();
        QCOMPARE(w->scenario().setups[1].policy, PolicyFamily::Resilience4cata);
        QCOMPARE(w->scenario().setups[1], small().setups[1]);
        QCOMPARE(policy->currentIndex(), 0);
        QVERIFY(test::knobField<QDoubleSpinBox>(editor, "hedge.delay_ms")->isVisible());
        QVERIFY(!grpc->isVisible());
    }

    // Every family's knobs fit the side panel at 1024 × 700: no horizontal scroll bar.
    void everyFamilysKnobsFitThePanel()
    {
        auto w = test::openWindow(m_dir, small(), QStringLiteral("fit.json"));
        w->resize(1024, 700);
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        test::setupList(*w)->setCurrentRow(1);
        SetupEditor* editor = test::setupEditor(*w);
        QScrollArea* area = scrollAreaOf(editor);
        QVERIFY(area);
        for (PolicyFamily family : allPolicyFamilies()) {
            editor->policyCombo()->setCurrentIndex(editor->policyCombo()->findData(int(family)));
            QCOMPARE(w->scenario().setups[1].policy, family);
            QVERIFY2(editor->minimumSizeHint().width() <= area->viewport()->width(),
                     toString(family));
            QTRY_VERIFY2(!area->horizontalScrollBar()->isVisible(), toString(family));
        }
    }
};

QTEST_MAIN(TestFamilyChooser)
#include "tst_familychooser.moc"
