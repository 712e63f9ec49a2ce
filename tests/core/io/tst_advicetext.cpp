// The advisor's texts (AdviceText.h) on a hand-built answer, no simulation: the table hedgesim
// prints and the explorer shows, the summary with and without an answer, "why not" and the
// question in one line.
#include <hedge/advise/AdviceText.h>

#include <QTest>

using namespace hedge;

namespace {

// A point pooled over `runs` replicates with its spreads.
PointResult point(double load, double p99, double p99Min, double p99Max, double rpc,
                  double rpcMin, double rpcMax, int runs, int collapsed = 0)
{
    PointResult p;
    p.load = load;
    p.p50Ms = p99 / 4;
    p.p99Ms = p99;
    p.p999Ms = p99 * 2;
    p.requestsPerCall = rpc;
    p.collapsed = collapsed * 2 > runs;
    ReplicateSpread s;
    s.replicates = runs;
    s.collapsedRuns = collapsed;
    s.p99Ms = FigureSpread{.min = p99Min, .max = p99Max};
    if (!spreadIsRange(runs))
        s.p99Ms->p5 = p99Min + 1.0, s.p99Ms->p95 = p99Max - 1.0;
    s.requestsPerCall = FigureSpread{.min = rpcMin, .max = rpcMax};
    p.spread = s;
    return p;
}

AdviceQuestion question()
{
    AdviceQuestion q;
    q.stack.name = "hedged";
    q.stack.hedge = HedgeSettings{};
    q.search = {{.field = "hedge.delay_ms", .from = 10, .to = 40, .steps = 4},
                {.field = "hedge.budget_percent", .from = 0, .to = 20, .steps = 5},
                {.field = "hedge.max_attempts", .from = 2, .to = 3, .steps = 2}};
    q.heldLoads = {0.3, 0.6};
    q.targetLoad = 0.6;
    return q;
}

AdviceCandidate candidate(std::string label, std::vector<PointResult> figures)
{
    AdviceCandidate c;
    c.label = std::move(label);
    c.stage = AdviceStage::Final;
    c.figures = std::move(figures);
    return c;
}

AdviceAnswer answer(int runs = 10)
{
    AdviceAnswer a;
    a.noHedge = candidate("no hedge", {point(0.3, 80.0, 78.0, 83.0, 1.0, 1.0, 1.0, runs),
                                       point(0.6, 95.5, 90.1, 101.2, 1.0, 1.0, 1.0, runs, 2)});
    a.ruleOfThumb = candidate("rule of thumb", {point(0.3, 40.0, 39.0, 41.0, 1.05, 1.04, 1.06, runs),
                                                point(0.6, 60.0, 58.0, 62.5, 1.1, 1.09, 1.12, runs)});
    // Named by its knobs' values as the advised setting is (AdviceQuestion's describeValues).
    a.ruleOfThumb.setup = question().stack;
    a.ruleOfThumb.setup.hedge->delayMs = 14.2;
    a.ruleOfThumb.rejection = AdviceRejection{.limit = AdviceRejection::Limit::RequestsAtTarget,
                                              .load = 0.6,
                                              .figure = 1.1,
                                              .allowed = 1.05};
    AdviceCandidate collapsed = candidate("delay 10 ms", {});
    collapsed.rejection = AdviceRejection{.limit = AdviceRejection::Limit::Collapse,
                                          .load = 0.6,
                                          .collapsedRuns = 4,
                                          .runs = 10,
                                          .text = "collapsed at 0.6 in 4 of 10 runs"};
    AdviceCandidate advised = candidate("delay 20 ms", {point(0.3, 0.25, 0.2, 0.3, 1.012, 1.01, 1.015, runs),
                                                        point(0.6, 45.2, 44.0, 46.1, 1.032, 1.03, 1.035, runs)});
    AdviceCandidate costly = candidate("delay 30 ms, budget 20 %", {});
    costly.rejection = AdviceRejection{.limit = AdviceRejection::Limit::RequestsAtTarget,
                                       .load = 0.6,
                                       .figure = 1.12,
                                       .allowed = 1.05};
    a.candidates = {collapsed, advised, costly};
    a.advised = 1;
    a.front = {1};
    a.margin = AdviceMargin{.highestLoadHeld = 0.9, .runsPerLoad = 10};
    a.finished = true;
    return a;
}

} // namespace

