// The advisor's question, its defaults and its bookkeeping (docs/advisor.md): defaults from the
// knob registry and the service's quantiles, errors that name the field, the rule of thumb, an
// answer the same whatever the threads, a stop that keeps what is known, and no answer naming
// the tightest limit. Its statistical checks are in tst_advisorclaims.
#include "AdviceQuestions.h"

#include <hedge/sim/ServiceTimeQuantiles.h>

#include <QTest>

#include <algorithm>

using namespace hedge;
using namespace hedge::test;

namespace {

const KnobSearch* searched(const std::vector<KnobSearch>& search, const std::string& field)
{
    const auto it = std::find_if(search.begin(), search.end(),
                                 [&](const KnobSearch& s) { return s.field == field; });
    return it == search.end() ? nullptr : &*it;
}

} // namespace

class TestAdvisor : public QObject {
    Q_OBJECT
private slots:
    void defaultsComeFromTheRegistryAndTheService()
    {
        const Scenario w = world("reference", 20000);
        const auto search = defaultSearch(hedgeSetup(Cancellation::Client), w.service);
        const KnobSearch* delay = searched(search, "hedge.delay_ms");
        QVERIFY(delay);
        QVERIFY(delay->log);
        QCOMPARE(delay->steps, 12);
        QVERIFY(std::abs(delay->from - serviceTimeQuantile(w.service, 0.5)) < 1e-9);
        QVERIFY(std::abs(delay->to - serviceTimeQuantile(w.service, 0.999)) < 1e-9);
        const KnobSearch* attempts = searched(search, "hedge.max_attempts");
        QVERIFY(attempts);
        QCOMPARE(attempts->values(), (std::vector<double>{2, 3}));
        const KnobSearch* budget = searched(search, "hedge.budget_percent");
        QVERIFY(budget);
        QCOMPARE(budget->values(), (std::vector<double>{0, 5, 10, 15, 20}));

        // Another family: its own delay, not the hedge's.
        Setup grpc = hedgeSetup(Cancellation::Server);
        grpc.policy = PolicyFamily::Grpc;
        const auto grpcSearch = defaultSearch(grpc, w.service);
        QVERIFY(searched(grpcSearch, "grpc.hedging_delay_ms"));
        QVERIFY(!searched(grpcSearch, "hedge.delay_ms"));
        Setup tower = grpc;
        tower.policy = PolicyFamily::Tower;
        QVERIFY(searched(defaultSearch(tower, w.service), "tower.latency_percentile"));
    }

    void searchedValuesAreWhatTheEditorShows()
    {
        const KnobSearch s{.field = "hedge.delay_ms", .from = 10.0, .to = 100.0, .steps = 3, .log = true};
        QCOMPARE(s.values(), (std::vector<double>{10.0, 31.6, 100.0}));
        const KnobSearch attempts{.field = "hedge.max_attempts", .from = 2, .to = 3, .steps = 5};
        QCOMPARE(attempts.values(), (std::vector<double>{2, 3}));
    }

