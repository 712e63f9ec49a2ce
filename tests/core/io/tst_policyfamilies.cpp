// The policy-family table (hedge/PolicyFamilies.h; DEVELOPERS.md, "Adding a policy family"):
// every row is complete and every part of the explorer reaches the family through it — its
// name reads back, its knobs are the registry's, a setup of it is written to and read from a
// scenario file, its object decides a call, its stack's text is exported (and read back where
// it can be imported), and docs/policies.md has its section. A family half added fails here.
#include <hedge/KnobRegistry.h>
#include <hedge/PolicyFamilies.h>
#include <hedge/io/FamilyExport.h>
#include <hedge/io/PolicyExport.h>
#include <hedge/io/PolicyImport.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/policy/FamilyPipeline.h>
#include <hedge/policy/FamilyStage.h>

#include <QFile>
#include <QTest>

#include <set>
#include <string>

using namespace hedge;

class TestPolicyFamilies : public QObject {
    Q_OBJECT
private slots:
    void everyRowIsComplete_data();
    void everyRowIsComplete();
    void namesReadBack();
    void knobsAreTheRegistrysFamilyKnobs();
    void familySetupRoundTripsScenarioJson_data();
    void familySetupRoundTripsScenarioJson();
    void familyObjectDecidesACall_data();
    void familyObjectDecidesACall();
    void familyExportsAndImports_data();
    void familyExportsAndImports();
    void docsHaveEveryFamilysSection();
    void aFamilyThatRetriesSaysSoInItsName();
};

namespace {

void addRows()
{
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < policyFamilies().size(); ++i)
        QTest::newRow(policyFamilies()[i].key) << int(i);
}

const PolicyFamilyRow& rowAt(int index)
{
    return policyFamilies().at(std::size_t(index));
}

bool isResilience4cata(const PolicyFamilyRow& row)
{
    return row.id == PolicyFamily::Resilience4cata;
}

// A setup of `row`'s family with its defaults, named as the editor names it.
Setup setupOf(const PolicyFamilyRow& row)
{
    Setup s;
    s.policy = row.id;
    if (isResilience4cata(row))
        s.hedge = HedgeSettings{};
    s.name = s.generatedName();
    return s;
}

} // namespace

void TestPolicyFamilies::everyRowIsComplete_data()
{
    addRows();
}

void TestPolicyFamilies::everyRowIsComplete()
{
    QFETCH(int, index);
    const PolicyFamilyRow& row = rowAt(index);
    QVERIFY(row.key && *row.key);
    QVERIFY(row.displayName && *row.displayName);
    QVERIFY(row.docsHeading && *row.docsHeading);
    QVERIFY2(row.exports, "no export: io/<Family>Export.cpp");
    QVERIFY(row.exports->title && *row.exports->title);
    QVERIFY(row.exports->suffix && *row.exports->suffix);
    QVERIFY(row.exports->text);
    QVERIFY(row.exports->notes);
    // Both or neither: a resilience4cata setup written as the family needs the check and the
    // translation.
    QCOMPARE(row.exports->whyNotFromHedge == nullptr, row.exports->fromHedge == nullptr);
    QCOMPARE(row.abandonsLosers == nullptr, row.abandonsLosersWhy == nullptr);
    QVERIFY2(row.knobs, "no knob rows: hedge/FamilyKnobs.cpp");
    QVERIFY2(row.sameSettings, "Setup::samePolicy cannot compare the family");
    if (isResilience4cata(row)) {
        QVERIFY(!row.makeStage); // HedgePipeline runs it, its retry too
        return;                  // its hedge's rows are KnobRegistry.cpp's, its retry's the row's
    }
    QVERIFY2(row.makeStage, "no policy object: FamilyPipeline cannot run the family");
}

