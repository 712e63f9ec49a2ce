// The lessons of docs/model.md, "Presets and lessons", on the reference setups with fewer calls
// than the app uses.
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <map>

using namespace hedge;

class TestLessons : public QObject {
    Q_OBJECT

    Scenario m_scenario;
    std::map<std::pair<std::string, double>, PointResult> m_points;

    const PointResult& at(const std::string& setup, double load)
    {
        const auto it = m_points.find({setup, load});
        if (it == m_points.end())
            qFatal("no point %s at %.2f", setup.c_str(), load);
        return it->second;
    }

private slots:
    void initTestCase()
    {
        m_scenario.calls = 100000;
        m_scenario.loads = {0.3, 0.5, 0.7, 0.8, 0.9};
        for (const PointResult& p : LoadSweep(m_scenario).run().points)
            m_points[{p.setup, p.load}] = p;
    }

    void hedgingCutsTheTailWithRoomToSpare()
    {
        // The p99.9 falls from near the hiccups' top (300 ms) to about delay + a typical
        // service time (20 + 10 ms), for a few percent more requests.
        const PointResult& none = at("no hedge / client", 0.3);
        const PointResult& hedged = at("hedge, default budget / client", 0.3);
        QVERIFY(*none.p999Ms > 250.0);
        QVERIFY(*hedged.p999Ms < 50.0);
        QVERIFY(hedged.requestsPerCall > 1.0 && hedged.requestsPerCall < 1.05);
    }

    void withoutBudgetClientCancellationCollapses()
    {
        for (double load : {0.7, 0.8, 0.9}) {
            const PointResult& p = at("hedge, no budget / client", load);
            QVERIFY(p.collapsed);
            QVERIFY(*p.p99Ms > 10000.0);        // tens of seconds: the queue never drains
            QVERIFY(p.requestsPerCall > 1.9);   // every call hedges
            QVERIFY(at("3 attempts, no budget / client", load).collapsed);
        }
        QVERIFY(!at("hedge, no budget / client", 0.3).collapsed);
    }

    void aBudgetPreventsTheCollapseNotAllTheDamage()
    {
        for (double load : {0.7, 0.8, 0.9}) {
            const PointResult& budget = at("hedge, default budget / client", load);
            const PointResult& small = at("hedge, budget 5 % / client", load);
            QVERIFY(!budget.collapsed);
            QVERIFY(budget.requestsPerCall <= 1.11);
            QVERIFY(*budget.p99Ms < *at("hedge, no budget / client", load).p99Ms / 10.0);
            QVERIFY(*small.p99Ms < *budget.p99Ms); // a smaller budget does less harm
        }
        // ...but at high load the hedges still hurt compared with not hedging at all.
        QVERIFY(*at("hedge, default budget / client", 0.8).p99Ms >
                *at("no hedge / client", 0.8).p99Ms);
    }

    void anAdaptiveLimitKeepsTheTailShortByRejecting()
    {
        for (double load : {0.8, 0.9}) {
            const PointResult& limited = at("hedge, default budget, adaptive limit / client", load);
            const PointResult& budget = at("hedge, default budget / client", load);
            QVERIFY(*limited.p99Ms < *budget.p99Ms / 2.0);
            QVERIFY(limited.rejectedFraction > 0.0);
        }
    }

    void serverCancellationMakesHedgesAlikeAndLowersUtilisation()
    {
        const char* hedges[] = {"hedge, no budget / server", "hedge, default budget / server",
                                "hedge, budget 5 % / server",
                                "hedge, default budget, adaptive limit / server",
                                "3 attempts, no budget / server"};
        for (double load : {0.3, 0.5, 0.7, 0.8, 0.9}) {
            const double ref = *at(hedges[0], load).p99Ms;
            for (const char* name : hedges) {
                const PointResult& p = at(name, load);
                QVERIFY(!p.collapsed);
                QVERIFY2(std::abs(*p.p99Ms / ref - 1.0) < 0.1, name);
                QVERIFY(p.utilisation < at("no hedge / server", load).utilisation);
            }
        }
        // Without hedges the cancellation mode changes nothing (common random numbers). A
        // sweep runs such twins once and copies the result, so the server's point is run
        // here on its own, with server cancellation, and compared with the sweep's client.
        for (double load : {0.3, 0.9}) {
            Setup server;
            for (const Setup& setup : m_scenario.setups)
                if (setup.name == "no hedge / server")
                    server = setup;
            QCOMPARE(server.cancellation, Cancellation::Server);
            const PointResult alone =
                simulatePoint(PointSpec{.service = m_scenario.service,
                                        .setup = server,
                                        .load = load,
                                        .seed = m_scenario.seed,
                                        .calls = m_scenario.calls,
                                        .warmupFraction = m_scenario.warmupFraction});
            PointResult client = at("no hedge / client", load);
            QCOMPARE(client.cancellation, Cancellation::Client);
            QCOMPARE(alone.cancellation, Cancellation::Server);
            client.setup = alone.setup;
            client.cancellation = alone.cancellation;
            QVERIFY(client == alone);
            QVERIFY(at("no hedge / server", load) == alone);
        }
    }
};

QTEST_GUILESS_MAIN(TestLessons)
#include "tst_lessons.moc"
