// Twins (runsTheSameSimulation): points whose runs are event for event the same, such as
// "no hedge / client" and "no hedge / server", are run once by a sweep and reported under each
// one's own name — with the numbers each would have had alone.
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/Simulation.h>

#include "SameFigures.h"

#include <QTest>

#include <map>

using namespace hedge;

namespace {

Setup noHedge(const char* name, Cancellation c, bool limited = false)
{
    Setup s{.name = name, .cancellation = c, .hedge = std::nullopt, .adaptiveLimit = std::nullopt};
    if (limited)
        s.adaptiveLimit = Gradient2Config{};
    return s;
}

Setup hedged(const char* name, Cancellation c)
{
    return Setup{.name = name, .cancellation = c, .hedge = HedgeSettings{}, .adaptiveLimit = std::nullopt};
}

PointSpec specOf(const Setup& setup, double load = 0.7)
{
    ServiceConfig service;
    service.errorProbability = 0.05;
    return PointSpec{.service = service, .setup = setup, .load = load, .calls = 20000};
}


} // namespace

class TestSweepTwins : public QObject {
    Q_OBJECT

private slots:
    void cancellationMattersOnlyWithASecondAttempt()
    {
        const auto client = Cancellation::Client;
        const auto server = Cancellation::Server;
        QVERIFY(runsTheSameSimulation(specOf(noHedge("a", client)), specOf(noHedge("b", server))));
        QVERIFY(runsTheSameSimulation(specOf(noHedge("a", client, true)),
                                      specOf(noHedge("b", server, true))));
        QVERIFY(runsTheSameSimulation(specOf(hedged("a", client)), specOf(hedged("b", client))));
        QVERIFY(!runsTheSameSimulation(specOf(hedged("a", client)), specOf(hedged("a", server))));
        QVERIFY(!runsTheSameSimulation(specOf(noHedge("a", client)), specOf(hedged("a", client))));
        QVERIFY(!runsTheSameSimulation(specOf(noHedge("a", client)),
                                       specOf(noHedge("a", client, true))));
        QVERIFY(!runsTheSameSimulation(specOf(noHedge("a", client), 0.7),
                                       specOf(noHedge("a", client), 0.8)));
        PointSpec other = specOf(noHedge("a", client));
        other.replicate = 1;
        QVERIFY(!runsTheSameSimulation(specOf(noHedge("a", client)), other));
        other = specOf(noHedge("a", client));
        other.service.workers = 8;
        QVERIFY(!runsTheSameSimulation(specOf(noHedge("a", client)), other));
    }

    // The model's fact the shortcut relies on: without a second attempt nothing is ever
    // cancelled, so both cancellations give the same numbers — errors, the adaptive limit's
    // rejections and a collapse included.
    void oneAttemptGivesTheSameNumbersUnderBothCancellations()
    {
        for (const bool limited : {false, true}) {
            for (const double load : {0.5, 0.95, 1.2}) {
                const PointResult client =
                    simulatePoint(specOf(noHedge("x", Cancellation::Client, limited), load));
                const PointResult server =
                    simulatePoint(specOf(noHedge("x", Cancellation::Server, limited), load));
                compareFiguresExactly(client, server);
            }
        }
    }

    void aSweepReportsEveryTwinUnderItsOwnName_data()
    {
        QTest::addColumn<int>("replicates");
        QTest::addColumn<int>("threads");
        QTest::newRow("1 replicate, 1 thread") << 1 << 1;
        QTest::newRow("1 replicate, 2 threads") << 1 << 2;
        QTest::newRow("3 replicates, 2 threads") << 3 << 2;
    }
    void aSweepReportsEveryTwinUnderItsOwnName()
    {
        QFETCH(int, replicates);
        QFETCH(int, threads);
        Scenario s;
        s.calls = 6000;
        s.replicates = replicates;
        s.loads = {0.5, 0.9};
        s.service.errorProbability = 0.05;
        s.setups = {noHedge("no hedge / client", Cancellation::Client),
                    hedged("hedge / client", Cancellation::Client),
                    noHedge("no hedge / server", Cancellation::Server),
                    hedged("hedge / server", Cancellation::Server),
                    noHedge("my baseline", Cancellation::Client)};
        std::map<std::size_t, int> reports;
        const LoadSweep::Outcome outcome =
            LoadSweep(s, threads).run([&reports](std::size_t index, const PointResult&) {
                ++reports[index];
            });
        QCOMPARE(outcome.points.size(), s.setups.size() * s.loads.size());
        QCOMPARE(reports.size(), outcome.points.size());
        for (const auto& [index, count] : reports)
            QCOMPARE(count, 1);
        const LoadSweep::Outcome alone = [&] {
            Scenario one = s;
            LoadSweep::Outcome all;
            for (const Setup& setup : s.setups) {
                one.setups = {setup};
                for (PointResult& p : LoadSweep(one, 1).run().points)
                    all.points.push_back(std::move(p));
            }
            return all;
        }();
        for (std::size_t i = 0; i < outcome.points.size(); ++i) {
            const Setup& setup = s.setups[i / s.loads.size()];
            QCOMPARE(outcome.points[i].setup, setup.name);
            QCOMPARE(outcome.points[i].cancellation, setup.cancellation);
            QCOMPARE(outcome.points[i].load, s.loads[i % s.loads.size()]);
            compareFiguresExactly(outcome.points[i], alone.points[i]);
            QCOMPARE(outcome.points[i].spread.has_value(), replicates > 1);
        }
    }
};

QTEST_APPLESS_MAIN(TestSweepTwins)
#include "tst_sweeptwins.moc"
