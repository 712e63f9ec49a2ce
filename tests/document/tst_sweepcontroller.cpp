#include "TestScenarios.h"

#include <hedge/run/SweepController.h>
#include <hedge/sim/GridMap.h>
#include <hedge/sim/LoadSweep.h>

#include <QSignalSpy>
#include <QtTest>

using namespace hedge;

namespace {

Scenario small()
{
    return test::twoSetups({0.5, 0.9}, 2000, 11);
}

// A run with nothing to compute finishes inside setScenario(): count, don't wait for a new one.
#define RUN_AND_WAIT(call)                                                                         \
    do {                                                                                           \
        const auto before = finished.count();                                                      \
        call;                                                                                      \
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() > before, 60000);                                \
    } while (false)

std::vector<PointResult> engine(const Scenario& s)
{
    return LoadSweep(s, 1).run().points;
}

// The seed check adds the verdicts of other seeds to points run once (tst_seedcheck); the
// figures are the engine's.
std::vector<PointResult> withoutSeedChecks(std::vector<PointResult> points)
{
    for (PointResult& p : points)
        p.seedCheck.reset();
    return points;
}

} // namespace

class TestSweepController : public QObject {
    Q_OBJECT
private slots:
    void resultsEqualTheEngineAndEditsRerunOnlyWhatChanged()
    {
        SweepController c;
        QSignalSpy finished(&c, &SweepController::runFinished);
        Scenario s = small();
        RUN_AND_WAIT(c.setScenario(s, true));
        QCOMPARE(finished.last().at(0).toBool(), true);
        QCOMPARE(withoutSeedChecks(c.displayedPoints()), engine(s));
        QCOMPARE(c.simulatedPoints(), 4);
        QVERIFY(c.isComplete());
        QVERIFY(c.passLabel().startsWith(QStringLiteral("full pass")));

        // A rename needs no simulation.
        s.setups[0].name = "plain";
        RUN_AND_WAIT(c.setScenario(s, true));
        QCOMPARE(c.simulatedPoints(), 4);
        QCOMPARE(c.displayedPoints().front().setup, std::string("plain"));
        QCOMPARE(withoutSeedChecks(c.displayedPoints()), engine(s));

        // One setup's delay: only its two points run again.
        s.setups[1].hedge->delayMs = 30.0;
        RUN_AND_WAIT(c.setScenario(s, true));
        QCOMPARE(c.simulatedPoints(), 6);
        QCOMPARE(withoutSeedChecks(c.displayedPoints()), engine(s));

        // A new load runs every setup at that load only, and the other points are the
        // same numbers (the engine keys its random numbers by load value).
        s.loads = {0.5, 0.7, 0.9};
        RUN_AND_WAIT(c.setScenario(s, true));
        QCOMPARE(c.simulatedPoints(), 8);
        QCOMPARE(withoutSeedChecks(c.displayedPoints()), engine(s));
    }

    // Points are keyed by what they simulate (PointIdentity): "no hedge / client" and
    // "no hedge / server" are one run, shown under each setup's own name.
    void twinsAreSimulatedOnce()
    {
        SweepController c;
        QSignalSpy finished(&c, &SweepController::runFinished);
        Scenario s = small();
        Setup server = s.setups[0];
        server.name = "no hedge / server";
        server.cancellation = Cancellation::Server;
        s.setups = {s.setups[0], server};
        RUN_AND_WAIT(c.setScenario(s, true));
        QCOMPARE(c.simulatedPoints(), 2); // one per load
        QCOMPARE(withoutSeedChecks(c.displayedPoints()), engine(s));
    }

