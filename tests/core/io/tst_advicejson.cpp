// The advice file (AdviceJson.h) of a hand-built answer, no simulation: the question in summary,
// the settings' knob values by field (null where the setup has not the knob), their figures with
// the spread named as results files name it, the front, the rejections and the comparison file.
#include <hedge/io/AdviceJson.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace hedge;

namespace {

AdviceQuestion question()
{
    AdviceQuestion q;
    q.world.calls = 20000;
    q.world.seed = 42;
    q.stack.name = "hedged";
    q.stack.hedge = HedgeSettings{};
    q.search = {{.field = "hedge.delay_ms", .from = 10, .to = 40, .steps = 4},
                {.field = "hedge.budget_percent", .from = 0, .to = 20, .steps = 5}};
    q.heldLoads = {0.3, 0.6};
    q.targetLoad = 0.6;
    q.burst = AdviceBurst{.factor = 1.2, .lengthS = 10, .recoverS = 30};
    return q;
}

AdviceCandidate candidate(double delay, double budget)
{
    AdviceCandidate c;
    c.values = {delay, budget};
    c.setup = withSearchedValues(question(), c.values);
    c.label = describeValues(question(), c.values);
    c.stage = AdviceStage::Final;
    for (const double load : question().heldLoads) {
        PointResult p;
        p.load = load;
        p.p99Ms = load < 0.5 ? 30.8 : 31.1;
        p.requestsPerCall = 1.02;
        ReplicateSpread s;
        s.replicates = 10;
        s.p99Ms = FigureSpread{.min = 29.0, .max = 33.25};
        s.requestsPerCall = FigureSpread{.min = 1.01, .max = 1.03};
        p.spread = s;
        c.figures.push_back(p);
    }
    return c;
}

AdviceAnswer answer()
{
    AdviceAnswer a;
    AdviceCandidate dropped = candidate(10, 0);
    dropped.figures.clear();
    dropped.stage = AdviceStage::Race;
    dropped.rejection = AdviceRejection{.limit = AdviceRejection::Limit::Collapse,
                                        .load = 0.6,
                                        .figure = 1,
                                        .collapsedRuns = 1,
                                        .runs = 1,
                                        .stage = AdviceStage::Race,
                                        .text = "collapsed at 0.6 in a short run"};
    a.candidates = {dropped, candidate(20, 5)};
    a.advised = 1;
    a.front = {1};
    a.noHedge.setup = noHedge(question());
    a.noHedge.label = "no hedge";
    a.ruleOfThumb = candidate(14.5, 10);
    a.ruleOfThumb.label = "rule of thumb";
    a.margin = AdviceMargin{.highestLoadHeld = 0.9, .runsPerLoad = 10, .burstRecovered = true,
                            .recoveredAfterS = 4.5};
    a.finished = true;
    a.runs = 120;
    a.simulatedCalls = 2400000;
    return a;
}

QJsonObject parsed(const std::string& text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("not JSON: %s", qPrintable(error.errorString()));
    return doc.object();
}

} // namespace

class TestAdviceJson : public QObject {
    Q_OBJECT

private slots:
    void questionAsAsked()
    {
        const QJsonObject q = parsed(writeAdviceJson(question(), answer()))["question"].toObject();
        QCOMPARE(q["seed"].toInt(), 42);
        QCOMPARE(q["calls"].toInt(), 20000);
        QCOMPARE(q["family"].toString(), QString("resilience4cata"));
        QCOMPARE(q["cancellation"].toString(), QString("client"));
        QCOMPARE(q["service"]["kind"].toString(), QString("log-normal"));
        QCOMPARE(q["service"]["workers"].toInt(), 16);
        const QJsonObject delay = q["search"][0].toObject();
        QCOMPARE(delay["knob"].toString(), QString("hedge.delay_ms"));
        QCOMPARE(delay["from"].toDouble(), 10.0);
        QCOMPARE(delay["to"].toDouble(), 40.0);
        QCOMPARE(delay["steps"].toInt(), 4);
        QCOMPARE(delay["values"].toArray(), (QJsonArray{10.0, 20.0, 30.0, 40.0}));
        QCOMPARE(q["held_loads"].toArray(), (QJsonArray{0.3, 0.6}));
        QCOMPARE(q["target_load"].toDouble(), 0.6);
        QCOMPARE(q["burst"]["factor"].toDouble(), 1.2);
        QCOMPARE(q["limits"]["max_requests_per_call_at_target"].toDouble(), 1.05);
        QVERIFY(q["limits"]["max_requests_per_call"].isNull());
        QCOMPARE(q["limits"]["collapse_runs"].toInt(), 10);
        QCOMPARE(q["objective"].toString(), QString("p99"));
    }

