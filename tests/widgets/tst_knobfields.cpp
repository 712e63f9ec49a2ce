// A knob row as the window shows it (DEVELOPERS.md, "Adding a knob"): a row added in the test
// (the registry's test hook) gets its service-editor field with its range and tooltip and its
// entry in the grid dialog, and the dialog spreads and offers the product's rows. The registry
// itself (files, ranges, timeline changes) is tests/core/tst_knobregistry's.
#include "GridDialog.h"
#include "KnobFields.h"
#include "KnobRegistryTesting.h"
#include "ServiceRunEditor.h"
#include "UserInput.h"

#include <hedge/KnobRegistry.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>
#include <hedge/sim/SweepPoints.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

#include <algorithm>

using namespace hedge;
using test::serviceCopiesKnob;

namespace {

QSpinBox* fieldNamed(QWidget* editor, const QString& name)
{
    for (QSpinBox* box : editor->findChildren<QSpinBox*>())
        if (box->accessibleName() == name)
            return box;
    return nullptr;
}

} // namespace

class TestKnobFields : public QObject {
    Q_OBJECT
private slots:
    void addedKnobHasAnEditorField()
    {
        const KnobRegistryTesting added(serviceCopiesKnob());
        ServiceRunEditor editor;
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QSpinBox* box = fieldNamed(&editor, QStringLiteral("Test copies"));
        QVERIFY(box);
        QCOMPARE(box->minimum(), 1);
        QCOMPARE(box->maximum(), 8);
        QCOMPARE(box->toolTip(), QStringLiteral("Copies of the test service.\nDefault: 1 copy."));
        QVERIFY(test::visibleLabelWith(&editor, QStringLiteral("Test copies:")));
        QSignalSpy edited(&editor, &ServiceRunEditor::edited);
        test::typeInto(box, QStringLiteral("3"));
        QTest::keyClick(box, Qt::Key_Return);
        QVERIFY(!edited.isEmpty());
        QCOMPARE(editor.service().replicas, 3);
        Scenario shown;
        shown.service.replicas = 6;
        editor.setScenario(shown);
        QCOMPARE(box->value(), 6);
    }

    void addedKnobIsOfferedByTheGridDialog()
    {
        const KnobRegistryTesting added(serviceCopiesKnob());
        GridDialog dialog{Scenario{}};
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const int index = dialog.knobBox()->findData(QStringLiteral("service.test_copies"));
        QVERIFY(index >= 0);
        QCOMPARE(dialog.knobBox()->itemText(index), QStringLiteral("test copies"));
        QCOMPARE(dialog.knobBox()->itemData(index, Qt::ToolTipRole).toString(),
                 QStringLiteral("Copies of the test service.\nDefault: 1 copy."));
        dialog.knobBox()->setCurrentIndex(index);
        QCOMPARE(dialog.values(), (std::vector<double>{1, 2, 3, 4}));
        QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.problem()));
        QCOMPARE(dialog.result().grid->knob, std::string("service.test_copies"));
        test::typeInto(dialog.toBox(), QStringLiteral("12"));
        QTest::keyClick(dialog.toBox(), Qt::Key_Return);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.problem().contains(QStringLiteral("allowed 1 … 8")),
                 qPrintable(dialog.problem()));
        // Named as the row's editor names it: a person's words, not the file's key.
        QVERIFY2(dialog.problem().startsWith(QStringLiteral("Test copies: 12 is out of range")),
                 qPrintable(dialog.problem()));
    }

    // A row whose grid spread is log (the service's median) gets equal ratios, and a first
    // value of 0, which no ratio reaches, is refused with the reason.
    void gridDialogSpreadsALogKnobWithEqualRatios()
    {
        GridDialog dialog{Scenario{}};
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.knobBox()->setCurrentIndex(
            dialog.knobBox()->findData(QStringLiteral("service.median_ms")));
        QCOMPARE(dialog.values(), (std::vector<double>{2, 4.47214, 10, 22.3607, 50}));
        test::typeInto(dialog.fromBox(), QStringLiteral("0"));
        QTest::keyClick(dialog.fromBox(), Qt::Key_Return);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.problem().contains(QStringLiteral("log scale")),
                 qPrintable(dialog.problem()));
    }

    // The grid dialog offers the knobs of the chosen setup's family: a gRPC setup's hedging
    // delay, not the explorer's hedge delay, and back when the setup changes.
    void gridDialogOffersTheChosenSetupsFamilyKnobs()
    {
        Scenario s;
        s.setups = {Setup{.name = "r", .hedge = HedgeSettings{}},
                    Setup{.name = "g", .policy = PolicyFamily::Grpc}};
        GridDialog dialog{s};
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QComboBox* knobs = dialog.knobBox();
        QVERIFY(knobs->findData(QStringLiteral("hedge.delay_ms")) >= 0);
        QCOMPARE(knobs->findData(QStringLiteral("grpc.hedging_delay_ms")), -1);
        auto* setup = dialog.findChild<QComboBox*>();
        QCOMPARE(setup->currentText(), QStringLiteral("r"));
        setup->setFocus();
        QTest::keyClick(setup, Qt::Key_Down);
        QCOMPARE(setup->currentText(), QStringLiteral("g"));
        QCOMPARE(knobs->findData(QStringLiteral("hedge.delay_ms")), -1);
        QVERIFY(knobs->findData(QStringLiteral("service.workers")) >= 0);
        knobs->setCurrentIndex(knobs->findData(QStringLiteral("grpc.hedging_delay_ms")));
        QCOMPARE(dialog.values().front(), 5.0);
        QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.problem()));
        QCOMPARE(dialog.result().grid->knob, std::string("grpc.hedging_delay_ms"));
        QVERIFY(!firstScenarioError(dialog.result()));
    }

    // A family's knob as the editor's tooltip shows it: the stack's words, the default and the
    // stack's source file it comes from.
    void familyTooltipsNameTheStacksDefault()
    {
        QCOMPARE(KnobFields::toolTip(*KnobRegistry::find("grpc.max_attempts")),
                 QStringLiteral("maxAttempts of the hedgingPolicy: attempts a call may make, the "
                                "first included (at least 2). Above 5 the clients clamp it to 5.\n"
                                "Default: 2 (gRPC has none: the service config must give it; "
                                "grpc-java RetriableStream.java clamps it to 5)."));
        QCOMPARE(KnobFields::toolTip(*KnobRegistry::find("envoy.retry_budget.budget_percent")),
                 QStringLiteral("budget_percent: the share of the attempts in flight that may "
                                "hold a retry slot.\nDefault: 20 % (Envoy's default; envoy "
                                "api/envoy/config/cluster/v3/circuit_breaker.proto)."));
    }

    // The fan-out's parts mapped over 1, 10 and 100 (docs/fanout.md), with the replicas
    // following in every cell.
    void fanoutPartsMapByTens()
    {
        GridDialog dialog{Scenario{}};
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.knobBox()->setCurrentIndex(
            dialog.knobBox()->findData(QStringLiteral("fanout.parts")));
        QCOMPARE(dialog.values(), (std::vector<double>{1, 10, 100}));
        QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.problem()));
        const Scenario mapped = dialog.result();
        QVERIFY(!firstScenarioError(mapped));
        QCOMPARE(gridCell(mapped, 100, 0).service.replicas, 100);
    }
};

QTEST_MAIN(TestKnobFields)
#include "tst_knobfields.moc"
