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
    std::uint32_t a;     // Arrival: -; HedgeDue: call slot; ServiceDone: worker; Boundary: -
    std::uint32_t b;     // Arrival: call index; HedgeDue: call index; ServiceDone: worker generation

    Kind kind() const { return static_cast<Kind>(order & 3u); }

    // Does `this` run before `other`? Simultaneous events run in the order they were
    // scheduled. Times are never negative (the clock starts at 0), and the bits of such
    // doubles, +infinity included, order like their values: integer comparisons, cheaper
    // than floating ones (no unordered case to branch on).
    bool before(const Event& other) const
    {
        const auto t = std::bit_cast<std::uint64_t>(time);
        const auto u = std::bit_cast<std::uint64_t>(other.time);
        return t < u || (t == u && order < other.order);
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
    bool empty() const { return m_heap.empty(); }
    std::size_t size() const { return m_heap.size(); }
    const Event& top() const { return m_heap.front(); }

    void push(const Event& e)
    {
        m_heap.push_back(e);
        siftUp(m_heap.size() - 1, e);
    }

    // Floyd's pop: the hole left at the root goes down to a leaf along the earlier child
    // (one comparison a level), then the former last event rises from there — rarely far,
    // as it is one of the latest. Half the comparisons of the textbook sift-down.
    Event pop()
    {
        const Event top = m_heap.front();
        const Event last = m_heap.back();
        m_heap.pop_back();
        const std::size_t n = m_heap.size();
        if (n == 0)
            return top;
        std::size_t hole = 0;
        for (std::size_t child = 1; child < n; child = 2 * hole + 1) {
            if (child + 1 < n && m_heap[child + 1].before(m_heap[child]))
                ++child;
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

    std::vector<Event> m_heap;
};

} // namespace hedge
