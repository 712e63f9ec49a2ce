// One row of the knob registry is all a knob needs: a row added in the test (the registry's
// test hook) is read and written in scenario files, checked against its range, shown by the
// service editor with its range and tooltip, offered by the grid dialog and set by a timeline
// change. The product's rows are checked for agreement with themselves and with the files.
#include "GridDialog.h"
#include "KnobRegistryTesting.h"
#include "ServiceRunEditor.h"
#include "UserInput.h"

#include <hedge/KnobDiff.h>
#include <hedge/KnobRegistry.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace hedge;

namespace {

// A knob no product row has: the service's replica count under a name and a range of its own
// (the topology fields show the replicas too, under "replicas"; this row is another door).
Knob testKnob()
{
    return {.field = "service.test_copies",
            .member = &ServiceConfig::replicas,
            .range = {.min = 1.0, .max = 8.0},
            .tooltip = "Copies of the test service.\nDefault: %1 copy.",
            .editor = {.label = "&Test copies:", .name = "Test copies", .min = 1.0, .max = 8.0},
            .grid = GridSpread{.from = 1, .to = 4, .count = 4},
            .omitDefault = true};
}

QSpinBox* fieldNamed(QWidget* editor, const QString& name)
{
    for (QSpinBox* box : editor->findChildren<QSpinBox*>())
        if (box->accessibleName() == name)
            return box;
    return nullptr;
}

} // namespace

class TestKnobRegistry : public QObject {
    Q_OBJECT
private slots:
    void addedKnobIsReadAndWrittenInFiles()
    {
        const KnobRegistryTesting added(testKnob());
        const Scenario read = parseScenarioJson(R"({"service": {"test_copies": 5}})");
        QCOMPARE(read.service.replicas, 5);
        // At its default the key is not written: the files of before stay the same.
        QVERIFY(writeScenarioJson(Scenario{}).find("test_copies") == std::string::npos);
        Scenario s;
        s.service.replicas = 3;
        const std::string json = writeScenarioJson(s);
        QVERIFY2(json.find("\"test_copies\": 3") != std::string::npos, json.c_str());
        QCOMPARE(parseScenarioJson(json), s);
    }

