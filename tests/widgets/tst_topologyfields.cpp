// The topology fields of the editors (issue 14) as a user meets them: replicas, balancer, hiccup
// correlation and slow periods in the service editor, hedge placement in the setup editor.
// Typed values apply after the pause, the wheel over an unfocused field scrolls the editor,
// and a value out of range is refused with the field's name and range while the value in
// force stays.
#include "KnobField.h"
#include "ServiceRunEditor.h"
#include "ServiceTopologyFields.h"
#include "SetupEditor.h"
#include "SetupNames.h"

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
#include <QtTest>

#include "UserInput.h"

using namespace hedge;
using namespace hedge::test;

namespace {

Scenario topologyScenario()
{
    Scenario s;
    s.service.workers = 4;
    s.service.replicas = 4;
    s.service.balancer = BalancerKind::TwoChoices;
    s.service.hiccupCorrelation = 0.5;
    s.service.slowdowns = Slowdowns{.perMinute = 3.0, .durationMs = 500.0, .factor = 8.0};
    return s;
}

void showEditor(QWidget& editor)
{
    editor.show();
    if (!QTest::qWaitForWindowExposed(&editor))
        qFatal("the editor was not shown");
}

} // namespace

class TestTopologyFields : public QObject {
    Q_OBJECT
private slots:
    void serviceTopologyRoundTrips()
    {
        const Scenario s = topologyScenario();
        ServiceRunEditor editor;
        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        editor.setScenario(s);
        QCOMPARE(edited.count(), 0);
        QCOMPARE(editor.service(), s.service);
        // Another scenario's one queue replaces it whole (no slow periods left behind).
        editor.setScenario(Scenario{});
        QCOMPARE(editor.service(), ServiceConfig{});
        QVERIFY(!editor.topologyFields()->balancerCombo()->isEnabled()); // one replica
    }

    void typedReplicasApplyAfterAPause()
    {
        ServiceRunEditor editor;
        showEditor(editor);
        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        ServiceTopologyFields* t = editor.topologyFields();
        typeInto(t->replicasSpin(), QStringLiteral("4"));
        QCOMPARE(edited.count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(editor.service().replicas, 4, 60000);
        QCOMPARE(edited.count(), 1);
        QVERIFY(t->balancerCombo()->isEnabled());

        // The balancer by keyboard: round robin → random → least outstanding.
        t->balancerCombo()->setFocus();
        QTest::keyClick(t->balancerCombo(), Qt::Key_Down);
        QTest::keyClick(t->balancerCombo(), Qt::Key_Down);
        QCOMPARE(editor.service().balancer, BalancerKind::LeastOutstanding);

        typeInto(t->correlationSpin(), QStringLiteral("0.75"));
        QTRY_COMPARE_WITH_TIMEOUT(editor.service().hiccupCorrelation, 0.75, 60000);

        QVERIFY(!t->slowdownFactorSpin()->isEnabled());
        QTest::mouseClick(t->slowdownsCheck(), Qt::LeftButton, {},
                          QPoint(8, t->slowdownsCheck()->height() / 2));
        QVERIFY(editor.service().slowdowns.has_value());
        QCOMPARE(*editor.service().slowdowns, Slowdowns{});
        QVERIFY(t->slowdownFactorSpin()->isEnabled());
        typeInto(t->slowdownFactorSpin(), QStringLiteral("4"));
        QTRY_COMPARE_WITH_TIMEOUT(editor.service().slowdowns->factor, 4.0, 60000);
    }

    void outOfRangeTopologyIsRefusedWithItsRange()
    {
        ServiceRunEditor editor;
        editor.setScenario(topologyScenario());
        showEditor(editor);
        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        ServiceTopologyFields* t = editor.topologyFields();

        typeInto(t->replicasSpin(), QStringLiteral("65"));
        QLabel* message = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (message = visibleLabelWith(&editor, QStringLiteral("65"))) != nullptr, 60000);
        QVERIFY2(message->text().contains(QStringLiteral("Replicas")), qPrintable(message->text()));
        QVERIFY2(message->text().contains(QStringLiteral("64")), qPrintable(message->text()));
        QCOMPARE(editor.service().replicas, 4);
        QTest::keyClick(t->replicasSpin(), Qt::Key_Tab);
        QCOMPARE(t->replicasSpin()->value(), 4);

        // Replicas × workers ≤ 10 000: with 4 replicas, 2501 workers per replica is too many.
        typeInto(editor.workersSpin(), QStringLiteral("2501"));
        QTRY_VERIFY_WITH_TIMEOUT(
            (message = visibleLabelWith(&editor, QStringLiteral("2501"))) != nullptr, 60000);
        QVERIFY2(message->text().contains(QStringLiteral("2500")), qPrintable(message->text()));
        QVERIFY2(message->text().contains(QStringLiteral("replicas × workers")),
                 qPrintable(message->text()));
        QCOMPARE(editor.service().workers, 4);
        QTest::keyClick(editor.workersSpin(), Qt::Key_Tab);

        typeInto(t->correlationSpin(), QStringLiteral("1.5"));
        QTRY_VERIFY_WITH_TIMEOUT(
            (message = visibleLabelWith(&editor, QStringLiteral("1.5"))) != nullptr, 60000);
        QVERIFY2(message->text().contains(QStringLiteral("Hiccup correlation")),
                 qPrintable(message->text()));
        QCOMPARE(editor.service().hiccupCorrelation, 0.5);
        QTest::keyClick(t->correlationSpin(), Qt::Key_Tab);

        typeInto(t->slowdownFactorSpin(), QStringLiteral("0.5"));
        QTRY_VERIFY_WITH_TIMEOUT(
            (message = visibleLabelWith(&editor, QStringLiteral("Slowdown factor"))) != nullptr,
            60000);
        QVERIFY2(message->text().contains(QStringLiteral("0.5")), qPrintable(message->text()));
        QVERIFY2(message->text().contains(QStringLiteral("below")), qPrintable(message->text()));
        QCOMPARE(editor.service().slowdowns->factor, 8.0);
        QCOMPARE(editor.service(), topologyScenario().service);
        QCOMPARE(edited.count(), 0);
    }