void TestPolicyFamilies::namesReadBack()
{
    std::set<std::string> keys, titles, suffixes;
    std::set<PolicyFamily> ids;
    for (const PolicyFamilyRow& row : policyFamilies()) {
        QVERIFY2(keys.insert(row.key).second, row.key);
        QVERIFY2(ids.insert(row.id).second, row.key);
        QVERIFY2(titles.insert(row.exports->title).second, row.key);
        QCOMPARE(&policyFamilyRow(row.id), &row);
        QCOMPARE(std::string(toString(row.id)), std::string(row.key));
        QCOMPARE(policyFamilyFromString(row.key), std::optional<PolicyFamily>(row.id));
        QCOMPARE(std::string(policyFormatTitle(row.id)), std::string(row.exports->title));
        QCOMPARE(std::string(policyFormatSuffix(row.id)), std::string(row.exports->suffix));
        QVERIFY(setupOf(row).generatedName().starts_with(isResilience4cata(row) ? "hedge"
                                                                                 : row.key));
    }
    QCOMPARE(allPolicyFamilies().size(), policyFamilies().size());
}

// Every row a family lists is in the registry, counts only for a setup of its family, and the
// registry has no family knob that no row lists.
void TestPolicyFamilies::knobsAreTheRegistrysFamilyKnobs()
{
    std::set<std::string> listed;
    for (const PolicyFamilyRow& row : policyFamilies()) {
        if (!row.knobs)
            continue;
        const std::vector<Knob> knobs = row.knobs();
        QVERIFY2(!knobs.empty(), row.key);
        Setup own = setupOf(row);
        for (const Knob& knob : knobs) {
            const std::string field = knob.field;
            QVERIFY2(field.starts_with(std::string(row.key) + "."), knob.field);
            QVERIFY2(KnobRegistry::find(field), knob.field);
            QVERIFY2(KnobRegistry::find(field)->appliesTo(own), knob.field);
            listed.insert(field);
        }
    }
    for (const Knob& knob : KnobRegistry::all()) {
        const std::string field = knob.field;
        const auto dot = field.find('.');
        const auto family = policyFamilyFromString(field.substr(0, dot));
        if (family)
            QVERIFY2(listed.contains(field), knob.field);
    }
}

void TestPolicyFamilies::familySetupRoundTripsScenarioJson_data()
{
    addRows();
}

// Written with its family's key and read back as the same policy, a knob of its own changed.
void TestPolicyFamilies::familySetupRoundTripsScenarioJson()
{
    QFETCH(int, index);
    const PolicyFamilyRow& row = rowAt(index);
    Setup setup = setupOf(row);
    ServiceConfig unused;
    if (row.knobs) {
        // The first row a grid sweeps, set to the far end of its first spread.
        const Knob* knob = nullptr;
        for (const Knob& k : row.knobs())
            if (!knob && k.grid && k.grid->to != k.defaultValue())
                knob = KnobRegistry::find(k.field);
        QVERIFY2(knob, "no knob a grid can sweep");
        knob->write(setup, unused, knob->grid->to);
    }
    Scenario scenario;
    scenario.setups = {setup};
    const std::string json = writeScenarioJson(scenario);
    QVERIFY2(json.find(std::string("\"") + row.key + "\"") !=
                 std::string::npos,
             json.c_str());
    const Scenario back = parseScenarioJson(json);
    QCOMPARE(back.setups.size(), std::size_t(1));
    QCOMPARE(back.setups[0].policy, row.id);
    QVERIFY(back.setups[0].samePolicy(setup));
    QVERIFY(!back.setups[0].samePolicy(setupOf(row)));
}

void TestPolicyFamilies::familyObjectDecidesACall_data()
{
    addRows();
}

// The row's object starts a call with its first attempt, through FamilyPipeline too.
void TestPolicyFamilies::familyObjectDecidesACall()
{
    QFETCH(int, index);
    const PolicyFamilyRow& row = rowAt(index);
    if (!row.makeStage)
        QSKIP("resilience4cata runs in HedgePipeline");
    const FamilySettings settings;
    auto stage = row.makeStage(settings, 1);
    QVERIFY(stage);
    CallState call;
    CallStep step = stage->start(call, 0.0, AttemptGate{});
    QCOMPARE(step.launch, 0);
    FamilyPipeline pipeline(FamilyPipelineConfig{.family = row.id, .settings = settings});
    CallState other;
    QCOMPARE(pipeline.startCall(other, 0.0).launch, 0);
    QCOMPARE(pipeline.hedgesRefused(), std::int64_t(0));
}

