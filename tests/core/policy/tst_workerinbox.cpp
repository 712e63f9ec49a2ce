// WorkerInbox: the hand-off of values from worker threads to an object on an event loop. Run
// under ThreadSanitizer too (label `threads`): the lock of ours must be the whole edge.
#include <hedge/qt/WorkerInbox.h>

#include <QTest>

#include <thread>
#include <vector>

using namespace hedge;

namespace {

struct Value {
    int producer = 0;
    int serial = 0;
};

// A receiver as the controllers are: woken by name, takes a batch.
class Receiver : public QObject {
    Q_OBJECT
public:
    WorkerInbox<Value> inbox;
    std::vector<Value> received;
    int wakeUps = 0;

public slots:
    void takeInbox()
    {
        ++wakeUps;
        for (const Value& v : inbox.take())
            received.push_back(v);
    }
};

} // namespace

class TestWorkerInbox : public QObject {
    Q_OBJECT
private slots:
    void theFirstValueOfABatchAsksForTheWakeUp()
    {
        WorkerInbox<int> inbox;
        QVERIFY(inbox.put(1));
        QVERIFY(!inbox.put(2)); // the receiver is already woken for this batch
        QVERIFY(!inbox.put(3));
        QCOMPARE(inbox.take(), (std::vector<int>{1, 2, 3}));
        QVERIFY(inbox.take().empty());
        QVERIFY(inbox.put(4)); // a new batch
        QCOMPARE(inbox.take(), (std::vector<int>{4}));
    }

    void everyValueOfEveryWorkerArrivesInItsOrder()
    {
        constexpr int kProducers = 4;
        constexpr int kValues = 2000;
        Receiver receiver;
        std::vector<std::thread> producers;
        for (int p = 0; p < kProducers; ++p)
            producers.emplace_back([&receiver, p] {
                for (int i = 0; i < kValues; ++i)
                    if (receiver.inbox.put({p, i}))
                        QMetaObject::invokeMethod(&receiver, "takeInbox", Qt::QueuedConnection);
            });
        for (std::thread& t : producers)
            t.join();
        QTRY_COMPARE(receiver.received.size(), std::size_t(kProducers * kValues));
        std::vector<int> next(kProducers, 0);
        for (const Value& v : receiver.received) {
            QCOMPARE(v.serial, next[std::size_t(v.producer)]);
            ++next[std::size_t(v.producer)];
        }
        // One wake-up a batch, not one a value: the event loop only ran after the producers
        // ended, so all of it was one batch.
        QCOMPARE(receiver.wakeUps, 1);
    }
};

QTEST_GUILESS_MAIN(TestWorkerInbox)
#include "tst_workerinbox.moc"
