// The explorer's sweep with replicates: the points are the engine's pooled points, a change
// of the replicate count runs them again, and the pass label says how many runs a point is.
#include <hedge/run/SweepController.h>
#include <hedge/sim/LoadSweep.h>

#include <QSignalSpy>
#include <QtTest>

using namespace hedge;

namespace {

Scenario small(int replicates)
{
    Scenario s;
    s.calls = 2000;
    s.replicates = replicates;
    s.loads = {0.5, 0.9};
    s.setups = {Setup{.name = "no hedge"},
                Setup{.name = "hedge", .hedge = HedgeSettings{.budgetPercent = 0.0}}};
    return s;
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

class TestSweepReplicates : public QObject {
    Q_OBJECT
private slots:
    void pointsPoolTheScenariosReplicates()
    {
        SweepController c;
        c.setCoarseCalls(0);
        QSignalSpy finished(&c, &SweepController::runFinished);
        c.setScenario(small(3), true);
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 60000);
        const auto points = c.displayedPoints();
        QCOMPARE(points, LoadSweep(small(3), 1).run().points);
        QCOMPARE(points.front().replicates(), 3);
        QVERIFY(c.passLabel().endsWith(QStringLiteral(" × 3 runs")));

        // Another count is another result: nothing is taken from the cache.
        const int simulated = c.simulatedPoints();
        c.setScenario(small(1), true);
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 2, 60000);
        QCOMPARE(c.simulatedPoints(), simulated + 4);
        QCOMPARE(withoutSeedChecks(c.displayedPoints()), LoadSweep(small(1), 1).run().points);
        QVERIFY(!c.displayedPoints().front().spread);
        QVERIFY(!c.passLabel().contains(QStringLiteral("runs")));
    }
};

QTEST_MAIN(TestSweepReplicates)
#include "tst_sweepreplicates.moc"