void TestPolicyFamilies::familyExportsAndImports_data()
{
    addRows();
}

// Its own setup exports to its own format first, with the text the row writes; a family that
// can be imported reads its own export back as the same policy.
void TestPolicyFamilies::familyExportsAndImports()
{
    QFETCH(int, index);
    const PolicyFamilyRow& row = rowAt(index);
    const Setup setup = setupOf(row);
    QCOMPARE(exportFormats(setup).front(), row.id);
    const ExportedPolicy exported = exportPolicy(setup);
    QCOMPARE(exported.format, row.id);
    QVERIFY(!exported.text.empty());
    // What the model leaves out is in the text's comment, or shown beside a text without one.
    QCOMPARE(exported.uncoveredInText, row.exports->hasComments);
    if (exported.uncoveredInText && !exported.uncovered.empty())
        QVERIFY(exported.text.find("Not in the explorer's model") != std::string::npos);
    QCOMPARE(canImportPolicy(row.id), row.exports->read != nullptr);
    if (!row.exports->read)
        return;
    const ImportedPolicy imported = importPolicy(exported.text, row.id, setup.name);
    QCOMPARE(imported.setup.policy, row.id);
    QVERIFY(imported.setup.samePolicy(setup));
}

// docs/policies.md has a section for each row, and each family section there has a row.
void TestPolicyFamilies::docsHaveEveryFamilysSection()
{
    QFile docs(qEnvironmentVariable("HEDGE_SOURCE_DIR") + "/docs/policies.md");
    QVERIFY2(docs.open(QIODevice::ReadOnly), qPrintable(docs.fileName()));
    const QString text = QString::fromUtf8(docs.readAll());
    QStringList headings;
    for (const PolicyFamilyRow& row : policyFamilies()) {
        const QString heading = QStringLiteral("\n## ") + QString::fromUtf8(row.docsHeading) + "\n";
        QVERIFY2(text.contains(heading), row.docsHeading);
        headings << QString::fromUtf8(row.docsHeading);
    }
    // The family sections come first, before "Hedges refused".
    const qsizetype end = text.indexOf(QStringLiteral("\n## Hedges refused\n"));
    QVERIFY(end > 0);
    qsizetype at = 0;
    int sections = 0;
    while ((at = text.indexOf(QStringLiteral("\n## "), at)) >= 0 && at < end) {
        ++sections;
        ++at;
    }
    QCOMPARE(sections, int(policyFamilies().size()));
}

// A generated name tells a setup that retries from the same family's that does not: the
// family's row adds ", retries" (and nothing while retries are off, as names were before).
void TestPolicyFamilies::aFamilyThatRetriesSaysSoInItsName()
{
    for (const PolicyFamilyRow& row : policyFamilies()) {
        if (row.id == PolicyFamily::Resilience4cata)
            continue;
        Setup setup{.name = "s", .policy = row.id};
        const std::string plain = setup.generatedName();
        QVERIFY2(plain.find("retries") == std::string::npos, plain.c_str());
        FamilySettings& f = setup.families;
        f.grpc.hedgingPolicy = false;
        f.grpc.retryPolicy = GrpcRetryPolicy{};
        f.envoy.retryOn5xx = true;
        f.finagle.retryPolicy = FinagleRetryPolicy{};
        f.tower.retry = TowerRetry{};
        f.polly.retry = PollyRetry{};
        f.murphy.retry = MurphyRetry{};
        std::string expected = plain;
        expected.insert(expected.find(" / "), ", retries"); // before the cancellation
        QCOMPARE(QString::fromStdString(setup.generatedName()), QString::fromStdString(expected));
    }
}

QTEST_GUILESS_MAIN(TestPolicyFamilies)
#include "tst_policyfamilies.moc"