class TestAdviceText : public QObject {
    Q_OBJECT

private slots:
    void tableHasAColumnPairPerHeldLoad()
    {
        const AdviceTable t = adviceTable(question(), answer());
        QCOMPARE(t.columns, (std::vector<std::string>{"setting", "p99 @ 0.3", "req/call @ 0.3",
                                                      "p99 @ 0.6", "req/call @ 0.6",
                                                      "collapsed runs"}));
        QCOMPARE(t.rows.size(), std::size_t(3));
        for (const auto& row : t.rows)
            QCOMPARE(row.size(), t.columns.size());
    }

    void rowsGiveFiguresWithTheirSpread()
    {
        const AdviceTable t = adviceTable(question(), answer());
        QCOMPARE(t.rows[0], (std::vector<std::string>{"no hedge", "80.0 [78.0–83.0]",
                                                      "1.000 [1.000–1.000]", "95.5 [90.1–101.2]",
                                                      "1.000 [1.000–1.000]", "2/10 @ 0.6"}));
        QCOMPARE(t.rows[1][0], std::string("rule of thumb: delay 14.2 ms, budget 10 %, max attempts 2"));
        // A sub-millisecond p99 keeps three decimals; the spread takes the value's decimals.
        QCOMPARE(t.rows[2], (std::vector<std::string>{"advised: delay 20 ms", "0.250 [0.200–0.300]",
                                                      "1.012 [1.010–1.015]", "45.2 [44.0–46.1]",
                                                      "1.032 [1.030–1.035]", "0/10"}));
    }

    void spreadFromTwentyRunsIsTheFifthToNinetyFifthPercentile()
    {
        const AdviceTable t = adviceTable(question(), answer(20));
        QCOMPARE(t.rows[2][3], std::string("45.2 [45.0–45.1]"));
        QVERIFY(adviceSummary(question(), answer(20)).find("5th–95th percentile") !=
                std::string::npos);
    }

    void noAdvisedRowWithoutAnAnswer()
    {
        AdviceAnswer a = answer();
        a.advised.reset();
        QCOMPARE(adviceTable(question(), a).rows.size(), std::size_t(2));
    }

    void summaryComparesTheAdviceWithTheRuleOfThumb()
    {
        const std::string s = adviceSummary(question(), answer());
        QCOMPARE(s, std::string(
                        "Advised: delay 20 ms. Its p99 at load 0.6 is 45.2 ms, against 60.0 ms for "
                        "the rule of thumb (delay 14.2 ms, budget 10 %, max attempts 2) and 95.5 ms without hedging, on the "
                        "same seeds. It sends 1.032 requests per call there (limit 1.05). The "
                        "rule of thumb breaks a limit: 1.100 requests per call at 0.6 (limit "
                        "1.05). Spreads in brackets are over 10 runs (min–max). It holds up to "
                        "load 0.9 without a collapse in 10 runs."));
    }

    void summaryWithoutAnAnswerNamesTheTightestLimitAndTheMiss()
    {
        AdviceAnswer a = answer();
        a.advised.reset();
        a.closest = 2;
        const std::string s = adviceSummary(question(), a);
        QCOMPARE(s, std::string("No setting keeps every limit. The tightest limit is "
                                "requests per call at the target: it ruled out 1 of 3 candidates. The "
                                "closest, delay 30 ms, budget 20 %, missed it: 1.120 requests "
                                "per call at 0.6 (limit 1.05) (0.070 requests per call over)."));
    }

    void whyNotListsEachRejectedCandidateInOrder()
    {
        QCOMPARE(whyNotLines(answer()),
                 (std::vector<std::string>{
                     "delay 10 ms: collapsed at 0.6 in 4 of 10 runs",
                     "delay 30 ms, budget 20 %: 1.120 requests per call at 0.6 (limit 1.05)"}));
    }

    void questionInOneLine()
    {
        AdviceQuestion q = question();
        q.burst = AdviceBurst{};
        QCOMPARE(questionSummary(q),
                 std::string("resilience4cata (client cancellation), searching delay 10–40 ms "
                             "(4) × budget 0–20 % (5) × max attempts 2–3; holding 0.3, 0.6; "
                             "target 0.6; ≤ 1.05 requests per call at the target; ≤ 0.1 % "
                             "failed; no collapse in 10 runs; back from ×1.3 for 20 s within "
                             "60 s; p99"));
    }
};

QTEST_GUILESS_MAIN(TestAdviceText)
#include "tst_advicetext.moc"
