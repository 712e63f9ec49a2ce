// EventQueue's lanes (the next arrival, a FIFO of hedge timers, a heap) must pop exactly what
// one heap keyed by (time, sequence) pops, whatever the pattern of pushes: that is what keeps
// the simulation's results bit for bit the same as before the lanes existed (issue 13).
#include <hedge/sim/EventQueue.h>

#include <QTest>

#include <algorithm>
#include <random>

using namespace hedge;

namespace {

// The queue under test and the reference side by side: every pending event in a list, the
// earliest (time, then scheduling order) popped by a linear search.
class Checked {
public:
    void push(double time, Event::Kind kind)
    {
        m_queue.push(time, kind, m_nextId, 0);
        m_pending.push_back({time, m_nextId++});
    }
    bool empty() const { return m_queue.empty(); }

    // Pops both; fails the test (and returns false) when they disagree.
    bool pop(Event& e)
    {
        const auto earliest = std::min_element(
            m_pending.begin(), m_pending.end(), [](const Pending& x, const Pending& y) {
                return x.time < y.time || (x.time == y.time && x.id < y.id); // id = order
            });
        e = m_queue.pop();
        const Pending expected = *earliest;
        m_pending.erase(earliest);
        if (e.a == expected.id && e.time == expected.time && m_queue.size() == m_pending.size())
            return true;
        qWarning("popped event %u at %g, expected %u at %g", e.a, e.time, expected.id,
                 expected.time);
        return false;
    }

private:
    struct Pending {
        double time;
        std::uint32_t id;
    };
    EventQueue m_queue;
    std::vector<Pending> m_pending;
    std::uint32_t m_nextId = 0;
};

} // namespace

class TestEventQueueLanes : public QObject {
    Q_OBJECT

private slots:
    // The simulation's pattern: one arrival pending at a time, timers at now + a constant
    // delay, service ends anywhere after now — on a coarse grid of times, so that events of
    // all three kinds often fall on the same instant and the tie order decides.
    void simulationPatternPopsInTimeThenSchedulingOrder()
    {
        std::mt19937_64 rng(13);
        Checked q;
        q.push(1.0, Event::Arrival);
        int pops = 0;
        for (Event e{}; !q.empty(); ++pops) {
            QVERIFY(q.pop(e));
            const double now = e.time;
            if (e.kind() == Event::Arrival && pops < 30000) {
                q.push(now + double(rng() % 3), Event::Arrival);
                q.push(now + 2.0, Event::HedgeDue);
                q.push(now + double(rng() % 4), Event::ServiceDone);
            } else if (e.kind() == Event::HedgeDue && rng() % 4 == 0) {
                q.push(now + 2.0, Event::HedgeDue); // a second hedge, one delay later
                q.push(now + double(rng() % 4), Event::ServiceDone);
            } else if (e.kind() == Event::ServiceDone && rng() % 3 == 0) {
                q.push(now + double(rng() % 4), Event::ServiceDone); // the next in the queue
            }
        }
        QVERIFY(pops > 30000);
    }

    // Any pattern at all: several pending arrivals, timers out of order, pops between pushes.
    void anyPatternPopsInTimeThenSchedulingOrder()
    {
        std::mt19937_64 rng(7);
        Checked q;
        double now = 0.0;
        for (int step = 0; step < 20000; ++step) {
            if (!q.empty() && rng() % 2 == 0) {
                Event e{};
                QVERIFY(q.pop(e));
                now = e.time;
                continue;
            }
            const auto kind = static_cast<Event::Kind>(rng() % 3);
            q.push(now + double(rng() % 5), kind);
        }
        for (Event e{}; !q.empty();)
            QVERIFY(q.pop(e));
    }
};

QTEST_GUILESS_MAIN(TestEventQueueLanes)
#include "tst_eventqueuelanes.moc"