    // A map is the same sweep configured with mapPoints: its baseline and cells, each run once
    // (a cell that equals the baseline is the baseline's run), with the engine's numbers; an
    // edit of a setup the map does not show runs nothing, and neither does giving the gridded
    // setup the value of a cell.
    void aMapIsASweepOfItsBaselineAndCells()
    {
        SweepController map(nullptr, nullptr, SweepController::mapShape());
        QSignalSpy finished(&map, &SweepController::runFinished);
        Scenario s = small();
        Setup third = s.setups[1];
        third.name = "third";
        s.setups.push_back(third);
        s.grid = Grid{.setup = s.setups[1].name, .knob = "hedge.delay_ms", .values = {5, 40}};
        RUN_AND_WAIT(map.setScenario(s, true));
        QVERIFY(map.isComplete());
        QCOMPARE(map.simulatedPoints(), 6); // the baseline and two cells at two loads
        for (MapFigure figure : {MapFigure::P99Ratio, MapFigure::RequestsPerCall})
            QCOMPARE(map.map(figure).cells, gridMap(s, engine(s), figure).cells);

        s.setups[2].hedge->delayMs = 33.0; // not on the map
        map.setScenario(s);
        QVERIFY(!map.isPendingOrRunning());
        s.setups[1].hedge->delayMs = 40.0; // a cell's value, chosen on the map
        map.setScenario(s);
        QVERIFY(!map.isPendingOrRunning());
        QCOMPARE(map.simulatedPoints(), 6);
        QVERIFY(map.isComplete());

        // A new value adds its cells only.
        s.grid->values.push_back(60);
        RUN_AND_WAIT(map.setScenario(s, true));
        QCOMPARE(map.simulatedPoints(), 8);
        QCOMPARE(map.map(MapFigure::P99Ratio).cells,
                 gridMap(s, engine(s), MapFigure::P99Ratio).cells);
    }

    void coarsePassThenFullPass()
    {
        SweepController c;
        c.setCoarseCalls(1000);
        Scenario s = small();
        s.calls = 400000; // long enough for a redraw between the passes
        QStringList labels;
        connect(&c, &SweepController::pointsChanged, this, [&] { labels << c.passLabel(); });
        QSignalSpy finished(&c, &SweepController::runFinished);
        RUN_AND_WAIT(c.setScenario(s, true));
        QCOMPARE(c.simulatedPoints(), 8); // 4 coarse + 4 full
        QCOMPARE(withoutSeedChecks(c.displayedPoints()), engine(s));
        QVERIFY(c.passLabel().startsWith(QStringLiteral("full pass")));
        bool sawCoarse = false;
        for (const QString& l : labels)
            sawCoarse = sawCoarse || l.startsWith(QStringLiteral("coarse pass"));
        QVERIFY2(sawCoarse, qPrintable(labels.join(QLatin1Char('\n'))));
    }

