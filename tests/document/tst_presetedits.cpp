// What the explanation says was edited (PresetEdits, docs/user-guide.md, "What this shows"):
// each kind of edit of a preset in words, named, scaled and suffixed as the editors show the
// knob (the knob registry's rows), the setup named as the preset names it.
#include <hedge/document/PresetEdits.h>

#include <hedge/KnobRegistry.h>

#include <QtTest>

using namespace hedge;

namespace {

Scenario preset()
{
    Scenario s;
    s.setups = {Scenario::referenceSetups()[0], Scenario::referenceSetups()[1],
                Scenario::referenceSetups()[2]};
    return s;
}

Setup& named(Scenario& s, const std::string& name)
{
    for (Setup& setup : s.setups)
        if (setup.name == name)
            return setup;
    qFatal("no setup %s", name.c_str());
}

} // namespace

class TestPresetEdits : public QObject {
    Q_OBJECT

private slots:
    void theSameScenarioHasNoEdits()
    {
        QVERIFY(PresetEdits::between(preset(), preset()).isEmpty());
    }

    // A budget typed renames the setup by its policy: one edit, named by the preset's name.
    void aKnobSaysItsOldAndNewValue()
    {
        Scenario now = preset();
        Setup& s = named(now, "hedge, no budget / client");
        s.hedge->budgetPercent = 7.0;
        s.hedge->delayMs = 32.5;
        s.name = s.generatedName();
        QCOMPARE(PresetEdits::between(preset(), now),
                 QStringList({QStringLiteral("delay of “hedge, no budget / client” 20 → 32.5 ms"),
                              QStringLiteral("budget of “hedge, no budget / client” 0 → 7 %")}));
    }

    // The display scale: a probability is a percentage, as the editor shows it.
    void serviceKnobsAreScaledAsTheEditorShowsThem()
    {
        Scenario now = preset();
        now.service.hiccupProbability = 0.05;
        now.service.workers = 24;
        QCOMPARE(PresetEdits::between(preset(), now),
                 QStringList({QStringLiteral("service workers 16 → 24"),
                              QStringLiteral("service hiccup chance 2 → 5 %")}));
    }

    void setupsAddedRemovedRenamedAndMoved()
    {
        Scenario now = preset();
        Setup added = now.setups[2];
        added.name = "mine";
        now.setups.erase(now.setups.begin()); // "no hedge / client"
        std::swap(now.setups[0], now.setups[1]);
        now.setups[0].name = "renamed by hand"; // was the preset's third, now at row 0
        now.setups.push_back(added);
        const QStringList edits = PresetEdits::between(preset(), now);
        QVERIFY2(edits.contains(QStringLiteral("setup “%1” removed")
                                    .arg(QString::fromStdString(preset().setups[0].name))),
                 qPrintable(edits.join('\n')));
        QVERIFY2(edits.contains(QStringLiteral("setup “mine” added")),
                 qPrintable(edits.join('\n')));
        QVERIFY2(edits.contains(QStringLiteral("setup “%1” renamed “renamed by hand”")
                                    .arg(QString::fromStdString(preset().setups[2].name))),
                 qPrintable(edits.join('\n')));
        QVERIFY2(edits.contains(QStringLiteral("setups reordered")), qPrintable(edits.join('\n')));
    }

    void onOffCancellationAndRunSettings()
    {
        Scenario now = preset();
        Setup& plain = now.setups[0];
        plain.hedge = HedgeSettings{};
        plain.hedge->delayMs = 40.0;
        now.setups[1].cancellation = Cancellation::Server;
        now.loads = {0.5, 0.6};
        now.seed = 7;
        const QString who =
            QStringLiteral("“%1”").arg(QString::fromStdString(preset().setups[0].name));
        const QStringList edits = PresetEdits::between(preset(), now);
        QCOMPARE(edits,
                 QStringList({QStringLiteral("hedge of %1 off → on").arg(who),
                              QStringLiteral("delay of %1 set to 40 ms").arg(who),
                              QStringLiteral("cancellation of “hedge, no budget / client” client "
                                             "→ server"),
                              QStringLiteral("loads 30–95 % (9 loads) → 50–60 % (2 loads)"),
                              QStringLiteral("seed 1 → 7")}));
    }

    void theSummaryShowsTheFirstFew()
    {
        const QStringList edits{"a", "b", "c", "d", "e"};
        QCOMPARE(PresetEdits::summary(edits), QStringLiteral("Edited: a; b; c and 2 more"));
        QCOMPARE(PresetEdits::summary(edits.mid(0, 2)), QStringLiteral("Edited: a; b"));
        QCOMPARE(PresetEdits::knobName(*KnobRegistry::find("adaptive_limit.rtt_tolerance")),
                 QStringLiteral("RTT tolerance"));
    }
};

QTEST_MAIN(TestPresetEdits)

#include "tst_presetedits.moc"
