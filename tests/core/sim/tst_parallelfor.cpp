// The engine's one thread pool: every index runs exactly once, on no more threads than asked
// for (the caller's among them), each thread with its own state, and a stop ends the handing
// out of new indices. Asserts what was run and where, never how fast.
#include <hedge/sim/ParallelFor.h>

#include <QTest>

#include <mutex>
#include <set>
#include <thread>
#include <vector>

using namespace hedge;

class TestParallelFor : public QObject {
    Q_OBJECT

private slots:
    void everyIndexRunsOnce()
    {
        for (const int threads : {1, 2, 4, 16}) {
            std::vector<int> runs(1000, 0);
            parallelFor(runs.size(), threads, [&](std::size_t i) { ++runs[i]; }); // own slot each
            for (std::size_t i = 0; i < runs.size(); ++i)
                QCOMPARE(runs[i], 1);
        }
    }

    void noItemsRunsNothing()
    {
        int runs = 0;
        parallelFor(0, 4, [&](std::size_t) { ++runs; });
        QCOMPARE(runs, 0);
    }

    void oneThreadIsTheCallersAlone()
    {
        const std::thread::id caller = std::this_thread::get_id();
        std::vector<std::size_t> order;
        bool elsewhere = false;
        parallelFor(50, 1, [&](std::size_t i) {
            order.push_back(i);
            elsewhere = elsewhere || std::this_thread::get_id() != caller;
        });
        QVERIFY(!elsewhere);
        // One thread claims the indices in order.
        for (std::size_t i = 0; i < order.size(); ++i)
            QCOMPARE(order[i], i);
        QCOMPARE(order.size(), std::size_t(50));
    }

    void neverMoreThreadsThanItemsOrAsked()
    {
        const auto threadsUsed = [](std::size_t items, int threads) {
            std::mutex lock;
            std::set<std::thread::id> ids;
            // The threads that ran an item: a pool larger than allowed may show here (not
            // must: a thread can finish before another starts), a smaller one never breaks it.
            parallelFor(items, threads, [&](std::size_t) {
                const std::lock_guard guard(lock);
                ids.insert(std::this_thread::get_id());
            });
            return ids.size();
        };
        QVERIFY(threadsUsed(3, 16) <= 3);
        QVERIFY(threadsUsed(100, 2) <= 2);
        QCOMPARE(threadsUsed(1, 8), std::size_t(1));
    }

    void eachThreadHasItsOwnState()
    {
        struct Scratch {
            std::thread::id owner = std::this_thread::get_id();
            int items = 0;
        };
        std::mutex lock;
        int total = 0;
        bool shared = false;
        parallelForEach<Scratch>(200, 4, std::stop_token{}, [&](std::size_t, Scratch& scratch) {
            ++scratch.items;
            const std::lock_guard guard(lock);
            shared = shared || scratch.owner != std::this_thread::get_id();
            ++total;
        });
        QVERIFY(!shared);
        QCOMPARE(total, 200);
    }

    void stopEndsTheHandingOut()
    {
        std::stop_source stop;
        std::vector<std::size_t> ran;
        parallelFor(100, 1, stop.get_token(), [&](std::size_t i) {
            ran.push_back(i);
            if (i == 9)
                stop.request_stop(); // the item that asked finishes; no new one starts
        });
        QCOMPARE(ran.size(), std::size_t(10));
        QCOMPARE(ran.back(), std::size_t(9));
    }

    void workerThreadsFollowsTheRequest()
    {
        QCOMPARE(workerThreads(3), 3);
        QVERIFY(workerThreads(0) >= 1);
        QCOMPARE(workerThreads(0), workerThreads(-1));
    }
};

QTEST_APPLESS_MAIN(TestParallelFor)
#include "tst_parallelfor.moc"