    void wheelOverUnfocusedTopologyFieldsScrollsTheEditor()
    {
        QScrollArea area;
        area.setWidgetResizable(true);
        auto* editor = new ServiceRunEditor;
        editor->setScenario(topologyScenario());
        area.setWidget(editor);
        area.resize(320, 200);
        area.show();
        area.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&area));
        QSignalSpy edited(editor, &ServiceRunEditor::edited);
        editor->seedEdit()->setFocus();
        ServiceTopologyFields* t = editor->topologyFields();
        QScrollBar* bar = area.verticalScrollBar();
        int scrolled = 0;
        for (QWidget* field : QList<QWidget*>{t->replicasSpin(), t->balancerCombo(),
                                               t->correlationSpin(), t->slowdownRateSpin()}) {
            area.ensureWidgetVisible(field);
            const int before = bar->value();
            wheel(field, -120);
            scrolled += bar->value() != before ? 1 : 0;
        }
        QVERIFY(scrolled > 0);
        QCOMPARE(edited.count(), 0);
        QCOMPARE(editor->service(), topologyScenario().service);

        // A focused field takes the wheel.
        t->replicasSpin()->setFocus();
        area.ensureWidgetVisible(t->replicasSpin());
        wheel(t->replicasSpin(), 120);
        QCOMPARE(editor->service().replicas, 5);
        QCOMPARE(edited.count(), 1);
    }

    void placementIsASetupKnob()
    {
        SetupEditor editor;
        Setup s;
        s.hedge = HedgeSettings{.delayMs = 20.0};
        s.name = s.generatedName();
        editor.setSetup(s);
        showEditor(editor);
        QSignalSpy edited(&editor, &SetupEditor::edited);
        QComboBox* placement = editor.placementCombo();
        QVERIFY(placement->isEnabled());
        QVERIFY(!placement->toolTip().isEmpty());
        placement->setFocus();
        QTest::keyClick(placement, Qt::Key_Down);
        QCOMPARE(edited.count(), 1);
        QCOMPARE(editor.setup().hedge->placement, HedgePlacement::OtherReplica);
        // A generated name follows the knob (SetupNames.h), so two setups differing by it differ
        // by name.
        QCOMPARE(withEditedKnobs({s}, 0, editor.setup()).name,
                 std::string("hedge, default budget, other replica / client"));
        // Kept through an edit of another knob, and through switching the hedge off and on.
        test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms")->setValue(35.0);
        QCOMPARE(editor.setup().hedge->placement, HedgePlacement::OtherReplica);
        test::knobField<QCheckBox>(&editor, "hedge")->setChecked(false);
        QVERIFY(!placement->isEnabled());
        test::knobField<QCheckBox>(&editor, "hedge")->setChecked(true);
        QCOMPARE(editor.setup().hedge->placement, HedgePlacement::OtherReplica);

        // Wheel over the unfocused combo: nothing changes.
        test::knobField<QDoubleSpinBox>(&editor, "hedge.delay_ms")->setFocus();
        const int before = edited.count();
        wheel(placement, 120);
        QCOMPARE(editor.setup().hedge->placement, HedgePlacement::OtherReplica);
        QCOMPARE(edited.count(), before);
    }
};

QTEST_MAIN(TestTopologyFields)
#include "tst_topologyfields.moc"
