// Outages on a timeline (docs/timeline.md, "Outages"), on the real simulation (TimelineWorld):
// during an `errors` outage every call fails at once and nothing queues; during a `stall` the
// queue grows by every arrival and nothing succeeds, and once it ends the queue drains; before
// and after, the world is the world without the outage, bucket for bucket. The file carries the
// outages and refuses a bad one with its field and range named.
#include <hedge/io/ScenarioError.h>
#include <hedge/io/ScenarioJson.h>
#include <hedge/sim/TimelineWorld.h>

#include <QTest>

#include <string>
#include <vector>

using namespace hedge;

namespace {

// 30 s at 50 % of the reference service, one-second buckets, no hedge, an outage at 10–15 s.
Scenario withOutage(std::optional<Outage::Kind> kind)
{
    Scenario s;
    s.setups = {Setup{.name = "plain"}};
    Timeline t;
    t.durationS = 30.0;
    t.bucketMs = 1000.0;
    t.loadSteps = {LoadStep{.atS = 0.0, .load = 0.5}};
    if (kind)
        t.outages = {Outage{.atS = 10.0, .lengthS = 5.0, .kind = *kind}};
    s.timeline = t;
    return s;
}

std::vector<TimelineBucket> run(const Scenario& s)
{
    TimelineWorld world(s, 0);
    std::vector<TimelineBucket> buckets;
    while (std::optional<TimelineBucket> b = world.advance())
        buckets.push_back(*b);
    return buckets;
}

} // namespace

class TestOutage : public QObject {
    Q_OBJECT

private slots:
    void errorsFailEveryCallAtOnce()
    {
        const std::vector<TimelineBucket> out = run(withOutage(Outage::Kind::Errors));
        const std::vector<TimelineBucket> none = run(withOutage(std::nullopt));
        QCOMPARE(out.size(), std::size_t(30));
        // Before it: the same world.
        for (std::size_t i = 0; i < 10; ++i)
            QCOMPARE(out[i], none[i]);
        // Inside it (the buckets wholly in 10–15 s, past the first, whose calls sent before
        // 10 s may still answer): every call that arrives fails, none queues, none succeeds.
        for (std::size_t i = 11; i < 15; ++i) {
            QVERIFY(out[i].arrivals > 0);
            QCOMPARE(out[i].failed, out[i].arrivals);
            QCOMPARE(out[i].queueMax, std::int64_t(0));
            QVERIFY(!out[i].p99Ms.has_value());
        }
        // After it: the service answers again.
        for (std::size_t i = 16; i < 30; ++i) {
            QCOMPARE(out[i].failed, std::int64_t(0));
            QVERIFY(out[i].p99Ms.has_value());
        }
    }

    void aStallQueuesEverythingAndDrainsAfter()
    {
        const std::vector<TimelineBucket> out = run(withOutage(Outage::Kind::Stall));
        const std::vector<TimelineBucket> none = run(withOutage(std::nullopt));
        for (std::size_t i = 0; i < 10; ++i)
            QCOMPARE(out[i], none[i]);
        // Nothing is answered in the stall's whole buckets (those in service at 10 s finish
        // within the first), and the queue holds every call that arrived since.
        std::int64_t arrived = 0;
        for (std::size_t i = 11; i < 15; ++i) {
            arrived += out[i].arrivals;
            QCOMPARE(out[i].callsEnded, std::int64_t(0));
            QCOMPARE(out[i].busyFraction, 0.0);
            QVERIFY(out[i].queueLength >= arrived);
        }
        QVERIFY(out[14].queueLength > out[11].queueLength);
        // Back: the queue drains at the service's spare half and is gone well before the end.
        QVERIFY(out[15].callsEnded > out[15].arrivals);
        QCOMPARE(out[29].queueLength, std::int64_t(0));
        QVERIFY(out[29].p99Ms.has_value());
    }

    void theFileCarriesOutages()
    {
        Scenario s = withOutage(Outage::Kind::Stall);
        const std::string json = writeScenarioJson(s);
        QVERIFY(json.find("\"outages\"") != std::string::npos);
        QCOMPARE(parseScenarioJson(json).timeline->outages, s.timeline->outages);
        // None: nothing written (a file of before stays the same).
        QVERIFY(writeScenarioJson(withOutage(std::nullopt)).find("outages") == std::string::npos);
    }

    void aBadOutageNamesItsField_data()
    {
        QTest::addColumn<QString>("outage");
        QTest::addColumn<QString>("message");
        QTest::newRow("kind") << R"({"at_s": 10, "length_s": 5, "kind": "down"})"
                              << R"(timeline.outages[0].kind: "down" is not allowed (allowed "errors" or "stall"))";
        QTest::newRow("length") << R"({"at_s": 10, "length_s": 0})"
                                << "timeline.outages[0].length_s";
        QTest::newRow("after the end") << R"({"at_s": 40, "length_s": 5})"
                                       << "timeline.outages[0].at_s";
    }
    void aBadOutageNamesItsField()
    {
        QFETCH(QString, outage);
        QFETCH(QString, message);
        std::string json = writeScenarioJson(withOutage(std::nullopt));
        const std::string changes = "\"changes\": []";
        const std::size_t at = json.find(changes);
        QVERIFY(at != std::string::npos);
        json.replace(at, changes.size(), changes + ", \"outages\": [" + outage.toStdString() + "]");
        try {
            parseScenarioJson(json);
            QFAIL("accepted");
        } catch (const ScenarioError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).startsWith(message), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestOutage)
#include "tst_outage.moc"