    void errorsNameTheField_data()
    {
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown knob") << "knob" << "search hedge.dely_ms: no such knob";
        QTest::newRow("another family's") << "family" << "search grpc.hedging_delay_ms: not a knob of resilience4cata";
        QTest::newRow("out of range") << "range" << "search hedge.budget_percent: to 150 is out of range (allowed 0 … 100)";
        QTest::newRow("target not held") << "target" << "target load must be one of the held loads";
        QTest::newRow("no runs") << "runs" << "collapse runs must be 1 … 100";
    }
    void errorsNameTheField()
    {
        QFETCH(QString, edit);
        QFETCH(QString, expected);
        AdviceQuestion q = smallQuestion();
        QVERIFY(!adviceQuestionError(q));
        if (edit == "knob")
            q.search[0].field = "hedge.dely_ms";
        else if (edit == "family")
            q.search[0].field = "grpc.hedging_delay_ms";
        else if (edit == "range")
            q.search.push_back({.field = "hedge.budget_percent", .from = 0, .to = 150, .steps = 3});
        else if (edit == "target")
            q.targetLoad = 0.5;
        else if (edit == "runs")
            q.limits.collapseRuns = 0;
        const auto error = adviceQuestionError(q);
        QVERIFY(error);
        QVERIFY2(QString::fromStdString(*error).startsWith(expected), error->c_str());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Advisor{q});
    }

    void ruleOfThumbHedgesAtTheServicesP95()
    {
        AdviceQuestion q = smallQuestion();
        q.stack.hedge->budgetPercent = 0.0;
        q.search.push_back({.field = "hedge.budget_percent", .from = 0, .to = 20, .steps = 5});
        const Setup thumb = ruleOfThumb(q);
        const double p95 = serviceTimeQuantile(q.world.service, 0.95);
        QVERIFY(std::abs(thumb.hedge->delayMs - p95) < 0.05);
        // The stack's default budget, not the stack's own 0.
        QCOMPARE(thumb.hedge->budgetPercent, HedgeSettings{}.budgetPercent);

        Setup tower = q.stack;
        tower.policy = PolicyFamily::Tower;
        q.stack = tower;
        q.search = defaultSearch(tower, q.world.service);
        QCOMPARE(ruleOfThumb(q).families.tower.latencyPercentile, 0.95);
        QVERIFY(!noHedge(q).hedge);
        QCOMPARE(noHedge(q).cancellation, q.stack.cancellation);
    }

    void theAnswerIsTheSameWhateverTheThreads()
    {
        const AdviceQuestion q = smallQuestion();
        const AdviceAnswer one = Advisor(q, 1).run();
        const AdviceAnswer two = Advisor(q, 2).run();
        QVERIFY(one.finished);
        QCOMPARE(one.candidates.size(), two.candidates.size());
        for (std::size_t i = 0; i < one.candidates.size(); ++i)
            QVERIFY(one.candidates[i] == two.candidates[i]);
        QCOMPARE(one.advised, two.advised);
        QCOMPARE(one.front, two.front);
        QVERIFY(one.noHedge == two.noHedge);
    }

    void reportedFiguresComeFromFullLengthRuns()
    {
        const AdviceQuestion q = smallQuestion();
        const AdviceAnswer a = Advisor(q).run();
        QVERIFY(a.finished);
        QVERIFY(a.advised);
        const AdviceCandidate& advised = *a.advisedCandidate();
        QCOMPARE(advised.stage, AdviceStage::Final);
        QVERIFY(!advised.rejection);
        QCOMPARE(advised.figures.size(), q.heldLoads.size());
        const std::int64_t measured =
            q.world.calls - std::int64_t(double(q.world.calls) * q.world.warmupFraction);
        for (const PointResult& p : advised.figures) {
            QCOMPARE(p.replicates(), q.limits.collapseRuns);
            QCOMPARE(p.measuredCalls, measured * q.limits.collapseRuns);
        }
        QCOMPARE(a.noHedge.stage, AdviceStage::Final);
        QCOMPARE(a.ruleOfThumb.stage, AdviceStage::Final);
        // The advised one is on the front, which keeps every limit.
        QVERIFY(std::find(a.front.begin(), a.front.end(), *a.advised) != a.front.end());
        for (std::size_t i : a.front)
            QVERIFY(!a.candidates[i].rejection);
        // Every other candidate says why not.
        for (std::size_t i = 0; i < a.candidates.size(); ++i)
            if (a.candidates[i].stage != AdviceStage::Final)
                QVERIFY(a.candidates[i].rejection && !a.candidates[i].rejection->text.empty());
    }

    void aStoppedSearchKeepsWhatItKnows()
    {
        const AdviceQuestion q = smallQuestion();
        std::stop_source stop;
        int reports = 0;
        std::size_t mostOnTheFront = 0;
        const AdviceAnswer a = Advisor(q).run(
            [&](const AdviceAnswer& soFar) {
                ++reports;
                // The front fills in as the race goes: the best so far is on it.
                if (soFar.bestSoFar) {
                    QVERIFY(std::find(soFar.front.begin(), soFar.front.end(), *soFar.bestSoFar) !=
                            soFar.front.end());
                    mostOnTheFront = std::max(mostOnTheFront, soFar.front.size());
                }
                if (soFar.stage == AdviceStage::Refine)
                    stop.request_stop();
            },
            stop.get_token());
        QVERIFY(!a.finished);
        QVERIFY(reports > 0);
        QVERIFY(mostOnTheFront > 0);
        QVERIFY(!a.advised);
        // The race's figures are kept.
        QVERIFY(std::any_of(a.candidates.begin(), a.candidates.end(),
                            [](const AdviceCandidate& c) { return !c.figures.empty(); }));
    }

    void noAnswerNamesTheTightestLimit()
    {
        // A service that fails 1 % of its calls cannot keep "no failed calls" whatever the delay.
        AdviceQuestion q = smallQuestion();
        q.world.service.errorProbability = 0.01;
        q.limits.maxFailedFraction = 0.0;
        const AdviceAnswer a = Advisor(q).run();
        QVERIFY(a.finished);
        QVERIFY(!a.advised);
        QVERIFY(a.front.empty());
        QVERIFY(a.closest);
        const AdviceRejection& r = *a.candidates[*a.closest].rejection;
        QCOMPARE(r.limit, AdviceRejection::Limit::Failures);
        QVERIFY(r.figure > 0.0);
        QVERIFY2(QString::fromStdString(r.text).contains("failed"), r.text.c_str());
    }
};

QTEST_GUILESS_MAIN(TestAdvisor)
#include "tst_advisor.moc"
