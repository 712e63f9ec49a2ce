// Presets: each one valid, round-tripping through its file form, explained, and built from
// the reference setups; `reference` is the default scenario.
#include <hedge/io/Presets.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/io/ScenarioValidation.h>

#include <QTest>

#include <algorithm>
#include <set>

using namespace hedge;

class TestPresets : public QObject {
    Q_OBJECT

private slots:
    void referenceIsTheDefaultScenario()
    {
        const Preset* reference = findPreset("reference");
        QVERIFY(reference);
        QCOMPARE(&presets().front(), reference);
        QCOMPARE(reference->scenario, Scenario{});
        QCOMPARE(reference->scenario.setups.size(), std::size_t(12));
        QCOMPARE(reference->scenario.loads,
                 (std::vector<double>{0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95}));
        QCOMPARE(reference->scenario.calls, std::int64_t(200000));
    }

    void teachingPresetsExist()
    {
        for (const char* name :
             {"tail-cutting", "collapse", "adaptive-limit", "server-cancellation"})
            QVERIFY2(findPreset(name), name);
        QVERIFY(!findPreset("no-such-preset"));
        QVERIFY(!findPreset(""));
    }

    void eachPresetIsValidAndRoundTrips_data()
    {
        QTest::addColumn<QString>("name");
        for (const Preset& p : presets())
            QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
    }

    void eachPresetIsValidAndRoundTrips()
    {
        QFETCH(QString, name);
        const Preset* preset = findPreset(name.toStdString());
        QVERIFY(preset);
        QCOMPARE(firstScenarioError(preset->scenario), std::nullopt);
        const std::string text = writeScenarioJson(preset->scenario);
        QCOMPARE(parseScenarioJson(text), preset->scenario);
        QVERIFY(preset->title.size() > 10);
        QVERIFY(preset->explanation.size() > 200);
        QVERIFY(std::all_of(preset->name.begin(), preset->name.end(),
                            [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; }));
        // Teaching setups are reference setups, so the same name means the same policy; the
        // family presets add the stacks' policies; the topology presets add a reference hedge
        // setup whose hedges go to another replica, named after it; a preset's own delay is
        // named too.
        const std::vector<Setup> reference = Scenario::referenceSetups();
        for (const Setup& setup : preset->scenario.setups) {
            // A stack's policy (docs/policies.md, "Presets") is named after its family.
            if (setup.isFamily()) {
                QVERIFY2(setup.name.starts_with(toString(setup.policy)), setup.name.c_str());
                continue;
            }
            Setup base = setup;
            base.deadlineMs = 0.0; // a deadline is the caller's, beside the policy it names
            if (base.hedge && base.hedge->placement == HedgePlacement::OtherReplica) {
                const auto at = base.name.find(", other replica / ");
                QVERIFY2(at != std::string::npos, setup.name.c_str());
                base.name.erase(at, std::string(", other replica").size());
                base.hedge->placement = HedgePlacement::Any;
            }
            // A preset's own delay (bimodal-cache's 50 ms) is in its name, and no reference
            // setup has that name.
            if (base.hedge && base.hedge->delayMs != HedgeSettings{}.delayMs) {
                QVERIFY2(base.name.find(" after ") != std::string::npos, setup.name.c_str());
                QVERIFY(std::none_of(reference.begin(), reference.end(),
                                     [&base](const Setup& r) { return r.name == base.name; }));
                continue;
            }
            const auto it = std::find(reference.begin(), reference.end(), base);
            QVERIFY2(it != reference.end(), setup.name.c_str());
        }
    }

    void namesAreUnique()
    {
        std::set<std::string> names;
        for (const Preset& p : presets())
            QVERIFY2(names.insert(p.name).second, p.name.c_str());
        QVERIFY(names.size() >= 4);
    }

    void explanationsUseTheFieldsWords()
    {
        std::string all;
        for (const Preset& p : presets())
            all += p.explanation;
        for (const char* word :
             {"p99", "tail", "load", "budget", "adaptive limit", "cancellation", "collapse"})
            QVERIFY2(all.find(word) != std::string::npos, word);
    }
};

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