    void settingsWithTheirValuesAndFigures()
    {
        const QJsonObject root = parsed(writeAdviceJson(question(), answer()));
        const QJsonObject advised = root["advised"].toObject();
        QCOMPARE(advised["candidate"].toInt(), 1);
        QCOMPARE(advised["label"].toString(), QString::fromStdString(answer().candidates[1].label));
        QCOMPARE(advised["values"]["hedge.delay_ms"].toDouble(), 20.0);
        QCOMPARE(advised["values"]["hedge.budget_percent"].toDouble(), 5.0);
        const QJsonObject atTarget = advised["figures"][1].toObject();
        QCOMPARE(atTarget["load"].toDouble(), 0.6);
        QCOMPARE(atTarget["p99_ms"].toDouble(), 31.1);
        QCOMPARE(atTarget["p99_ms_min"].toDouble(), 29.0);
        QCOMPARE(atTarget["p99_ms_max"].toDouble(), 33.25);
        QCOMPARE(atTarget["replicates"].toInt(), 10);
        QCOMPARE(root["rule_of_thumb"]["values"]["hedge.delay_ms"].toDouble(), 14.5);
        QVERIFY(root["no_hedge"]["values"]["hedge.delay_ms"].isNull()); // no hedge, no delay
        QCOMPARE(root["margin"]["highest_load_held"].toDouble(), 0.9);
        QCOMPARE(root["margin"]["recovered_after_s"].toDouble(), 4.5);
        QCOMPARE(root["runs"].toInt(), 120);
        QCOMPARE(root["simulated_calls"].toInt(), 2400000);
    }

    void frontAndRejections()
    {
        const QJsonObject root = parsed(writeAdviceJson(question(), answer()));
        const QJsonObject front = root["front"][0].toObject();
        QCOMPARE(front["candidate"].toInt(), 1);
        QCOMPARE(front["objective_ms"].toDouble(), 31.1);
        QCOMPARE(front["requests_per_call"].toDouble(), 1.02);
        QVERIFY(front["advised"].toBool());
        const QJsonObject dropped = root["candidates"][0].toObject();
        QCOMPARE(dropped["stage"].toString(), QString("race"));
        QCOMPARE(dropped["values"]["hedge.delay_ms"].toDouble(), 10.0);
        const QJsonObject r = dropped["rejection"].toObject();
        QCOMPARE(r["limit"].toString(), QString("collapse"));
        QCOMPARE(r["load"].toDouble(), 0.6);
        QCOMPARE(r["collapsed_runs"].toInt(), 1);
        QCOMPARE(r["text"].toString(), QString("collapsed at 0.6 in a short run"));
        QVERIFY(root["candidates"][1]["rejection"].isNull());
    }

    void noAnswerIsNull()
    {
        AdviceAnswer a = answer();
        a.advised.reset();
        a.front.clear();
        a.closest = 0;
        const QJsonObject root = parsed(writeAdviceJson(question(), a));
        QVERIFY(root["advised"].isNull());
        QCOMPARE(root["closest"].toInt(), 0);
        QCOMPARE(root["front"].toArray().size(), 0);
    }

    // Doubles as the results file writes them: the shortest text that reads back the same.
    void numbersReadBackAsTheSameDoubles()
    {
        const std::string text = writeAdviceJson(question(), answer());
        QVERIFY(text.find("\"p99_ms\": 31.1,") != std::string::npos);
        QVERIFY(text.find("\"target_load\": 0.6,") != std::string::npos);
    }

    void comparisonHoldsOneEntryPerSearch()
    {
        AdviceQuestion grpc = question();
        grpc.stack.policy = PolicyFamily::Grpc;
        grpc.search = {{.field = "grpc.hedging_delay_ms", .from = 10, .to = 40, .steps = 4}};
        const QJsonObject root = parsed(writeAdviceComparisonJson(
            {{question(), answer()}, {grpc, AdviceAnswer{}}}));
        QCOMPARE(root["format"].toString(), QString("hedge-explorer/advice@1"));
        const QJsonArray searches = root["searches"].toArray();
        QCOMPARE(searches.size(), 2);
        QCOMPARE(searches[0]["question"]["family"].toString(), QString("resilience4cata"));
        QCOMPARE(searches[1]["question"]["family"].toString(), QString("grpc"));
        QVERIFY(searches[1]["advised"].isNull());
        QVERIFY(!searches[0].toObject().contains("format"));
    }
};

QTEST_GUILESS_MAIN(TestAdviceJson)
#include "tst_advicejson.moc"
