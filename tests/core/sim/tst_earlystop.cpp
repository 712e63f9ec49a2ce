// docs/model.md, "Stopping early": a point stopped once its collapse is proved has the full
// run's verdict, and a point that is not stopped is the full run, bit for bit. Checked on
// every point and replicate of the presets, at fewer calls, against the same points run to
// their end; at least one point must really stop, or the test would prove nothing.
#include "SameFigures.h"

#include <hedge/io/Presets.h>
#include <hedge/sim/Simulation.h>
#include <hedge/sim/SweepPoints.h>

#include <QTest>

#include <algorithm>
#include <string>

using namespace hedge;

namespace {

// A timeline preset's loads (its steps) as a sweep's: the early stop serves sweeps only.
Scenario asSweep(Scenario s, std::int64_t calls, int replicates)
{
    if (s.timeline) {
        s.loads.clear();
        for (const auto& step : s.timeline->loadSteps)
            if (std::find(s.loads.begin(), s.loads.end(), step.load) == s.loads.end())
                s.loads.push_back(step.load);
        s.timeline.reset();
    }
    s.calls = calls;
    s.replicates = std::min(std::max(1, s.replicates), replicates);
    return s;
}

struct Tally {
    int runs = 0, collapsed = 0, stopped = 0;
};

// Every point and replicate of `s`, with and without the early stop.
void compareRuns(const Scenario& s, const std::string& preset, Tally& tally)
{
    const std::vector<SweepPoint> points = sweepPoints(s);
    for (const SweepPoint& point : points) {
        for (int replicate = 0; replicate < s.replicates; ++replicate) {
            PointSpec spec{.service = point.service,
                           .setup = point.setup,
                           .load = pointLoad(s, point),
                           .seed = s.seed,
                           .replicate = replicate,
                           .calls = s.calls,
                           .warmupFraction = s.warmupFraction};
            spec.stopCollapsedEarly = false;
            const PointResult full = simulatePoint(spec);
            spec.stopCollapsedEarly = true;
            const PointResult early = simulatePoint(spec);
            const std::string where = preset + ": " + point.setup.name + " at load " +
                                      std::to_string(spec.load) + ", replicate " +
                                      std::to_string(replicate) +
                                      (point.knobValue ? ", knob " + std::to_string(*point.knobValue)
                                                       : std::string());
            ++tally.runs;
            tally.collapsed += full.collapsed ? 1 : 0;
            QVERIFY2(!full.stoppedEarly, where.c_str());
            // The verdict is the full run's, whether or not the run stopped.
            QVERIFY2(early.collapsed == full.collapsed, where.c_str());
            if (early.stoppedEarly) {
                ++tally.stopped;
                QVERIFY2(early.simulatedCalls < full.simulatedCalls, where.c_str());
                QCOMPARE(early.simulatedCalls, early.stoppedAtCall + 1);
                // Requests per call counts the attempts of the calls still live.
                QVERIFY2(early.requestsPerCall >= 1.0, where.c_str());
            } else {
                compareFiguresExactly(early, full);
                QCOMPARE(early, full);
            }
        }
    }
}

} // namespace

class TestEarlyStop : public QObject {
    Q_OBJECT
private slots:
    void verdictIsTheFullRunsOnEveryPreset_data();
    void verdictIsTheFullRunsOnEveryPreset();
};

void TestEarlyStop::verdictIsTheFullRunsOnEveryPreset_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("calls");
    QTest::addColumn<int>("replicates");
    QTest::addColumn<bool>("mustStop"); // collapses this preset's early stop must catch
    // One queue with client cancellation: the early stop applies and must stop something.
    QTest::newRow("collapse") << "collapse" << 30000 << 1 << true;
    QTest::newRow("metastable") << "metastable" << 30000 << 1 << true;
    QTest::newRow("knife-edge") << "knife-edge" << 20000 << 4 << true;
    QTest::newRow("delay-map") << "delay-map" << 40000 << 1 << true;
    QTest::newRow("adaptive-limit") << "adaptive-limit" << 20000 << 1 << true;
    QTest::newRow("four-stacks") << "four-stacks" << 20000 << 1 << true;
    QTest::newRow("near-capacity") << "near-capacity" << 100000 << 12 << true;
    // Where the argument's conditions do not hold, nothing may stop, and nothing changes.
    QTest::newRow("server-cancellation") << "server-cancellation" << 20000 << 1 << true;
    QTest::newRow("replicas-placement") << "replicas-placement" << 20000 << 1 << false;
    QTest::newRow("shared-slow-path") << "shared-slow-path" << 20000 << 1 << false;
    QTest::newRow("grpc-shedding") << "grpc-shedding" << 20000 << 1 << false;
    QTest::newRow("tail-at-scale") << "tail-at-scale" << 4000 << 1 << false;
}

void TestEarlyStop::verdictIsTheFullRunsOnEveryPreset()
{
    QFETCH(QString, preset);
    QFETCH(int, calls);
    QFETCH(int, replicates);
    QFETCH(bool, mustStop);
    Scenario scenario;
    if (preset == "near-capacity") {
        // Near capacity without hedging the queue wanders: above a second of work and above
        // the middle call's in the second half, and back down again before the end. A rule
        // that does not bound how far the queue can still drain stops these wrongly.
        scenario.setups = {Scenario::referenceSetups()[0]};
        scenario.service = findPreset("knife-edge")->scenario.service; // long hiccups
        scenario.loads = {0.98, 0.99, 1.0, 1.01, 1.02};
        scenario.replicates = replicates;
    } else {
        const Preset* found = findPreset(preset.toStdString());
        QVERIFY(found);
        scenario = found->scenario;
    }
    const Scenario s = asSweep(scenario, calls, replicates);
    Tally tally;
    compareRuns(s, preset.toStdString(), tally);
    if (QTest::currentTestFailed())
        return;
    qInfo("%s: %d runs, %d collapsed, %d stopped early", qPrintable(preset), tally.runs,
          tally.collapsed, tally.stopped);
    if (mustStop)
        QVERIFY2(tally.stopped > 0, "no run stopped early: the test proves nothing here");
}

QTEST_GUILESS_MAIN(TestEarlyStop)
#include "tst_earlystop.moc"
