// The knife-edge preset states numbers; they come from runs of its own points, checked here
// (the engine is deterministic: a change of the model that moves them must change the text).
#include <hedge/io/Presets.h>
#include <hedge/sim/LoadSweep.h>
#include <hedge/sim/Simulation.h>

#include <QTest>

#include <cmath>

using namespace hedge;

namespace {

const Preset& knifeEdge()
{
    const Preset* p = findPreset("knife-edge");
    if (!p)
        qFatal("no knife-edge preset");
    return *p;
}

// The preset's points for some of its setups and loads: the same numbers as in the whole
// preset, since a run's random numbers are keyed by seed, load and replicate only.
std::vector<PointResult> run(const char* setup, std::vector<double> loads)
{
    Scenario s = knifeEdge().scenario;
    std::erase_if(s.setups, [setup](const Setup& x) { return x.name != setup; });
    s.loads = std::move(loads);
    return LoadSweep(s).run().points;
}

bool says(const std::string& text)
{
    return knifeEdge().explanation.find(text) != std::string::npos;
}

} // namespace

class TestKnifeEdgePreset : public QObject {
    Q_OBJECT

private slots:
    void scenarioRunsTenReplicates()
    {
        const Scenario& s = knifeEdge().scenario;
        QCOMPARE(s.replicates, 10);
        QVERIFY(says("runs every point ten times"));
        QCOMPARE(s.service.hiccupProbability, 0.01);
        QVERIFY(says("1 % of requests take 200–1000 ms"));
        QCOMPARE(s.service.hiccupMinMs, 200.0);
        QCOMPARE(s.service.hiccupMaxMs, 1000.0);
    }

    void noHedgeP99IsBimodal()
    {
        const Scenario& preset = knifeEdge().scenario;
        const auto points = run("no hedge / client", {0.5});
        const FigureSpread& p99 = *points.at(0).spread->p99Ms;
        QVERIFY(says("range from 22 ms to 248 ms"));
        QCOMPARE(std::lround(p99.min), 22L);
        QCOMPARE(std::lround(p99.max), 248L);
        // Every run on one side or the other, and both sides seen.
        int low = 0, high = 0;
        for (int r = 0; r < preset.replicates; ++r) {
            const PointResult one = simulatePoint({.service = preset.service,
                                                   .setup = preset.setups[0],
                                                   .load = 0.5,
                                                   .seed = preset.seed,
                                                   .replicate = r,
                                                   .calls = preset.calls,
                                                   .warmupFraction = preset.warmupFraction});
            QVERIFY2(*one.p99Ms < 35.0 || *one.p99Ms > 200.0,
                     qPrintable(QString::number(*one.p99Ms)));
            (*one.p99Ms < 35.0 ? low : high) += 1;
            if (*one.p99Ms < 35.0)
                QVERIFY(*one.p99Ms >= 21.5 && *one.p99Ms < 30.5); // "about 22–30 ms"
        }
        QVERIFY(says("none between 35 and 200 ms"));
        QVERIFY(low > 0 && high > 0);
    }

    void threeAttemptsCollapseByChance()
    {
        QVERIFY(says("at 40 % load no run collapses, at 45 % one run in ten does, at 50 % "
                     "three, at 55 % seven, at 60 % all ten"));
        const auto points = run("3 attempts, no budget / client", {0.4, 0.45, 0.5, 0.55, 0.6});
        const int expected[] = {0, 1, 3, 7, 10};
        for (std::size_t i = 0; i < points.size(); ++i)
            QCOMPARE(points[i].collapsedRuns(), expected[i]);
    }
};

QTEST_GUILESS_MAIN(TestKnifeEdgePreset)
#include "tst_knifeedgepreset.moc"
