// A binary min-heap of events keyed by (time, order): the general lane of EventQueue.
// Events are plain data; nothing is allocated per event once the heap has grown.
#pragma once

#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

namespace hedge {

struct Event {
    // Boundary: a timeline's bucket end or change (never in a sweep's point).
    enum Kind : std::uint8_t { Arrival, HedgeDue, ServiceDone, Boundary };

    double time;
    std::uint64_t order; // sequence << 2 | kind: unique, so it breaks every tie
    std::uint32_t a;     // Arrival: -; HedgeDue: call slot; ServiceDone: worker (a shed
                         // attempt's: kShedEvent | slot << 4 | attempt, SimulationCoreTypes.h);
                         // Boundary: -
    std::uint32_t b;     // Arrival: call index; HedgeDue: call index; ServiceDone: worker generation
                         // (a shed attempt's: call index)

    Kind kind() const { return static_cast<Kind>(order & 3u); }

    // Does `this` run before `other`? Simultaneous events run in the order they were
    // scheduled. Times are never negative (the clock starts at 0), and the bits of such
    // doubles, +infinity included, order like their values: integer comparisons, cheaper
    // than floating ones (no unordered case to branch on).
    // Compared as one 128-bit number (time's bits, then order): a subtract with borrow, no
    // branch — the heap's comparisons are coin tosses to a branch predictor.
    bool before(const Event& other) const
    {
        __extension__ using Key = unsigned __int128;
        const Key x = Key{std::bit_cast<std::uint64_t>(time)} << 64 | order;
        const Key y = Key{std::bit_cast<std::uint64_t>(other.time)} << 64 | other.order;
        return x < y;
    }

    // What an empty lane shows: after every real event (no sequence reaches this order).
    static constexpr Event none()
    {
        return Event{std::numeric_limits<double>::infinity(),
                     std::numeric_limits<std::uint64_t>::max(), 0, 0};
    }
};

class EventHeap {
public:
    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }
    const Event& top() const { return m_heap.front(); }

    void push(const Event& e)
    {
        if (m_size + 1 == m_heap.size())
            m_heap.push_back(Event::none());
        siftUp(m_size++, e);
    }

    // Floyd's pop: the hole left at the root goes down to a leaf along the earlier child
    // (one comparison a level), then the former last event rises from there — rarely far,
    // as it is one of the latest. Half the comparisons of the textbook sift-down. The slot
    // after the last event holds Event::none(), so a lone left child needs no bounds check
    // and the choice of child is arithmetic, not a branch.
    Event pop()
    {
        const Event top = m_heap.front();
        const std::size_t n = --m_size;
        const Event last = m_heap[n];
        m_heap[n] = Event::none();
        if (n == 0)
            return top;
        std::size_t hole = 0;
        for (std::size_t child = 1; child < n; child = 2 * hole + 1) {
            child += std::size_t(m_heap[child + 1].before(m_heap[child]));
            m_heap[hole] = m_heap[child];
            hole = child;
        }
        siftUp(hole, last);
        return top;
    }

private:
    // Moves `e` from the hole at `i` up to its place. `e` is the caller's copy, never
    // m_heap[i] read back: after an append that load would wait on the store (no forwarding
    // from several smaller stores), a stall that cost more than the whole sift.
    void siftUp(std::size_t i, const Event& e)
    {
        while (i > 0) {
            const std::size_t parent = (i - 1) / 2;
            if (!e.before(m_heap[parent]))
                break;
            m_heap[i] = m_heap[parent];
            i = parent;
        }
        m_heap[i] = e;
    }

    // Events in [0, m_size), then at least one Event::none(): m_heap.size() > m_size always.
    std::vector<Event> m_heap = std::vector<Event>(1, Event::none());
    std::size_t m_size = 0;
};

} // namespace hedge