    void withoutTheRowTheKeyIsUnknown()
    {
        try {
            parseScenarioJson(R"({"service": {"test_copies": 5}})");
            QFAIL("read a key no row has");
        } catch (const ScenarioError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("service.test_copies"));
        }
    }

    void addedKnobIsValidatedAgainstItsRange()
    {
        const KnobRegistryTesting added(testKnob());
        Scenario s;
        s.service.replicas = 9;
        const std::optional<ScenarioError> error = firstScenarioError(s);
        QVERIFY(error);
        QCOMPARE(QString::fromUtf8(error->what()),
                 QStringLiteral("service.test_copies: 9 is out of range (allowed 1 … 8)"));
        try {
            parseScenarioJson(R"({"service": {"test_copies": 0}})");
            QFAIL("accepted 0 copies");
        } catch (const ScenarioError& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                     QStringLiteral("service.test_copies: 0 is out of range (allowed 1 … 8)"));
        }
    }

    void addedKnobHasAnEditorField()
    {
        const KnobRegistryTesting added(testKnob());
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
        test::replaceText(box, QStringLiteral("3"));
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
        const KnobRegistryTesting added(testKnob());
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
        test::replaceText(dialog.toBox(), QStringLiteral("12"));
        QTest::keyClick(dialog.toBox(), Qt::Key_Return);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.problem().contains(QStringLiteral("allowed 1 … 8")),
                 qPrintable(dialog.problem()));
        QVERIFY2(dialog.problem().contains(QStringLiteral("service.test_copies")),
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
        test::replaceText(dialog.fromBox(), QStringLiteral("0"));
        QTest::keyClick(dialog.fromBox(), Qt::Key_Return);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.problem().contains(QStringLiteral("log scale")),
                 qPrintable(dialog.problem()));
    }

    void addedKnobIsSetByATimelineChange()
    {
        const KnobRegistryTesting added(testKnob());
        const Scenario s = parseScenarioJson(
            R"({"timeline": {"duration_s": 10, "changes": [{"at_s": 5, "set": {"service.test_copies": 2}}]}})");
        Setup setup;
        ServiceConfig service;
        QVERIFY(applyKnob(setup, service, s.timeline->changes.at(0).set.at(0)));
        QCOMPARE(service.replicas, 2);
    }

    // A row the Live view may not change: a change naming it is refused with the knobs a change
    // can set, and an edit of it makes no change (KnobDiff), while files still carry it.
    void addedKnobThatIsNotLiveIsNotSetByChanges()
    {
        Knob knob = testKnob();
        knob.live = false;
        const KnobRegistryTesting added(knob);
        try {
            parseScenarioJson(R"({"timeline": {"duration_s": 10, "changes": )"
                              R"([{"at_s": 5, "set": {"service.test_copies": 2}}]}})");
            QFAIL("a change set a knob the Live view may not change");
        } catch (const ScenarioError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("timeline.changes[0].set"));
        }
        ServiceConfig more;
        more.replicas = 2;
        QVERIFY(serviceKnobChanges(ServiceConfig{}, more).empty());
        QCOMPARE(parseScenarioJson(R"({"service": {"test_copies": 5}})").service.replicas, 5);
    }

    // The product's own rows: each default inside its range, each editor and first grid spread
    // inside the range (as the value, not as the box shows it), each key once in its object.
    void productRowsAgree()
    {
        std::vector<std::string> fields;
        for (const Knob& knob : KnobRegistry::all()) {
            const QByteArray name(knob.field);
            QVERIFY2(knob.range.contains(knob.defaultValue()), name);
            fields.emplace_back(knob.field);
            if (knob.isOnOff())
                continue;
            QVERIFY2(knob.range.contains(knob.editor.min / knob.editor.scale), name);
            QVERIFY2(knob.range.contains(knob.editor.max / knob.editor.scale), name);
            QVERIFY2(*knob.editor.name && *knob.tooltip, name);
            if (knob.grid) {
                QVERIFY2(knob.range.contains(knob.grid->from), name);
                QVERIFY2(knob.range.contains(knob.grid->to), name);
                QVERIFY2(!knob.grid->log || knob.grid->from > 0.0, name);
            }
        }
        std::sort(fields.begin(), fields.end());
        QVERIFY(std::adjacent_find(fields.begin(), fields.end()) == fields.end());
    }

    // Every product knob goes through a file: set to a value that is not its default, written,
    // read back the same.
    void productRowsRoundTripThroughFiles()
    {
        for (const Knob& knob : KnobRegistry::all()) {
            if (knob.isOnOff())
                continue;
            Scenario s;
            s.setups = {
                Setup{.name = "s", .hedge = HedgeSettings{}, .adaptiveLimit = Gradient2Config{}}};
            const double value = knob.grid ? knob.grid->to : knob.editor.max / knob.editor.scale;
            knob.write(s.setups[0], s.service, value);
            // The ranges between knobs: min ≤ initial ≤ max limit, hiccups from ≤ to.
            Gradient2Config& g = *s.setups[0].adaptiveLimit;
            g.initialLimit = std::max(g.initialLimit, g.minLimit);
            g.maxLimit = std::max(g.maxLimit, g.initialLimit);
            s.service.hiccupMaxMs = std::max(s.service.hiccupMaxMs, s.service.hiccupMinMs);
            QVERIFY2(!firstScenarioError(s), knob.field);
            const Scenario back = parseScenarioJson(writeScenarioJson(s));
            QVERIFY2(knob.read(back.setups[0], back.service) == knob.read(s.setups[0], s.service),
                     knob.field);
            QVERIFY2(knob.read(back.setups[0], back.service) != knob.defaultValue(), knob.field);
        }
    }
};

QTEST_MAIN(TestKnobRegistry)
#include "tst_knobregistry.moc"
