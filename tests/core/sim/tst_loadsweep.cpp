// The sweep: deterministic whatever the thread count, reports every point once, keys a
// point's numbers by its load value, and stops promptly when asked.
#include <hedge/sim/LoadSweep.h>

#include <QTest>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

using namespace hedge;

namespace {

Scenario smallScenario()
{
    Scenario s;
    s.calls = 5000;
    s.loads = {0.3, 0.7, 0.9};
    return s; // the 12 reference setups
}

} // namespace

class TestLoadSweep : public QObject {
    Q_OBJECT

private slots:
    void identicalWhateverTheThreadCount()
    {
        const auto one = LoadSweep(smallScenario(), 1).run();
        const auto two = LoadSweep(smallScenario(), 2).run();
        const auto four = LoadSweep(smallScenario(), 4).run();
        QVERIFY(!one.cancelled);
        QCOMPARE(one.points.size(), std::size_t(36));
        QVERIFY(one.points == two.points);
        QVERIFY(one.points == four.points);
    }

    void pointsInScenarioOrder()
    {
        const Scenario s = smallScenario();
        const auto out = LoadSweep(s, 2).run();
        for (std::size_t setup = 0; setup < s.setups.size(); ++setup) {
            for (std::size_t load = 0; load < s.loads.size(); ++load) {
                const PointResult& p = out.points[setup * s.loads.size() + load];
                QCOMPARE(p.setup, s.setups[setup].name);
                QCOMPARE(p.load, s.loads[load]);
                QCOMPARE(p.cancellation, s.setups[setup].cancellation);
            }
        }
    }

    // The callback runs on the sweep's workers: it only records (a QVERIFY there would
    // return from the callback, not fail the test), and the test thread checks afterwards.
    void reportsEachPointOnce()
    {
        const Scenario s = smallScenario();
        std::mutex m;
        std::vector<std::size_t> order;
        std::vector<PointResult> reported(36);
        const auto out = LoadSweep(s, 2).run([&](std::size_t index, const PointResult& p) {
            const std::lock_guard lock(m);
            order.push_back(index);
            if (index < reported.size())
                reported[index] = p;
        });
        QCOMPARE(order.size(), std::size_t(36));
        std::vector<std::size_t> sorted = order;
        std::sort(sorted.begin(), sorted.end());
        for (std::size_t i = 0; i < sorted.size(); ++i)
            QCOMPARE(sorted[i], i); // every index once
        QVERIFY(reported == out.points);
    }

    void aPointDependsOnItsLoadValueNotItsNeighbours()
    {
        Scenario full = smallScenario();
        Scenario alone = full;
        alone.loads = {0.7};
        alone.setups = {full.setups[3]};
        const auto a = LoadSweep(full, 2).run();
        const auto b = LoadSweep(alone, 1).run();
        QCOMPARE(b.points.size(), std::size_t(1));
        QVERIFY(b.points[0] == a.points[3 * 3 + 1]);
    }

    void stopsPromptly()
    {
        Scenario s = smallScenario();
        s.calls = 2000000; // far longer than the test: only a prompt stop lets it finish
        std::stop_source stop;
        std::atomic<int> reported{0};
        // Ask to stop from another thread while the first points are running.
        std::jthread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            stop.request_stop();
        });
        const auto out =
            LoadSweep(s, 2).run([&](std::size_t, const PointResult&) { ++reported; }, stop.get_token());
        QVERIFY(out.cancelled);
        QVERIFY(reported < 36);
    }
};

QTEST_GUILESS_MAIN(TestLoadSweep)
#include "tst_loadsweep.moc"