    // Issue 37, item 15: "Full pass: 7 / 6 points". The user's steps: a scenario done, then an
    // edit that adds a setup and a load (its 5 missing points are not a rectangle: the pass
    // computes the 3 x 3 rectangle), its preview frame, its pass, and another edit
    // while that pass runs, whose stopped pass's points land after the next run started. At
    // every progress report a pass has counted no more points than it computes.
    void passCountsStayWithinWhatThePassComputes()
    {
        SweepController c;
        c.setCoarseCalls(1000);
        c.setDebounceMs(10);
        QSignalSpy finished(&c, &SweepController::runFinished);
        Scenario s = test::twoSetups({0.3, 0.5}, 40000);
        RUN_AND_WAIT(c.setScenario(s, true));
        QVERIFY(c.isComplete());

        struct Report {
            SweepController::Pass pass;
            int done, total;
        };
        QList<Report> reports;
        connect(&c, &SweepController::progressChanged, this, [&] {
            const SweepController::Progress p = c.progress();
            reports << Report{p.pass, p.done, p.total};
        });
        // A run that ends complete ends its last pass with every point it computed counted.
        QList<Report> ends;
        connect(&c, &SweepController::runFinished, this, [&](bool completed) {
            const SweepController::Progress p = c.progress();
            if (completed)
                ends << Report{p.pass, p.done, p.total};
        });
        Setup budget = s.setups[1];
        budget.name = "hedge, budget";
        budget.hedge->budgetPercent = 10.0;
        s.setups.push_back(budget);
        s.loads = {0.3, 0.5, 0.7};
        // The second edit as soon as the run's first pass is planned (the preview frame may
        // hold the coarse points already: then it is the full one).
        Scenario second = s;
        second.setups[2].hedge->delayMs = 25.0;
        bool edited = false;
        connect(&c, &SweepController::progressChanged, this, [&] {
            if (edited || c.progress().pass == SweepController::Pass::Idle)
                return;
            edited = true;
            QTimer::singleShot(0, &c, [&] { c.setScenario(second); });
        });
        c.setScenario(s);
        QTRY_VERIFY_WITH_TIMEOUT(edited && c.scenario().setups[2].hedge->delayMs == 25.0 &&
                                     c.isComplete() && !c.isPendingOrRunning(),
                                 120000);
        s = second;
        QCOMPARE(withoutSeedChecks(c.displayedPoints()), engine(s));

        QVERIFY(!reports.isEmpty());
        bool sawFull = false;
        for (qsizetype i = 0; i < reports.size(); ++i) {
            const Report& r = reports[i];
            const QString text = QStringLiteral("report %1: %2 / %3 points (pass %4)")
                                     .arg(i)
                                     .arg(r.done)
                                     .arg(r.total)
                                     .arg(int(r.pass));
            QVERIFY2(r.done >= 0 && r.done <= r.total, qPrintable(text));
            sawFull = sawFull || (r.pass == SweepController::Pass::Full && r.total > 0);
        }
        QVERIFY(sawFull);
        QVERIFY(!ends.isEmpty());
        for (const Report& r : ends)
            QVERIFY2(r.done == r.total && r.total > 0,
                     qPrintable(QStringLiteral("run ended at %1 / %2 points").arg(r.done).arg(r.total)));
    }

    void redrawsAreCoalesced()
    {
        SweepController c;
        Scenario s = small();
        s.loads = {0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};
        int redraws = 0;
        connect(&c, &SweepController::pointsChanged, this, [&] { ++redraws; });
        QSignalSpy finished(&c, &SweepController::runFinished);
        RUN_AND_WAIT(c.setScenario(s, true));
        QCOMPARE(c.simulatedPoints(), 16);
        // Never one redraw per point plus more: the 25 Hz timer batches them.
        QVERIFY2(redraws <= c.simulatedPoints() + 2, qPrintable(QString::number(redraws)));
        QVERIFY(redraws >= 1);
    }

    void cancelStopsTheWorker()
    {
        SweepController c;
        Scenario s = small();
        s.calls = 5000000;
        QSignalSpy finished(&c, &SweepController::runFinished);
        c.setScenario(s, true);
        QTRY_VERIFY_WITH_TIMEOUT(c.isRunning(), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(c.progress().pass != SweepController::Pass::Idle, 60000);
        c.cancel();
        QVERIFY(!c.isRunning());
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.last().at(0).toBool(), false);
        // shutdown() joins the worker: it must come back although the points were huge.
        c.shutdown();
        QVERIFY(!c.isComplete());
    }

    void editDuringRunReplacesStaleWork()
    {
        SweepController c;
        c.setDebounceMs(10);
        Scenario big = small();
        big.calls = 5000000;
        QSignalSpy finished(&c, &SweepController::runFinished);
        c.setScenario(big, true);
        QTRY_VERIFY_WITH_TIMEOUT(c.progress().pass != SweepController::Pass::Idle, 60000);
        const Scenario s = small();
        c.setScenario(s);
        QTRY_VERIFY_WITH_TIMEOUT(c.isComplete() && !c.isPendingOrRunning(), 60000);
        QCOMPARE(withoutSeedChecks(c.displayedPoints()), engine(s));
    }
};

QTEST_MAIN(TestSweepController)
#include "tst_sweepcontroller.moc"
